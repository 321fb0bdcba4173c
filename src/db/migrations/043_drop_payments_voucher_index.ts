import type { AnyDb } from './dialect.ts';

/**
 * Drops migration 008's `payments_voucher` (voucher_id, where not null). No query reads payments by
 * their voucher (EXPLAIN of every payments statement the service makes: none uses it; a claim's
 * payment finds its voucher through `vouchers.claim_payment_id` and `payments.voucher_id` read from the
 * row), and vouchers are never deleted, so the foreign key never looks for the payments of one. Every
 * voucher-claim payment row was written into it for nothing. The indexes that remain, and the queries
 * each serves: docs/architecture.md, "Indexes of payments".
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('payments_voucher').ifExists().execute();
}
