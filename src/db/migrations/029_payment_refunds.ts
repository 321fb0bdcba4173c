import { type AnyDb, int64, sql } from './dialect.ts';

/**
 * Refunds of received payments: a refund is a one-voucher batch whose escrow comes from the merchant's
 * Lightning balance, linked here to the payment it refunds. What a payment has refunded is the sum of
 * its linked batches whose voucher has not gone back to the merchant (cancelled or expired); the refund
 * use case locks the payment's row while it sums and inserts, so concurrent refunds add up.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('voucher_batches')
    .addColumn('refund_of_payment_id', int64(db), (c) => c.references('payments.id'))
    .execute();
  // The payment record's refunds, the refunded sum and the audit: a partial index of refund batches only.
  await db.schema
    .createIndex('voucher_batches_refund_of')
    .on('voucher_batches')
    .column('refund_of_payment_id')
    .where(sql.ref('refund_of_payment_id'), 'is not', null)
    .execute();
}
