import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import { HttpError } from '../errors.ts';

/** Distinct keys (IPs, codes) each window remembers at most; beyond it the oldest are forgotten. */
const MAX_KEYS = 100_000;
const WINDOW_MS = 60_000;

/** Counts hits per key in fixed one-minute windows. */
class FixedWindow {
  private readonly hits = new Map<string, { windowStart: number; count: number }>();

  constructor(private readonly limit: number) {}

  /** Records a hit; answers the seconds to wait when the key is over its limit, else null. */
  hit(key: string, nowMs: number): number | null {
    const windowStart = nowMs - (nowMs % WINDOW_MS);
    let entry = this.hits.get(key);
    if (entry === undefined || entry.windowStart !== windowStart) {
      this.hits.delete(key);
      entry = { windowStart, count: 0 };
      this.hits.set(key, entry);
      if (this.hits.size > MAX_KEYS) {
        const oldest = this.hits.keys().next();
        if (!oldest.done) this.hits.delete(oldest.value);
      }
    }
    entry.count += 1;
    return entry.count > this.limit ? Math.ceil((windowStart + WINDOW_MS - nowMs) / 1000) : null;
  }
}

export interface RedeemLimiter {
  /**
   * Counts one redeem attempt from the request's IP and, for a one-time voucher, on its code; throws a
   * 429 (with Retry-After) when either is over its limit. Codes cannot be guessed at any useful rate.
   */
  check(request: FastifyRequest, reply: FastifyReply, code: string | null): void;
}

const limiters = new WeakMap<AppDeps, RedeemLimiter>();

/**
 * The redeem limiter of this app (one per deps, shared by the API, the pages and the LNURL callbacks).
 * Counts live in this process: several instances each allow the limit, which still leaves guessing a
 * 36^10 code hopeless.
 */
export function redeemLimiterFor(deps: AppDeps): RedeemLimiter {
  let limiter = limiters.get(deps);
  if (limiter === undefined) {
    const { redeemPerIpPerMinute, redeemPerCodePerMinute } = deps.config.vouchers;
    const byIp = new FixedWindow(redeemPerIpPerMinute);
    const byCode = new FixedWindow(redeemPerCodePerMinute);
    const enabled = deps.config.rateLimit.enabled;
    limiter = {
      check(request, reply, code) {
        if (!enabled) return;
        const nowMs = deps.clock.nowMs();
        const ipWait = byIp.hit(request.ip, nowMs);
        const codeWait = code === null ? null : byCode.hit(code.trim().toLowerCase().slice(0, 32), nowMs);
        const wait = Math.max(ipWait ?? 0, codeWait ?? 0);
        if (ipWait === null && codeWait === null) return;
        reply.header('retry-after', String(wait));
        throw new HttpError({
          code: 'rate_limited',
          message:
            codeWait !== null
              ? `too many redeem attempts for this voucher; retry in ${wait} s`
              : `too many redeem attempts from your address; retry in ${wait} s`,
        });
      },
    };
    limiters.set(deps, limiter);
  }
  return limiter;
}
