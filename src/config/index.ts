import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';

/**
 * The whole configuration, parsed once at start-up from environment variables (and optionally a JSON
 * file named by CONFIG_FILE whose keys are the same variable names; the environment wins), validated,
 * frozen and passed down. Every problem is reported at once, by variable name.
 */
export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  /**
   * Which proxies in front of the service are believed about the client's address (X-Forwarded-For):
   * none (false), the nearest `n` hops, or those at these addresses and CIDR ranges.
   */
  trustProxy: false | number | string[];
  databaseUrl: string;
  /** SQLite `synchronous` pragma: FULL makes every commit durable across power loss. */
  sqliteSynchronous: 'FULL' | 'NORMAL' | 'EXTRA';
  /** Most operations one group commit may carry. */
  sqliteMaxBatch: number;
  /** WAL size (bytes) past which new writes wait until a checkpoint has emptied it. */
  sqliteWalLimitBytes: number;
  dataDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  lightning: {
    backend: 'sandbox' | 'lnd' | 'cln';
    network: 'bitcoin' | 'testnet' | 'signet' | 'regtest';
    sandboxNodeKeyHex: string | null;
    sandboxFeeBaseMsat: bigint;
    sandboxFeePpm: bigint;
    /** Most the sandbox faucet issues of one asset in all, whole units (keeps ledger columns in range). */
    sandboxFundMaxUnits: number;
    lndUrl: string | null;
    lndMacaroonHex: string | null;
    lndTlsCertPath: string | null;
    clnUrl: string | null;
    clnRune: string | null;
    /** clnrest's ca.pem, which signs the certificate clnrest serves. */
    clnTlsCaPath: string | null;
  };
  payments: {
    /** Service fee on sends and on receipts, in millionths of the amount (0.1 % = 1000). */
    serviceFeeSendPpm: bigint;
    serviceFeeReceivePpm: bigint;
    /** GST, in millionths of the service fee (18 % = 180000). */
    gstPpm: bigint;
    /** Routing fee reserved for an outgoing Lightning payment: ppm of the amount, at least the minimum. */
    feeReservePpm: bigint;
    feeReserveMinMsat: bigint;
    /** How long a send waits for the Lightning backend before answering `pending`. */
    payTimeoutSec: number;
    /** Largest amount the Lightning address of an account accepts (LUD-06 maxSendable). */
    lnurlMaxSendableMsat: bigint;
    /** Let LNURL requests reach private and loopback addresses (tests, private deployments). */
    lnurlAllowPrivate: boolean;
    /** Invoices the Lightning address callback makes per client address, and per usertag, per minute. */
    lnurlPayPerIpPerMinute: number;
    lnurlPayPerUsertagPerMinute: number;
  };
  vouchers: {
    /** Routing-fee reserve escrowed per voucher on top of its amount: ppm of the amount, at least the minimum. */
    feeReservePpm: bigint;
    feeReserveMinMsat: bigint;
    /** Largest amount of one voucher (LNURL-withdraw carries it as a JSON number of msat). */
    maxAmountMsat: bigint;
    /** Expiry of a batch when requestVoucher names none, and the longest it may name. */
    expiryDefaultMin: number;
    expiryMaxMin: number;
    /** Redeem attempts (API, page form, LNURL callback) per client IP, and per one-time code, per minute. */
    redeemPerIpPerMinute: number;
    redeemPerCodePerMinute: number;
    /** Wait between rounds of the expiry sweeper when nothing was due. */
    sweepIntervalMs: number;
  };
  rateLimit: {
    enabled: boolean;
    /** Where hits are counted: this process, or the database every instance shares. */
    store: 'memory' | 'database';
    receivePerMinute: number;
    otherPer10Minutes: number;
    /** E-mails the service accepts to send to one address per hour, whoever asks. */
    mailPerRecipientPerHour: number;
    /** E-mails one account may have sent per hour (vouchers to receiver_email). */
    mailPerAccountPerHour: number;
  };
  bodyLimitBytes: number;
  smtpUrl: string | null;
  /** PEM file of certificate authorities trusted for the SMTP server, besides the system's. */
  smtpCaFile: string | null;
  /** Refuse to send (and to log in) over a connection that STARTTLS did not secure. */
  smtpRequireTls: boolean;
  mailFrom: string;
  webhookAllowPrivate: boolean;
  /** Whole webhook request, connect to last response byte. */
  webhookTimeoutMs: number;
  /** Response bytes read from a webhook receiver at most (an excerpt is kept per attempt). */
  webhookResponseMaxBytes: number;
  /** One SMTP submission at most, connect to the server's reply. */
  mailTimeoutMs: number;
  outbox: {
    /** Rows one dispatch round claims at most. */
    batchSize: number;
    /** Deliveries in flight at once per process. */
    concurrency: number;
    /** How long a claimed row stays with its worker; after it, another worker takes it over (crash). */
    leaseMs: number;
    /** Wait between rounds when nothing is due. */
    pollIntervalMs: number;
    /** Attempts in flight to one host at most, across every process. */
    perHost: number;
    /** Consecutive timeouts of one host that open its circuit (its rows are put off without connecting). */
    breakerTimeouts: number;
    /** How long a circuit first stays open; doubled on each failed probe, up to 16 times this. */
    breakerOpenMs: number;
    /** Delivered and failed rows (with their attempts) are deleted this long after their last change. */
    retentionDays: number;
    /** Dev mailbox messages are deleted this long after they were stored. */
    devMailboxRetentionDays: number;
  };
  checkout: {
    /** Open status streams (Server-Sent Events) of the hosted checkout per client address, and in all. */
    streamsPerAddress: number;
    streamsTotal: number;
    /** How often open streams re-read their payments' status (changes made by other instances). */
    statusPollMs: number;
    /** Comment line sent on an idle stream, so proxies and browsers keep it open. */
    heartbeatMs: number;
  };
  audit: {
    /** Largest difference between the node's balance and the ledger's that `paytag audit` accepts. */
    nodeToleranceMsat: bigint;
    /** What the node holds beyond the ledger (the operator's own liquidity), added to the ledger's side. */
    nodeOwnFundsMsat: bigint;
  };
}

export type Env = Record<string, string | undefined>;

/** Names of variables whose values are secrets: never logged or echoed. */
export const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'SANDBOX_NODE_KEY',
  'LND_MACAROON_HEX',
  'CLN_RUNE',
  'SMTP_URL',
]);

/** proxy-addr's names for address ranges, which TRUST_PROXY accepts besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...more] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || more.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

class Reader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  raw(name: string): string | undefined {
    const v = this.env[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  }

  string(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  optional(name: string): string | null {
    return this.raw(name) ?? null;
  }

  int(name: string, fallback: number, min: number, max: number): number {
    const v = this.raw(name);
    if (v === undefined) return fallback;
    if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max} (got "${v}")`);
      return fallback;
    }
    return Number(v);
  }

  bigint(name: string, fallback: bigint, max: bigint): bigint {
    const v = this.raw(name);
    if (v === undefined) return fallback;
    if (!/^\d{1,19}$/.test(v) || BigInt(v) > max) {
      this.problems.push(`${name} must be a whole number from 0 to ${max} (got "${v}")`);
      return fallback;
    }
    return BigInt(v);
  }

  /** A percentage from 0 to 100 with at most 4 decimals, as parts per million. */
  percentPpm(name: string, fallback: bigint, maxPercent: number): bigint {
    const v = this.raw(name);
    if (v === undefined) return fallback;
    const m = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(v);
    const ppm = m ? BigInt(m[1]!) * 10_000n + BigInt((m[2] ?? '').padEnd(4, '0')) : -1n;
    if (ppm < 0n || ppm > BigInt(maxPercent) * 10_000n) {
      this.problems.push(
        `${name} must be a percentage from 0 to ${maxPercent} with at most 4 decimals (got "${v}")`,
      );
      return fallback;
    }
    return ppm;
  }

  bool(name: string, fallback: boolean): boolean {
    const v = this.raw(name);
    if (v === undefined) return fallback;
    if (/^(true|1|yes|on)$/i.test(v)) return true;
    if (/^(false|0|no|off)$/i.test(v)) return false;
    this.problems.push(`${name} must be true or false (got "${v}")`);
    return fallback;
  }

  oneOf<T extends string>(name: string, choices: readonly T[], fallback: T, caseInsensitive = true): T {
    const v = this.raw(name);
    if (v === undefined) return fallback;
    const found = choices.find((c) => (caseInsensitive ? c.toLowerCase() === v.toLowerCase() : c === v));
    if (found === undefined) {
      this.problems.push(`${name} must be one of ${choices.join(', ')} (got "${v}")`);
      return fallback;
    }
    return found;
  }

  /** TRUST_PROXY: off, a hop count, or a comma-separated list of addresses and CIDR ranges. */
  trustProxy(name: string): false | number | string[] {
    const v = this.raw(name);
    if (v === undefined || /^(false|0|no|off)$/i.test(v)) return false;
    if (/^\d+$/.test(v)) {
      if (Number(v) <= 16) return Number(v);
    } else {
      const entries = v.split(',').map((e) => e.trim().toLowerCase());
      if (entries.every(isAddressOrCidr)) return entries;
    }
    this.problems.push(
      `${name} must be a hop count from 0 to 16 or a comma-separated list of proxy addresses and CIDR ranges (got "${v}")`,
    );
    return false;
  }

  url(name: string, fallback: string | null, protocols: string[]): string | null {
    const v = this.raw(name) ?? fallback;
    if (v === null) return null;
    try {
      const u = new URL(v);
      if (!protocols.includes(u.protocol)) {
        this.problems.push(`${name} must be a ${protocols.join(' or ')} URL`);
      }
      return v;
    } catch {
      this.problems.push(`${name} must be a URL`);
      return fallback;
    }
  }
}

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

export function loadConfig(env: Env = process.env): Config {
  let merged: Env = env;
  const file = env['CONFIG_FILE'];
  if (file) {
    try {
      merged = { ...readConfigFile(file), ...env };
    } catch (e) {
      if (e instanceof ConfigError) throw e;
      throw new ConfigError([`CONFIG_FILE ${file} could not be read: ${(e as Error).message}`]);
    }
  }
  const r = new Reader(merged);
  const port = r.int('PORT', 8080, 0, 65535);
  const dataDir = r.string('DATA_DIR', './data');
  const databaseUrl = r.string('DATABASE_URL', `sqlite:${dataDir}/paytag.sqlite`);
  const postgres = /^postgres(ql)?:\/\//.test(databaseUrl);
  if (!/^(sqlite:|postgres(ql)?:\/\/)/.test(databaseUrl)) {
    r.problems.push('DATABASE_URL must be sqlite:<path> or postgres://user:pass@host:port/db');
  }
  const publicUrl = (r.url('PUBLIC_URL', `http://localhost:${port}`, ['http:', 'https:']) ?? '').replace(
    /\/+$/,
    '',
  );
  const backend = r.oneOf('LIGHTNING_BACKEND', ['sandbox', 'lnd', 'cln'] as const, 'sandbox');
  const sandboxNodeKeyHex = r.optional('SANDBOX_NODE_KEY');
  if (sandboxNodeKeyHex !== null && !/^[0-9a-fA-F]{64}$/.test(sandboxNodeKeyHex)) {
    r.problems.push('SANDBOX_NODE_KEY must be 64 hex characters');
  }
  const lightning: Config['lightning'] = {
    backend,
    network: r.oneOf('LIGHTNING_NETWORK', ['bitcoin', 'testnet', 'signet', 'regtest'] as const, 'regtest'),
    sandboxNodeKeyHex,
    sandboxFeeBaseMsat: r.bigint('SANDBOX_FEE_BASE_MSAT', 1000n, 100_000_000n),
    sandboxFeePpm: r.bigint('SANDBOX_FEE_PPM', 1000n, 100_000n),
    sandboxFundMaxUnits: r.int('SANDBOX_FUND_MAX_UNITS', 21_000_000, 1, 21_000_000),
    lndUrl: r.url('LND_URL', null, ['http:', 'https:']),
    lndMacaroonHex: r.optional('LND_MACAROON_HEX'),
    lndTlsCertPath: r.optional('LND_TLS_CERT_PATH'),
    clnUrl: r.url('CLN_URL', null, ['http:', 'https:']),
    clnRune: r.optional('CLN_RUNE'),
    clnTlsCaPath: r.optional('CLN_TLS_CA_PATH'),
  };
  if (backend === 'lnd' && (lightning.lndUrl === null || lightning.lndMacaroonHex === null)) {
    r.problems.push('LIGHTNING_BACKEND=lnd needs LND_URL and LND_MACAROON_HEX');
  }
  if (backend === 'cln' && (lightning.clnUrl === null || lightning.clnRune === null)) {
    r.problems.push('LIGHTNING_BACKEND=cln needs CLN_URL and CLN_RUNE');
  }
  const config: Config = {
    port,
    host: r.string('HOST', '127.0.0.1'),
    publicUrl,
    trustProxy: r.trustProxy('TRUST_PROXY'),
    databaseUrl,
    sqliteSynchronous: r.oneOf('SQLITE_SYNCHRONOUS', ['FULL', 'NORMAL', 'EXTRA'] as const, 'FULL'),
    sqliteMaxBatch: r.int('SQLITE_MAX_BATCH', 256, 1, 10_000),
    sqliteWalLimitBytes: r.int('SQLITE_WAL_LIMIT_MB', 32, 1, 4096) * 1024 * 1024,
    dataDir,
    logLevel: r.oneOf(
      'LOG_LEVEL',
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const,
      'info',
    ),
    lightning,
    payments: {
      // At most 50 % + GST of at most 100 % of it: fees never exceed the amount they are taken from.
      serviceFeeSendPpm: r.percentPpm('SERVICE_FEE_SEND_PERCENT', 0n, 50),
      serviceFeeReceivePpm: r.percentPpm('SERVICE_FEE_RECEIVE_PERCENT', 0n, 50),
      gstPpm: r.percentPpm('GST_PERCENT', 0n, 100),
      feeReservePpm: r.bigint('LIGHTNING_FEE_RESERVE_PPM', 10_000n, 1_000_000n),
      feeReserveMinMsat: r.bigint('LIGHTNING_FEE_RESERVE_MIN_MSAT', 10_000n, 100_000_000_000n),
      payTimeoutSec: r.int('LIGHTNING_PAY_TIMEOUT_SEC', 30, 1, 600),
      lnurlMaxSendableMsat: r.bigint('LNURL_MAX_SENDABLE_MSAT', 100_000_000_000n, 2_100_000_000_000_000_000n),
      lnurlAllowPrivate: r.bool('LNURL_ALLOW_PRIVATE', false),
      lnurlPayPerIpPerMinute: r.int('LNURL_PAY_PER_IP_PER_MINUTE', 30, 1, 1_000_000),
      lnurlPayPerUsertagPerMinute: r.int('LNURL_PAY_PER_USERTAG_PER_MINUTE', 120, 1, 1_000_000),
    },
    vouchers: {
      feeReservePpm: r.bigint('VOUCHER_FEE_RESERVE_PPM', 10_000n, 1_000_000n),
      feeReserveMinMsat: r.bigint('VOUCHER_FEE_RESERVE_MIN_MSAT', 10_000n, 100_000_000_000n),
      // 2^53 msat is about 90,071 BTC: LNURL amounts must stay exact JSON numbers.
      maxAmountMsat: r.bigint('VOUCHER_MAX_AMOUNT_MSAT', 100_000_000_000_000n, 9_000_000_000_000_000n),
      expiryDefaultMin: r.int('VOUCHER_EXPIRY_DEFAULT_MIN', 525_600, 1, 5_256_000),
      expiryMaxMin: r.int('VOUCHER_EXPIRY_MAX_MIN', 5_256_000, 1, 52_560_000),
      redeemPerIpPerMinute: r.int('VOUCHER_REDEEM_PER_IP_PER_MINUTE', 30, 1, 1_000_000),
      redeemPerCodePerMinute: r.int('VOUCHER_REDEEM_PER_CODE_PER_MINUTE', 10, 1, 1_000_000),
      sweepIntervalMs: r.int('VOUCHER_SWEEP_INTERVAL_MS', 30_000, 100, 3_600_000),
    },
    rateLimit: {
      enabled: r.bool('RATE_LIMIT_ENABLED', true),
      // Several instances share a PostgreSQL database, and must share their counts too.
      store: r.oneOf('RATE_LIMIT_STORE', ['memory', 'database'] as const, postgres ? 'database' : 'memory'),
      receivePerMinute: r.int('RATE_LIMIT_RECEIVE_PER_MINUTE', 150, 1, 10_000_000),
      otherPer10Minutes: r.int('RATE_LIMIT_PER_10_MINUTES', 1000, 1, 100_000_000),
      mailPerRecipientPerHour: r.int('MAIL_PER_RECIPIENT_PER_HOUR', 20, 1, 100_000),
      mailPerAccountPerHour: r.int('MAIL_PER_ACCOUNT_PER_HOUR', 100, 1, 1_000_000),
    },
    bodyLimitBytes: r.int('BODY_LIMIT_BYTES', 65_536, 1024, 10_485_760),
    smtpUrl: r.url('SMTP_URL', null, ['smtp:', 'smtps:']),
    smtpCaFile: r.optional('SMTP_CA_FILE'),
    smtpRequireTls: r.bool('SMTP_REQUIRE_TLS', false),
    mailFrom: r.string('MAIL_FROM', 'paytag <no-reply@localhost>'),
    webhookAllowPrivate: r.bool('WEBHOOK_ALLOW_PRIVATE', false),
    webhookTimeoutMs: r.int('WEBHOOK_TIMEOUT_MS', 10_000, 100, 120_000),
    webhookResponseMaxBytes: r.int('WEBHOOK_RESPONSE_MAX_BYTES', 4096, 0, 1_048_576),
    mailTimeoutMs: r.int('MAIL_TIMEOUT_MS', 30_000, 100, 300_000),
    outbox: {
      batchSize: r.int('OUTBOX_BATCH_SIZE', 32, 1, 1000),
      concurrency: r.int('OUTBOX_CONCURRENCY', 8, 1, 256),
      leaseMs: r.int('OUTBOX_LEASE_MS', 300_000, 1000, 86_400_000),
      pollIntervalMs: r.int('OUTBOX_POLL_INTERVAL_MS', 1000, 10, 60_000),
      perHost: r.int('OUTBOX_PER_HOST', 2, 1, 256),
      breakerTimeouts: r.int('OUTBOX_BREAKER_TIMEOUTS', 5, 1, 1000),
      breakerOpenMs: r.int('OUTBOX_BREAKER_OPEN_MS', 30_000, 100, 3_600_000),
      retentionDays: r.int('OUTBOX_RETENTION_DAYS', 30, 1, 3650),
      devMailboxRetentionDays: r.int('DEV_MAILBOX_RETENTION_DAYS', 7, 1, 3650),
    },
    checkout: {
      streamsPerAddress: r.int('CHECKOUT_STREAMS_PER_ADDRESS', 10, 1, 10_000),
      streamsTotal: r.int('CHECKOUT_STREAMS_TOTAL', 2000, 1, 1_000_000),
      statusPollMs: r.int('CHECKOUT_STATUS_POLL_MS', 500, 50, 10_000),
      heartbeatMs: r.int('CHECKOUT_HEARTBEAT_MS', 15_000, 50, 120_000),
    },
    audit: {
      nodeToleranceMsat: r.bigint('AUDIT_NODE_TOLERANCE_MSAT', 0n, 2_100_000_000_000_000_000n),
      nodeOwnFundsMsat: r.bigint('AUDIT_NODE_OWN_FUNDS_MSAT', 0n, 2_100_000_000_000_000_000n),
    },
  };
  // A claimed row's attempt must end (and be recorded) before its lease runs out, or a second worker may
  // take it over and send it again. Rows a round cannot start in time are given back, not attempted.
  const longestAttemptMs = Math.max(config.webhookTimeoutMs, config.mailTimeoutMs);
  if (config.outbox.leaseMs < 2 * longestAttemptMs) {
    r.problems.push(
      `OUTBOX_LEASE_MS must be at least ${2 * longestAttemptMs} ms: twice the longer of WEBHOOK_TIMEOUT_MS and MAIL_TIMEOUT_MS`,
    );
  }
  if (config.smtpCaFile !== null) {
    try {
      if (!readFileSync(config.smtpCaFile, 'utf8').includes('-----BEGIN CERTIFICATE-----')) {
        r.problems.push(`SMTP_CA_FILE ${config.smtpCaFile} holds no PEM certificate`);
      }
    } catch (e) {
      r.problems.push(`SMTP_CA_FILE ${config.smtpCaFile} cannot be read: ${(e as Error).message}`);
    }
  }
  if (config.vouchers.expiryDefaultMin > config.vouchers.expiryMaxMin) {
    r.problems.push('VOUCHER_EXPIRY_DEFAULT_MIN must not exceed VOUCHER_EXPIRY_MAX_MIN');
  }
  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return deepFreeze(config);
}

function deepFreeze<T>(o: T): T {
  if (o !== null && typeof o === 'object') {
    for (const v of Object.values(o)) deepFreeze(v);
    Object.freeze(o);
  }
  return o;
}

/** What may be logged about the configuration: everything but secrets. */
export function describeConfig(c: Config): Record<string, unknown> {
  return {
    port: c.port,
    host: c.host,
    publicUrl: c.publicUrl,
    trustProxy: c.trustProxy,
    database: c.databaseUrl.startsWith('sqlite:') ? c.databaseUrl : 'postgres (credentials hidden)',
    lightningBackend: c.lightning.backend,
    network: c.lightning.network,
    mail: c.smtpUrl ? 'smtp' : 'dev mailbox',
    rateLimit: c.rateLimit,
  };
}
