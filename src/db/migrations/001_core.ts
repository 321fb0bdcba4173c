import { type AnyDb, int64, sql, withId, zero } from './dialect.ts';

export async function up(db: AnyDb): Promise<void> {
  const i64 = int64(db);

  await withId(db, db.schema.createTable('accounts'))
    .addColumn('usertag', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('full_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text')
    .addColumn('kyc_level', i64, zero)
    .addColumn('kyc_status', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('is_verified', i64, zero)
    .addColumn('id_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('personal_kyc', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('company_kyc', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('webhook_secret', 'text', (c) => c.notNull())
    .addColumn('created_at_ms', i64, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('api_keys'))
    .addColumn('account_id', i64, (c) => c.notNull().references('accounts.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('invoice', 'admin')`))
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_hint', 'text', (c) => c.notNull())
    .addColumn('created_at_ms', i64, (c) => c.notNull())
    .addColumn('revoked_at_ms', i64)
    .execute();
  // One active key of each kind per account.
  await db.schema
    .createIndex('api_keys_one_active')
    .on('api_keys')
    .columns(['account_id', 'kind'])
    .unique()
    .where(sql.ref('revoked_at_ms'), 'is', null)
    .execute();

  await withId(db, db.schema.createTable('ledger_accounts'))
    .addColumn('owner_account_id', i64, (c) => c.references('accounts.id'))
    .addColumn('system_code', 'text')
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('flags', i64, zero)
    .addColumn('debits_posted', i64, zero)
    .addColumn('credits_posted', i64, zero)
    .addColumn('debits_pending', i64, zero)
    .addColumn('credits_pending', i64, zero)
    .addColumn('created_at_ms', i64, (c) => c.notNull())
    .addUniqueConstraint('ledger_accounts_owner_asset', ['owner_account_id', 'asset'])
    .addUniqueConstraint('ledger_accounts_system_asset', ['system_code', 'asset'])
    .execute();

  await db.schema
    .createTable('ledger_transfers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('debit_account_id', i64, (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('credit_account_id', i64, (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('amount', i64, (c) => c.notNull())
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('ref', 'text')
    .addColumn('flags', i64, zero)
    .addColumn('pending_id', 'text', (c) => c.references('ledger_transfers.id'))
    .addColumn('created_at_ms', i64, (c) => c.notNull())
    .execute();
  // No index by debit or credit account: every transfer would pay for it, and the audit reads all
  // transfers in one pass anyway. The first feature that lists an account's transfers adds one.
  await db.schema.createIndex('ledger_transfers_ref').on('ledger_transfers').column('ref').execute();
  // A pending transfer is resolved (posted or voided) at most once. Partial: most transfers have none.
  await db.schema
    .createIndex('ledger_transfers_pending')
    .on('ledger_transfers')
    .column('pending_id')
    .unique()
    .where(sql.ref('pending_id'), 'is not', null)
    .execute();
}
