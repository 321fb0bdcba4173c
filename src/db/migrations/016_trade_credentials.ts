import { type AnyDb, int64, withId } from './dialect.ts';

/**
 * Trade API credentials: a public `api_key` and a secret kept only as a keyed hash. A credential is
 * revoked by setting `revoked_at_ms`; every access token names its credential, so revoking it ends
 * them all at once.
 */
export async function up(db: AnyDb): Promise<void> {
  const i64 = int64(db);
  await withId(db, db.schema.createTable('trade_credentials'))
    .addColumn('account_id', i64, (c) => c.notNull().references('accounts.id'))
    .addColumn('api_key', 'text', (c) => c.notNull().unique())
    // HMAC-SHA-256 of the secret under the trade key; the secret itself is shown once and never stored.
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at_ms', i64, (c) => c.notNull())
    .addColumn('last_used_at_ms', i64)
    .addColumn('revoked_at_ms', i64)
    .execute();
  await db.schema
    .createIndex('trade_credentials_account')
    .on('trade_credentials')
    .columns(['account_id', 'id'])
    .execute();
}
