import type { Kysely } from 'kysely';
import type { Config } from '../config/index.ts';
import type { PaymentRow } from '../db/repos/payments.ts';
import type { DB } from '../db/schema.ts';
import type { Database } from '../db/types.ts';
import type { ChainKeys } from '../domain/chain-keys.ts';
import type { AppError } from '../domain/errors.ts';
import type { PaymentPurpose } from '../domain/payments/vocabulary.ts';
import type { BackgroundTasks } from './background.ts';
import type { PaymentChanges } from './metrics/change-signal.ts';
import type { JobCounters } from './metrics/job-counters.ts';
import type { MoneyCounters } from './metrics/money-counters.ts';
import type {
  BtcTransactions,
  ChainWatcher,
  Clock,
  EvmReceipts,
  Ids,
  InvoiceDecoder,
  LightningBackend,
  LnurlPayClient,
  Logger,
  Mailer,
  NostrPublish,
  PublicHostCheck,
  WebhookPost,
} from './ports.ts';
import type { PriceFeed } from './prices/feed.ts';
import type { RateCounter } from './rate-limits/counters.ts';

/** Everything a use case may reach. Built once by the composition root (src/main.ts). */
export interface AppDeps {
  config: Config;
  db: Database;
  clock: Clock;
  ids: Ids;
  log: Logger;
  /** The Lightning node (src/adapters/lightning): the configured one, or the sandbox. */
  lightning: LightningBackend;
  /** BOLT11 decoding and signature check (src/adapters/lightning/bolt11.ts). */
  decodeInvoice: InvoiceDecoder;
  /** LNURL-pay client (src/adapters/lnurl), SSRF-guarded. */
  lnurl: LnurlPayClient;
  /** SMTP or the dev mailbox (see src/main.ts). */
  mailer: Mailer;
  /** Outbound webhook requests, SSRF-guarded (src/adapters/http-out). */
  webhookPost: WebhookPost;
  /** Publishes a Nostr event to one relay, SSRF-guarded (src/adapters/nostr/publish.ts): zap receipts. */
  nostrPublish: NostrPublish;
  /** Request-time SSRF check of a host (src/adapters/http-out), e.g. a submitted callback URL's. */
  checkPublicHost: PublicHostCheck;
  /** Work that goes on after a use case has answered; shutdown waits for it (bounded). */
  background: BackgroundTasks;
  /** Rate-limit counts: in this process, or in the database when instances share one (RATE_LIMIT_STORE). */
  rateCounter: RateCounter;
  /** Money events to alert on (second and short settlements, fee overruns…), counted in this process. */
  moneyCounters: MoneyCounters;
  /** Background job rounds and errors in this process (jobs/runner.ts counts, /metrics reads). */
  jobCounters: JobCounters;
  /** Hints in this process that a payment's status may have changed (settlement → live checkout pages). */
  paymentChanges: PaymentChanges;
  /** How the features reach each other (built in src/main.ts, see app/hooks.ts). */
  hooks: AppHooks;
  /** The published prices (a PriceBook) and their refresh, from the configured sources (app/prices). */
  prices: PriceFeed;
  /** Account keys of on-chain receive addresses (src/adapters/chain-keys): operator xpubs or the hot seed. */
  chainKeys: ChainKeys;
  /** Chain nodes read for deposits (Esplora, EVM JSON-RPC); the sandbox watcher is built from `db`. */
  chainWatchers: readonly ChainWatcher[];
  /**
   * The service's own Bitcoin transactions (on-chain withdrawals): the sandbox chain's
   * (app/chain/sandbox-transactions.ts) when BTC_WATCHER=sandbox, Esplora's (adapters/chain/esplora.ts)
   * when esplora, null when off.
   */
  btcTransactions: BtcTransactions | null;
  /** Receipt readers of the EVM networks read through JSON-RPC (USDT withdrawals); the sandbox's is built from `db`. */
  evmReceipts: readonly EvmReceipts[];
}

/**
 * Runs inside the write unit that settles an outgoing payment, after its ledger moved, so what the
 * payment's purpose keeps about it (a voucher redeemed through it) changes in the same transaction,
 * whether the request or the reconciler learnt the outcome. Database work only; it must not abort.
 */
export type PaymentResolvedHook = (
  deps: AppDeps,
  trx: Kysely<DB>,
  row: PaymentRow,
  outcome: 'paid' | 'declined',
  nowMs: number,
) => Promise<void>;

/**
 * What happened to a delivery, for the thing the delivery reports to (an outbox row's target): one
 * attempt's result, or a new round of attempts being scheduled.
 */
export interface DeliveryReport {
  channel: 'webhook' | 'email' | 'nostr';
  /**
   * delivered: the receiver accepted it (2xx / SMTP accepted); retrying: this attempt failed and another
   * is scheduled; failed: no further attempt will be made (the failure is in the delivery record);
   * queued: no attempt was made, a new one is scheduled (a redelivery), so `status` is null.
   */
  outcome: 'delivered' | 'retrying' | 'failed' | 'queued';
  /** HTTP status of this attempt (webhook) or SMTP reply code (e-mail); null when no answer came. */
  status: number | null;
  /** When the attempt started; for `queued`, when the redelivery was scheduled. */
  attemptedAtMs: number;
  /** Why the attempt failed; null when it was delivered or queued. */
  error: string | null;
}

/**
 * Updates the target's status columns (e.g. `payments.callback_status`). Runs inside the write unit that
 * records the attempt (or schedules the redelivery), so it must only use `trx` (database work only, no
 * network) and must not throw for a missing target (the target may be gone; the delivery record keeps
 * the outcome).
 */
export type DeliveryStatusSink = (trx: Kysely<DB>, targetId: string, report: DeliveryReport) => Promise<void>;

/**
 * Whether a delivery to a target may be sent again now: null when it may, else why not (e.g. the e-mail
 * of a voucher that was revoked meanwhile would hand out a dead voucher). Runs in the redelivery's unit.
 */
export type RedeliveryGuard = (trx: Kysely<DB>, targetId: string, nowMs: number) => Promise<AppError | null>;

/** What an audit check found: its violations, how many things it checked, and notes for the operator. */
export interface AuditCheckResult {
  checked: number;
  violations: string[];
  notes?: string[];
}

/**
 * A further invariant of `paytag audit`, contributed by a feature that owns other tables. A bare list is
 * its violations (the number checked is then not known, and reported as -1).
 */
export type AuditCheck = (deps: AppDeps) => Promise<string[] | AuditCheckResult>;

/**
 * The one table of cross-feature calls. Payments settle a voucher through `paymentResolved`, the outbox
 * reports delivery results to their target's status columns through `deliveryStatus`, and so on. It is
 * built once, explicitly, in src/main.ts from each feature's part; nothing registers itself on import.
 */
export interface AppHooks {
  /** By payment purpose: what else settles with an outgoing payment of that purpose (null: nothing). */
  paymentResolved: Readonly<Record<PaymentPurpose, PaymentResolvedHook | null>>;
  /** By outbox `target_kind`: where a delivery's result is written. */
  deliveryStatus: Readonly<Record<string, DeliveryStatusSink>>;
  /** By outbox `target_kind`: whether it may be delivered again now (kinds without one always may). */
  redeliveryGuards: Readonly<Record<string, RedeliveryGuard>>;
  /** Named audit checks, run after the ledger's own. */
  auditChecks: Readonly<Record<string, AuditCheck>>;
}
