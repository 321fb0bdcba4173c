import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

type Exec = Kysely<DB>;

/** Most open withdrawals the operator console lists at once. */
export const OPEN_WITHDRAWALS_MAX = 500;

/**
 * Withdrawals of every account not yet ended (queued, signing, broadcast), oldest first, with their
 * account's usertag: the operator console's work list (the partial index chain_withdrawals_queued).
 */
export async function listOpenWithdrawals(exec: Exec, limit: number) {
  return exec
    .selectFrom('chain_withdrawals as w')
    .innerJoin('accounts as a', 'a.id', 'w.account_id')
    .selectAll('w')
    .select('a.usertag')
    .where('w.status', 'in', ['queued', 'signing', 'broadcast'])
    .orderBy('w.id', 'asc')
    .limit(limit)
    .execute();
}
