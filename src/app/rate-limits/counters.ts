import { deleteEndedRateLimits, hitRateLimit } from '../../db/repos/rate-limits.ts';
import type { Database } from '../../db/types.ts';
import type { Clock } from '../ports.ts';
import { runPlainWrite } from '../write.ts';

/**
 * Counts hits per key in fixed windows, for rate limits. A window starts with a key's first hit and
 * lasts `windowMs`; the next hit after it starts a new one.
 */
export interface RateCounter {
  /** Counts one hit at `nowMs`; answers the hits of the key's current window (this one included) and its end. */
  hit(key: string, windowMs: number, nowMs: number): Promise<{ count: number; resetAtMs: number }>;
}

/** How often, at most, a full counter sweeps out ended windows to make room. */
const MEMORY_SWEEP_EVERY_MS = 1_000;

/**
 * Counts in this process: right for one instance (the SQLite set-up). At most `maxKeys` keys have a
 * window of their own. A live window is never dropped to make room, so no number of other keys can
 * reset a limit: ended windows are swept out (at most once a second), and while every slot holds a
 * live window, new keys count together in one shared overflow window per window length, which
 * limits them as a group until room frees up.
 */
export function memoryRateCounter(maxKeys = 100_000): RateCounter {
  type Window = { count: number; resetAtMs: number };
  const windows = new Map<string, Window>();
  const overflow = new Map<number, Window>();
  let sweptAtMs = Number.NEGATIVE_INFINITY;
  const count = (w: Window) => {
    w.count += 1;
    return { count: w.count, resetAtMs: w.resetAtMs };
  };
  return {
    async hit(key, windowMs, nowMs) {
      const w = windows.get(key);
      if (w !== undefined && w.resetAtMs > nowMs) return count(w);
      if (w === undefined && windows.size >= maxKeys && nowMs - sweptAtMs >= MEMORY_SWEEP_EVERY_MS) {
        sweptAtMs = nowMs;
        for (const [k, v] of windows) if (v.resetAtMs <= nowMs) windows.delete(k);
      }
      if (w === undefined && windows.size >= maxKeys) {
        let shared = overflow.get(windowMs);
        if (shared === undefined || shared.resetAtMs <= nowMs) {
          shared = { count: 0, resetAtMs: nowMs + windowMs };
          overflow.set(windowMs, shared);
        }
        return count(shared);
      }
      const fresh = { count: 0, resetAtMs: nowMs + windowMs };
      windows.set(key, fresh);
      return count(fresh);
    },
  };
}

/**
 * Counts in the database, so that every instance sharing it enforces one limit. One upsert per hit, in
 * a write unit of its own (on PostgreSQL the table is UNLOGGED, so the commit waits for no WAL flush).
 */
export function databaseRateCounter(db: Database): RateCounter {
  return {
    hit: (key, windowMs, nowMs) => runPlainWrite(db, (trx) => hitRateLimit(trx, key, windowMs, nowMs)),
  };
}

/** Rows one sweep deletes at most per write unit, and units per sweep. */
export const SWEEP_BATCH = 5000;
export const SWEEP_UNITS = 20;

/** Deletes windows that have ended, in bounded units; answers how many went. */
export async function sweepRateLimits(db: Database, clock: Clock, signal: AbortSignal): Promise<number> {
  let deleted = 0;
  for (let unit = 0; unit < SWEEP_UNITS && !signal.aborted; unit++) {
    const n = await runPlainWrite(db, (trx) => deleteEndedRateLimits(trx, clock.nowMs(), SWEEP_BATCH));
    deleted += n;
    if (n < SWEEP_BATCH) break;
  }
  return deleted;
}
