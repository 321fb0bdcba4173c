import type { Clock } from '../app/ports.ts';
import type { RateCounter } from '../app/rate-limits/counters.ts';

type Done = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * The store interface of @fastify/rate-limit over the app's RateCounter, so that its counts live where
 * RATE_LIMIT_STORE says (this process or the shared database). A route with its own limit counts under
 * its own prefix, as the plugin's stores do.
 */
export function counterStore(counter: RateCounter, clock: Clock) {
  return class CounterStore {
    private readonly prefix: string;

    /** The plugin constructs the root store with its options; children get a prefix. */
    constructor(prefix: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : 'http:';
    }

    // The plugin passes the window (ms) and the limit after the callback; its types declare neither.
    incr(key: string, done: Done, timeWindow?: number): void {
      if (typeof timeWindow !== 'number') {
        done(new Error('rate-limit store called without a window'));
        return;
      }
      counter.hit(this.prefix + key, timeWindow, clock.nowMs()).then(
        (w) => done(null, { current: w.count, ttl: Math.max(0, w.resetAtMs - clock.nowMs()) }),
        (e: unknown) => done(e instanceof Error ? e : new Error(String(e))),
      );
    }

    // Called with the route's merged limit options, its route under `routeInfo` (not as typed).
    child(routeOptions: object): CounterStore {
      const r = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
      return new CounterStore(`${this.prefix}${String(r.method ?? '')}${String(r.url ?? '')}:`);
    }
  };
}
