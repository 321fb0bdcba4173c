import { type AnyDb, int64, sql, withId } from './dialect.ts';

/**
 * On-chain deposits to the pro variant's addresses, as the chain watchers see them.
 *
 * `chain_deposits`: one row per (network, tx_hash, output_index): a Bitcoin output or an EVM token
 * `Transfer` log paying an address of `chain_addresses`. `state`:
 *   seen      visible but not yet as deep as the rule requires (confirmations shows how far it is)
 *   credited  booked once into the account's btc or usdt balance (ledger transfer `chain:<id>`)
 *   dropped   an unconfirmed deposit that a later scan no longer showed (reorganised away, evicted)
 * `amount_raw` is the chain's own integer (text: an 18-decimal token amount may exceed 64 bits);
 * `amount_units` is what the ledger credits (msat for btc, 10^-6 USDT for usdt), floored, and
 * `remainder_raw` the part of `amount_raw` below one ledger unit that could not be credited.
 * `flag`: late (arrived after the request expired or was declined), reuse (the address's request was
 * already paid), or null.
 *
 * `sandbox_chain_deposits`: the sandbox watcher's chain, written by `paytag sandbox deposit` and the
 * checkout's sandbox button. A row with `removed = 1` was reorganised away.
 */
export async function up(db: AnyDb): Promise<void> {
  const i64 = int64(db);
  const network = (c: string) => sql`${sql.ref(c)} in ('BTC', 'ERC20', 'BEP20', 'MATIC')`;
  await withId(db, db.schema.createTable('chain_deposits'))
    .addColumn('network', 'text', (c) => c.notNull().check(network('network')))
    .addColumn('tx_hash', 'text', (c) => c.notNull())
    .addColumn('output_index', i64, (c) => c.notNull())
    .addColumn('asset', 'text', (c) => c.notNull().check(sql`asset in ('btc', 'usdt')`))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('payment_id', i64, (c) => c.notNull().references('payments.id'))
    .addColumn('account_id', i64, (c) => c.notNull().references('accounts.id'))
    .addColumn('amount_raw', 'text', (c) => c.notNull())
    .addColumn('decimals', i64, (c) => c.notNull())
    .addColumn('amount_units', i64, (c) => c.notNull())
    .addColumn('remainder_raw', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('confirmations', i64, (c) => c.notNull().defaultTo(0))
    .addColumn('block_height', i64)
    .addColumn('block_hash', 'text')
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('seen', 'credited', 'dropped')`))
    .addColumn('flag', 'text', (c) => c.check(sql`flag is null or flag in ('late', 'reuse')`))
    .addColumn('first_seen_ms', i64, (c) => c.notNull())
    .addColumn('credited_at_ms', i64)
    .addColumn('updated_at_ms', i64, (c) => c.notNull())
    .addUniqueConstraint('chain_deposits_identity', ['network', 'tx_hash', 'output_index'])
    .execute();
  await db.schema.createIndex('chain_deposits_payment').on('chain_deposits').column('payment_id').execute();

  await withId(db, db.schema.createTable('sandbox_chain_deposits'))
    .addColumn('network', 'text', (c) => c.notNull().check(network('network')))
    .addColumn('asset', 'text', (c) => c.notNull().check(sql`asset in ('btc', 'usdt')`))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('tx_hash', 'text', (c) => c.notNull().unique())
    .addColumn('amount_raw', 'text', (c) => c.notNull())
    .addColumn('decimals', i64, (c) => c.notNull())
    .addColumn('confirmations', i64, (c) => c.notNull())
    .addColumn('removed', i64, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at_ms', i64, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sandbox_chain_deposits_address')
    .on('sandbox_chain_deposits')
    .column('address')
    .execute();
}
