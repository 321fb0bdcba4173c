import { type AnyDb, int64, withId } from './dialect.ts';

/**
 * Delivery records for the outbox: every attempt of a webhook or e-mail, the dev mailbox (where e-mail
 * goes when no SMTP server is configured), and the previous webhook secret kept during a rotation.
 */
export async function up(db: AnyDb): Promise<void> {
  const i64 = int64(db);

  await withId(db, db.schema.createTable('outbox_attempts'))
    .addColumn('outbox_id', i64, (c) => c.notNull().references('outbox.id'))
    .addColumn('started_at_ms', i64, (c) => c.notNull())
    .addColumn('duration_ms', i64, (c) => c.notNull())
    // delivered | retry | failed: what this attempt decided for the row
    .addColumn('outcome', 'text', (c) => c.notNull())
    // HTTP status (webhook) or SMTP reply code (e-mail); null when no answer came
    .addColumn('status', i64)
    .addColumn('error', 'text')
    .addColumn('response_excerpt', 'text')
    .execute();
  await db.schema
    .createIndex('outbox_attempts_row')
    .on('outbox_attempts')
    .columns(['outbox_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('dev_mailbox'))
    // The outbox event id: a message re-sent after a crash is stored once.
    .addColumn('event_id', 'text', (c) => c.notNull().unique())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('created_at_ms', i64, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dev_mailbox_to').on('dev_mailbox').columns(['to_address', 'id']).execute();

  // During a rotation both secrets sign, so receivers can switch without dropping events.
  await db.schema.alterTable('accounts').addColumn('webhook_secret_previous', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('webhook_secret_previous_until_ms', i64).execute();
}
