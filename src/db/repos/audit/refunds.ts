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
 * Payments whose refunds (every linked batch whose voucher did not go back to the merchant and that is
 * claimed, being claimed or not yet expired; as db/repos/refunds.ts `refundedMsat`) add up to
 * more than the payment received. What a payment received is domain/refunds.ts `receivedMsat`, restated
 * here: an ended btc request's credited deposits, a paid one's amount otherwise, nothing for a sent, a
 * USDT or a pending payment (a paid on-chain payment whose deposit was reorganised away shows here).
 */
export async function findOverRefundedPayments(
  exec: Exec,
  nowMs: number,
  limit: number,
): Promise<OverRefund[]> {
  const r = await sql<{ id: bigint; received: bigint; refunded: bigint }>`
    SELECT id, received, refunded FROM (
      SELECT p.id, x.refunded, CASE
          WHEN p.direction <> 'in' OR p.wallet = 'usdt' OR p.status = 'pending' THEN 0
          WHEN p.wallet = 'btc' AND p.received_units > 0 THEN p.received_units
          WHEN p.status = 'paid' THEN p.amount_msat
          ELSE 0 END AS received
      FROM (
        SELECT b.refund_of_payment_id AS payment_id, CAST(SUM(b.amount_msat) AS BIGINT) AS refunded
          FROM voucher_batches b JOIN vouchers v ON v.batch_id = b.id
         WHERE b.refund_of_payment_id IS NOT NULL AND v.refunded_at_ms IS NULL
           AND (v.redeemed_at_ms IS NOT NULL OR v.claim_payment_id IS NOT NULL OR b.expires_at_ms > ${nowMs})
         GROUP BY b.refund_of_payment_id
      ) x JOIN payments p ON p.id = x.payment_id
    ) y
    WHERE refunded > received
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
