import { type AnyDb, int64, sql, zero } from './dialect.ts';

/**
 * Spot orders (a broker against the price feed) and the INR ledger asset BTC-INR is quoted in. Every
 * account gets its `inr` ledger account here (new accounts get it when opened; the system accounts'
 * are created at start-up like every missing one).
 */
export async function up(db: AnyDb): Promise<void> {
  const i64 = int64(db);
  await db.schema
    .createTable('orders')
    // The public id (`tid`).
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', i64, (c) => c.notNull().references('accounts.id'))
    // buy | sell
    .addColumn('side', 'text', (c) => c.notNull())
    // market | limit
    .addColumn('order_type', 'text', (c) => c.notNull())
    // Ledger asset codes: what is traded, what it is paid in.
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('quote', 'text', (c) => c.notNull())
    // In the asset's ledger units.
    .addColumn('amount_units', i64, (c) => c.notNull())
    // The order's price × 10^8: a limit order's limit, a market order's execution price.
    .addColumn('price_e8', i64, (c) => c.notNull())
    .addColumn('executed_price_e8', i64)
    .addColumn('fee_ppm', i64, (c) => c.notNull())
    // Settlement amounts (zero until executed): fee in the asset, received and paid in their assets.
    .addColumn('fee_units', i64, zero)
    .addColumn('received_units', i64, zero)
    .addColumn('paid_units', i64, zero)
    // What a resting order holds by its pending transfer (`order:<id>:reserve`); 0 for market orders.
    .addColumn('reserved_units', i64, zero)
    // open | filled | cancelled
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('receiver_email', 'text')
    .addColumn('email_status', 'text', (c) => c.notNull().defaultTo('undefined'))
    // JSON array given by the caller.
    .addColumn('extra', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('client_order_id', 'text')
    .addColumn('request_hash', 'text')
    .addColumn('created_at_ms', i64, (c) => c.notNull())
    .addColumn('executed_at_ms', i64)
    .addColumn('revoked_at_ms', i64)
    .execute();
  // client_order_id is the idempotency key, per account.
  await db.schema
    .createIndex('orders_client_order_id')
    .on('orders')
    .columns(['account_id', 'client_order_id'])
    .unique()
    .where(sql.ref('client_order_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('orders_account')
    .on('orders')
    .columns(['account_id', 'created_at_ms'])
    .execute();
  // The matcher reads the resting orders of a pair only.
  await db.schema
    .createIndex('orders_open')
    .on('orders')
    .columns(['asset', 'quote', 'side', 'price_e8'])
    .where(sql.ref('status'), '=', 'open')
    .execute();

  const nowMs = Date.now();
  await sql`
    INSERT INTO ledger_accounts (owner_account_id, system_code, asset, flags, created_at_ms)
    SELECT a.id, NULL, 'inr', 1, ${nowMs} FROM accounts a
    WHERE NOT EXISTS (
      SELECT 1 FROM ledger_accounts l WHERE l.owner_account_id = a.id AND l.asset = 'inr'
    )`.execute(db);
}
