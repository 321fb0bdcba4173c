import { type AnyDb, int64, sql, withId, zero } from './dialect.ts';

/**
 * Withdraw vouchers: a batch (the standard `tid`, funded into the voucher escrow at creation), its
 * one-time vouchers, and the usertags that redeemed through the batch's static URL.
 */
export async function up(db: AnyDb): Promise<void> {
  const i64 = int64(db);

  await db.schema
    .createTable('voucher_batches')
    // 16 characters [a-z0-9]: the tid and the static URL's path, so never sequential.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', i64, (c) => c.notNull().references('accounts.id'))
    .addColumn('amount_msat', i64, (c) => c.notNull())
    // Escrowed per voucher on top of the amount for routing fees; what a redemption does not use returns.
    .addColumn('fee_reserve_msat', i64, (c) => c.notNull())
    .addColumn('voucher_count', i64, (c) => c.notNull())
    .addColumn('from_name', 'text')
    .addColumn('title', 'text')
    .addColumn('receiver_email', 'text')
    .addColumn('email_status', 'text', (c) =>
      c.notNull().defaultTo('undefined').check(sql`email_status in ('success', 'pending', 'undefined')`),
    )
    .addColumn('unique_design', i64, zero)
    .addColumn('unique_design_url', 'text')
    .addColumn('callback_url', 'text')
    // Opens the print sheet (`print_url`); a capability like the codes, so kept as is.
    .addColumn('print_token', 'text', (c) => c.notNull())
    .addColumn('created_at_ms', i64, (c) => c.notNull())
    .addColumn('expires_at_ms', i64, (c) => c.notNull())
    .addColumn('revoked_at_ms', i64)
    // Set once no voucher of the batch can move money any more (all redeemed or refunded).
    .addColumn('closed_at_ms', i64)
    // Idempotency-Key of the request that created the batch, and the request's fingerprint.
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text')
    .execute();
  await db.schema
    .createIndex('voucher_batches_account')
    .on('voucher_batches')
    .columns(['account_id', 'created_at_ms'])
    .execute();
  // Idempotency-Key: unique per issuing account; two concurrent requests with one key insert one batch.
  // Partial, as for payments: most batches carry no key.
  await db.schema
    .createIndex('voucher_batches_idempotency')
    .on('voucher_batches')
    .columns(['account_id', 'idempotency_key'])
    .unique()
    .where(sql.ref('idempotency_key'), 'is not', null)
    .execute();
  // The expiry sweeper: open batches by expiry, a partial index that holds only the open ones.
  await db.schema
    .createIndex('voucher_batches_open')
    .on('voucher_batches')
    .column('expires_at_ms')
    .where(sql.ref('closed_at_ms'), 'is', null)
    .execute();

  await withId(db, db.schema.createTable('vouchers'))
    .addColumn('batch_id', 'text', (c) => c.notNull().references('voucher_batches.id'))
    // Order within the batch (0-based): voucher_urls keep it.
    .addColumn('position', i64, (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('redeemed_mode', 'text', (c) => c.check(sql`redeemed_mode in ('usertag', 'invoice')`))
    .addColumn('redeemed_by', 'text')
    // The issuer's outgoing payment of the redemption (payments.id).
    .addColumn('redeemed_tid', i64)
    .addColumn('redeemed_at_ms', i64)
    // The outgoing payment under way for this voucher (an invoice of another node); one voucher per payment.
    .addColumn('claim_payment_id', i64, (c) => c.unique())
    // Its funds went back to the issuer (revoked or expired).
    .addColumn('refunded_at_ms', i64)
    .addColumn('callback_status', i64)
    .addUniqueConstraint('vouchers_batch_position', ['batch_id', 'position'])
    .execute();

  // The static URL lets each usertag redeem once per batch: the primary key decides, not a read.
  await db.schema
    .createTable('voucher_static_redemptions')
    .addColumn('batch_id', 'text', (c) => c.notNull().references('voucher_batches.id'))
    .addColumn('usertag', 'text', (c) => c.notNull())
    .addColumn('voucher_id', i64, (c) => c.notNull().references('vouchers.id'))
    .addColumn('created_at_ms', i64, (c) => c.notNull())
    .addPrimaryKeyConstraint('voucher_static_redemptions_pk', ['batch_id', 'usertag'])
    .execute();
}
