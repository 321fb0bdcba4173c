import type { Insertable, Kysely, Selectable } from 'kysely';
import { isPostgres } from '../dialect.ts';
import type { DB, PayoutBatchesTable, PayoutItemsTable } from '../schema.ts';

/**
 * Query module of payout batches and their items (migration 031). Functions taking `trx` run inside the
 * caller's write unit. State changes are conditional updates that answer whether they touched the row.
 */

type Exec = Kysely<DB>;

export type PayoutBatchRow = Selectable<PayoutBatchesTable>;
export type PayoutItemRow = Selectable<PayoutItemsTable>;
export type NewPayoutItem = Omit<Insertable<PayoutItemsTable>, 'batch_id'>;

/** An item with what its payment says (fee, preimage, tid), for the API's view. */
export interface PayoutItemView extends PayoutItemRow {
  payment_public_id: string | null;
  network_fee_msat: bigint | null;
  preimage: string | null;
  payment_status: string | null;
}

/** An item as the worker needs it: with its batch's payer and webhook URL. */
export interface PayoutWork extends PayoutItemRow {
  account_id: bigint;
  batch_public_id: string;
  callback_url: string | null;
}

/** Inserts a batch and answers its id; undefined when its Idempotency-Key was taken meanwhile. */
export async function insertPayoutBatch(
  trx: Exec,
  row: Insertable<PayoutBatchesTable>,
): Promise<bigint | undefined> {
  const r = await trx
    .insertInto('payout_batches')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['account_id', 'idempotency_key']).where('idempotency_key', 'is not', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return r?.id;
}

/** Inserts the items of a batch (at most PAYOUT_MAX_ITEMS, in chunks below both databases' limits). */
export async function insertPayoutItems(trx: Exec, batchId: bigint, items: NewPayoutItem[]): Promise<void> {
  const CHUNK = 100;
  for (let i = 0; i < items.length; i += CHUNK) {
    await trx
      .insertInto('payout_items')
      .values(items.slice(i, i + CHUNK).map((it) => ({ ...it, batch_id: batchId })))
      .execute();
  }
}

export const findPayoutBatch = (exec: Exec, accountId: bigint, publicId: string) =>
  exec
    .selectFrom('payout_batches')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();

export const findPayoutBatchById = (exec: Exec, accountId: bigint, id: bigint) =>
  exec
    .selectFrom('payout_batches')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();

export const findPayoutBatchByKey = (exec: Exec, accountId: bigint, key: string) =>
  exec
    .selectFrom('payout_batches')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();

/** The account's batches, newest first, below the batch id `beforeId` when given (keyset paging). */
export function listPayoutBatches(
  exec: Exec,
  accountId: bigint,
  beforeId: bigint | null,
  limit: number,
): Promise<PayoutBatchRow[]> {
  let q = exec.selectFrom('payout_batches').selectAll().where('account_id', '=', accountId);
  if (beforeId !== null) q = q.where('id', '<', beforeId);
  return q.orderBy('id', 'desc').limit(limit).execute();
}

/** The items of a batch in their order, with their payments' fee, preimage and tid. */
export function listPayoutItems(exec: Exec, batchId: bigint): Promise<PayoutItemView[]> {
  return exec
    .selectFrom('payout_items as i')
    .leftJoin('payments as p', 'p.id', 'i.payment_id')
    .selectAll('i')
    .select([
      'p.public_id as payment_public_id',
      'p.network_fee_msat as network_fee_msat',
      'p.preimage as preimage',
      'p.status as payment_status',
    ])
    .where('i.batch_id', '=', batchId)
    .orderBy('i.position')
    .execute() as Promise<PayoutItemView[]>;
}

/** Counts of each item status of the batches given. */
export async function countItemsByStatus(
  exec: Exec,
  batchIds: bigint[],
): Promise<Array<{ batch_id: bigint; status: string; n: bigint }>> {
  if (batchIds.length === 0) return [];
  const rows = await exec
    .selectFrom('payout_items')
    .select(['batch_id', 'status', (eb) => eb.fn.countAll<bigint>().as('n')])
    .where('batch_id', 'in', batchIds)
    .groupBy(['batch_id', 'status'])
    .execute();
  return rows.map((r) => ({ batch_id: r.batch_id, status: r.status, n: BigInt(r.n) }));
}

const workColumns = [
  'b.account_id as account_id',
  'b.public_id as batch_public_id',
  'b.callback_url as callback_url',
] as const;

/**
 * Items a worker may take: queued ones, and ones claimed by a worker that stopped before it inserted a
 * payment (its lease passed). An item with a payment is never taken again: its payment decides.
 */
export function listClaimableItems(exec: Exec, nowMs: number, limit: number): Promise<PayoutWork[]> {
  return exec
    .selectFrom('payout_items as i')
    .innerJoin('payout_batches as b', 'b.id', 'i.batch_id')
    .selectAll('i')
    .select(workColumns)
    .where('i.ended_at_ms', 'is', null)
    .where((eb) =>
      eb.or([
        eb('i.status', '=', 'queued'),
        eb.and([
          eb('i.status', '=', 'paying'),
          eb('i.payment_id', 'is', null),
          eb('i.lease_until_ms', '<', BigInt(nowMs)),
        ]),
      ]),
    )
    .orderBy('i.id')
    .limit(limit)
    .execute();
}

/** The worker's durable claim of an item (see listClaimableItems): true when this caller took it. */
export async function claimPayoutItem(
  trx: Exec,
  itemId: bigint,
  nowMs: number,
  leaseUntilMs: number,
): Promise<boolean> {
  const r = await trx
    .updateTable('payout_items')
    .set((eb) => ({ status: 'paying', lease_until_ms: leaseUntilMs, attempts: eb('attempts', '+', 1n) }))
    .where('id', '=', itemId)
    .where('ended_at_ms', 'is', null)
    .where('payment_id', 'is', null)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'queued'),
        eb.and([eb('status', '=', 'paying'), eb('lease_until_ms', '<', BigInt(nowMs))]),
      ]),
    )
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

/**
 * Binds the item to its payment, in the unit that inserts the payment: true when it was still claimed
 * by `leaseUntilMs`'s holder and had no payment.
 */
export async function bindPayoutPayment(
  trx: Exec,
  itemId: bigint,
  paymentId: bigint,
  leaseUntilMs: number,
): Promise<boolean> {
  const r = await trx
    .updateTable('payout_items')
    .set({ payment_id: paymentId })
    .where('id', '=', itemId)
    .where('status', '=', 'paying')
    .where('payment_id', 'is', null)
    .where('lease_until_ms', '=', BigInt(leaseUntilMs))
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

/**
 * Ends an item `paid` or `failed`, once: only while it has not ended and is bound to `paymentId` (null:
 * it has no payment). True when this call ended it.
 */
export async function endPayoutItem(
  trx: Exec,
  itemId: bigint,
  paymentId: bigint | null,
  end: {
    status: 'paid' | 'failed';
    errorCode: string | null;
    error: string | null;
    nowMs: number;
    /** Only while this claim holds the item (an item without a payment ended by its worker). */
    leaseUntilMs?: number;
  },
): Promise<boolean> {
  let q = trx
    .updateTable('payout_items')
    .set({
      status: end.status,
      error_code: end.errorCode,
      error: end.error,
      ended_at_ms: end.nowMs,
      lease_until_ms: null,
    })
    .where('id', '=', itemId)
    .where('ended_at_ms', 'is', null)
    .where('payment_id', paymentId === null ? 'is' : '=', paymentId);
  if (end.leaseUntilMs !== undefined) q = q.where('lease_until_ms', '=', BigInt(end.leaseUntilMs));
  const r = await q.executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

/**
 * Open items whose payment has decided without ending them: paid (a late success), or declined with its
 * re-check done (recheck_at_ms cleared).
 */
export function listDecidedPayoutItems(exec: Exec, limit: number): Promise<PayoutWork[]> {
  return exec
    .selectFrom('payout_items as i')
    .innerJoin('payout_batches as b', 'b.id', 'i.batch_id')
    .innerJoin('payments as p', 'p.id', 'i.payment_id')
    .selectAll('i')
    .select(workColumns)
    .where('i.ended_at_ms', 'is', null)
    .where((eb) =>
      eb.or([
        eb('p.status', '=', 'paid'),
        eb.and([eb('p.status', '=', 'declined'), eb('p.recheck_at_ms', 'is', null)]),
      ]),
    )
    .orderBy('i.id')
    .limit(limit)
    .execute();
}

export const findPayoutItemByPayment = (trx: Exec, paymentId: bigint): Promise<PayoutWork | undefined> =>
  trx
    .selectFrom('payout_items as i')
    .innerJoin('payout_batches as b', 'b.id', 'i.batch_id')
    .selectAll('i')
    .select(workColumns)
    .where('i.payment_id', '=', paymentId)
    .executeTakeFirst();

/**
 * Locks the batch's row for the rest of the unit (PostgreSQL; SQLite serialises whole units), so the
 * units ending its last items see each other and exactly one of them finds none open.
 */
export async function lockPayoutBatch(trx: Exec, batchId: bigint): Promise<PayoutBatchRow> {
  const q = trx.selectFrom('payout_batches').selectAll().where('id', '=', batchId);
  return (isPostgres(trx) ? q.forUpdate() : q).executeTakeFirstOrThrow();
}

export async function countOpenPayoutItems(trx: Exec, batchId: bigint): Promise<bigint> {
  const r = await trx
    .selectFrom('payout_items')
    .select((eb) => eb.fn.countAll<bigint>().as('n'))
    .where('batch_id', '=', batchId)
    .where('ended_at_ms', 'is', null)
    .executeTakeFirstOrThrow();
  return BigInt(r.n);
}

/** Marks the batch done once: true when this call did. */
export async function markPayoutBatchDone(trx: Exec, batchId: bigint, nowMs: number): Promise<boolean> {
  const r = await trx
    .updateTable('payout_batches')
    .set({ status: 'done', done_at_ms: nowMs })
    .where('id', '=', batchId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}
