import { type AnyDb, int64, sql, zero } from './dialect.ts';

/**
 * Lightning payments, both directions. One row per payment as its owner sees it: a usertag send writes
 * an `out` row for the sender and an `in` row for the receiver.
 */
export async function up(db: AnyDb): Promise<void> {
  const i64 = int64(db);
  await db.schema
    .createTable('payments')
    // Random (< 2^53, never sequential): the pro variant's integer tid. Deliberately not the primary
    // key: on SQLite that would make it the rowid, and rows inserted at random places in the table's
    // B-tree dirty a different page per payment; with a separate unique index rows append in order.
    .addColumn('id', i64, (c) => c.notNull().unique())
    // 16 characters [a-z0-9]: the standard variant's tid and the hosted checkout path.
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', i64, (c) => c.notNull().references('accounts.id'))
    // The account whose key created the row (differs from account_id for receive with receiver_usertag).
    .addColumn('requester_account_id', i64, (c) => c.notNull().references('accounts.id'))
    .addColumn('direction', 'text', (c) => c.notNull().check(sql`direction in ('in', 'out')`))
    // internal: settled inside the ledger; lightning: through the Lightning backend.
    .addColumn('route', 'text', (c) => c.notNull().check(sql`route in ('internal', 'lightning')`))
    .addColumn('amount_msat', i64, (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'paid', 'declined', 'undefined')`),
    )
    .addColumn('payment_hash', 'text')
    .addColumn('payreq', 'text')
    .addColumn('invoice_type', 'text')
    .addColumn('invoice_expires_at_ms', i64)
    .addColumn('counterpart_id', i64)
    .addColumn('receiver_usertag', 'text')
    .addColumn('description', 'text')
    .addColumn('callback_url', 'text')
    .addColumn('callback_status', i64)
    .addColumn('success_url', 'text')
    .addColumn('hosted_checkout_expiry_ms', i64)
    .addColumn('customer_name', 'text')
    .addColumn('order_id', 'text')
    .addColumn('fiat_currency', 'text')
    .addColumn('fiat_value', 'text')
    .addColumn('extra', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('network_fee_msat', i64, zero)
    .addColumn('fee_reserve_msat', i64, zero)
    .addColumn('service_fee_msat', i64, zero)
    .addColumn('service_fee_ppm', i64, zero)
    .addColumn('gst_fee_msat', i64, zero)
    .addColumn('preimage', 'text')
    .addColumn('failure_reason', 'text')
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text')
    .addColumn('created_at_ms', i64, (c) => c.notNull())
    .addColumn('paid_at_ms', i64)
    .addColumn('updated_at_ms', i64, (c) => c.notNull())
    .execute();
  // History: newest first per account, O(limit).
  await db.schema
    .createIndex('payments_history')
    .on('payments')
    .columns(['account_id', 'created_at_ms desc', 'id desc'])
    .execute();
  // Settlement events are idempotent by payment hash: one incoming payment per hash.
  await db.schema
    .createIndex('payments_in_hash')
    .on('payments')
    .column('payment_hash')
    .unique()
    .where((eb) => eb.and([eb(sql.ref('direction'), '=', 'in'), eb(sql.ref('payment_hash'), 'is not', null)]))
    .execute();
  await db.schema
    .createIndex('payments_out_hash')
    .on('payments')
    .column('payment_hash')
    .where((eb) =>
      eb.and([eb(sql.ref('direction'), '=', 'out'), eb(sql.ref('payment_hash'), 'is not', null)]),
    )
    .execute();
  // An invoice is paid at most once: at most one outgoing payment per hash that is paid or under way
  // (a declined attempt may be retried). Checked in the send's write unit too; this decides races.
  await db.schema
    .createIndex('payments_out_hash_live')
    .on('payments')
    .column('payment_hash')
    .unique()
    .where((eb) =>
      eb.and([
        eb(sql.ref('direction'), '=', 'out'),
        eb(sql.ref('payment_hash'), 'is not', null),
        eb(sql.ref('status'), 'in', ['pending', 'paid']),
      ]),
    )
    .execute();
  // Idempotency-Key: unique per requesting account. Partial: most payments carry no key, and (like the
  // hash indexes) an index entry per NULL would only slow every insert.
  await db.schema
    .createIndex('payments_idempotency')
    .on('payments')
    .columns(['requester_account_id', 'idempotency_key'])
    .unique()
    .where(sql.ref('idempotency_key'), 'is not', null)
    .execute();
  // Sweepers: pending invoices by expiry, pending outgoing payments. Partial, so it holds only the few
  // open rows; queries name status = 'pending' as a literal so both planners can use it.
  await db.schema
    .createIndex('payments_open')
    .on('payments')
    .columns(['direction', 'invoice_expires_at_ms'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();
}
