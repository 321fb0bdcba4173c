import type { Insertable, Kysely, Selectable } from 'kysely';
import type { EvmNetwork } from '../../domain/payments/vocabulary.ts';
import type { ChainWithdrawalsTable, DB } from '../schema.ts';

/**
 * Query module of on-chain withdrawals (migration 032). Functions taking `trx` run inside the caller's
 * write unit; state changes are conditional updates that answer whether they touched the row.
 */

type Exec = Kysely<DB>;

export type ChainWithdrawalRow = Selectable<ChainWithdrawalsTable>;

/** A btc withdrawal: the table's check (chain_withdrawals_wallet_columns) makes its btc columns non-null. */
export type BtcWithdrawalRow = ChainWithdrawalRow & {
  wallet: 'btc';
  address_type: NonNullable<ChainWithdrawalRow['address_type']>;
  amount_sat: bigint;
  fee_reserve_sat: bigint;
  reserved_msat: bigint;
};

/** A btc row read back as one (a row breaking the table's check is a defect, thrown). */
export function btcWithdrawalRow(w: ChainWithdrawalRow): BtcWithdrawalRow {
  const { address_type, amount_sat, fee_reserve_sat, reserved_msat } = w;
  if (
    w.wallet !== 'btc' ||
    address_type === null ||
    amount_sat === null ||
    fee_reserve_sat === null ||
    reserved_msat === null
  )
    throw new Error(`withdrawal ${w.id} is not a complete btc withdrawal`);
  return { ...w, wallet: 'btc', address_type, amount_sat, fee_reserve_sat, reserved_msat };
}

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

/** A withdrawal of any account by its public id (the operator's commands). */
export async function findChainWithdrawalByPublicId(
  exec: Exec,
  publicId: string,
): Promise<ChainWithdrawalRow | undefined> {
  return exec
    .selectFrom('chain_withdrawals')
    .selectAll()
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}

/** The withdrawal whose recorded transaction is this one (usdt), if any. */
export async function findChainWithdrawalByTxHash(
  exec: Exec,
  network: EvmNetwork,
  txHash: string,
): Promise<ChainWithdrawalRow | undefined> {
  return exec
    .selectFrom('chain_withdrawals')
    .selectAll()
    .where('chain_network', '=', network)
    .where('tx_hash', '=', txHash)
    .executeTakeFirst();
}

/**
 * Records the operator's transaction on a usdt withdrawal that is still where the caller read it
 * (`from`: its status and recorded hash): `broadcast` (not final yet) or `confirmed`. True when this
 * call moved it; false when a concurrent one did first (the caller reads it again).
 */
export async function recordUsdtTransaction(
  trx: Exec,
  id: bigint,
  from: { status: 'queued' | 'broadcast'; txHash: string | null },
  to: { status: 'broadcast' | 'confirmed'; txHash: string; blockNumber: number; lastCheck: string | null },
  nowMs: number,
): Promise<boolean> {
  let q = trx
    .updateTable('chain_withdrawals')
    .set({
      status: to.status,
      tx_hash: to.txHash,
      tx_block_number: to.blockNumber,
      last_check: to.lastCheck,
      updated_at_ms: nowMs,
      ...(from.status === 'queued' || from.txHash !== to.txHash ? { broadcast_at_ms: nowMs } : {}),
      ...(to.status === 'confirmed' ? { confirmed_at_ms: nowMs } : {}),
    })
    .where('id', '=', id)
    .where('wallet', '=', 'usdt')
    .where('status', '=', from.status);
  q = from.txHash === null ? q.where('tx_hash', 'is', null) : q.where('tx_hash', '=', from.txHash);
  const r = await q.executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

/**
 * A broadcast usdt withdrawal whose transaction the chain now shows not paying it (reverted when mined
 * again after a reorg): back to `queued` with its hash cleared and the reason kept. True when this call did.
 */
export async function requeueUsdtWithdrawal(
  trx: Exec,
  id: bigint,
  txHash: string,
  reason: string,
  nowMs: number,
): Promise<boolean> {
  const r = await trx
    .updateTable('chain_withdrawals')
    .set({ status: 'queued', tx_hash: null, tx_block_number: null, last_check: reason, updated_at_ms: nowMs })
    .where('id', '=', id)
    .where('status', '=', 'broadcast')
    .where('tx_hash', '=', txHash)
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

/** Notes the last check of a broadcast usdt withdrawal (its block, or why it is not confirmed yet). */
export async function noteUsdtCheck(
  trx: Exec,
  id: bigint,
  txHash: string,
  note: { blockNumber: number | null; lastCheck: string },
  nowMs: number,
): Promise<void> {
  await trx
    .updateTable('chain_withdrawals')
    .set({
      ...(note.blockNumber === null ? {} : { tx_block_number: note.blockNumber }),
      last_check: note.lastCheck,
      updated_at_ms: nowMs,
    })
    .where('id', '=', id)
    .where('status', '=', 'broadcast')
    .where('tx_hash', '=', txHash)
    .execute();
}

/** Broadcast usdt withdrawals after `afterId`, oldest first: what the confirmation round checks. */
export async function listBroadcastUsdtWithdrawals(
  exec: Exec,
  afterId: bigint,
  limit: number,
): Promise<ChainWithdrawalRow[]> {
  return exec
    .selectFrom('chain_withdrawals')
    .selectAll()
    .where('status', '=', 'broadcast')
    .where('wallet', '=', 'usdt')
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}
