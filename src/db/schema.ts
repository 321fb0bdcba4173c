import type { ColumnType, Generated } from 'kysely';

// Every integer column is read as bigint on both databases (better-sqlite3 safe integers; pg int8 parser).
// Timestamps are unix milliseconds, named *_ms.

export interface AccountsTable {
  id: Generated<bigint>;
  usertag: string;
  email: string;
  full_name: string;
  phone: string;
  country: string;
  password_hash: string | null;
  kyc_level: ColumnType<bigint, number | bigint | undefined, number | bigint>;
  kyc_status: ColumnType<string, string | undefined, string>;
  is_verified: ColumnType<bigint, number | bigint | undefined, number | bigint>;
  id_type: ColumnType<string, string | undefined, string>;
  /** JSON: {id1, id2, id3} */
  personal_kyc: ColumnType<string, string | undefined, string>;
  /** JSON: {company_name, email, company_phone, country, doc1..doc4} */
  company_kyc: ColumnType<string, string | undefined, string>;
  webhook_secret: string;
  created_at_ms: ColumnType<bigint, number | bigint, never>;
}

export interface ApiKeysTable {
  id: Generated<bigint>;
  account_id: bigint;
  kind: 'invoice' | 'admin';
  /** hex SHA-256 of the key; the key itself is never stored. */
  key_hash: string;
  /** First four characters, to tell keys apart in listings. */
  key_hint: string;
  created_at_ms: ColumnType<bigint, number | bigint, never>;
  revoked_at_ms: ColumnType<bigint | null, number | bigint | null | undefined, number | bigint | null>;
}

export interface LedgerAccountsTable {
  id: Generated<bigint>;
  owner_account_id: bigint | null;
  system_code: string | null;
  asset: string;
  flags: ColumnType<bigint, number | bigint, never>;
  debits_posted: ColumnType<bigint, bigint | number | undefined, bigint>;
  credits_posted: ColumnType<bigint, bigint | number | undefined, bigint>;
  debits_pending: ColumnType<bigint, bigint | number | undefined, bigint>;
  credits_pending: ColumnType<bigint, bigint | number | undefined, bigint>;
  created_at_ms: ColumnType<bigint, number | bigint, never>;
}

export interface LedgerTransfersTable {
  id: string;
  debit_account_id: bigint;
  credit_account_id: bigint;
  amount: bigint;
  asset: string;
  code: string;
  ref: string | null;
  flags: ColumnType<bigint, number | bigint, never>;
  pending_id: string | null;
  created_at_ms: ColumnType<bigint, number | bigint, never>;
}

export interface OutboxTable {
  id: Generated<bigint>;
  kind: 'webhook' | 'email';
  event_id: string;
  event_type: string;
  account_id: bigint | null;
  destination: string;
  payload: string;
  target_kind: string | null;
  target_id: string | null;
  state: ColumnType<
    'pending' | 'delivered' | 'failed',
    'pending' | undefined,
    'pending' | 'delivered' | 'failed'
  >;
  attempts: ColumnType<bigint, number | bigint | undefined, number | bigint>;
  next_attempt_at_ms: ColumnType<bigint, number | bigint, number | bigint>;
  lease_owner: string | null;
  lease_until_ms: ColumnType<bigint | null, number | bigint | null | undefined, number | bigint | null>;
  last_status: ColumnType<bigint | null, number | bigint | null | undefined, number | bigint | null>;
  last_error: string | null;
  created_at_ms: ColumnType<bigint, number | bigint, never>;
  delivered_at_ms: ColumnType<bigint | null, number | bigint | null | undefined, number | bigint | null>;
}

export interface DB {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  outbox: OutboxTable;
}
