// What the use cases need from the outside world. Adapters implement these; only src/main.ts
// chooses which implementation is wired in.

import type { EvmReceipt } from '../domain/evm-transfer.ts';
import type { ChainAsset, ChainNetwork, EvmNetwork } from '../domain/payments/vocabulary.ts';

export interface Clock {
  /** Milliseconds since the unix epoch. */
  nowMs(): number;
}

export interface Ids {
  /** Public identifier of `length` characters from [a-z0-9], from a CSPRNG. */
  publicId(length: number): string;
  /** A random positive integer below 2^53 (safe in JSON numbers); never sequential. */
  randomInt53(): number;
  /**
   * A new payment's id: a positive integer below 2^53, unique; on SQLite it follows time (see
   * adapters/runtime/system.ts), on PostgreSQL it is random.
   */
  paymentId(): number;
  /** A new payment's tid: 16 characters of [a-z0-9], a time prefix and 10 random characters. */
  paymentTid(): string;
  /** `bytes` random bytes, hex encoded. */
  hex(bytes: number): string;
  /** `length` characters from [A-Za-z0-9], uniformly, from a CSPRNG (API keys). */
  alphanumeric(length: number): string;
}

/** Structured logging (pino-compatible subset). Never pass secrets. */
export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}

// ---------------------------------------------------------------- Lightning

export type LightningNetwork = 'bitcoin' | 'testnet' | 'signet' | 'regtest';

export interface CreateInvoiceInput {
  /** null for an amountless invoice. */
  amountMsat: bigint | null;
  /**
   * Goes into the `d` field. With descriptionHash it must be the text that hash commits to (some
   * nodes, Core Lightning among them, compute the hash from it).
   */
  description: string;
  /** 32-byte SHA-256 for the `h` field (LNURL-pay, LUD-06). */
  descriptionHash?: Uint8Array;
  expirySec: number;
  /**
   * 32 bytes the service chose as the invoice's preimage (the LNURL-pay callback does, so that LUD-21
   * `verify` and a zap receipt can show it once paid); absent: the node chooses.
   */
  preimage?: Uint8Array;
}

export interface CreatedInvoice {
  payreq: string;
  /** hex */
  paymentHash: string;
  createdAtSec: number;
  expiresAtSec: number;
}

export interface DecodedInvoice {
  payreq: string;
  network: LightningNetwork;
  amountMsat: bigint | null;
  /** hex */
  paymentHash: string;
  /** hex, or null when absent */
  paymentSecret: string | null;
  description: string | null;
  /** hex, or null when absent */
  descriptionHash: string | null;
  /** hex, 33-byte compressed key of the payee */
  payeePubkey: string;
  createdAtSec: number;
  expiresAtSec: number;
  minFinalCltvExpiry: number;
}

/**
 * Outcome of an outgoing payment. `pending` means the outcome is not known yet (in flight, or the
 * backend could not be asked): the payment stays reserved and is resolved later, never voided on a guess.
 */
export type PayResult =
  | { status: 'succeeded'; feeMsat: bigint; preimage: string }
  | { status: 'failed'; reason: string }
  | { status: 'pending' };

export interface PayInvoiceInput {
  payreq: string;
  /** Amount to deliver; equals the invoice amount, or the chosen amount for an amountless invoice. */
  amountMsat: bigint;
  /** The most routing fee the caller accepts. */
  maxFeeMsat: bigint;
  timeoutSec: number;
}

export interface InvoiceState {
  /** `not_found`: the node has no such invoice (never made there, or deleted after it expired). */
  state: 'open' | 'settled' | 'canceled' | 'not_found';
  amountReceivedMsat: bigint | null;
  settledAtSec: number | null;
}

export interface InvoiceSettlement {
  /** hex */
  paymentHash: string;
  amountReceivedMsat: bigint;
  settledAtSec: number;
  /**
   * The backend's position after this settlement, opaque to callers (LND `settle_index`, CLN
   * `pay_index`, both decimal integers). Given back as `fromCursor`, the backend replays what came after
   * it. Absent when the backend has no such position (the sandbox).
   */
  cursor?: string;
}

/** Outcome of cancelling an open invoice of this node, so that it can no longer be paid from outside. */
export type CancelInvoiceResult =
  | { status: 'canceled' }
  | { status: 'settled'; amountReceivedMsat: bigint; settledAtSec: number }
  | { status: 'not_found' }
  | { status: 'unknown'; reason: string };

/** What the node holds, for comparing with the ledger's `lightning_node` account. */
export interface NodeBalance {
  /** Spendable on this node's side of its channels, msat. */
  channelLocalMsat: bigint;
  /** Confirmed on-chain wallet balance, msat. */
  onchainConfirmedMsat: bigint;
}

/** Why a payer outside the service could not pay one of this node's invoices. */
export type ExternalPaymentFailure =
  | 'invalid_invoice'
  | 'not_this_node'
  | 'wrong_network'
  | 'expired'
  | 'amount_required'
  | 'amount_too_low'
  | 'already_paid'
  | 'canceled'
  | 'no_listener'
  | 'listener_failed';

export type ExternalPaymentResult =
  | { ok: true; settlement: InvoiceSettlement }
  | { ok: false; reason: ExternalPaymentFailure; message: string };

/**
 * What a backend can do beyond the port's methods, each capability declared by name (as LNbits' funding
 * sources list their `features`): a use case asks for the capability, never for the backend's kind.
 */
export interface LightningCapabilities {
  /** A payer outside the service pays one of this node's invoices (the sandbox node). */
  payFromOutside?: (payreq: string, amountMsat?: bigint) => Promise<ExternalPaymentResult>;
}

export interface LightningBackend {
  readonly kind: 'sandbox' | 'lnd' | 'cln';
  /** Absent: none beyond the port. */
  readonly capabilities?: LightningCapabilities;
  nodeInfo(): Promise<{ pubkey: string; network: LightningNetwork; alias: string }>;
  createInvoice(input: CreateInvoiceInput): Promise<CreatedInvoice>;
  payInvoice(input: PayInvoiceInput): Promise<PayResult>;
  /** Outcome of an earlier payInvoice, by payment hash (hex). */
  lookupPayment(paymentHash: string): Promise<PayResult>;
  lookupInvoice(paymentHash: string): Promise<InvoiceState>;
  /**
   * Cancels an open invoice of this node (hex payment hash). `settled`: it was paid at the node
   * meanwhile, and the caller books that payment; `unknown`: nothing is known, try again later.
   */
  cancelInvoice(paymentHash: string): Promise<CancelInvoiceResult>;
  /** The node's balances, or null when the backend cannot tell. */
  nodeBalance(): Promise<NodeBalance | null>;
  /**
   * Calls onSettled for each invoice of this node that gets paid from outside, until signal aborts.
   * Delivery is at least once; the receiver is idempotent by payment hash. With `fromCursor` (a
   * settlement's `cursor`) every settlement after that position is replayed first; without it only new
   * ones are delivered.
   */
  subscribeSettlements(
    onSettled: (s: InvoiceSettlement) => Promise<void>,
    signal: AbortSignal,
    fromCursor?: string,
  ): void;
  close(): Promise<void>;
}

// ---------------------------------------------------------------- BOLT11 decoding and LNURL-pay

/** Parses and verifies a BOLT11 payment request; never throws. */
export type InvoiceDecodeResult = { ok: true; invoice: DecodedInvoice } | { ok: false; message: string };
export type InvoiceDecoder = (payreq: string) => InvoiceDecodeResult;

/** A LUD-06 payRequest, after the client checked its shape. */
export interface LnurlPayParams {
  callback: string;
  minSendableMsat: bigint;
  maxSendableMsat: bigint;
  /** The raw metadata string; its SHA-256 must be the invoice's description hash. */
  metadata: string;
}

/** Why an LNURL step failed: `unreachable` (network, timeout, blocked address) or `invalid` (bad answer). */
export type LnurlFailure = {
  ok: false;
  kind: 'invalid_target' | 'unreachable' | 'invalid' | 'refused';
  message: string;
};

export interface LnurlPayClient {
  /** Resolves a bech32 LNURL or a Lightning address `name@host` (LUD-01/06/16) to its payRequest. */
  resolvePay(target: string): Promise<{ ok: true; params: LnurlPayParams } | LnurlFailure>;
  /** Asks the callback for an invoice of `amountMsat` (LUD-06 step 3); the caller verifies it. */
  requestInvoice(
    params: LnurlPayParams,
    amountMsat: bigint,
  ): Promise<{ ok: true; payreq: string } | LnurlFailure>;
}

// ---------------------------------------------------------------- Outbound webhooks

export interface WebhookPostOptions {
  headers: Readonly<Record<string, string>>;
  body: string;
  /** Whole request, connect to last body byte. */
  timeoutMs: number;
  /** Response bytes read at most. */
  maxBytes: number;
  /** Allow loopback, private and link-local destinations (tests, local development). */
  allowPrivate: boolean;
  signal?: AbortSignal;
}

/**
 * Outcome of one POST. A refused destination (not http(s), or resolving to a non-public address) is a
 * failure with reason `invalid_url` or `blocked_address`; the request is never sent then.
 */
export type WebhookPostResult =
  | { ok: true; status: number; headers: Record<string, string>; body: string; truncated: boolean }
  | { ok: false; reason: string; message: string };

/** POSTs a webhook: no redirects followed, bounded time and response size, SSRF-guarded at connect time. */
export type WebhookPost = (url: string, opts: WebhookPostOptions) => Promise<WebhookPostResult>;

/**
 * Resolves a host name (bounded in time) and answers whether every address it has is public: the
 * request-time half of the SSRF guard, with the same address rules as the connect-time half.
 */
export type PublicHostCheck = (hostname: string) => Promise<{ ok: true } | { ok: false; message: string }>;

// ---------------------------------------------------------------- Mail

export interface OutgoingMail {
  /** The outbox event id: stable across retries, used for the Message-ID. */
  eventId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** `permanent`: the server refused for good (5xx); otherwise a later retry may succeed. */
export type MailResult =
  | { ok: true; code: number | null; response: string }
  | { ok: false; permanent: boolean; code: number | null; error: string };

export interface Mailer {
  /** `smtp` when SMTP_URL is set; `dev`: the dev mailbox in the database. */
  readonly kind: 'smtp' | 'dev';
  send(mail: OutgoingMail, signal?: AbortSignal): Promise<MailResult>;
  close(): Promise<void>;
}

/** Where the dev mailbox keeps messages (the database); idempotent by eventId. */
export interface DevMailboxStore {
  save(mail: OutgoingMail): Promise<void>;
}

// ---------------------------------------------------------------- On-chain deposits (pro variant)

/** An address the service hands out and watches for deposits. */
export interface WatchedAddress {
  network: ChainNetwork;
  asset: ChainAsset;
  address: string;
}

/**
 * One output (Bitcoin) or one token `Transfer` log (EVM) that pays a watched address, as the chain shows
 * it at the time of the scan. `(network, txHash, outputIndex)` is its identity: it is credited at most
 * once. A deposit reported unconfirmed and missing from a later scan was dropped or reorganised away.
 */
export interface ChainDeposit {
  network: ChainNetwork;
  asset: ChainAsset;
  address: string;
  /** Lower-case hex, without 0x for Bitcoin, with 0x for EVM (as each chain writes it). */
  txHash: string;
  /**
   * Bitcoin: the output index (`vout`). EVM: the log's position among its transaction's `Transfer` logs
   * of the token contract (0, 1, ...), which a transaction keeps when a reorg re-mines it in another
   * block (the block-level `logIndex` does not).
   */
  outputIndex: number;
  /** EVM: the block-level `logIndex` at this sighting (the identity's second half before it was the above). */
  blockLogIndex?: number;
  /** The amount in the chain's own smallest unit (satoshi; the token's base unit). */
  amountRaw: bigint;
  /** Decimals of `amountRaw` (8 for BTC; the token contract's `decimals()`, e.g. 6 or 18). */
  decimals: number;
  /** 0 while in the mempool or above the counted block. */
  confirmations: number;
  /** True once it is as deep as the configured rule requires (depth, or at/below `finalized`). */
  final: boolean;
  blockHeight: number | null;
  blockHash: string | null;
}

/** What one scan found: every deposit still visible to the given addresses, and where to go on from. */
export interface ChainScan {
  deposits: ChainDeposit[];
  tipHeight: number;
  /** Opaque position to pass back as `fromCursor` next time (e.g. the last finalized block scanned). */
  cursor: string | null;
  /**
   * Parts of the scan that could not be read this time (a block range, an address), one report line
   * each: the next round reads them again, and what the rest showed is booked meanwhile.
   */
  failures?: string[];
  /**
   * The addresses (as given) whose every visible deposit this scan shows; undefined: all of them. Only
   * for these may an uncredited deposit the scan does not show be taken as gone (a bounded scan that
   * visited some addresses, or one with a failed block range, says so here).
   */
  covered?: readonly string[];
}

/** Why a scan could not be made; the caller retries later and credits nothing from it. */
export interface ChainUnavailable {
  reason: string;
}

/**
 * Reads a chain for deposits to watched addresses (Esplora for Bitcoin, JSON-RPC for EVM networks, the
 * sandbox's own table on a laptop). Never throws for a node that is down or answers badly: that is a
 * `ChainUnavailable` value.
 */
export interface ChainWatcher {
  readonly kind: 'sandbox' | 'esplora' | 'evm-rpc';
  readonly networks: readonly ChainNetwork[];
  /**
   * True for a watcher that reads address by address under a per-round budget, with its rotation in the
   * scan's cursor (Esplora): a round gives it the whole watched list in one scan. The others match logs
   * or blocks against the addresses locally and are given the list in pages.
   */
  readonly readsPerAddress?: boolean;
  /** `everyAddress`: a rescan, which reads every given address this once, past any per-round budget. */
  scan(
    addresses: readonly WatchedAddress[],
    fromCursor: string | null,
    opts?: { everyAddress?: boolean },
  ): Promise<{ ok: true; value: ChainScan } | { ok: false; error: ChainUnavailable }>;
  /** One transaction a payer says they sent, looked at before the periodic scan. */
  lookupTransaction(
    network: ChainNetwork,
    txHash: string,
    addresses: readonly WatchedAddress[],
  ): Promise<{ ok: true; value: ChainDeposit[] } | { ok: false; error: ChainUnavailable }>;
  /**
   * Of these credited deposits (at most CHAIN_REORG_RECHECKS_PER_ROUND, all of `network`, in blocks
   * within CHAIN_REORG_RECHECK_BLOCKS of the tip), those the chain no longer shows: reorganised away,
   * not mined again elsewhere. A deposit mined again in another block is still on the chain (its
   * identity is kept). Only an answer the watcher is sure of may list one: each listed credit is
   * reversed. A watcher without this method never reverses a credit.
   */
  missingFromChain?(
    network: ChainNetwork,
    deposits: readonly CreditedDeposit[],
  ): Promise<{ ok: true; value: CreditedDeposit[] } | { ok: false; error: ChainUnavailable }>;
}

/** A credited deposit as booked: its identity, address, and the block it was credited in. */
export interface CreditedDeposit {
  network: ChainNetwork;
  address: string;
  txHash: string;
  outputIndex: number;
  blockHeight: number | null;
  blockHash: string | null;
  /** The amount as the chain showed it (smallest unit); absent where the caller does not know it. */
  amountRaw?: bigint;
}

// ---------------------------------------------------------------- Bitcoin transactions (withdrawals)

/** Where one of the service's own Bitcoin transactions is now. */
export type BtcTxStatus =
  | { state: 'unknown' }
  | { state: 'mempool' }
  | { state: 'confirmed'; blockHeight: number; blockHash: string; confirmations: number };

/** A broadcast's answer: taken (or already known), or refused for good with the chain's reason. */
export type BtcBroadcast = { accepted: true; txid: string } | { accepted: false; reason: string };

type ChainAnswer<T> = Promise<{ ok: true; value: T } | { ok: false; error: ChainUnavailable }>;

/**
 * Sends and follows the service's own Bitcoin transactions (on-chain withdrawals): Esplora
 * (`GET /tx/:txid/hex`, `POST /tx`, `GET /tx/:txid/status`, `GET /fee-estimates`) or the sandbox chain.
 * Never throws for a node that is down or answers badly: that is a `ChainUnavailable` value.
 */
export interface BtcTransactions {
  /** The raw transaction (lower-case hex) of a txid; null: the chain does not know it. */
  rawTransaction(txid: string): ChainAnswer<string | null>;
  /** Broadcasts a complete, signed transaction (raw hex). */
  broadcast(rawHex: string): ChainAnswer<BtcBroadcast>;
  status(txid: string): ChainAnswer<BtcTxStatus>;
  /**
   * Fee rate estimates by confirmation target in blocks (Esplora's keys "1".."1008"), in sat per 1000
   * vbytes, rounded up to a whole number.
   */
  feeEstimates(): ChainAnswer<ReadonlyMap<number, bigint>>;
}

// ---------------------------------------------------------------- EVM receipts (USDT withdrawals)

/**
 * Reads one EVM network's transaction receipts (`eth_getTransactionReceipt`) and whether their block is
 * final (at or below `finalized`, or EVM_DEPTH_<NET> deep): how a USDT withdrawal the operator paid is
 * checked. The JSON-RPC node, or the sandbox's chain. Never throws for a node that is down or answers
 * badly: that is a `ChainUnavailable` value.
 */
export interface EvmReceipts {
  readonly network: EvmNetwork;
  /** null: the node has no receipt (unknown, pending, or not in the canonical chain now). */
  receipt(txHash: string): ChainAnswer<EvmReceipt | null>;
}

// ---------------------------------------------------------------- Prices

/** One quote as a source published it. `priceE8` is the price × 10^8, exact (parsed from the decimal text). */
export interface SourceQuote {
  /** Upper-case `BASE-QUOTE`, e.g. `BTC-USD`, `USD-INR`, `ETH-USDT`. */
  pair: string;
  priceE8: bigint;
  /** When the source says the quote was made (its own timestamp), else when it was fetched. */
  atMs: number;
}

/** A public ticker (Coinbase, Kraken, Bitstamp, Binance, the ECB's reference rates) or the static table. */
export interface PriceSource {
  readonly name: string;
  /** The pairs this source can quote. */
  readonly pairs: readonly string[];
  fetch(
    pairs: readonly string[],
  ): Promise<{ ok: true; value: SourceQuote[] } | { ok: false; error: { reason: string } }>;
}

/** The published price of a pair: the median of the fresh sources, outliers dropped. */
export interface PublishedPrice {
  pair: string;
  priceE8: bigint;
  /** The oldest quote that went into it. */
  asOfMs: number;
  sources: string[];
  stale: boolean;
}

/** The prices the service quotes and trades at (built by app/prices from the configured sources). */
export interface PriceBook {
  /** The pair's published price now, stale or not; null when no source has ever quoted it. */
  current(pair: string): PublishedPrice | null;
}

// ---------------------------------------------------------------- Nostr

/** A signed Nostr event (NIP-01). */
export interface NostrEvent {
  id: string;
  pubkey: string;
  created_at: number;
  kind: number;
  tags: string[][];
  content: string;
  sig: string;
}

/**
 * Outcome of publishing one event to one relay. `accepted`: the relay answered OK true (a duplicate
 * included: it has the event). `rejected`: OK false; `retry` says whether asking again may help (NIP-01
 * prefixes `rate-limited:`, `error:`) or not (`invalid:`, `blocked:`, `restricted:`, `auth-required:`, …).
 */
export type NostrPublishResult =
  | { ok: true; message: string }
  | {
      ok: false;
      reason: 'invalid_url' | 'blocked_address' | 'dns_failure' | 'timeout' | 'connect_failed' | 'rejected';
      retry: boolean;
      message: string;
    };

/** Publishes an event to one relay (`ws://` or `wss://`), through the outbound address guard. */
export type NostrPublish = (
  relayUrl: string,
  event: NostrEvent,
  opts: { timeoutMs: number; allowPrivate: boolean },
) => Promise<NostrPublishResult>;

/**
 * The service's links to its Nostr relays (adapters/nostr/relays.ts): each relay is kept connected,
 * reconnected with backoff, and every subscription is sent again after a reconnect with the filter
 * `filter(sinceSec)` builds from the last event seen (minus a margin), so nothing is lost across a
 * relay restart. Events arrive once per relay that delivers them: the receiver deduplicates.
 */
export interface NostrRelayLinks {
  subscribe(filter: (sinceSec: number) => Record<string, unknown>, onEvent: (e: NostrEvent) => void): void;
  /** Sends the event to every connected relay; true when at least one accepted it. */
  publish(e: NostrEvent): Promise<boolean>;
  /** Publishes a (replaceable) event now and again after every reconnect, e.g. NIP-47's info event. */
  keepPublished(e: NostrEvent): void;
  close(): Promise<void>;
}
