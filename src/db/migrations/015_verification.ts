import { type AnyDb, int64, withId, zero } from './dialect.ts';

/**
 * Account verification ("verify with paytag"): e-mail confirmation of accounts, the verification
 * requests of applications (secret and OTP kept only as keyed hashes), the consent decisions of account
 * holders on sharing their KYC data, and the history of every profile and KYC change.
 */
export async function up(db: AnyDb): Promise<void> {
  const i64 = int64(db);
  // When the account's e-mail was confirmed (null: not yet; OTPs are sent only to confirmed e-mails).
  await db.schema.alterTable('accounts').addColumn('email_confirmed_at_ms', i64).execute();

  await withId(db, db.schema.createTable('email_confirmations'))
    .addColumn('account_id', i64, (c) => c.notNull().references('accounts.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at_ms', i64, (c) => c.notNull())
    .addColumn('used_at_ms', i64)
    .addColumn('created_at_ms', i64, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('verification_requests'))
    // HMAC of the secret handed to the application; the secret itself is never stored.
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    // HMAC of the OTP, bound to the secret.
    .addColumn('otp_hash', 'text', (c) => c.notNull())
    // The application (calling account) that started the flow; only it may verify.
    .addColumn('app_account_id', i64, (c) => c.notNull().references('accounts.id'))
    // The person; null for the decoy row an unknown usertag gets (the same write, nothing sent).
    .addColumn('account_id', i64, (c) => c.references('accounts.id'))
    .addColumn('kyc_requested', i64, zero)
    // HMAC of the one-time consent page token (kyc requested only).
    .addColumn('consent_token_hash', 'text', (c) => c.unique())
    // none | approved | declined
    .addColumn('consent', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('failed_attempts', i64, zero)
    .addColumn('expires_at_ms', i64, (c) => c.notNull())
    .addColumn('used_at_ms', i64)
    .addColumn('created_at_ms', i64, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('verification_requests_expiry')
    .on('verification_requests')
    .column('expires_at_ms')
    .execute();

  await withId(db, db.schema.createTable('kyc_consents'))
    .addColumn('account_id', i64, (c) => c.notNull().references('accounts.id'))
    .addColumn('app_account_id', i64, (c) => c.notNull().references('accounts.id'))
    .addColumn('request_id', i64, (c) => c.notNull().references('verification_requests.id'))
    // approved | declined
    .addColumn('decision', 'text', (c) => c.notNull())
    // JSON array of the field names shown on the consent page.
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('decided_at_ms', i64, (c) => c.notNull())
    .addColumn('revoked_at_ms', i64)
    .execute();
  await db.schema
    .createIndex('kyc_consents_account')
    .on('kyc_consents')
    .columns(['account_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('kyc_history'))
    .addColumn('account_id', i64, (c) => c.notNull().references('accounts.id'))
    // Who made the change: `operator:<name>`, `holder`, `system`.
    .addColumn('actor', 'text', (c) => c.notNull())
    // JSON object of field: [before, after].
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('at_ms', i64, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('kyc_history_account')
    .on('kyc_history')
    .columns(['account_id', 'id'])
    .execute();
}
