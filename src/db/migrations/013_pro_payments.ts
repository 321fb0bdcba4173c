import { type AnyDb, int64, sql, withId, zero } from './dialect.ts';

/**
 * The pro variant (`/sapi`): on-chain requests in btc and usdt, and the payer's and payee's statuses.
 *
 * New payment columns (every existing row is a Lightning request or send in lbtc):
 *   wallet            lbtc | btc | usdt: the asset the request is for
 *   payment_mode      lightning | onchain: how the payer is asked to pay
 *   chain_network     BTC | ERC20 | BEP20 | MATIC for an on-chain request, else null
 *   chain_address     the fresh address of an on-chain request (also in chain_addresses), else null
 *   amount_units      the requested amount in the wallet's ledger unit (msat for lbtc and btc, 10^-6
 *                     USDT for usdt); equal to amount_msat for lbtc rows (backfilled here)
 *   received_units    what arrived on chain so far, same unit (an underpayment keeps the request pending)
 *   status_payer      undefined | pending | declined | paid: what the payer says on the hosted checkout
 *   status_payee      the same four values: what the payee says (updateStatus); neither moves money
 *   transaction_hash  an on-chain hash the payer (or payee) submitted: a claim, never a credit
 *
 * `chain_addresses`: every address handed out, one row each, written in the same write unit as its
 * payment. `derivation_index` is the `i` of `m/84'/coin'/account'/0/i` (asset btc) or `m/44'/60'/0'/0/i`
 * (asset usdt, the same address on every EVM network). Indexes come from `chain_address_counters`, one
 * row per key chain (`btc`, `evm`) bumped inside that write unit: the row lock (PostgreSQL) or the single
 * writer (SQLite) serialises allocations across instances, a rolled-back write gives its index back
 * unseen, and a committed one is never handed out again. `watch_until_ms` is when the watcher stops
 * polling the address (late deposits are still found by a rescan).
 */
export async function up(db: AnyDb): Promise<void> {
  const i64 = int64(db);
  const status = (name: string) => sql`${sql.ref(name)} in ('undefined', 'pending', 'declined', 'paid')`;
  await db.schema
    .alterTable('payments')
    .addColumn('wallet', 'text', (c) =>
      c.notNull().defaultTo('lbtc').check(sql`wallet in ('lbtc', 'btc', 'usdt')`),
    )
    .execute();
  await db.schema
    .alterTable('payments')
    .addColumn('payment_mode', 'text', (c) =>
      c.notNull().defaultTo('lightning').check(sql`payment_mode in ('lightning', 'onchain')`),
    )
    .execute();
  await db.schema
    .alterTable('payments')
    .addColumn('chain_network', 'text', (c) =>
      c.check(sql`chain_network is null or chain_network in ('BTC', 'ERC20', 'BEP20', 'MATIC')`),
    )
    .execute();
  await db.schema.alterTable('payments').addColumn('chain_address', 'text').execute();
  await db.schema.alterTable('payments').addColumn('amount_units', i64, zero).execute();
  await db.schema.alterTable('payments').addColumn('received_units', i64, zero).execute();
  await db.schema
    .alterTable('payments')
    .addColumn('status_payer', 'text', (c) =>
      c.notNull().defaultTo('undefined').check(status('status_payer')),
    )
    .execute();
  await db.schema
    .alterTable('payments')
    .addColumn('status_payee', 'text', (c) =>
      c.notNull().defaultTo('undefined').check(status('status_payee')),
    )
    .execute();
  await db.schema.alterTable('payments').addColumn('transaction_hash', 'text').execute();
  await db.updateTable('payments').set({ amount_units: sql`amount_msat` }).execute();
  // Pro history filtered by wallet: newest first per account and wallet.
  await db.schema
    .createIndex('payments_history_wallet')
    .on('payments')
    .columns(['account_id', 'wallet', 'created_at_ms desc', 'id desc'])
    .execute();

  await withId(db, db.schema.createTable('chain_addresses'))
    .addColumn('network', 'text', (c) =>
      c.notNull().check(sql`network in ('BTC', 'ERC20', 'BEP20', 'MATIC')`),
    )
    .addColumn('asset', 'text', (c) => c.notNull().check(sql`asset in ('btc', 'usdt')`))
    .addColumn('address', 'text', (c) => c.notNull().unique())
    .addColumn('derivation_index', i64, (c) => c.notNull())
    .addColumn('payment_id', i64, (c) => c.notNull().unique().references('payments.id'))
    .addColumn('account_id', i64, (c) => c.notNull().references('accounts.id'))
    .addColumn('created_at_ms', i64, (c) => c.notNull())
    .addColumn('watch_until_ms', i64, (c) => c.notNull())
    .execute();
  // An index of a key chain is handed out once (btc: the BTC_XPUB chain; usdt: the EVM_XPUB chain).
  await db.schema
    .createIndex('chain_addresses_index')
    .on('chain_addresses')
    .columns(['asset', 'derivation_index'])
    .unique()
    .execute();
  // The watcher's list: addresses still polled, per network.
  await db.schema
    .createIndex('chain_addresses_watch')
    .on('chain_addresses')
    .columns(['network', 'watch_until_ms'])
    .execute();

  await db.schema
    .createTable('chain_address_counters')
    .addColumn('key_chain', 'text', (c) => c.primaryKey().check(sql`key_chain in ('btc', 'evm')`))
    .addColumn('next_index', i64, (c) => c.notNull())
    .execute();
  await db
    .insertInto('chain_address_counters')
    .values([
      { key_chain: 'btc', next_index: 0 },
      { key_chain: 'evm', next_index: 0 },
    ])
    .execute();
}
