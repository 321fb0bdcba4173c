import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { type AuditConfig, audit } from './audit.ts';
import { type ChainConfig, chain } from './chain.ts';
import { type ChainWatchConfig, chainWatch } from './chain-watch.ts';
import { type CheckoutConfig, checkout } from './checkout.ts';
import { type DashboardConfig, dashboard } from './dashboard.ts';
import { type DbConfig, db } from './db.ts';
import { type HttpConfig, http } from './http.ts';
import { type LightningConfig, lightning } from './lightning.ts';
import { type LnbitsConfig, lnbits } from './lnbits.ts';
import { type LndhubConfig, lndhub } from './lndhub.ts';
import { type MailConfig, mail } from './mail.ts';
import { type MetricsConfig, metrics } from './metrics.ts';
import { type NostrConfig, nostr } from './nostr.ts';
import { type OutboxConfig, outbox } from './outbox.ts';
import { type PaymentsConfig, payments } from './payments.ts';
import { type PayoutsConfig, payouts } from './payouts.ts';
import { type PricesConfig, prices } from './prices.ts';
import { type RateLimitConfig, rateLimit } from './rate-limit.ts';
import { SECRET_VARIABLES } from './secrets.ts';
import { type TradeTokenConfig, tradeToken } from './trade-token.ts';
import { type TradingConfig, trading } from './trading.ts';
import { type VerificationConfig, verification } from './verification.ts';
import { type VouchersConfig, vouchers } from './vouchers.ts';
import { type WebhooksConfig, webhooks } from './webhooks.ts';

/**
 * The whole configuration, parsed once at start-up from environment variables (and optionally a JSON
 * file named by CONFIG_FILE whose keys are the same variable names; the environment wins), validated
 * section by section through the schemas of this folder, frozen and passed down. Every problem is
 * reported at once, by variable name. The HTTP and database fields sit at the top level; every other
 * section is nested under its name.
 */
export type Config = HttpConfig &
  DbConfig & {
    lightning: LightningConfig;
    payments: PaymentsConfig;
    vouchers: VouchersConfig;
    rateLimit: RateLimitConfig;
    mail: MailConfig;
    webhooks: WebhooksConfig;
    outbox: OutboxConfig;
    payouts: PayoutsConfig;
    checkout: CheckoutConfig;
    audit: AuditConfig;
    prices: PricesConfig;
    metrics: MetricsConfig;
    chain: ChainConfig;
    chainWatch: ChainWatchConfig;
    verification: VerificationConfig;
    tradeToken: TradeTokenConfig;
    trading: TradingConfig;
    dashboard: DashboardConfig;
    lnbits: LnbitsConfig;
    lndhub: LndhubConfig;
    nostr: NostrConfig;
  };

export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function readConfigFile(path: string): Env {
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ConfigError([`CONFIG_FILE ${path} must hold a JSON object of VARIABLE: value`]);
  }
  return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, v === null ? undefined : String(v)]));
}

function mergedEnv(env: Env): Env {
  const file = env['CONFIG_FILE'];
  if (!file) return env;
  try {
    return { ...readConfigFile(file), ...env };
  } catch (e) {
    if (e instanceof ConfigError) throw e;
    throw new ConfigError([`CONFIG_FILE ${file} could not be read: ${(e as Error).message}`]);
  }
}

/** One problem per line: "VARIABLE message", with a secret's value never echoed. */
function describeIssue(issue: z.core.$ZodIssue): string {
  const name = issue.path[0];
  if (typeof name !== 'string') return issue.message;
  const message = SECRET_VARIABLES.has(name) ? issue.message.replace(/ \(got ".*"\)$/s, '') : issue.message;
  return `${name} ${message}`;
}

export function loadConfig(env: Env = process.env): Config {
  const merged = mergedEnv(env);
  const problems: string[] = [];
  const parse = <T>(schema: z.ZodType<T, unknown>): T => {
    const r = schema.safeParse(merged);
    if (r.success) return r.data;
    problems.push(...r.error.issues.map(describeIssue));
    return undefined as T; // never read: problems is not empty
  };
  const config: Config = {
    ...parse(http),
    ...parse(db),
    lightning: parse(lightning),
    payments: parse(payments),
    vouchers: parse(vouchers),
    rateLimit: parse(rateLimit),
    mail: parse(mail),
    webhooks: parse(webhooks),
    outbox: parse(outbox),
    payouts: parse(payouts),
    checkout: parse(checkout),
    audit: parse(audit),
    prices: parse(prices),
    metrics: parse(metrics),
    chain: parse(chain),
    chainWatch: parse(chainWatch),
    verification: parse(verification),
    tradeToken: parse(tradeToken),
    trading: parse(trading),
    dashboard: parse(dashboard),
    lnbits: parse(lnbits),
    lndhub: parse(lndhub),
    nostr: parse(nostr),
  };
  // Across sections. A claimed row's attempt must end (and be recorded) before its lease runs out, or a
  // second worker may take it over and send it again. Rows a round cannot start in time are given back.
  if (config.outbox && config.mail && config.webhooks) {
    const longestAttemptMs = Math.max(config.webhooks.timeoutMs, config.mail.timeoutMs);
    if (config.outbox.leaseMs < 2 * longestAttemptMs) {
      problems.push(
        `OUTBOX_LEASE_MS must be at least ${2 * longestAttemptMs} ms: twice the longer of WEBHOOK_TIMEOUT_MS and MAIL_TIMEOUT_MS`,
      );
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return deepFreeze(config);
}

function deepFreeze<T>(o: T): T {
  if (o !== null && typeof o === 'object') {
    for (const v of Object.values(o)) deepFreeze(v);
    Object.freeze(o);
  }
  return o;
}
