import type { Database } from '../../../db/types.ts';
import type { Receiver } from './pay-out.ts';

/**
 * The accounts of usertags this process has paid, per database: a send to a usertag paid before skips
 * reading the account (on PostgreSQL a round trip inside its batch). Safe to keep for good: a usertag
 * never changes and an account is never deleted, so a usertag once found names the same account
 * forever. Whether that account is disabled is not kept: the statement that writes the payment's
 * incoming row decides it (insertPayments), so a disable takes effect at once, on every instance.
 * Filled only by sends that committed. Bounded: past PAYEES_KEPT usertags it starts again empty.
 */
const PAYEES_KEPT = 10_000;
const byDatabase = new WeakMap<Database, Map<string, Receiver>>();

export const knownPayee = (db: Database, usertag: string): Receiver | undefined =>
  byDatabase.get(db)?.get(usertag);

export function rememberPayee(db: Database, usertag: string, receiver: Receiver): void {
  let kept = byDatabase.get(db);
  if (kept === undefined) {
    kept = new Map();
    byDatabase.set(db, kept);
  }
  if (kept.size >= PAYEES_KEPT) kept.clear();
  kept.set(usertag, receiver);
}
