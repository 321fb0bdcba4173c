import type { Config } from '../config/index.ts';
import type { Database } from '../db/database.ts';
import type { BackgroundTasks } from './background.ts';
import type { MoneyCounters } from './payments/money-counters.ts';
import type {
  Clock,
  Ids,
  InvoiceDecoder,
  LightningBackend,
  LnurlPayClient,
  Logger,
  Mailer,
  PublicHostCheck,
  WebhookPost,
} from './ports.ts';
import type { RateCounter } from './rate-limits/counters.ts';

/** Everything a use case may reach. Built once by the composition root (src/main.ts). */
export interface AppDeps {
  config: Config;
  db: Database;
  clock: Clock;
  ids: Ids;
  log: Logger;
  lightning: LightningBackend | null;
  /** BOLT11 decoding and signature check (src/adapters/lightning/bolt11.ts). */
  decodeInvoice: InvoiceDecoder;
  /** LNURL-pay client (src/adapters/lnurl), SSRF-guarded. */
  lnurl: LnurlPayClient;
  /** SMTP or the dev mailbox (see src/main.ts). */
  mailer: Mailer;
  /** Outbound webhook requests, SSRF-guarded (src/adapters/http-out). */
  webhookPost: WebhookPost;
  /** Request-time SSRF check of a host (src/adapters/http-out), e.g. a submitted callback URL's. */
  checkPublicHost: PublicHostCheck;
  /** Work that goes on after a use case has answered; shutdown waits for it (bounded). */
  background: BackgroundTasks;
  /** Rate-limit counts: in this process, or in the database when instances share one (RATE_LIMIT_STORE). */
  rateCounter: RateCounter;
  /** Money events to alert on (second and short settlements, fee overruns…), counted in this process. */
  moneyCounters: MoneyCounters;
}
