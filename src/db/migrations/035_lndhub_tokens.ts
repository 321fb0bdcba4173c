import { type AnyDb, int64, sql, withId } from './dialect.ts';

/**
 * Access and refresh tokens of the LNDhub facade (/lndhub/ext/). A client signs in with one of the
 * account's API keys (`login` invoice or admin, the key as `password`) and gets two random tokens; only
 * their keyed hashes are kept, each bound to the key row it came from, so revoking or rotating that key
 * (or disabling the account) ends them at once: every use joins the key and the account.
 */
export async function up(db: AnyDb): Promise<void> {
  const i64 = int64(db);
  await withId(db, db.schema.createTable('lndhub_tokens'))
    .addColumn('api_key_id', i64, (c) => c.notNull().references('api_keys.id'))
    // 'access' (sent as Authorization: Bearer) or 'refresh' (exchanged once for a new pair).
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('access', 'refresh')`))
    // What the token may do: 'invoice' (read and receive) or 'admin' (also pay). At most the key's kind:
    // an admin key signed in with login 'invoice' gives receive-only tokens.
    .addColumn('scope', 'text', (c) => c.notNull().check(sql`scope IN ('invoice', 'admin')`))
    // HMAC of the token under the service's key; the token itself is never stored.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at_ms', i64, (c) => c.notNull())
    .addColumn('expires_at_ms', i64, (c) => c.notNull())
    .execute();
  // A key's tokens: the cap on live sign-ins per key trims the oldest; the foreign key's lookups.
  await db.schema
    .createIndex('lndhub_tokens_key')
    .on('lndhub_tokens')
    .columns(['api_key_id', 'id'])
    .execute();
  // The sweeper deletes tokens past their end.
  await db.schema.createIndex('lndhub_tokens_expiry').on('lndhub_tokens').column('expires_at_ms').execute();
}
