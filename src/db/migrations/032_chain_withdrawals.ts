import { type AnyDb, int64, sql, withId } from './dialect.ts';

/**
 * Withdrawals of on-chain BTC (docs/payouts.md, "Withdrawing on-chain BTC"): the service builds the
 * spending, the operator's wallet signs it. A withdrawal is created `queued` with its amount plus a fee
 * reserve moved from the payer's `btc` balance into the `withdrawal_escrow` system account in the same
 * write unit. It is `cancelled` (escrow back to the payer, once) while still queued. The later steps fill
 * the rest: `signing` when it joins a PSBT batch (`psbt_batch_id`), `broadcast` with `txid` and its share
 * of the transaction's fee (`fee_sat`), `confirmed` when its transaction is buried.
 *
 * Withdrawals of USDT ("Withdrawing USDT"): `wallet = 'usdt'` on one EVM network (`chain_network`),
 * `amount_units` (10^-6 USDT, the ledger's usdt unit) moved from the payer's `usdt` balance into the
 * escrow (no fee reserve: the operator pays gas from their own wallet). The token contract and its
 * decimals are kept as they were at creation, and `amount_raw` is what the Transfer log must show in
 * the token's base unit. The operator pays and records the hash (`tx_hash`): `broadcast` while its block
 * is not final, `confirmed` once it is. The btc columns are null on a usdt row and the usdt columns null
 * on a btc row (the table's check says which).
 */
export async function up(db: AnyDb): Promise<void> {
  const i64 = int64(db);
  await withId(db, db.schema.createTable('chain_withdrawals'))
    // 16 characters [a-z0-9]: the withdrawal's id on the API.
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', i64, (c) => c.notNull().references('accounts.id'))
    .addColumn('wallet', 'text', (c) => c.notNull().check(sql`wallet in ('btc', 'usdt')`))
    // btc: as paid, segwit in lower case, base58 as given; its type decides the output script and dust
    // limit. usdt: 0x + 20 bytes with the EIP-55 checksum.
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('address_type', 'text', (c) =>
      c.check(sql`address_type in ('p2pkh', 'p2sh', 'p2wpkh', 'p2wsh', 'p2tr')`),
    )
    .addColumn('amount_sat', i64, (c) => c.check(sql`amount_sat > 0`))
    // BTC_WITHDRAW_FEE_RESERVE_SAT when it was created: what its share of the fee may cost at most.
    .addColumn('fee_reserve_sat', i64, (c) => c.check(sql`fee_reserve_sat >= 0`))
    // What the escrow took: (amount_sat + fee_reserve_sat) × 1000 msat of the `btc` asset.
    .addColumn('reserved_msat', i64)
    // usdt: the EVM network, and what the escrow took in 10^-6 USDT (the ledger's usdt unit).
    .addColumn('chain_network', 'text', (c) => c.check(sql`chain_network in ('ERC20', 'BEP20', 'MATIC')`))
    .addColumn('amount_units', i64, (c) => c.check(sql`amount_units > 0`))
    // usdt: USDT_<NET>_CONTRACT (lower-case hex) and USDT_<NET>_DECIMALS at creation, and the amount in
    // the token's base unit (amount_units × 10^(decimals − 6); text, as it may pass 64 bits).
    .addColumn('token_contract', 'text')
    .addColumn('token_decimals', i64)
    .addColumn('amount_raw', 'text')
    // usdt: the operator's transaction (0x + 64 lower-case hex) and the block its receipt was in when
    // last read; `last_check` says why the last look did not confirm it (shown to the operator).
    .addColumn('tx_hash', 'text')
    .addColumn('tx_block_number', i64)
    .addColumn('last_check', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('queued', 'signing', 'broadcast', 'confirmed', 'cancelled')`),
    )
    // The PSBT batch it joins (a later table); null while queued.
    .addColumn('psbt_batch_id', i64)
    // Its transaction, once broadcast (64 hex characters), and its share of that transaction's fee.
    .addColumn('txid', 'text')
    .addColumn('fee_sat', i64)
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text')
    .addColumn('created_at_ms', i64, (c) => c.notNull())
    .addColumn('updated_at_ms', i64, (c) => c.notNull())
    .addColumn('cancelled_at_ms', i64)
    .addColumn('broadcast_at_ms', i64)
    .addColumn('confirmed_at_ms', i64)
    .addCheckConstraint(
      'chain_withdrawals_wallet_columns',
      sql`(wallet = 'btc' AND address_type IS NOT NULL AND amount_sat IS NOT NULL
            AND fee_reserve_sat IS NOT NULL AND reserved_msat IS NOT NULL AND chain_network IS NULL
            AND amount_units IS NULL AND tx_hash IS NULL)
       OR (wallet = 'usdt' AND chain_network IS NOT NULL AND amount_units IS NOT NULL
            AND token_contract IS NOT NULL AND token_decimals IS NOT NULL AND amount_raw IS NOT NULL
            AND address_type IS NULL AND amount_sat IS NULL AND fee_reserve_sat IS NULL
            AND reserved_msat IS NULL AND psbt_batch_id IS NULL AND txid IS NULL)`,
    )
    .execute();
  await db.schema
    .createIndex('chain_withdrawals_account')
    .on('chain_withdrawals')
    .columns(['account_id', 'id'])
    .execute();
  await db.schema
    .createIndex('chain_withdrawals_idempotency')
    .on('chain_withdrawals')
    .columns(['account_id', 'idempotency_key'])
    .unique()
    .where(sql.ref('idempotency_key'), 'is not', null)
    .execute();
  // The PSBT builder's pick: the queued ones, oldest first.
  await db.schema
    .createIndex('chain_withdrawals_queued')
    .on('chain_withdrawals')
    .columns(['status', 'id'])
    .where(sql<boolean>`status in ('queued', 'signing', 'broadcast')`)
    .execute();
  // One transaction pays one withdrawal: a hash recorded twice is refused by the database as well.
  await db.schema
    .createIndex('chain_withdrawals_tx_hash')
    .on('chain_withdrawals')
    .columns(['chain_network', 'tx_hash'])
    .unique()
    .where(sql.ref('tx_hash'), 'is not', null)
    .execute();
}
