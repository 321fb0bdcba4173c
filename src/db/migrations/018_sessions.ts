import { type AnyDb, int64, withId } from './dialect.ts';

/**
 * Dashboard sign-in sessions. The browser holds a random token in a cookie; only its keyed hash is kept,
 * so a copy of the database opens no session. A session ends at sign-out, at the end of every session of
 * its account (password change, sign-out everywhere, an operator's disable), after being idle too long, or
 * at its absolute end, whichever comes first. Also the indexes of the dashboard's filtered payment
 * history.
 */
export async function up(db: AnyDb): Promise<void> {
  const i64 = int64(db);
  await withId(db, db.schema.createTable('sessions'))
    .addColumn('account_id', i64, (c) => c.notNull().references('accounts.id'))
    // HMAC of the cookie's token; the token itself is never stored.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at_ms', i64, (c) => c.notNull())
    // Moved forward as the session is used (at most once a minute); idle expiry counts from it.
    .addColumn('last_seen_at_ms', i64, (c) => c.notNull())
    // The absolute end, fixed at sign-in.
    .addColumn('expires_at_ms', i64, (c) => c.notNull())
    .addColumn('ended_at_ms', i64)
    // The client address and browser it was opened from, for the account holder's list.
    .addColumn('created_from', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // Ending every open session of an account.
  await db.schema
    .createIndex('sessions_account')
    .on('sessions')
    .columns(['account_id', 'ended_at_ms'])
    .execute();
  // The sweeper deletes sessions long past their end.
  await db.schema.createIndex('sessions_expiry').on('sessions').column('expires_at_ms').execute();

  // The dashboard's payment history filters by direction or status and pages by keyset: each filter has
  // an index that starts with the account and ends in the page order, so a page is one range read.
  await db.schema
    .createIndex('payments_history_direction')
    .on('payments')
    .columns(['account_id', 'direction', 'created_at_ms desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('payments_history_status')
    .on('payments')
    .columns(['account_id', 'status', 'created_at_ms desc', 'id desc'])
    .execute();
}
