import { type AnyDb, int64, sql, withId } from './dialect.ts';

/**
 * Nostr Wallet Connect (NIP-47). A connection lets the holder of a client key call the account's wallet
 * through Nostr: the service generates the client's secret, shows it once in the connection URI and keeps
 * only its public key, by which a signed request finds its connection. Every request taken is a row whose
 * event id is unique: the idempotency key, so a request delivered twice (or to two instances) is handled
 * once and a duplicate is answered with the response kept.
 */
export async function up(db: AnyDb): Promise<void> {
  const i64 = int64(db);
  await withId(db, db.schema.createTable('nwc_connections'))
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', i64, (c) => c.notNull().references('accounts.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    // x-only public key (64 hex) of the secret handed out in the URI; the secret itself is not kept.
    .addColumn('client_pubkey', 'text', (c) => c.notNull().unique())
    // The NIP-47 methods it may call, space-separated.
    .addColumn('methods', 'text', (c) => c.notNull())
    // The most one payment may be (msat); null: no per-payment cap.
    .addColumn('max_amount_msat', i64)
    // What the payments of one renewal period may add up to (msat, fee reserves and fees included).
    .addColumn('budget_msat', i64)
    // The budget's period, a UTC calendar period; 'total' never renews.
    .addColumn('budget_renewal', 'text', (c) =>
      c.notNull().check(sql`budget_renewal IN ('daily', 'weekly', 'monthly', 'yearly', 'total')`),
    )
    .addColumn('expires_at_ms', i64)
    .addColumn('revoked_at_ms', i64)
    .addColumn('created_at_ms', i64, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('nwc_connections_account')
    .on('nwc_connections')
    .columns(['account_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('nwc_requests'))
    // The request event's id (64 hex): unique, the idempotency key.
    .addColumn('event_id', 'text', (c) => c.notNull().unique())
    .addColumn('connection_id', i64, (c) => c.notNull().references('nwc_connections.id'))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('created_at_ms', i64, (c) => c.notNull())
    // The outgoing payment a pay_invoice made: what the budget counts (paid and pending).
    .addColumn('payment_id', i64)
    // The signed response event (JSON), republished when the request arrives again.
    .addColumn('response_event', 'text')
    .addColumn('answered_at_ms', i64)
    .execute();
  // The budget sums a connection's payments since the period's start.
  await db.schema
    .createIndex('nwc_requests_connection_time')
    .on('nwc_requests')
    .columns(['connection_id', 'created_at_ms'])
    .execute();
}
