import { type Insertable, type Kysely, type Selectable, sql, type WhereInterface } from 'kysely';
import { isPostgres } from '../dialect.ts';
import { prepare } from '../prepared.ts';
import type { DB, VoucherBatchesTable, VouchersTable } from '../schema.ts';

/** Query module of the voucher tables. Functions taking `trx` run inside the caller's write unit. */

type Exec = Kysely<DB>;
export type VoucherBatchRow = Selectable<VoucherBatchesTable>;
export type VoucherRow = Selectable<VouchersTable>;
export type NewVoucherBatch = Insertable<VoucherBatchesTable>;

/** Narrows to vouchers that can still be redeemed: not redeemed, no payment under way, not refunded. */
function redeemable<QB extends WhereInterface<DB, 'vouchers'>>(qb: QB): QB {
  return qb
    .where('redeemed_at_ms', 'is', null)
    .where('claim_payment_id', 'is', null)
    .where('refunded_at_ms', 'is', null) as unknown as QB;
}

/**
 * Inserts a batch and its vouchers (one per code, in order); answers the vouchers. With an idempotency key,
 * a batch of the same (account, key) inserted first, even concurrently, makes this a no-op answered
 * undefined: the caller replays the winner.
 */
export async function insertBatch(
  trx: Exec,
  batch: NewVoucherBatch,
  codes: readonly string[],
): Promise<VoucherRow[] | undefined> {
  if (batch.idempotency_key == null) {
    await trx.insertInto('voucher_batches').values(batch).execute();
  } else {
    const r = await trx
      .insertInto('voucher_batches')
      .values(batch)
      // The conflict target names the partial unique index, WHERE clause included, as both databases need.
      .onConflict((oc) =>
        oc
          .columns(['account_id', 'idempotency_key'])
          .where(sql.ref('idempotency_key'), 'is not', null)
          .doNothing(),
      )
      .executeTakeFirst();
    if (r.numInsertedOrUpdatedRows !== 1n) return undefined;
  }
  const rows = await trx
    .insertInto('vouchers')
    .values(codes.map((code, position) => ({ batch_id: batch.id, position, code })))
    .returningAll()
    .execute();
  return rows.sort((a, b) => Number(a.position - b.position));
}

/** The account's batch created with that Idempotency-Key (at most one: unique index). */
export const findBatchByIdempotencyKey = (
  exec: Exec,
  accountId: bigint,
  key: string,
): Promise<VoucherBatchRow | undefined> =>
  exec
    .selectFrom('voucher_batches')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();

// The lookups every voucher page, check and redemption makes are compiled once (see prepared.ts).
const batchById = prepare<{ id: string }, VoucherBatchRow>((db, p) =>
  db.selectFrom('voucher_batches').selectAll().where('id', '=', p('id')),
);
const voucherByCode = prepare<{ code: string }, VoucherRow>((db, p) =>
  db.selectFrom('vouchers').selectAll().where('code', '=', p('code')),
);
const vouchersOfBatch = prepare<{ batchId: string }, VoucherRow>((db, p) =>
  db.selectFrom('vouchers').selectAll().where('batch_id', '=', p('batchId')).orderBy('position'),
);

export const findBatch = (exec: Exec, id: string): Promise<VoucherBatchRow | undefined> =>
  batchById.first(exec, { id });

export const findVoucherByCode = (exec: Exec, code: string): Promise<VoucherRow | undefined> =>
  voucherByCode.first(exec, { code });

export const findVoucherById = (exec: Exec, id: bigint): Promise<VoucherRow | undefined> =>
  exec.selectFrom('vouchers').selectAll().where('id', '=', id).executeTakeFirst();

/** The voucher whose outgoing payment this is, if any. */
export const findVoucherByClaim = (exec: Exec, paymentId: bigint): Promise<VoucherRow | undefined> =>
  exec.selectFrom('vouchers').selectAll().where('claim_payment_id', '=', paymentId).executeTakeFirst();

export const listVouchers = (exec: Exec, batchId: string): Promise<VoucherRow[]> =>
  vouchersOfBatch.all(exec, { batchId });

/** How many vouchers of the batch can still be redeemed. */
export async function countRedeemable(exec: Exec, batchId: string): Promise<number> {
  const r = await exec
    .selectFrom('vouchers')
    .select((eb) => eb.fn.countAll<bigint>().as('n'))
    .where('batch_id', '=', batchId)
    .$call(redeemable)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export interface Redemption {
  mode: 'usertag' | 'invoice';
  by: string;
  paymentId: bigint;
  nowMs: number;
}

/**
 * Marks a redeemable voucher redeemed. True when it touched the row: of any number of concurrent
 * redemptions of one voucher, exactly one gets true.
 */
export async function markRedeemed(trx: Exec, voucherId: bigint, r: Redemption): Promise<boolean> {
  const u = await trx
    .updateTable('vouchers')
    .set({
      redeemed_mode: r.mode,
      redeemed_by: r.by,
      redeemed_tid: r.paymentId,
      redeemed_at_ms: r.nowMs,
    })
    .where('id', '=', voucherId)
    .$call(redeemable)
    .executeTakeFirst();
  return u.numUpdatedRows === 1n;
}

/** Puts a redeemable voucher in progress for an outgoing payment. True for exactly one claimant. */
export async function markClaimed(trx: Exec, voucherId: bigint, paymentId: bigint): Promise<boolean> {
  const u = await trx
    .updateTable('vouchers')
    .set({ claim_payment_id: paymentId })
    .where('id', '=', voucherId)
    .$call(redeemable)
    .executeTakeFirst();
  return u.numUpdatedRows === 1n;
}

/** The payment of a voucher in progress succeeded: the voucher is redeemed by it. */
export async function completeClaim(
  trx: Exec,
  paymentId: bigint,
  r: Redemption,
): Promise<VoucherRow | undefined> {
  return trx
    .updateTable('vouchers')
    .set({
      claim_payment_id: null,
      redeemed_mode: r.mode,
      redeemed_by: r.by,
      redeemed_tid: r.paymentId,
      redeemed_at_ms: r.nowMs,
    })
    .where('claim_payment_id', '=', paymentId)
    .returningAll()
    .executeTakeFirst();
}

/**
 * The payment of a voucher in progress failed: the voucher is redeemable again, or (`refundedAtMs` set,
 * when its batch was revoked or expired meanwhile) refunded.
 */
export async function releaseClaim(
  trx: Exec,
  paymentId: bigint,
  refundedAtMs: number | null,
): Promise<VoucherRow | undefined> {
  return trx
    .updateTable('vouchers')
    .set({ claim_payment_id: null, refunded_at_ms: refundedAtMs })
    .where('claim_payment_id', '=', paymentId)
    .returningAll()
    .executeTakeFirst();
}

/**
 * The first redeemable voucher of a batch, for its static URL, locked for this transaction. On
 * PostgreSQL a voucher another transaction is redeeming right now is skipped (its row is locked), so
 * concurrent redeemers of one batch take different vouchers instead of queueing for the same one. When
 * every remaining voucher is locked, this waits for them: a redemption in flight may still fail (its
 * usertag already redeemed, say), and its voucher must then go to the next redeemer, not be reported
 * gone.
 */
export async function pickRedeemable(trx: Exec, batchId: string): Promise<VoucherRow | undefined> {
  const q = trx
    .selectFrom('vouchers')
    .selectAll()
    .where('batch_id', '=', batchId)
    .$call(redeemable)
    .orderBy('position')
    .limit(1);
  if (!isPostgres(trx)) return q.executeTakeFirst();
  return (await q.forUpdate().skipLocked().executeTakeFirst()) ?? q.forUpdate().executeTakeFirst();
}

/** Records that `usertag` redeemed through the batch's static URL. False when it already had. */
export async function insertStaticRedemption(
  trx: Exec,
  r: { batchId: string; usertag: string; voucherId: bigint; nowMs: number },
): Promise<boolean> {
  const i = await trx
    .insertInto('voucher_static_redemptions')
    .values({ batch_id: r.batchId, usertag: r.usertag, voucher_id: r.voucherId, created_at_ms: r.nowMs })
    .onConflict((oc) => oc.columns(['batch_id', 'usertag']).doNothing())
    .executeTakeFirst();
  return i.numInsertedOrUpdatedRows === 1n;
}

/** Marks every redeemable voucher of the batch refunded; answers those it marked. */
export async function refundRedeemable(
  trx: Exec,
  batchId: string,
  nowMs: number,
): Promise<Array<{ id: bigint; code: string }>> {
  return trx
    .updateTable('vouchers')
    .set({ refunded_at_ms: nowMs })
    .where('batch_id', '=', batchId)
    .$call(redeemable)
    .returning(['id', 'code'])
    .execute();
}

/** Revokes a batch. True the first time; a second revoke changes nothing. */
export async function markRevoked(trx: Exec, batchId: string, nowMs: number): Promise<boolean> {
  const u = await trx
    .updateTable('voucher_batches')
    .set({ revoked_at_ms: nowMs })
    .where('id', '=', batchId)
    .where('revoked_at_ms', 'is', null)
    .executeTakeFirst();
  return u.numUpdatedRows === 1n;
}

/** Closes the batch when none of its vouchers can move money any more (all redeemed or refunded). */
export async function closeIfSettled(trx: Exec, batchId: string, nowMs: number): Promise<boolean> {
  const u = await trx
    .updateTable('voucher_batches')
    .set({ closed_at_ms: nowMs })
    .where('id', '=', batchId)
    .where('closed_at_ms', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('vouchers')
            .select('id')
            .where('batch_id', '=', batchId)
            .where('redeemed_at_ms', 'is', null)
            .where('refunded_at_ms', 'is', null),
        ),
      ),
    )
    .executeTakeFirst();
  return u.numUpdatedRows === 1n;
}

/**
 * Open batches that have ended (expired at `nowMs`, or revoked) and that a sweep can move on: some
 * voucher is left to refund, or none has a payment under way (so the batch can close). One whose last
 * vouchers wait for a payment is closed when that payment settles. Revoked batches are listed too: a
 * failed payment that put its voucher back while the revoke ran leaves that voucher to the sweep.
 * Oldest expiry first (served by voucher_batches_open).
 */
export const listEndedOpenBatches = async (exec: Exec, nowMs: number, limit: number): Promise<string[]> =>
  (
    await exec
      .selectFrom('voucher_batches as b')
      .select('b.id')
      .where('b.closed_at_ms', 'is', null)
      .where((eb) =>
        eb.or([eb('b.expires_at_ms', '<=', BigInt(nowMs)), eb('b.revoked_at_ms', 'is not', null)]),
      )
      .where(({ or, exists, not, selectFrom }) =>
        or([
          exists(
            selectFrom('vouchers')
              .select('id')
              .whereRef('batch_id', '=', 'b.id')
              .where('redeemed_at_ms', 'is', null)
              .where('claim_payment_id', 'is', null)
              .where('refunded_at_ms', 'is', null),
          ),
          not(
            exists(
              selectFrom('vouchers')
                .select('id')
                .whereRef('batch_id', '=', 'b.id')
                .where('claim_payment_id', 'is not', null),
            ),
          ),
        ]),
      )
      .orderBy('b.expires_at_ms')
      .limit(limit)
      .execute()
  ).map((r) => r.id);

export async function setVoucherCallbackStatus(exec: Exec, voucherId: bigint, status: number): Promise<void> {
  await exec.updateTable('vouchers').set({ callback_status: status }).where('id', '=', voucherId).execute();
}

export async function setEmailStatus(
  exec: Exec,
  batchId: string,
  status: 'success' | 'pending' | 'undefined',
): Promise<void> {
  await exec.updateTable('voucher_batches').set({ email_status: status }).where('id', '=', batchId).execute();
}

/**
 * A page of the account's batches, newest first (index voucher_batches_account), after the keyset
 * `before` (created_at_ms, id) of the previous page's last row.
 */
export async function listAccountBatches(
  exec: Exec,
  accountId: bigint,
  before: { createdAtMs: bigint; id: string } | null,
  limit: number,
): Promise<VoucherBatchRow[]> {
  let q = exec.selectFrom('voucher_batches').selectAll().where('account_id', '=', accountId);
  if (before !== null) {
    q = q.where((eb) =>
      eb.or([
        eb('created_at_ms', '<', before.createdAtMs),
        eb.and([eb('created_at_ms', '=', before.createdAtMs), eb('id', '<', before.id)]),
      ]),
    );
  }
  return q.orderBy('created_at_ms', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Per batch: its vouchers redeemed and still redeemable. */
export async function batchVoucherCounts(
  exec: Exec,
  batchIds: readonly string[],
): Promise<Map<string, { redeemed: number; redeemable: number }>> {
  const out = new Map<string, { redeemed: number; redeemable: number }>();
  if (batchIds.length === 0) return out;
  const rows = await exec
    .selectFrom('vouchers')
    .select((eb) => [
      'batch_id',
      eb.fn.count<bigint>('redeemed_at_ms').as('redeemed'),
      eb.fn
        .sum<bigint>(
          sql<number>`case when redeemed_at_ms is null and claim_payment_id is null and refunded_at_ms is null then 1 else 0 end`,
        )
        .as('redeemable'),
    ])
    .where('batch_id', 'in', batchIds)
    .groupBy('batch_id')
    .execute();
  for (const r of rows)
    out.set(r.batch_id, { redeemed: Number(r.redeemed), redeemable: Number(r.redeemable) });
  return out;
}
