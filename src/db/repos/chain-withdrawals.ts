import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ChainWithdrawalsTable, DB } from '../schema.ts';

/**
 * Query module of on-chain withdrawals (migration 032). Functions taking `trx` run inside the caller's
 * write unit; state changes are conditional updates that answer whether they touched the row.
 */

type Exec = Kysely<DB>;

export type ChainWithdrawalRow = Selectable<ChainWithdrawalsTable>;

/** Inserts a withdrawal and answers its id; undefined when its Idempotency-Key was taken meanwhile. */
export async function insertChainWithdrawal(
  trx: Exec,
  row: Insertable<ChainWithdrawalsTable>,
): Promise<bigint | undefined> {
  const r = await trx
    .insertInto('chain_withdrawals')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['account_id', 'idempotency_key']).where('idempotency_key', 'is not', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return r?.id;
}

export async function findChainWithdrawal(
  exec: Exec,
  accountId: bigint,
  publicId: string,
): Promise<ChainWithdrawalRow | undefined> {
  return exec
    .selectFrom('chain_withdrawals')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}

export async function findChainWithdrawalById(
  exec: Exec,
  accountId: bigint,
  id: bigint,
): Promise<ChainWithdrawalRow | undefined> {
  return exec
    .selectFrom('chain_withdrawals')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findChainWithdrawalByKey(
  exec: Exec,
  accountId: bigint,
  key: string,
): Promise<ChainWithdrawalRow | undefined> {
  return exec
    .selectFrom('chain_withdrawals')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** The caller's withdrawals, newest first, below `beforeId` when given. */
export async function listChainWithdrawals(
  exec: Exec,
  accountId: bigint,
  beforeId: bigint | null,
  limit: number,
): Promise<ChainWithdrawalRow[]> {
  let q = exec
    .selectFrom('chain_withdrawals')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .limit(limit);
  if (beforeId !== null) q = q.where('id', '<', beforeId);
  return q.execute();
}

/** Cancels a queued withdrawal: true when this call did (exactly one concurrent caller wins). */
export async function cancelQueuedChainWithdrawal(trx: Exec, id: bigint, nowMs: number): Promise<boolean> {
  const r = await trx
    .updateTable('chain_withdrawals')
    .set({ status: 'cancelled', cancelled_at_ms: nowMs, updated_at_ms: nowMs })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}
