import { type AnyDb, sql } from './dialect.ts';

/**
 * A btc on-chain request paid through its invoice (the unified QR's Lightning part) counts what the
 * invoice brought in `received_units`, beside its deposits, and its route says how it was paid
 * (db/repos/payments.ts `addInvoiceReceiptToRequest`). The requests paid so before: by another node
 * (route still `chain`, the Lightning credit `pay:<id>:in` booked) become `lightning`; those paid inside
 * the ledger are `internal` already. Both get their amount added to `received_units`, and `paid_over`
 * when they had received part on chain before.
 */
export async function up(db: AnyDb): Promise<void> {
  await sql`
    UPDATE payments SET route = 'lightning'
     WHERE wallet = 'btc' AND payment_mode = 'onchain' AND route = 'chain' AND status = 'paid'
       AND EXISTS (SELECT 1 FROM ledger_transfers t WHERE t.id = 'pay:' || payments.id || ':in')
  `.execute(db);
  await sql`
    UPDATE payments
       SET exception = CASE WHEN exception IS NULL AND received_units > 0 THEN 'paid_over' ELSE exception END,
           received_units = received_units + amount_msat
     WHERE wallet = 'btc' AND payment_mode = 'onchain' AND status = 'paid'
       AND route IN ('lightning', 'internal')
  `.execute(db);
}
