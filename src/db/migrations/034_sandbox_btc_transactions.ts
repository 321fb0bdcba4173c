import { type AnyDb, int64, sql, withId } from './dialect.ts';

/**
 * The sandbox chain holds real Bitcoin transactions (docs/chain-deposits.md, "The sandbox chain").
 *
 * `sandbox_chain_deposits.raw_hex`: the serialised transaction of a BTC deposit made from now on (a
 * coinbase-like input, one output paying the address; `tx_hash` is its txid). Null for USDT deposits and
 * for BTC deposits made before this migration.
 *
 * `sandbox_btc_broadcasts`: transactions the sandbox's `BtcTransactions.broadcast` accepted (checked as
 * Bitcoin Core would, src/domain/btc-tx-verify.ts), with their confirmations; `removed = 1`: reorganised
 * away. `sandbox_btc_outputs`: their outputs (`address` null for a script without one, e.g. OP_RETURN),
 * read by the sandbox watcher like deposits. `sandbox_btc_spends`: which transaction spent an output of
 * the sandbox chain; unique per outpoint, so no output is ever spent twice, whatever runs concurrently.
 */
export async function up(db: AnyDb): Promise<void> {
  const i64 = int64(db);
  await db.schema.alterTable('sandbox_chain_deposits').addColumn('raw_hex', 'text').execute();

  await withId(db, db.schema.createTable('sandbox_btc_broadcasts'))
    .addColumn('txid', 'text', (c) => c.notNull().unique())
    .addColumn('raw_hex', 'text', (c) => c.notNull())
    .addColumn('fee_sat', i64, (c) => c.notNull())
    .addColumn('confirmations', i64, (c) => c.notNull().defaultTo(0))
    .addColumn('removed', i64, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at_ms', i64, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('sandbox_btc_outputs'))
    .addColumn('txid', 'text', (c) => c.notNull())
    .addColumn('output_index', i64, (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('amount_sat', i64, (c) => c.notNull().check(sql`amount_sat >= 0`))
    .addUniqueConstraint('sandbox_btc_outputs_identity', ['txid', 'output_index'])
    .execute();
  await db.schema
    .createIndex('sandbox_btc_outputs_address')
    .on('sandbox_btc_outputs')
    .column('address')
    .execute();

  await withId(db, db.schema.createTable('sandbox_btc_spends'))
    .addColumn('prev_txid', 'text', (c) => c.notNull())
    .addColumn('prev_vout', i64, (c) => c.notNull())
    .addColumn('txid', 'text', (c) => c.notNull())
    .addUniqueConstraint('sandbox_btc_spends_outpoint', ['prev_txid', 'prev_vout'])
    .execute();
  await db.schema.createIndex('sandbox_btc_spends_txid').on('sandbox_btc_spends').column('txid').execute();
}
