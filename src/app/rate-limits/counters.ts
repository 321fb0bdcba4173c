import type { Database } from '../../db/database.ts';
import { deleteEndedRateLimits, hitRateLimit } from '../../db/repos/rate-limits.ts';
import type { Clock } from '../ports.ts';

/**
 * Counts hits per key in fixed windows, for rate limits. A window starts with a key's first hit and
 * lasts `windowMs`; the next hit after it starts a new one.
 */
export interface RateCounter {
  /** Counts one hit at `nowMs`; answers the hits of the key's current window (this one included) and its end. */
  hit(key: string, windowMs: number, nowMs: number): Promise<{ count: number; resetAtMs: number }>;
}

/**
 * Counts in this process: right for one instance (the SQLite set-up). At most `maxKeys` keys are
 * remembered; beyond that the least recently hit is forgotten (its window starts over).
 */
export function memoryRateCounter(maxKeys = 100_000): RateCounter {
  const windows = new Map<string, { count: number; resetAtMs: number }>();
  return {
    async hit(key, windowMs, nowMs) {
      let w = windows.get(key);
      windows.delete(key); // re-inserted below: the Map's order is the recency order
      if (w === undefined || w.resetAtMs <= nowMs) w = { count: 0, resetAtMs: nowMs + windowMs };
      w.count += 1;
      windows.set(key, w);
      if (windows.size > maxKeys) {
        const oldest = windows.keys().next();
        if (!oldest.done) windows.delete(oldest.value);
      }
      return { count: w.count, resetAtMs: w.resetAtMs };
    },
  };
}

/**
 * Counts in the database, so that every instance sharing it enforces one limit. One upsert per hit, in
 * a write unit of its own (on PostgreSQL the table is UNLOGGED, so the commit waits for no WAL flush).
 */
export function databaseRateCounter(db: Database): RateCounter {
  return {
    hit: (key, windowMs, nowMs) => db.write((trx) => hitRateLimit(trx, key, windowMs, nowMs)),
  };
}

/** Rows one sweep deletes at most per write unit, and units per sweep. */
export const SWEEP_BATCH = 5000;
export const SWEEP_UNITS = 20;

/** Deletes windows that have ended, in bounded units; answers how many went. */
export async function sweepRateLimits(db: Database, clock: Clock, signal: AbortSignal): Promise<number> {
  let deleted = 0;
  for (let unit = 0; unit < SWEEP_UNITS && !signal.aborted; unit++) {
    const n = await db.write((trx) => deleteEndedRateLimits(trx, clock.nowMs(), SWEEP_BATCH));
    deleted += n;
    if (n < SWEEP_BATCH) break;
  }
  return deleted;
}
