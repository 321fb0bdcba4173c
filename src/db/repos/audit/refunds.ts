import { type Kysely, sql } from 'kysely';
import type { DB } from '../../schema.ts';

/** The audit's queries of refunds (`paytag audit`, app/refunds/hooks.ts): read-only. */

type Exec = Kysely<DB>;

export interface OverRefund {
  paymentId: bigint;
  receivedMsat: bigint;
  refundedMsat: bigint;
}

/**
 * Payments whose refunds (every linked batch whose voucher did not go back to the merchant) add up to
 * more than the payment received, or that are refunded without being a paid incoming payment.
 */
export async function findOverRefundedPayments(exec: Exec, limit: number): Promise<OverRefund[]> {
  const r = await sql<{ id: bigint; received: bigint; refunded: bigint }>`
    SELECT p.id, p.amount_msat AS received, x.refunded FROM (
      SELECT b.refund_of_payment_id AS payment_id, CAST(SUM(b.amount_msat) AS BIGINT) AS refunded
        FROM voucher_batches b JOIN vouchers v ON v.batch_id = b.id
       WHERE b.refund_of_payment_id IS NOT NULL AND v.refunded_at_ms IS NULL
       GROUP BY b.refund_of_payment_id
    ) x JOIN payments p ON p.id = x.payment_id
    WHERE x.refunded > p.amount_msat OR p.direction <> 'in' OR p.status <> 'paid'
    LIMIT ${limit}`.execute(exec);
  return r.rows.map((m) => ({
    paymentId: BigInt(m.id),
    receivedMsat: BigInt(m.received),
    refundedMsat: BigInt(m.refunded),
  }));
}

/** Refund batches of another account than the payment's receiver, or of more than one voucher. */
export async function findMislinkedRefunds(exec: Exec, limit: number): Promise<string[]> {
  const r = await sql<{ id: string }>`
    SELECT b.id FROM voucher_batches b JOIN payments p ON p.id = b.refund_of_payment_id
     WHERE b.account_id <> p.account_id OR b.voucher_count <> 1
     LIMIT ${limit}`.execute(exec);
  return r.rows.map((m) => m.id);
}
