import { type AnyDb, int64, isPostgres, sql, withId } from './dialect.ts';

const BEFORE = "purpose in ('send', 'receive', 'voucher_claim')";
const AFTER = "purpose in ('send', 'receive', 'voucher_claim', 'payout')";

/**
 * Batch Lightning payouts (docs/payouts.md): a batch of up to PAYOUT_MAX_ITEMS items, funded at once into
 * the `payout_escrow` system account; each item is paid by an outgoing payment of purpose `payout`.
 *
 * `payments.purpose` gets the value `payout`: PostgreSQL replaces the CHECK, SQLite rebuilds the table
 * as migration 026 does (SQLite cannot alter a CHECK).
 *
 * An item is `queued`, then `paying` (claimed by one worker until `lease_until_ms`; `payment_id` is set
 * in the write unit that inserts its payment, so a payment exists exactly when it is set), then `paid`
 * or `failed`, each once (`ended_at_ms`).
 */
export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table payments drop constraint payments_purpose_check`.execute(db);
    await sql.raw(`alter table payments add constraint payments_purpose_check check (${AFTER})`).execute(db);
  } else {
    await rebuildSqlitePayments(db);
  }
  const i64 = int64(db);
  await withId(db, db.schema.createTable('payout_batches'))
    // 16 characters [a-z0-9]: the batch's id on the API.
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', i64, (c) => c.notNull().references('accounts.id'))
    .addColumn('item_count', i64, (c) => c.notNull())
    // What the funding moved into the escrow: Σ (amount + service fee + GST + fee reserve) of the items.
    .addColumn('reserved_msat', i64, (c) => c.notNull())
    .addColumn('callback_url', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'done')`))
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text')
    .addColumn('created_at_ms', i64, (c) => c.notNull())
    .addColumn('done_at_ms', i64)
    .execute();
  await db.schema
    .createIndex('payout_batches_account')
    .on('payout_batches')
    .columns(['account_id', 'id'])
    .execute();
  await db.schema
    .createIndex('payout_batches_idempotency')
    .on('payout_batches')
    .columns(['account_id', 'idempotency_key'])
    .unique()
    .where(sql.ref('idempotency_key'), 'is not', null)
    .execute();

  await withId(db, db.schema.createTable('payout_items'))
    .addColumn('batch_id', i64, (c) => c.notNull().references('payout_batches.id'))
    .addColumn('position', i64, (c) => c.notNull())
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('destination_kind', 'text', (c) =>
      c.notNull().check(sql`destination_kind in ('usertag', 'invoice', 'lnurl')`),
    )
    .addColumn('amount_msat', i64, (c) => c.notNull())
    .addColumn('service_fee_msat', i64, (c) => c.notNull())
    .addColumn('gst_fee_msat', i64, (c) => c.notNull())
    .addColumn('service_fee_ppm', i64, (c) => c.notNull())
    .addColumn('fee_reserve_msat', i64, (c) => c.notNull())
    .addColumn('fiat_currency', 'text')
    .addColumn('fiat_value', 'text')
    .addColumn('memo', 'text')
    .addColumn('reference', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('queued', 'paying', 'paid', 'failed')`),
    )
    .addColumn('lease_until_ms', i64)
    .addColumn('attempts', i64, (c) => c.notNull().defaultTo(0))
    // The outgoing payment (payments.id); one item per payment.
    .addColumn('payment_id', i64, (c) => c.unique())
    .addColumn('error_code', 'text')
    .addColumn('error', 'text')
    .addColumn('ended_at_ms', i64)
    .addUniqueConstraint('payout_items_batch_position', ['batch_id', 'position'])
    .execute();
  // The worker's pick: items not yet ended, a partial index that holds only those.
  await db.schema
    .createIndex('payout_items_open')
    .on('payout_items')
    .columns(['status', 'lease_until_ms'])
    .where(sql.ref('ended_at_ms'), 'is', null)
    .execute();
}

async function rebuildSqlitePayments(db: AnyDb): Promise<void> {
  const table = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = 'payments'
  `.execute(db);
  const ddl = table.rows[0]?.sql ?? '';
  if (!ddl.startsWith('CREATE TABLE "payments" (') || ddl.split(BEFORE).length !== 2) {
    throw new Error('031: the payments table is not as migration 030 left it');
  }
  const indexes = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'index' and tbl_name = 'payments' and sql is not null
  `.execute(db);
  const copy = ddl
    .replace('CREATE TABLE "payments" (', 'CREATE TABLE "payments_031" (')
    .replace(BEFORE, AFTER);
  // Outside a transaction: the pragma is a no-op inside one (see 026).
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      await sql.raw(copy).execute(db);
      await sql`insert into payments_031 select * from payments`.execute(db);
      await sql`drop table payments`.execute(db);
      await sql`alter table payments_031 rename to payments`.execute(db);
      for (const i of indexes.rows) await sql.raw(i.sql).execute(db);
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error('031: a foreign key no longer holds after the rebuild');
      await sql`commit`.execute(db);
    } catch (e) {
      await sql`rollback`.execute(db);
      throw e;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
