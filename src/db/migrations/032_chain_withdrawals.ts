import { type AnyDb, int64, sql, withId } from './dialect.ts';

/**
 * Withdrawals of on-chain BTC (docs/payouts.md, "Withdrawing on-chain BTC"): the service builds the
 * spending, the operator's wallet signs it. A withdrawal is created `queued` with its amount plus a fee
 * reserve moved from the payer's `btc` balance into the `withdrawal_escrow` system account in the same
 * write unit. It is `cancelled` (escrow back to the payer, once) while still queued. The later steps fill
 * the rest: `signing` when it joins a PSBT batch (`psbt_batch_id`), `broadcast` with `txid` and its share
 * of the transaction's fee (`fee_sat`), `confirmed` when its transaction is buried.
 */
export async function up(db: AnyDb): Promise<void> {
  const i64 = int64(db);
  await withId(db, db.schema.createTable('chain_withdrawals'))
    // 16 characters [a-z0-9]: the withdrawal's id on the API.
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', i64, (c) => c.notNull().references('accounts.id'))
    .addColumn('wallet', 'text', (c) => c.notNull().check(sql`wallet in ('btc')`))
    // As paid: segwit in lower case, base58 as given; its type decides the output script and dust limit.
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('address_type', 'text', (c) =>
      c.notNull().check(sql`address_type in ('p2pkh', 'p2sh', 'p2wpkh', 'p2wsh', 'p2tr')`),
    )
    .addColumn('amount_sat', i64, (c) => c.notNull().check(sql`amount_sat > 0`))
    // BTC_WITHDRAW_FEE_RESERVE_SAT when it was created: what its share of the fee may cost at most.
    .addColumn('fee_reserve_sat', i64, (c) => c.notNull().check(sql`fee_reserve_sat >= 0`))
    // What the escrow took: (amount_sat + fee_reserve_sat) × 1000 msat of the `btc` asset.
    .addColumn('reserved_msat', i64, (c) => c.notNull())
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
}
