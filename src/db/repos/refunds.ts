import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';
import { prepare } from '../prepared.ts';
import type { DB } from '../schema.ts';

/**
 * Query module of refunds: a refund is a one-voucher batch linked to the payment it refunds
 * (voucher_batches.refund_of_payment_id, migration 029). Functions taking `trx` run inside the caller's
 * write unit.
 */

type Exec = Kysely<DB>;

/**
 * Locks the payment's row for the rest of the unit, so concurrent refunds of one payment sum and insert
 * one after the other, and answers what it received as of now. SQLite serialises whole write units
 * already; PostgreSQL takes the row lock.
 */
export async function lockPaymentForRefund(trx: Exec, paymentId: bigint) {
  const q = trx
    .selectFrom('payments')
    .select(['direction', 'wallet', 'status', 'amount_msat', 'received_units'])
    .where('id', '=', paymentId);
  return (isPostgres(trx) ? q.forUpdate() : q).executeTakeFirstOrThrow();
}

/**
 * What the payment's refunds hold or paid out: the amounts of its refund batches whose voucher has not
 * gone back to the merchant (open, being claimed, or claimed; not cancelled, not expired: an expired one
 * the sweeper has not yet returned counts no more).
 */
export async function refundedMsat(exec: Exec, paymentId: bigint, nowMs: number): Promise<bigint> {
  const r = await exec
    .selectFrom('voucher_batches as b')
    .innerJoin('vouchers as v', 'v.batch_id', 'b.id')
    .select(sql<bigint | null>`CAST(SUM(b.amount_msat) AS BIGINT)`.as('total'))
    .where('b.refund_of_payment_id', '=', paymentId)
    .where('v.refunded_at_ms', 'is', null)
    // Expired and not claimed: no longer claimable, its escrow on its way back (the sweeper's next round).
    .where((eb) =>
      eb.or([
        eb('v.redeemed_at_ms', 'is not', null),
        eb('v.claim_payment_id', 'is not', null),
        eb('b.expires_at_ms', '>', BigInt(nowMs)),
      ]),
    )
    .executeTakeFirstOrThrow();
  return r.total === null ? 0n : BigInt(r.total);
}

export interface RefundRow {
  batchId: string;
  accountId: bigint;
  paymentId: bigint;
  /** The refunded payment's string tid. */
  paymentTid: string;
  amountMsat: bigint;
  code: string;
  createdAtMs: bigint;
  expiresAtMs: bigint;
  revokedAtMs: bigint | null;
  redeemedAtMs: bigint | null;
  redeemedMode: string | null;
  claimPaymentId: bigint | null;
  refundedAtMs: bigint | null;
}

const refundColumns = [
  'b.id as batchId',
  'b.account_id as accountId',
  'p.id as paymentId',
  'p.public_id as paymentTid',
  'b.amount_msat as amountMsat',
  'v.code as code',
  'b.created_at_ms as createdAtMs',
  'b.expires_at_ms as expiresAtMs',
  'b.revoked_at_ms as revokedAtMs',
  'v.redeemed_at_ms as redeemedAtMs',
  'v.redeemed_mode as redeemedMode',
  'v.claim_payment_id as claimPaymentId',
  'v.refunded_at_ms as refundedAtMs',
] as const;

// Every checkPayment of an incoming payment reads its refunds (most have none): prepared, as the
// payment read beside it is.
const refundsOf = prepare<{ paymentId: bigint; limit: number }, RefundRow>((db, p) =>
  db
    .selectFrom('voucher_batches as b')
    .innerJoin('vouchers as v', 'v.batch_id', 'b.id')
    .innerJoin('payments as p', 'p.id', 'b.refund_of_payment_id')
    .select(refundColumns)
    .where('b.refund_of_payment_id', '=', p('paymentId'))
    // The voucher's id grows with each insert: creation order, even within one millisecond.
    .orderBy('v.id')
    .limit(p('limit')),
);

// Whether the payment has any refund: one probe of the partial index of refund batches (it holds refund
// batches only).
const anyRefundOf = prepare<{ paymentId: bigint }, { one: number }>((db, p) =>
  db
    .selectFrom('voucher_batches')
    .select(sql<number>`1`.as('one'))
    .where('refund_of_payment_id', '=', p('paymentId'))
    .limit(1),
);

/**
 * The payment's refunds, oldest first (at most `limit`). Most payments have none, and checkPayment asks
 * on every call: the probe answers that for about a third of what the join and its sort cost (which was
 * the costliest statement of a checkPayment, above the payment's own read).
 */
export async function listRefundsOf(exec: Exec, paymentId: bigint, limit: number): Promise<RefundRow[]> {
  if ((await anyRefundOf.first(exec, { paymentId })) === undefined) return [];
  return refundsOf.all(exec, { paymentId, limit });
}

/** One refund by its batch id; undefined for an unknown id or an ordinary voucher batch. */
export function findRefund(exec: Exec, batchId: string): Promise<RefundRow | undefined> {
  return exec
    .selectFrom('voucher_batches as b')
    .innerJoin('vouchers as v', 'v.batch_id', 'b.id')
    .innerJoin('payments as p', 'p.id', 'b.refund_of_payment_id')
    .select(refundColumns)
    .where('b.id', '=', batchId)
    .executeTakeFirst();
}

/**
 * The payment's refunds the payer can still claim (not claimed, no claim under way, not cancelled, not
 * expired), newest first: the batch ids and amounts.
 */
export async function listOpenRefunds(
  exec: Exec,
  paymentId: bigint,
  nowMs: number,
): Promise<{ batchId: string; amountMsat: bigint }[]> {
  return exec
    .selectFrom('voucher_batches as b')
    .innerJoin('vouchers as v', 'v.batch_id', 'b.id')
    .select(['b.id as batchId', 'b.amount_msat as amountMsat'])
    .where('b.refund_of_payment_id', '=', paymentId)
    .where('b.revoked_at_ms', 'is', null)
    .where('b.expires_at_ms', '>', BigInt(nowMs))
    .where('v.redeemed_at_ms', 'is', null)
    .where('v.claim_payment_id', 'is', null)
    .where('v.refunded_at_ms', 'is', null)
    .orderBy('v.id', 'desc')
    .execute();
}

/** True when the payment was ever refunded (a refund batch links to it, claimed, open or gone back). */
export async function paymentWasRefunded(exec: Exec, paymentId: bigint): Promise<boolean> {
  const r = await exec
    .selectFrom('voucher_batches')
    .select('id')
    .where('refund_of_payment_id', '=', paymentId)
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}
