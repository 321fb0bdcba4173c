import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { ChainWithdrawalBatchesTable, ChainWithdrawalInputsTable, DB } from '../schema.ts';
import { type BtcWithdrawalRow, btcWithdrawalRow } from './chain-withdrawals.ts';

/**
 * Query module of withdrawal batches (migration 033): the PSBTs, the outputs they spend, and the moves of
 * their withdrawals. Functions taking `trx` run inside the caller's write unit; state changes are
 * conditional updates that answer how many rows they touched.
 */

type Exec = Kysely<DB>;

export type WithdrawalBatchRow = Selectable<ChainWithdrawalBatchesTable>;
export type WithdrawalInputRow = Selectable<ChainWithdrawalInputsTable>;

/** The oldest queued BTC withdrawals, at most `limit`. */
export async function queuedBtcWithdrawals(exec: Exec, limit: number): Promise<BtcWithdrawalRow[]> {
  const rows = await exec
    .selectFrom('chain_withdrawals')
    .selectAll()
    .where('status', '=', 'queued')
    .where('wallet', '=', 'btc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(btcWithdrawalRow);
}

/** An output of the wallet no live batch spends. */
export interface SpendableRow {
  txid: string;
  vout: bigint;
  amountSat: bigint;
  source: 'deposit' | 'change';
  depositId: bigint | null;
  changeBatchId: bigint | null;
  keyChain: 0 | 1;
  derivationIndex: bigint;
}

/**
 * The largest `limit` credited BTC deposits (the watcher saw them at BTC_CONFIRMATIONS and booked them)
 * to addresses of the receive chain, not spent by a live batch, by amount. A credited deposit's
 * `amount_raw` is its output's value in satoshis.
 */
export async function spendableDeposits(exec: Exec, limit: number): Promise<SpendableRow[]> {
  const rows = await exec
    .selectFrom('chain_deposits as d')
    .innerJoin('chain_addresses as a', (j) =>
      j.onRef('a.address', '=', 'd.address').on('a.network', '=', 'BTC').on('a.asset', '=', 'btc'),
    )
    .select(['d.id', 'd.tx_hash', 'd.output_index', 'd.amount_raw', 'd.amount_units', 'a.derivation_index'])
    .where('d.network', '=', 'BTC')
    .where('d.asset', '=', 'btc')
    .where('d.state', '=', 'credited')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('chain_withdrawal_inputs as i')
            .select('i.id')
            .whereRef('i.txid', '=', 'd.tx_hash')
            .whereRef('i.vout', '=', 'd.output_index')
            .where('i.released', '=', 0n),
        ),
      ),
    )
    .orderBy('d.amount_units', 'desc')
    .orderBy('d.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    txid: r.tx_hash,
    vout: r.output_index,
    amountSat: BigInt(r.amount_raw),
    source: 'deposit',
    depositId: r.id,
    changeBatchId: null,
    keyChain: 0,
    derivationIndex: r.derivation_index,
  }));
}

/** The change outputs of confirmed batches that no live batch spends, the largest `limit`. */
export async function spendableChange(exec: Exec, limit: number): Promise<SpendableRow[]> {
  const rows = await exec
    .selectFrom('chain_withdrawal_batches as b')
    .select(['b.id', 'b.txid', 'b.change_vout', 'b.change_sat', 'b.change_derivation_index'])
    .where('b.status', '=', 'confirmed')
    .where('b.change_vout', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('chain_withdrawal_inputs as i')
            .select('i.id')
            .whereRef('i.txid', '=', 'b.txid')
            .whereRef('i.vout', '=', 'b.change_vout')
            .where('i.released', '=', 0n),
        ),
      ),
    )
    .orderBy('b.change_sat', 'desc')
    .orderBy('b.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    txid: r.txid,
    vout: r.change_vout!,
    amountSat: r.change_sat,
    source: 'change',
    depositId: null,
    changeBatchId: r.id,
    keyChain: 1,
    derivationIndex: r.change_derivation_index!,
  }));
}

/** Takes the next index of the change chain `…/1/i` (see allocateDerivationIndex: same locking). */
export async function allocateChangeIndex(trx: Exec): Promise<bigint> {
  const row = await trx
    .updateTable('chain_address_counters')
    .set({ next_index: sql`next_index + 1` })
    .where('key_chain', '=', 'btc_change')
    .returning('next_index')
    .executeTakeFirstOrThrow();
  return BigInt(row.next_index) - 1n;
}

export async function insertBatch(trx: Exec, row: Insertable<ChainWithdrawalBatchesTable>): Promise<bigint> {
  const r = await trx
    .insertInto('chain_withdrawal_batches')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Records the batch's inputs; a unique violation means another live batch spends one of them. */
export async function insertInputs(
  trx: Exec,
  rows: readonly Insertable<ChainWithdrawalInputsTable>[],
): Promise<void> {
  if (rows.length > 0)
    await trx
      .insertInto('chain_withdrawal_inputs')
      .values([...rows])
      .execute();
}

/** Queued → signing in `batchId`, with each one's fee share; answers how many moved. */
export async function moveToSigning(
  trx: Exec,
  shares: ReadonlyArray<{ id: bigint; feeSat: bigint }>,
  batchId: bigint,
  nowMs: number,
): Promise<number> {
  let moved = 0;
  for (const s of shares) {
    const r = await trx
      .updateTable('chain_withdrawals')
      .set({ status: 'signing', psbt_batch_id: batchId, fee_sat: s.feeSat, updated_at_ms: nowMs })
      .where('id', '=', s.id)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    moved += Number(r.numUpdatedRows);
  }
  return moved;
}

export const batchByPublicId = (exec: Exec, publicId: string): Promise<WithdrawalBatchRow | undefined> =>
  exec
    .selectFrom('chain_withdrawal_batches')
    .selectAll()
    .where('public_id', '=', publicId)
    .executeTakeFirst();

export const batchById = (exec: Exec, id: bigint): Promise<WithdrawalBatchRow | undefined> =>
  exec.selectFrom('chain_withdrawal_batches').selectAll().where('id', '=', id).executeTakeFirst();

/** The live (not abandoned) batch of a transaction, if any. */
export const liveBatchByTxid = (exec: Exec, txid: string): Promise<WithdrawalBatchRow | undefined> =>
  exec
    .selectFrom('chain_withdrawal_batches')
    .selectAll()
    .where('txid', '=', txid)
    .where('status', '<>', 'abandoned')
    .executeTakeFirst();

/** The live batches spending any of these outputs (to tell why a transaction matches none). */
export async function liveBatchesSpending(
  exec: Exec,
  outpoints: ReadonlyArray<{ txid: string; vout: number }>,
): Promise<WithdrawalBatchRow[]> {
  if (outpoints.length === 0) return [];
  const ids = await exec
    .selectFrom('chain_withdrawal_inputs')
    .select('batch_id')
    .where('released', '=', 0n)
    .where((eb) =>
      eb.or(
        outpoints
          .slice(0, 100)
          .map((o) => eb.and([eb('txid', '=', o.txid), eb('vout', '=', BigInt(o.vout))])),
      ),
    )
    .execute();
  if (ids.length === 0) return [];
  return exec
    .selectFrom('chain_withdrawal_batches')
    .selectAll()
    .where(
      'id',
      'in',
      ids.map((i) => i.batch_id),
    )
    .where('status', '=', 'signing')
    .orderBy('id')
    .execute();
}

export const batchInputs = (exec: Exec, batchId: bigint): Promise<WithdrawalInputRow[]> =>
  exec
    .selectFrom('chain_withdrawal_inputs')
    .selectAll()
    .where('batch_id', '=', batchId)
    .orderBy('id')
    .execute();

/** The withdrawals of a batch, in batch (output) order. */
export const batchWithdrawals = async (exec: Exec, batchId: bigint): Promise<BtcWithdrawalRow[]> =>
  (
    await exec
      .selectFrom('chain_withdrawals')
      .selectAll()
      .where('psbt_batch_id', '=', batchId)
      .orderBy('id')
      .execute()
  ).map(btcWithdrawalRow);

/** Newest first, at most `limit`. */
export const listBatches = (exec: Exec, limit: number): Promise<WithdrawalBatchRow[]> =>
  exec.selectFrom('chain_withdrawal_batches').selectAll().orderBy('id', 'desc').limit(limit).execute();

/** Keeps the signed transaction of a batch still signing (before it is broadcast). */
export async function recordSigned(
  trx: Exec,
  batchId: bigint,
  rawHex: string,
  nowMs: number,
): Promise<boolean> {
  const r = await trx
    .updateTable('chain_withdrawal_batches')
    .set({ signed_tx: rawHex, updated_at_ms: nowMs })
    .where('id', '=', batchId)
    .where('status', '=', 'signing')
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

export async function recordBroadcastError(
  trx: Exec,
  batchId: bigint,
  reason: string,
  nowMs: number,
): Promise<void> {
  await trx
    .updateTable('chain_withdrawal_batches')
    .set({ broadcast_error: reason.slice(0, 1000), updated_at_ms: nowMs })
    .where('id', '=', batchId)
    .where('status', '=', 'signing')
    .execute();
}

/** signing → broadcast for the batch and its withdrawals; false when the batch was not signing. */
export async function markBroadcast(
  trx: Exec,
  batch: WithdrawalBatchRow,
  rawHex: string,
  nowMs: number,
): Promise<boolean> {
  const r = await trx
    .updateTable('chain_withdrawal_batches')
    .set({
      status: 'broadcast',
      signed_tx: rawHex,
      broadcast_error: null,
      broadcast_at_ms: nowMs,
      updated_at_ms: nowMs,
    })
    .where('id', '=', batch.id)
    .where('status', '=', 'signing')
    .executeTakeFirst();
  if (r.numUpdatedRows !== 1n) return false;
  await trx
    .updateTable('chain_withdrawals')
    .set({ status: 'broadcast', txid: batch.txid, broadcast_at_ms: nowMs, updated_at_ms: nowMs })
    .where('psbt_batch_id', '=', batch.id)
    .where('status', '=', 'signing')
    .execute();
  return true;
}

/** broadcast → confirmed for the batch and its withdrawals; false when the batch was not broadcast. */
export async function markConfirmed(
  trx: Exec,
  batchId: bigint,
  at: { confirmations: number; blockHeight: number; blockHash: string },
  nowMs: number,
): Promise<boolean> {
  const r = await trx
    .updateTable('chain_withdrawal_batches')
    .set({
      status: 'confirmed',
      confirmations: at.confirmations,
      block_height: at.blockHeight,
      block_hash: at.blockHash,
      confirmed_at_ms: nowMs,
      updated_at_ms: nowMs,
    })
    .where('id', '=', batchId)
    .where('status', '=', 'broadcast')
    .executeTakeFirst();
  if (r.numUpdatedRows !== 1n) return false;
  await trx
    .updateTable('chain_withdrawals')
    .set({ status: 'confirmed', confirmed_at_ms: nowMs, updated_at_ms: nowMs })
    .where('psbt_batch_id', '=', batchId)
    .where('status', '=', 'broadcast')
    .execute();
  return true;
}

/** A confirmed batch the chain no longer shows in a block: back to broadcast (its withdrawals stay). */
export async function markUnconfirmed(trx: Exec, batchId: bigint, nowMs: number): Promise<boolean> {
  const r = await trx
    .updateTable('chain_withdrawal_batches')
    .set({
      status: 'broadcast',
      confirmations: 0,
      block_height: null,
      block_hash: null,
      updated_at_ms: nowMs,
    })
    .where('id', '=', batchId)
    .where('status', '=', 'confirmed')
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

/** Remembers how deep a batch is (no state change). */
export async function setDepth(
  trx: Exec,
  batchId: bigint,
  at: { confirmations: number; blockHeight: number | null; blockHash: string | null },
  nowMs: number,
): Promise<void> {
  await trx
    .updateTable('chain_withdrawal_batches')
    .set({
      confirmations: at.confirmations,
      block_height: at.blockHeight,
      block_hash: at.blockHash,
      updated_at_ms: nowMs,
    })
    .where('id', '=', batchId)
    .execute();
}

/**
 * signing → abandoned: its withdrawals back to queued (no batch, no fee share), its inputs freed.
 * False when the batch was not signing.
 */
export async function markAbandoned(trx: Exec, batchId: bigint, nowMs: number): Promise<boolean> {
  const r = await trx
    .updateTable('chain_withdrawal_batches')
    .set({ status: 'abandoned', abandoned_at_ms: nowMs, updated_at_ms: nowMs })
    .where('id', '=', batchId)
    .where('status', '=', 'signing')
    .executeTakeFirst();
  if (r.numUpdatedRows !== 1n) return false;
  await trx
    .updateTable('chain_withdrawals')
    .set({ status: 'queued', psbt_batch_id: null, fee_sat: null, updated_at_ms: nowMs })
    .where('psbt_batch_id', '=', batchId)
    .where('status', '=', 'signing')
    .execute();
  await trx
    .updateTable('chain_withdrawal_inputs')
    .set({ released: 1n })
    .where('batch_id', '=', batchId)
    .execute();
  return true;
}

/** Batches the tracking job follows: signing (the wallet may broadcast it itself), broadcast, and confirmed ones
 * still shallower than `recheckDepth` (a reorganisation could still undo them), oldest first. */
export async function batchesToTrack(
  exec: Exec,
  recheckDepth: number,
  limit: number,
): Promise<WithdrawalBatchRow[]> {
  return exec
    .selectFrom('chain_withdrawal_batches')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('status', '=', 'signing'),
        eb('status', '=', 'broadcast'),
        eb.and([eb('status', '=', 'confirmed'), eb('confirmations', '<', BigInt(recheckDepth))]),
      ]),
    )
    .orderBy('updated_at_ms')
    .orderBy('id')
    .limit(limit)
    .execute();
}
