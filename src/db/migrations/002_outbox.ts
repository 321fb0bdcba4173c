import { type AnyDb, int64, withId, zero } from './dialect.ts';

/** Side effects (webhooks, e-mails) written in the same transaction as the state change that causes them. */
export async function up(db: AnyDb): Promise<void> {
  const i64 = int64(db);
  await withId(db, db.schema.createTable('outbox'))
    .addColumn('kind', 'text', (c) => c.notNull()) // webhook | email
    .addColumn('event_id', 'text', (c) => c.notNull().unique()) // stable across retries (webhook-id)
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('account_id', i64, (c) => c.references('accounts.id'))
    .addColumn('destination', 'text', (c) => c.notNull()) // URL or e-mail address
    .addColumn('payload', 'text', (c) => c.notNull()) // the exact body (webhook) or the message as JSON (email)
    .addColumn('target_kind', 'text') // what to report delivery status to, e.g. payment, voucher_item
    .addColumn('target_id', 'text')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending')) // pending | delivered | failed
    .addColumn('attempts', i64, zero)
    .addColumn('next_attempt_at_ms', i64, (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until_ms', i64)
    .addColumn('last_status', i64)
    .addColumn('last_error', 'text')
    .addColumn('created_at_ms', i64, (c) => c.notNull())
    .addColumn('delivered_at_ms', i64)
    .execute();
  await db.schema.createIndex('outbox_due').on('outbox').columns(['state', 'next_attempt_at_ms']).execute();
  await db.schema.createIndex('outbox_account').on('outbox').columns(['account_id', 'id']).execute();
}
