import type { Database } from '../db/types.ts';

/**
 * Where a sweeper (expired invoices, pending outgoing payments, the chain watcher's payer claims) goes on
 * in its next round: after the row it looked at last, in the order it lists rows (a time in ms, then the
 * id; rows listed by id alone leave the time at 0). Rows it could not decide stay behind the cursor, so
 * the rounds walk every row instead of asking about the same first ones again; when a round reaches the
 * end, the next one starts from the beginning. Kept per process and database
 * (a restart starts from the beginning, and several instances each walk the whole list).
 */
export interface SweepPosition {
  atMs: bigint;
  id: bigint;
}

const positions = new WeakMap<Database, Map<string, SweepPosition>>();

export function sweepPosition(db: Database, sweeper: string): SweepPosition | null {
  return positions.get(db)?.get(sweeper) ?? null;
}

/** Moves the sweeper past `last`, or back to the beginning with null. */
export function setSweepPosition(db: Database, sweeper: string, last: SweepPosition | null): void {
  let m = positions.get(db);
  if (m === undefined) {
    m = new Map();
    positions.set(db, m);
  }
  if (last === null) m.delete(sweeper);
  else m.set(sweeper, last);
}
