import { type AnyDb, int64, withId } from './dialect.ts';

/**
 * What the LNURL-pay callback keeps about an invoice it issued, beside the payment row (which stays as
 * narrow as it was: it is read on every payment): the preimage the service chose for the invoice (so the
 * LUD-21 `verify` URL can show it once paid) and, for a zap, the NIP-57 zap request (kind 9734) exactly as
 * received, whose SHA-256 the invoice's description hash is and which the zap receipt carries. And the
 * Nostr identity an account may publish under its usertag (NIP-05 `/.well-known/nostr.json`).
 */
export async function up(db: AnyDb): Promise<void> {
  const i64 = int64(db);
  await withId(db, db.schema.createTable('lnurl_invoices'))
    .addColumn('payment_id', i64, (c) => c.notNull().unique().references('payments.id'))
    // 64 lowercase hex digits; null when the backend chose its own preimage.
    .addColumn('preimage', 'text')
    // The kind 9734 event as the payer sent it (its exact text); null for a plain LNURL-pay invoice.
    .addColumn('zap_request', 'text')
    // JSON array: the relays its zap receipt goes to (checked and bounded when the request came).
    .addColumn('zap_relays', 'text')
    .addColumn('created_at_ms', i64, (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable('nostr_identities'))
    .addColumn('account_id', i64, (c) => c.notNull().unique().references('accounts.id'))
    // x-only public key, 64 lowercase hex digits (NIP-05 serves hex, never npub).
    .addColumn('pubkey', 'text', (c) => c.notNull())
    // JSON array of relay URLs (wss://), served as the NIP-05 `relays` of that key.
    .addColumn('relays', 'text', (c) => c.notNull())
    .addColumn('updated_at_ms', i64, (c) => c.notNull())
    .execute();
}
