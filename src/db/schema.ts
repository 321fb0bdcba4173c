import type { ColumnType, Generated } from 'kysely';
import type {
  ChainAsset,
  ChainNetwork,
  EvmNetwork,
  PaymentDirection,
  PaymentException,
  PaymentPurpose,
  PaymentStatus,
  Rail,
  Route,
  Wallet,
} from '../domain/payments/vocabulary.ts';

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
  /** The secret before the last rotation; it keeps signing until webhook_secret_previous_until_ms. */
  webhook_secret_previous: ColumnType<string | null, string | null | undefined, string | null>;
  webhook_secret_previous_until_ms: ColumnType<
    bigint | null,
    number | bigint | null | undefined,
    number | bigint | null
  >;
  created_at_ms: ColumnType<bigint, number | bigint, never>;
  /** When the e-mail was confirmed through its link; null: not yet (no OTP goes to it). */
  email_confirmed_at_ms: ColumnType<
    bigint | null,
    number | bigint | null | undefined,
    number | bigint | null
  >;
  /** `holder` or `operator` (may use the operator console). */
  role: ColumnType<AccountRole, AccountRole | undefined, AccountRole>;
  /** When an operator disabled the account (its keys, sessions and receive addresses refused); null: enabled. */
  disabled_at_ms: ColumnType<bigint | null, number | bigint | null | undefined, number | bigint | null>;
  disabled_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The address given at dashboard sign-up, until its link is followed (migration 023); `email` holds
   * `<usertag>@unconfirmed.invalid` meanwhile. Null once confirmed, and for accounts made with their address.
   */
  pending_email: ColumnType<string | null, string | null | undefined, string | null>;
}

export type AccountRole = 'holder' | 'operator';

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
  /** nostr: a zap receipt (kind 9735) to publish to one relay (`destination`), see app/zaps. */
  kind: 'webhook' | 'email' | 'nostr';
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
  /** Where attempts go: a webhook URL's host (with port), `mail` for e-mails; null on old finished rows. */
  dest_host: string | null;
}

export interface PaymentsTable {
  id: bigint;
  public_id: string;
  account_id: bigint;
  requester_account_id: bigint;
  direction: PaymentDirection;
  route: Route;
  amount_msat: bigint;
  status: PaymentStatus;
  payment_hash: string | null;
  payreq: string | null;
  invoice_type: 'invoice' | 'lnurl' | null;
  invoice_expires_at_ms: ColumnType<bigint | null, number | bigint | null, number | bigint | null>;
  counterpart_id: bigint | null;
  receiver_usertag: string | null;
  description: string | null;
  callback_url: string | null;
  callback_status: ColumnType<bigint | null, number | bigint | null | undefined, number | bigint | null>;
  success_url: string | null;
  hosted_checkout_expiry_ms: ColumnType<bigint | null, number | bigint | null, number | bigint | null>;
  customer_name: string | null;
  order_id: string | null;
  fiat_currency: string | null;
  fiat_value: string | null;
  /** A fiat-priced request's locked rate (migration 027): fiat per one BTC or USDT × 10^8; else null. */
  fiat_rate_e8: bigint | null;
  /** The published pair the rate came from (BTC-INR, BTC-USD, BTC-EUR; USDT-… for usdt). */
  fiat_rate_pair: string | null;
  /** The price's sources, comma-separated. */
  fiat_rate_sources: string | null;
  /** The price's time: its oldest quote. */
  fiat_rate_at_ms: ColumnType<bigint | null, number | bigint | null, number | bigint | null>;
  /** JSON object */
  extra: ColumnType<string, string | undefined, string>;
  network_fee_msat: ColumnType<bigint, bigint | undefined, bigint>;
  fee_reserve_msat: ColumnType<bigint, bigint | undefined, bigint>;
  service_fee_msat: ColumnType<bigint, bigint | undefined, bigint>;
  /** The service fee rate applied, in millionths (for the `(<percent>%)` suffix). */
  service_fee_ppm: ColumnType<bigint, bigint | undefined, bigint>;
  gst_fee_msat: ColumnType<bigint, bigint | undefined, bigint>;
  preimage: string | null;
  failure_reason: string | null;
  idempotency_key: string | null;
  request_hash: string | null;
  created_at_ms: ColumnType<bigint, number | bigint, never>;
  paid_at_ms: ColumnType<bigint | null, number | bigint | null | undefined, number | bigint | null>;
  updated_at_ms: ColumnType<bigint, number | bigint, number | bigint>;
  /** Why the payment exists (migration 008). */
  purpose: PaymentPurpose;
  /** The voucher a `voucher_claim` pays out. */
  voucher_id: bigint | null;
  /** A payment the node accepted for this already-settled invoice row id (see migration 009). */
  second_payment_of: bigint | null;
  /** When a declined outgoing Lightning payment is asked about once more; null: never again. */
  recheck_at_ms: ColumnType<bigint | null, number | bigint | null, number | bigint | null>;
  /** Pro variant (migration 013): the asset requested, and how the payer pays. */
  wallet: ColumnType<Wallet, Wallet | undefined, Wallet>;
  payment_mode: ColumnType<Rail, Rail | undefined, Rail>;
  chain_network: ChainNetwork | null;
  chain_address: string | null;
  /** Requested amount in the wallet's ledger unit (msat for lbtc/btc, 10^-6 USDT); = amount_msat for lbtc. */
  amount_units: ColumnType<bigint, bigint | undefined, bigint>;
  /** Received on chain so far, same unit. */
  received_units: ColumnType<bigint, bigint | undefined, bigint>;
  status_payer: ColumnType<PaymentStatus, PaymentStatus | undefined, PaymentStatus>;
  status_payee: ColumnType<PaymentStatus, PaymentStatus | undefined, PaymentStatus>;
  transaction_hash: string | null;
  /** How an on-chain request's outcome differs from an exact, on-time payment (migration 028). */
  exception: ColumnType<
    PaymentException | null,
    PaymentException | null | undefined,
    PaymentException | null
  >;
}

/** Every on-chain address handed out (migration 013); written in the same write unit as its payment. */
export interface ChainAddressesTable {
  id: Generated<bigint>;
  network: ChainNetwork;
  asset: ChainAsset;
  address: string;
  /** `i` of m/84'/coin'/account'/0/i (btc) or m/44'/60'/0'/0/i (usdt). */
  derivation_index: ColumnType<bigint, bigint | number, never>;
  payment_id: bigint;
  account_id: bigint;
  created_at_ms: ColumnType<bigint, number | bigint, never>;
  watch_until_ms: ColumnType<bigint, number | bigint, number | bigint>;
}

/** Next derivation index per key chain (`btc`: BTC_XPUB, `evm`: EVM_XPUB); bumped in the write unit. */
export interface ChainAddressCountersTable {
  /** btc_change: the internal chain `…/1/i` of BTC_XPUB, for the change of withdrawal batches (033). */
  key_chain: 'btc' | 'evm' | 'btc_change';
  next_index: ColumnType<bigint, bigint | number, bigint | number>;
}

export interface OutboxAttemptsTable {
  id: Generated<bigint>;
  outbox_id: bigint;
  started_at_ms: ColumnType<bigint, number | bigint, never>;
  duration_ms: ColumnType<bigint, number | bigint, never>;
  outcome: 'delivered' | 'retry' | 'failed';
  /** HTTP status (webhook) or SMTP reply code (e-mail); null when no answer came. */
  status: ColumnType<bigint | null, number | bigint | null, never>;
  error: string | null;
  response_excerpt: string | null;
}

export interface DevMailboxTable {
  id: Generated<bigint>;
  event_id: string;
  to_address: string;
  from_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at_ms: ColumnType<bigint, number | bigint, never>;
}

export interface VoucherBatchesTable {
  id: string;
  account_id: bigint;
  amount_msat: bigint;
  fee_reserve_msat: bigint;
  voucher_count: bigint;
  from_name: string | null;
  title: string | null;
  receiver_email: string | null;
  email_status: ColumnType<
    'success' | 'pending' | 'undefined',
    'success' | 'pending' | 'undefined' | undefined,
    'success' | 'pending' | 'undefined'
  >;
  unique_design: ColumnType<bigint, number | bigint | undefined, number | bigint>;
  unique_design_url: string | null;
  callback_url: string | null;
  print_token: string;
  created_at_ms: ColumnType<bigint, number | bigint, never>;
  expires_at_ms: ColumnType<bigint, number | bigint, number | bigint>;
  revoked_at_ms: ColumnType<bigint | null, number | bigint | null | undefined, number | bigint | null>;
  closed_at_ms: ColumnType<bigint | null, number | bigint | null | undefined, number | bigint | null>;
  idempotency_key: ColumnType<string | null, string | null | undefined, never>;
  request_hash: ColumnType<string | null, string | null | undefined, never>;
  /** The received payment this batch refunds (migration 029); null for an ordinary batch. */
  refund_of_payment_id: ColumnType<bigint | null, bigint | null | undefined, never>;
}

export interface VouchersTable {
  id: Generated<bigint>;
  batch_id: string;
  position: ColumnType<bigint, number | bigint, never>;
  code: string;
  redeemed_mode: 'usertag' | 'invoice' | null;
  redeemed_by: string | null;
  redeemed_tid: ColumnType<bigint | null, number | bigint | null | undefined, number | bigint | null>;
  redeemed_at_ms: ColumnType<bigint | null, number | bigint | null | undefined, number | bigint | null>;
  claim_payment_id: ColumnType<bigint | null, number | bigint | null | undefined, number | bigint | null>;
  refunded_at_ms: ColumnType<bigint | null, number | bigint | null | undefined, number | bigint | null>;
  callback_status: ColumnType<bigint | null, number | bigint | null | undefined, number | bigint | null>;
}

export interface VoucherStaticRedemptionsTable {
  batch_id: string;
  usertag: string;
  voucher_id: bigint;
  created_at_ms: ColumnType<bigint, number | bigint, never>;
}

/** Small service state by key (e.g. `lightning.settlement_cursor:<kind>:<pubkey>`). */
export interface KvTable {
  key: string;
  value: string;
  updated_at_ms: ColumnType<bigint, number | bigint, number | bigint>;
}

/** A rate-limit window: hits counted for `key` until `reset_at_ms` (migration 007). */
/** E-mail cap windows (per recipient, per issuing account), kept durably: see migration 012. */
export interface MailCountsTable {
  key: string;
  count: ColumnType<bigint, number | bigint, number | bigint>;
  reset_at_ms: ColumnType<bigint, number | bigint, number | bigint>;
}

export interface RateLimitsTable {
  key: string;
  count: ColumnType<bigint, number | bigint, number | bigint>;
  reset_at_ms: ColumnType<bigint, number | bigint, number | bigint>;
}

export type { PaymentStatus };

export interface DB {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  outbox: OutboxTable;
  outbox_attempts: OutboxAttemptsTable;
  dev_mailbox: DevMailboxTable;
  payments: PaymentsTable;
  voucher_batches: VoucherBatchesTable;
  vouchers: VouchersTable;
  voucher_static_redemptions: VoucherStaticRedemptionsTable;
  kv: KvTable;
  rate_limits: RateLimitsTable;
  mail_counts: MailCountsTable;
  chain_addresses: ChainAddressesTable;
  chain_address_counters: ChainAddressCountersTable;
  chain_deposits: ChainDepositsTable;
  sandbox_chain_deposits: SandboxChainDepositsTable;
  sandbox_btc_broadcasts: SandboxBtcBroadcastsTable;
  sandbox_btc_outputs: SandboxBtcOutputsTable;
  sandbox_btc_spends: SandboxBtcSpendsTable;
  email_confirmations: EmailConfirmationsTable;
  verification_requests: VerificationRequestsTable;
  kyc_consents: KycConsentsTable;
  kyc_history: KycHistoryTable;
  trade_credentials: TradeCredentialsTable;
  orders: OrdersTable;
  sessions: SessionsTable;
  lndhub_tokens: LndhubTokensTable;
  lnurl_invoices: LnurlInvoicesTable;
  nostr_identities: NostrIdentitiesTable;
  nwc_connections: NwcConnectionsTable;
  nwc_requests: NwcRequestsTable;
  operator_actions: OperatorActionsTable;
  payout_batches: PayoutBatchesTable;
  payout_items: PayoutItemsTable;
  chain_withdrawals: ChainWithdrawalsTable;
  chain_withdrawal_batches: ChainWithdrawalBatchesTable;
  chain_withdrawal_inputs: ChainWithdrawalInputsTable;
}

/** On-chain deposits to handed-out addresses (migration 014); credited once per identity. */
export interface ChainDepositsTable {
  id: Generated<bigint>;
  network: ChainNetwork;
  tx_hash: string;
  output_index: ColumnType<bigint, bigint | number, never>;
  asset: ChainAsset;
  address: string;
  payment_id: bigint;
  account_id: bigint;
  amount_raw: string;
  decimals: ColumnType<bigint, bigint | number, bigint | number>;
  amount_units: ColumnType<bigint, bigint, bigint>;
  remainder_raw: ColumnType<string, string | undefined, string>;
  confirmations: ColumnType<bigint, bigint | number, bigint | number>;
  block_height: ColumnType<bigint | null, bigint | number | null, bigint | number | null>;
  block_hash: string | null;
  state: 'seen' | 'credited' | 'dropped';
  flag: 'late' | 'reuse' | null;
  first_seen_ms: ColumnType<bigint, number | bigint, never>;
  credited_at_ms: ColumnType<bigint | null, number | bigint | null, number | bigint | null>;
  updated_at_ms: ColumnType<bigint, number | bigint, number | bigint>;
  /** Credits of this deposit reversed because the chain no longer showed it (migration 023). */
  reversals: ColumnType<bigint, bigint | number | undefined, bigint | number>;
}

/** The sandbox watcher's chain (migration 014). */
export interface SandboxChainDepositsTable {
  id: Generated<bigint>;
  network: ChainNetwork;
  asset: ChainAsset;
  address: string;
  tx_hash: string;
  amount_raw: string;
  decimals: ColumnType<bigint, bigint | number, bigint | number>;
  confirmations: ColumnType<bigint, bigint | number, bigint | number>;
  removed: ColumnType<bigint, bigint | number | undefined, bigint | number>;
  created_at_ms: ColumnType<bigint, number | bigint, never>;
  /** The serialised transaction of a BTC deposit (migration 034); null for USDT and older deposits. */
  raw_hex: ColumnType<string | null, string | null | undefined, never>;
}

/** Transactions the sandbox chain accepted by broadcast (migration 034). */
export interface SandboxBtcBroadcastsTable {
  id: Generated<bigint>;
  txid: string;
  raw_hex: string;
  fee_sat: ColumnType<bigint, bigint | number, never>;
  confirmations: ColumnType<bigint, bigint | number | undefined, bigint | number>;
  removed: ColumnType<bigint, bigint | number | undefined, bigint | number>;
  created_at_ms: ColumnType<bigint, number | bigint, never>;
}

/** The outputs of the sandbox chain's broadcast transactions (migration 034). */
export interface SandboxBtcOutputsTable {
  id: Generated<bigint>;
  txid: string;
  output_index: ColumnType<bigint, bigint | number, never>;
  address: string | null;
  amount_sat: ColumnType<bigint, bigint | number, never>;
}

/** Which transaction spent an output of the sandbox chain: one row per outpoint (migration 034). */
export interface SandboxBtcSpendsTable {
  id: Generated<bigint>;
  prev_txid: string;
  prev_vout: ColumnType<bigint, bigint | number, never>;
  txid: string;
}

type Int = ColumnType<bigint, number | bigint, number | bigint>;
type IntDefault = ColumnType<bigint, number | bigint | undefined, number | bigint>;
type IntNullable = ColumnType<bigint | null, number | bigint | null | undefined, number | bigint | null>;

export interface EmailConfirmationsTable {
  id: Generated<bigint>;
  account_id: bigint;
  email: string;
  token_hash: string;
  expires_at_ms: Int;
  used_at_ms: IntNullable;
  created_at_ms: Int;
}

export type ConsentState = 'none' | 'approved' | 'declined';

export interface VerificationRequestsTable {
  id: Generated<bigint>;
  secret_hash: string;
  otp_hash: string;
  app_account_id: bigint;
  /** Null for the decoy row of an unknown usertag: it can never be verified. */
  account_id: bigint | null;
  kyc_requested: IntDefault;
  consent_token_hash: string | null;
  consent: ColumnType<ConsentState, ConsentState | undefined, ConsentState>;
  failed_attempts: IntDefault;
  expires_at_ms: Int;
  used_at_ms: IntNullable;
  created_at_ms: Int;
}

export interface KycConsentsTable {
  id: Generated<bigint>;
  account_id: bigint;
  app_account_id: bigint;
  request_id: bigint;
  decision: 'approved' | 'declined';
  fields: string;
  decided_at_ms: Int;
  revoked_at_ms: IntNullable;
}

export interface KycHistoryTable {
  id: Generated<bigint>;
  account_id: bigint;
  actor: string;
  changes: string;
  reason: string | null;
  at_ms: Int;
}

/** Trade API credentials (migration 016): a public key and a secret kept only as a keyed hash. */
export interface TradeCredentialsTable {
  id: Generated<bigint>;
  account_id: bigint;
  api_key: string;
  secret_hash: string;
  label: ColumnType<string, string | undefined, string>;
  created_at_ms: Int;
  last_used_at_ms: IntNullable;
  revoked_at_ms: IntNullable;
}

export interface OrdersTable {
  id: string;
  account_id: bigint;
  side: 'buy' | 'sell';
  order_type: 'market' | 'limit';
  asset: string;
  quote: string;
  amount_units: bigint;
  price_e8: bigint;
  executed_price_e8: bigint | null;
  fee_ppm: bigint;
  fee_units: bigint;
  received_units: bigint;
  paid_units: bigint;
  reserved_units: bigint;
  status: 'open' | 'filled' | 'cancelled';
  note: string | null;
  receiver_email: string | null;
  email_status: 'success' | 'pending' | 'undefined';
  extra: string;
  client_order_id: string | null;
  request_hash: string | null;
  created_at_ms: bigint;
  executed_at_ms: bigint | null;
  revoked_at_ms: bigint | null;
}

/** Dashboard sign-in sessions (migration 018); the cookie's token is kept only as a keyed hash. */
export interface SessionsTable {
  id: Generated<bigint>;
  account_id: bigint;
  token_hash: string;
  created_at_ms: Int;
  last_seen_at_ms: Int;
  expires_at_ms: Int;
  ended_at_ms: IntNullable;
  created_from: ColumnType<string, string | undefined, string>;
  user_agent: ColumnType<string, string | undefined, string>;
}

/** Tokens of the LNDhub facade (migration 035), each bound to the API key it was issued for. */
/** What the LNURL-pay callback keeps about an invoice it issued (migration 037). */
export interface LnurlInvoicesTable {
  id: Generated<bigint>;
  payment_id: bigint;
  /** The NIP-57 zap request (kind 9734) exactly as received; null for a plain LNURL-pay invoice. */
  zap_request: string | null;
  /** JSON array of the relay URLs the zap receipt goes to; null for a plain invoice. */
  zap_relays: string | null;
  created_at_ms: Int;
}

/** The Nostr public key (and relays) an account publishes under its usertag, NIP-05 (migration 037). */
export interface NostrIdentitiesTable {
  id: Generated<bigint>;
  account_id: bigint;
  /** x-only, 64 lowercase hex digits. */
  pubkey: string;
  /** JSON array of relay URLs. */
  relays: string;
  updated_at_ms: Int;
}

export interface LndhubTokensTable {
  id: Generated<bigint>;
  api_key_id: bigint;
  kind: 'access' | 'refresh';
  /** invoice: read and receive; admin: also pay. Never more than the key's kind. */
  scope: 'invoice' | 'admin';
  /** HMAC of the token; the token itself is never stored. */
  token_hash: string;
  created_at_ms: Int;
  expires_at_ms: Int;
}

/** Nostr Wallet Connect connections (migration 036): the client's public key, its methods and budgets. */
export interface NwcConnectionsTable {
  id: Generated<bigint>;
  public_id: string;
  account_id: bigint;
  name: string;
  /** x-only public key (hex) of the secret handed out once in the URI. */
  client_pubkey: string;
  /** NIP-47 methods, space-separated. */
  methods: string;
  max_amount_msat: IntNullable;
  budget_msat: IntNullable;
  budget_renewal: 'daily' | 'weekly' | 'monthly' | 'yearly' | 'total';
  expires_at_ms: IntNullable;
  revoked_at_ms: IntNullable;
  created_at_ms: Int;
  /** The encryption its client last asked in (migration 038); null before its first request. */
  encryption: 'nip44_v2' | 'nip04' | null;
}

/** NIP-47 requests taken (migration 036): the event id is unique, the idempotency key. */
export interface NwcRequestsTable {
  id: Generated<bigint>;
  event_id: string;
  connection_id: bigint;
  method: string;
  created_at_ms: Int;
  /** The outgoing payment a pay_invoice made. */
  payment_id: IntNullable;
  /** The signed response event (JSON). */
  response_event: string | null;
  answered_at_ms: IntNullable;
  /** The request's encryption (migration 038); null for requests taken before it. */
  encryption: 'nip44_v2' | 'nip04' | null;
}

export interface OperatorActionsTable {
  id: Generated<bigint>;
  /** The operator's account (console); null for the command line. */
  actor_account_id: bigint | null;
  actor: string;
  action: string;
  target_account_id: bigint | null;
  target: string;
  /** JSON object of the action's parameters. */
  detail: string;
  at_ms: Int;
}

/** A batch of Lightning payouts (migration 031). */
export interface PayoutBatchesTable {
  id: Generated<bigint>;
  public_id: string;
  account_id: bigint;
  item_count: ColumnType<bigint, bigint | number, never>;
  /** Σ (amount + service fee + GST + fee reserve) of its items, moved into payout_escrow at creation. */
  reserved_msat: ColumnType<bigint, bigint, never>;
  callback_url: string | null;
  status: 'open' | 'done';
  idempotency_key: string | null;
  request_hash: string | null;
  created_at_ms: ColumnType<bigint, number | bigint, never>;
  done_at_ms: ColumnType<bigint | null, number | bigint | null | undefined, number | bigint | null>;
}

/** One item of a payout batch (migration 031): queued → paying → paid | failed, each once. */
export interface PayoutItemsTable {
  id: Generated<bigint>;
  batch_id: bigint;
  position: ColumnType<bigint, bigint | number, never>;
  destination: string;
  destination_kind: 'usertag' | 'invoice' | 'lnurl';
  amount_msat: bigint;
  service_fee_msat: bigint;
  gst_fee_msat: bigint;
  service_fee_ppm: bigint;
  fee_reserve_msat: bigint;
  fiat_currency: string | null;
  fiat_value: string | null;
  memo: string | null;
  reference: string | null;
  status: 'queued' | 'paying' | 'paid' | 'failed';
  lease_until_ms: ColumnType<bigint | null, number | bigint | null | undefined, number | bigint | null>;
  attempts: ColumnType<bigint, number | bigint | undefined, number | bigint>;
  payment_id: bigint | null;
  error_code: string | null;
  error: string | null;
  ended_at_ms: ColumnType<bigint | null, number | bigint | null | undefined, number | bigint | null>;
}

/** A withdrawal of on-chain BTC (migration 032): queued → signing → broadcast → confirmed, or cancelled while queued. */
export interface ChainWithdrawalsTable {
  id: Generated<bigint>;
  public_id: string;
  account_id: bigint;
  wallet: ChainAsset;
  address: string;
  /** btc only (null on usdt rows, as the other btc columns). */
  address_type: 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr' | null;
  amount_sat: ColumnType<bigint | null, bigint | null | undefined, never>;
  fee_reserve_sat: ColumnType<bigint | null, bigint | null | undefined, never>;
  /** (amount_sat + fee_reserve_sat) × 1000, moved into withdrawal_escrow (asset btc) at creation. */
  reserved_msat: ColumnType<bigint | null, bigint | null | undefined, never>;
  /** usdt only: the EVM network. */
  chain_network: EvmNetwork | null;
  /** usdt only: 10^-6 USDT moved into withdrawal_escrow (asset usdt) at creation. */
  amount_units: ColumnType<bigint | null, bigint | null | undefined, never>;
  /** usdt only: the token contract (lower-case hex) and its decimals at creation. */
  token_contract: ColumnType<string | null, string | null | undefined, never>;
  token_decimals: ColumnType<bigint | null, bigint | number | null | undefined, never>;
  /** usdt only: the amount in the token's base unit (decimal text). */
  amount_raw: ColumnType<string | null, string | null | undefined, never>;
  status: 'queued' | 'signing' | 'broadcast' | 'confirmed' | 'cancelled';
  psbt_batch_id: bigint | null;
  txid: string | null;
  fee_sat: bigint | null;
  /** usdt only: the operator's transaction hash, once recorded (0x + 64 lower-case hex). */
  tx_hash: string | null;
  tx_block_number: ColumnType<bigint | null, number | bigint | null | undefined, number | bigint | null>;
  /** usdt: why the last check of its transaction did not confirm it; null when none did. */
  last_check: string | null;
  idempotency_key: string | null;
  request_hash: string | null;
  created_at_ms: ColumnType<bigint, number | bigint, never>;
  updated_at_ms: ColumnType<bigint, number | bigint, number | bigint>;
  cancelled_at_ms: ColumnType<bigint | null, number | bigint | null | undefined, number | bigint | null>;
  broadcast_at_ms: ColumnType<bigint | null, number | bigint | null | undefined, number | bigint | null>;
  confirmed_at_ms: ColumnType<bigint | null, number | bigint | null | undefined, number | bigint | null>;
}

/** A PSBT paying a batch of on-chain withdrawals (migration 033): signing → broadcast → confirmed, or abandoned. */
export interface ChainWithdrawalBatchesTable {
  id: Generated<bigint>;
  public_id: string;
  status: 'signing' | 'broadcast' | 'confirmed' | 'abandoned';
  psbt: string;
  txid: string;
  fee_sat: ColumnType<bigint, bigint, never>;
  fee_rate_sat_per_kvb: ColumnType<bigint, bigint, never>;
  vsize: ColumnType<bigint, bigint, never>;
  input_sat: ColumnType<bigint, bigint, never>;
  output_sat: ColumnType<bigint, bigint, never>;
  change_sat: ColumnType<bigint, bigint, never>;
  change_vout: ColumnType<bigint | null, bigint | null, never>;
  change_address: ColumnType<string | null, string | null, never>;
  change_derivation_index: ColumnType<bigint | null, bigint | null, never>;
  signed_tx: string | null;
  broadcast_error: string | null;
  confirmations: ColumnType<bigint, bigint | number | undefined, bigint | number>;
  block_height: ColumnType<bigint | null, bigint | number | null | undefined, bigint | number | null>;
  block_hash: string | null;
  created_at_ms: ColumnType<bigint, number | bigint, never>;
  updated_at_ms: ColumnType<bigint, number | bigint, number | bigint>;
  broadcast_at_ms: ColumnType<bigint | null, number | bigint | null | undefined, number | bigint | null>;
  confirmed_at_ms: ColumnType<bigint | null, number | bigint | null | undefined, number | bigint | null>;
  abandoned_at_ms: ColumnType<bigint | null, number | bigint | null | undefined, number | bigint | null>;
}

/** An output a withdrawal batch spends (migration 033); in at most one live batch (released = 0). */
export interface ChainWithdrawalInputsTable {
  id: Generated<bigint>;
  batch_id: bigint;
  txid: string;
  vout: ColumnType<bigint, bigint | number, never>;
  amount_sat: ColumnType<bigint, bigint, never>;
  source: 'deposit' | 'change';
  deposit_id: bigint | null;
  change_batch_id: bigint | null;
  /** 0: receive chain `…/0/i`; 1: change chain `…/1/i`. */
  key_chain: ColumnType<bigint, bigint | number, never>;
  derivation_index: ColumnType<bigint, bigint, never>;
  released: ColumnType<bigint, bigint | number | undefined, bigint | number>;
}
