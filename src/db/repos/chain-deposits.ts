import { type Kysely, type Selectable, sql } from 'kysely';
import type {
  ChainAsset,
  ChainNetwork,
  PaymentException,
  PaymentStatus,
} from '../../domain/payments/vocabulary.ts';
import { isPostgres } from '../dialect.ts';
import type { ChainDepositsTable, DB } from '../schema.ts';
import type { AddressPosition } from './chain-addresses.ts';

/**
 * Query module of `chain_deposits` (and of the request a deposit pays). `trx`: inside the caller's write
 * unit. The sandbox's own chain is `sandbox-chain.ts`; the audit's checks are `audit/chain-deposits.ts`.
 */

type Exec = Kysely<DB>;
export type ChainDepositRow = Selectable<ChainDepositsTable>;

export interface DepositIdentity {
  network: ChainNetwork;
  txHash: string;
  outputIndex: number;
}

export const findDeposit = (exec: Exec, d: DepositIdentity): Promise<ChainDepositRow | undefined> =>
  exec
    .selectFrom('chain_deposits')
    .selectAll()
    .where('network', '=', d.network)
    .where('tx_hash', '=', d.txHash)
    .where('output_index', '=', BigInt(d.outputIndex))
    .executeTakeFirst();

export const findDepositById = (exec: Exec, id: bigint): Promise<ChainDepositRow | undefined> =>
  exec.selectFrom('chain_deposits').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * An EVM deposit stored before identities were ordinals (migration 025: `output_index` = -1 - the log's
 * block-level index) that is this transfer: the row at `-1 - blockLogIndex` of the same transaction, or,
 * the transaction having been mined again at another log index since, one of its legacy rows to the same
 * address of the same amount (the lowest id). Undefined when there is none.
 */
export async function findLegacyEvmDeposit(
  exec: Exec,
  d: DepositIdentity & { blockLogIndex: number; address: string; amountRaw: bigint },
): Promise<ChainDepositRow | undefined> {
  const legacy = await exec
    .selectFrom('chain_deposits')
    .selectAll()
    .where('network', '=', d.network)
    .where('tx_hash', '=', d.txHash)
    .where('output_index', '<', 0n)
    .orderBy('id')
    .execute();
  return (
    legacy.find((r) => r.output_index === BigInt(-1 - d.blockLogIndex)) ??
    legacy.find(
      (r) => r.address.toLowerCase() === d.address.toLowerCase() && r.amount_raw === d.amountRaw.toString(),
    )
  );
}

export interface NewDeposit extends DepositIdentity {
  asset: ChainAsset;
  address: string;
  paymentId: bigint;
  accountId: bigint;
  amountRaw: bigint;
  decimals: number;
  amountUnits: bigint;
  remainderRaw: bigint;
  confirmations: number;
  blockHeight: number | null;
  blockHash: string | null;
}

/** Inserts a deposit first seen now (state `seen`); nothing when it is known already. */
export async function insertSeenDeposit(trx: Exec, d: NewDeposit, nowMs: number): Promise<void> {
  await trx
    .insertInto('chain_deposits')
    .values({
      network: d.network,
      tx_hash: d.txHash,
      output_index: d.outputIndex,
      asset: d.asset,
      address: d.address,
      payment_id: d.paymentId,
      account_id: d.accountId,
      amount_raw: d.amountRaw.toString(),
      decimals: d.decimals,
      amount_units: d.amountUnits,
      remainder_raw: d.remainderRaw.toString(),
      confirmations: d.confirmations,
      block_height: d.blockHeight,
      block_hash: d.blockHash,
      state: 'seen',
      flag: null,
      first_seen_ms: nowMs,
      credited_at_ms: null,
      updated_at_ms: nowMs,
    })
    .onConflict((oc) => oc.columns(['network', 'tx_hash', 'output_index']).doNothing())
    .execute();
}

/** Updates where an uncredited deposit stands (it may come back from `dropped` after a reorg). */
export async function updateSeenDeposit(
  trx: Exec,
  id: bigint,
  s: { confirmations: number; blockHeight: number | null; blockHash: string | null },
  nowMs: number,
): Promise<void> {
  await trx
    .updateTable('chain_deposits')
    .set({
      state: 'seen',
      confirmations: s.confirmations,
      block_height: s.blockHeight,
      block_hash: s.blockHash,
      updated_at_ms: nowMs,
    })
    .where('id', '=', id)
    .where('state', '<>', 'credited')
    .execute();
}

/**
 * Marks a deposit credited, once: the number of earlier credits of it that were reversed (0 for its
 * first credit), only for the unit that moved it; null for a concurrent second unit (the row's lock on
 * PostgreSQL and the single writer of SQLite make it see the row credited).
 */
export async function markDepositCredited(
  trx: Exec,
  id: bigint,
  s: {
    confirmations: number;
    blockHeight: number | null;
    blockHash: string | null;
    flag: 'late' | 'reuse' | null;
  },
  nowMs: number,
): Promise<bigint | null> {
  const r = await trx
    .updateTable('chain_deposits')
    .set({
      state: 'credited',
      confirmations: s.confirmations,
      block_height: s.blockHeight,
      block_hash: s.blockHash,
      flag: s.flag,
      credited_at_ms: nowMs,
      updated_at_ms: nowMs,
    })
    .where('id', '=', id)
    .where('state', '<>', 'credited')
    .returning('reversals')
    .executeTakeFirst();
  return r === undefined ? null : BigInt(r.reversals);
}

/** True when a credit of any deposit of the request has been reversed (a reorganisation took it). */
export async function requestHadReversal(exec: Exec, paymentId: bigint): Promise<boolean> {
  const r = await exec
    .selectFrom('chain_deposits')
    .select('id')
    .where('payment_id', '=', paymentId)
    .where('reversals', '>', 0n)
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}

/**
 * Takes a credited deposit back to `dropped` because the chain no longer shows it, once: the unit that
 * moved it gets its row with `reversals` counting this reversal; a concurrent second unit gets undefined.
 */
export async function markDepositReversed(
  trx: Exec,
  id: bigint,
  nowMs: number,
): Promise<ChainDepositRow | undefined> {
  return trx
    .updateTable('chain_deposits')
    .set({ state: 'dropped', confirmations: 0, reversals: sql`reversals + 1`, updated_at_ms: nowMs })
    .where('id', '=', id)
    .where('state', '=', 'credited')
    .returningAll()
    .executeTakeFirst();
}

/**
 * Credited deposits of `network` in blocks at or above `minBlockHeight` (only those of one request with
 * `paymentId`), newest first, at most `limit`: those a round checks are still on the chain.
 */
export const listRecentCredits = (
  exec: Exec,
  network: ChainNetwork,
  opts: { minBlockHeight: number; paymentId: bigint | null; limit: number },
): Promise<ChainDepositRow[]> => {
  let q = exec
    .selectFrom('chain_deposits')
    .selectAll()
    .where('network', '=', network)
    .where('state', '=', 'credited')
    .where('block_height', '>=', BigInt(opts.minBlockHeight));
  if (opts.paymentId !== null) q = q.where('payment_id', '=', opts.paymentId);
  return q.orderBy('id', 'desc').limit(opts.limit).execute();
};

/**
 * Uncredited (`seen`) deposits of `network` to the addresses of one page of a round (what its scan must
 * still show): joined to chain_addresses over the page's range of (watch_until_ms, id), so the query
 * binds a fixed number of values however many addresses the page holds.
 */
export const listUncreditedDeposits = (
  exec: Exec,
  network: ChainNetwork,
  page: { first: AddressPosition; last: AddressPosition; watchedAtMs: number | null },
): Promise<ChainDepositRow[]> => {
  const { first, last } = page;
  let q = exec
    .selectFrom('chain_deposits as d')
    .innerJoin('chain_addresses as a', 'a.payment_id', 'd.payment_id')
    .selectAll('d')
    .where('d.network', '=', network)
    .where('d.state', '=', 'seen')
    .where('a.network', '=', network)
    .where((eb) =>
      eb.and([
        eb(eb.refTuple('a.watch_until_ms', 'a.id'), '>=', eb.tuple(first.watchUntilMs, first.id)),
        eb(eb.refTuple('a.watch_until_ms', 'a.id'), '<=', eb.tuple(last.watchUntilMs, last.id)),
      ]),
    );
  if (page.watchedAtMs !== null) q = q.where('a.watch_until_ms', '>', BigInt(page.watchedAtMs));
  return q.execute();
};

export async function markDepositsDropped(trx: Exec, ids: readonly bigint[], nowMs: number): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await trx
    .updateTable('chain_deposits')
    .set({ state: 'dropped', confirmations: 0, updated_at_ms: nowMs })
    .where('id', 'in', [...ids])
    .where('state', '=', 'seen')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * Payer claims to look at first: on-chain requests of `network` with a submitted transaction hash whose
 * payer status is still `pending` and that the watcher has not credited from that hash, by payment id,
 * after `afterPaymentId` when given (the watcher walks them all in rounds of `limit`). With
 * `watchedAtMs`, only those whose address is still watched then. Each with its address row (the
 * claim's owner) and the hash claimed.
 */
export const listPendingClaims = (
  exec: Exec,
  network: ChainNetwork,
  opts: { afterPaymentId: bigint | null; watchedAtMs: number | null },
  limit: number,
) => {
  let q = exec
    .selectFrom('payments as p')
    .innerJoin('chain_addresses as a', 'a.payment_id', 'p.id')
    .selectAll('a')
    .select(['p.transaction_hash'])
    .where('p.chain_network', '=', network)
    .where('p.payment_mode', '=', 'onchain')
    .where('p.status_payer', '=', 'pending')
    .where('p.transaction_hash', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('chain_deposits as d')
            .select('d.id')
            .whereRef('d.payment_id', '=', 'p.id')
            .whereRef('d.tx_hash', '=', 'p.transaction_hash')
            .where('d.state', '=', 'credited'),
        ),
      ),
    );
  if (opts.afterPaymentId !== null) q = q.where('p.id', '>', opts.afterPaymentId);
  q = q.where('a.network', '=', network);
  if (opts.watchedAtMs !== null) q = q.where('a.watch_until_ms', '>', BigInt(opts.watchedAtMs));
  return q.orderBy('p.id').limit(limit).execute();
};

/**
 * The transaction hash of each payment's first deposit seen on chain (by first sighting, then id), not
 * counting dropped ones, for these payments (at most a history page).
 */
export async function listFirstDepositHashes(
  exec: Exec,
  paymentIds: readonly bigint[],
): Promise<Map<bigint, string>> {
  const out = new Map<bigint, string>();
  if (paymentIds.length === 0) return out;
  const rows = await exec
    .selectFrom('chain_deposits')
    .select(['payment_id', 'tx_hash'])
    .where('payment_id', 'in', [...paymentIds])
    .where('state', '<>', 'dropped')
    .orderBy('payment_id')
    .orderBy('first_seen_ms')
    .orderBy('id')
    .execute();
  for (const r of rows) if (!out.has(r.payment_id)) out.set(r.payment_id, r.tx_hash);
  return out;
}

// ---------------------------------------------------------------- the request a deposit pays

/**
 * The request a deposit pays, locked for the rest of the caller's unit on PostgreSQL (FOR UPDATE;
 * SQLite's single writer already holds the database), so two units booking deposits of one request
 * run one after the other and the second reads what the first wrote.
 */
export const lockDepositPayment = (
  trx: Exec,
  paymentId: bigint,
): Promise<Selectable<DB['payments']> | undefined> => {
  const q = trx.selectFrom('payments').selectAll().where('id', '=', paymentId);
  return (isPostgres(trx) ? q.forUpdate() : q).executeTakeFirst();
};

/**
 * Adds `units` (negative: takes them off) to a request's received amount in SQL, on what the row holds
 * now rather than on an earlier read: what it holds after, and its status.
 */
export async function addToReceived(
  trx: Exec,
  paymentId: bigint,
  units: bigint,
  nowMs: number,
): Promise<{ receivedUnits: bigint; status: Selectable<DB['payments']>['status'] }> {
  const r = await trx
    .updateTable('payments')
    .set({ received_units: sql`received_units + ${units}`, updated_at_ms: nowMs })
    .where('id', '=', paymentId)
    .returning(['received_units', 'status'])
    .executeTakeFirstOrThrow();
  return { receivedUnits: BigInt(r.received_units), status: r.status };
}

/**
 * Sets an on-chain request's status and exception after a credit or reversal, by a conditional update
 * from the status it was read in (`from`); false when it is not in that status any more. Becoming paid
 * sets `paid_at_ms`.
 */
export async function setRequestOutcome(
  trx: Exec,
  paymentId: bigint,
  from: PaymentStatus,
  to: { status: PaymentStatus; exception: PaymentException | null },
  nowMs: number,
): Promise<boolean> {
  const r = await trx
    .updateTable('payments')
    .set({
      status: to.status,
      exception: to.exception,
      updated_at_ms: nowMs,
      ...(to.status === 'paid' && from !== 'paid' ? { paid_at_ms: nowMs, failure_reason: null } : {}),
    })
    .where('id', '=', paymentId)
    .where('status', '=', from)
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

/** A deposit as a payment record lists it. */
export type RecordDepositRow = Pick<
  ChainDepositRow,
  'tx_hash' | 'output_index' | 'amount_units' | 'confirmations' | 'state' | 'flag'
>;

/** Deposits a record shows for each payment (at most a history page): every one not dropped, oldest first. */
export async function listRecordDeposits(
  exec: Exec,
  paymentIds: readonly bigint[],
): Promise<Map<bigint, RecordDepositRow[]>> {
  const out = new Map<bigint, RecordDepositRow[]>();
  if (paymentIds.length === 0) return out;
  const rows = await exec
    .selectFrom('chain_deposits')
    .select(['payment_id', 'tx_hash', 'output_index', 'amount_units', 'confirmations', 'state', 'flag'])
    .where('payment_id', 'in', [...paymentIds])
    .where('state', '<>', 'dropped')
    .orderBy('payment_id')
    .orderBy('first_seen_ms')
    .orderBy('id')
    .execute();
  for (const { payment_id, ...d } of rows) {
    const list = out.get(payment_id) ?? [];
    list.push(d);
    out.set(payment_id, list);
  }
  return out;
}
