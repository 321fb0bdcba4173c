import { type AnyDb, int64, isPostgres, sql, withId } from './dialect.ts';

/**
 * Batches of on-chain BTC withdrawals (docs/payouts.md, "Withdrawing on-chain BTC"): one PSBT each,
 * built by `paytag payouts psbt`, signed by the operator's wallet, submitted, followed to confirmation.
 *
 * `chain_withdrawal_batches.status`:
 *   signing    the PSBT waits for the operator's signature (its withdrawals are `signing`)
 *   broadcast  the signed transaction was handed to the chain (withdrawals `broadcast`)
 *   confirmed  buried at BTC_CONFIRMATIONS: each withdrawal was posted (withdrawals `confirmed`)
 *   abandoned  given up before it was broadcast: its withdrawals went back to `queued`, its inputs freed
 * `txid` is the unsigned transaction's id. Every input spends a P2WPKH output, so signatures live in the
 * witness and the signed transaction keeps this txid: a submitted transaction is found by it, and one
 * whose txid differs changed something of the batch.
 * `input_sat = output_sat + change_sat + fee_sat` (the audit checks it).
 *
 * `chain_withdrawal_inputs`: the outputs a batch spends (a credited deposit, or the change of an earlier
 * confirmed batch). `released` is 0 while its batch is live (not abandoned): a partial unique index lets
 * an output be in at most one live batch, on both databases, and abandoning a batch sets it to 1.
 *
 * Change goes to the internal chain `…/1/i` of BTC_XPUB: its indexes come from a new counter row
 * `btc_change` of `chain_address_counters`, whose CHECK allowed only ('btc', 'evm').
 */
export async function up(db: AnyDb): Promise<void> {
  const i64 = int64(db);
  await withId(db, db.schema.createTable('chain_withdrawal_batches'))
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('signing', 'broadcast', 'confirmed', 'abandoned')`),
    )
    // The unsigned PSBT as built (base64, BIP174 v0).
    .addColumn('psbt', 'text', (c) => c.notNull())
    .addColumn('txid', 'text', (c) => c.notNull())
    .addColumn('fee_sat', i64, (c) => c.notNull().check(sql`fee_sat > 0`))
    // The fee rate it was built at, sat per 1000 vbytes.
    .addColumn('fee_rate_sat_per_kvb', i64, (c) => c.notNull())
    .addColumn('vsize', i64, (c) => c.notNull())
    .addColumn('input_sat', i64, (c) => c.notNull())
    // Paid to the withdrawals' addresses (the change not included).
    .addColumn('output_sat', i64, (c) => c.notNull())
    .addColumn('change_sat', i64, (c) => c.notNull().check(sql`change_sat >= 0`))
    // The change output's index in the transaction, its address and its `i` of `…/1/i`; null: no change.
    .addColumn('change_vout', i64)
    .addColumn('change_address', 'text')
    .addColumn('change_derivation_index', i64)
    // The signed transaction (raw hex) once submitted, and the chain's reason when it refused it.
    .addColumn('signed_tx', 'text')
    .addColumn('broadcast_error', 'text')
    .addColumn('confirmations', i64, (c) => c.notNull().defaultTo(0))
    .addColumn('block_height', i64)
    .addColumn('block_hash', 'text')
    .addColumn('created_at_ms', i64, (c) => c.notNull())
    .addColumn('updated_at_ms', i64, (c) => c.notNull())
    .addColumn('broadcast_at_ms', i64)
    .addColumn('confirmed_at_ms', i64)
    .addColumn('abandoned_at_ms', i64)
    .execute();
  // One live batch per transaction (an abandoned one may be built again, identical, later).
  await db.schema
    .createIndex('chain_withdrawal_batches_txid')
    .on('chain_withdrawal_batches')
    .column('txid')
    .unique()
    .where(sql.ref('status'), '<>', 'abandoned')
    .execute();
  // The tracking job's pick: batches not yet final.
  await db.schema
    .createIndex('chain_withdrawal_batches_open')
    .on('chain_withdrawal_batches')
    .columns(['status', 'id'])
    .where(sql<boolean>`status in ('signing', 'broadcast', 'confirmed')`)
    .execute();

  await withId(db, db.schema.createTable('chain_withdrawal_inputs'))
    .addColumn('batch_id', i64, (c) => c.notNull().references('chain_withdrawal_batches.id'))
    // The spent output: its transaction id (hex, as explorers show it) and index.
    .addColumn('txid', 'text', (c) => c.notNull())
    .addColumn('vout', i64, (c) => c.notNull())
    .addColumn('amount_sat', i64, (c) => c.notNull().check(sql`amount_sat > 0`))
    // deposit: a credited chain_deposits row (deposit_id); change: an earlier batch's change.
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('deposit', 'change')`))
    .addColumn('deposit_id', i64, (c) => c.references('chain_deposits.id'))
    .addColumn('change_batch_id', i64, (c) => c.references('chain_withdrawal_batches.id'))
    // BIP32 path below the account key: chain 0 (receive) or 1 (change), then the index.
    .addColumn('key_chain', i64, (c) => c.notNull().check(sql`key_chain in (0, 1)`))
    .addColumn('derivation_index', i64, (c) => c.notNull())
    .addColumn('released', i64, (c) => c.notNull().defaultTo(0).check(sql`released in (0, 1)`))
    .execute();
  await db.schema
    .createIndex('chain_withdrawal_inputs_live')
    .on('chain_withdrawal_inputs')
    .columns(['txid', 'vout'])
    .unique()
    .where(sql.ref('released'), '=', 0)
    .execute();
  await db.schema
    .createIndex('chain_withdrawal_inputs_batch')
    .on('chain_withdrawal_inputs')
    .column('batch_id')
    .execute();
  await db.schema
    .createIndex('chain_withdrawals_batch')
    .on('chain_withdrawals')
    .columns(['psbt_batch_id', 'id'])
    .where(sql.ref('psbt_batch_id'), 'is not', null)
    .execute();

  // chain_address_counters.key_chain may now also be 'btc_change' (the internal chain …/1/i).
  if (isPostgres(db)) {
    // The CHECK of migration 013's column, under PostgreSQL's default name <table>_<column>_check.
    await sql`ALTER TABLE chain_address_counters DROP CONSTRAINT chain_address_counters_key_chain_check`.execute(
      db,
    );
    await sql`ALTER TABLE chain_address_counters ADD CONSTRAINT chain_address_counters_key_chain_check
      CHECK (key_chain in ('btc', 'evm', 'btc_change'))`.execute(db);
  } else {
    // SQLite cannot change a CHECK: the table is made again under the new rule and its rows copied
    // (https://www.sqlite.org/lang_altertable.html, "Making Other Kinds Of Table Schema Changes"); it
    // has no index, trigger or view of its own and nothing references it.
    await db.schema
      .createTable('chain_address_counters_new')
      .addColumn('key_chain', 'text', (c) =>
        c.primaryKey().check(sql`key_chain in ('btc', 'evm', 'btc_change')`),
      )
      .addColumn('next_index', 'integer', (c) => c.notNull())
      .execute();
    await sql`INSERT INTO chain_address_counters_new (key_chain, next_index)
      SELECT key_chain, next_index FROM chain_address_counters`.execute(db);
    await db.schema.dropTable('chain_address_counters').execute();
    await db.schema.alterTable('chain_address_counters_new').renameTo('chain_address_counters').execute();
  }
  await db.insertInto('chain_address_counters').values({ key_chain: 'btc_change', next_index: 0 }).execute();
}
