import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createChainWatchers, createEsploraTransactions, createEvmReceipts } from './adapters/chain/index.ts';
import { openChainKeys, SEED_FILE_NAME, warmChainKeys, warnIfHotSeed } from './adapters/chain-keys/open.ts';
import { publicHostCheck, safeFetch } from './adapters/http-out/safe-fetch.ts';
import {
  createLightningBackend,
  decodeInvoice,
  type LightningBackendConfig,
  nodeProbes,
} from './adapters/lightning/index.ts';
import type { SandboxInvoiceStore } from './adapters/lightning/sandbox.ts';
import { createLnurlPayClient } from './adapters/lnurl/index.ts';
import { createDevMailbox } from './adapters/mail/dev-mailbox.ts';
import { createSmtpMailer } from './adapters/mail/smtp.ts';
import { createNostrPublish } from './adapters/nostr/publish.ts';
import { createRelayLinks } from './adapters/nostr/relays.ts';
import { createPriceSources } from './adapters/prices/index.ts';
import { HEAP_GROWING_PERCENT, limitHeapGrowth } from './adapters/runtime/heap.ts';
import { createLogger } from './adapters/runtime/log.ts';
import { cryptoIds, paymentIds, systemClock, timeOrderedIds } from './adapters/runtime/system.ts';
import { createBackgroundTasks } from './app/background.ts';
import { chainHooks } from './app/chain/hooks.ts';
import { sandboxBtcTransactions } from './app/chain/sandbox-transactions.ts';
import { verifyChainKeys } from './app/chain/verify-keys.ts';
import type { AppDeps } from './app/deps.ts';
import { buildHooks, type HookPart } from './app/hooks.ts';
import { devMailboxStore } from './app/mail/mailbox.ts';
import { createPaymentChanges } from './app/metrics/change-signal.ts';
import { createJobCounters } from './app/metrics/job-counters.ts';
import { createMoneyCounters } from './app/metrics/money-counters.ts';
import { type NwcService, startNwcService } from './app/nwc/wallet-service.ts';
import { paymentHooks } from './app/payments/hooks.ts';
import { payoutHooks } from './app/payouts/hooks.ts';
import type { Clock, LightningBackend, Logger, Mailer, WebhookPost } from './app/ports.ts';
import { createPriceFeed } from './app/prices/feed.ts';
import { databaseRateCounter, memoryRateCounter } from './app/rate-limits/counters.ts';
import { refundHooks } from './app/refunds/hooks.ts';
import { recordedServerPublicUrl, recordServerPublicUrl } from './app/system/public-url.ts';
import { tradingHooks } from './app/trading/hooks.ts';
import { voucherHooks } from './app/vouchers/hooks.ts';
import { withdrawalHooks } from './app/withdrawals/hooks.ts';
import { type Config, ConfigError, describeConfig } from './config/index.ts';
import { type Database, lockForServing, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { getKv, putKv } from './db/repos/kv.ts';
import { ensureSystemAccounts } from './db/repos/ledger.ts';
import { newestPaymentIdIn } from './db/repos/payments.ts';
import { listStaticPrices } from './db/repos/static-prices.ts';

// The composition root: config → database → migrations → adapters → use-case deps → HTTP and jobs.
// The only module that chooses concrete adapters. The HTTP app and the jobs are imported by startServer
// when it runs, so a command that opens only the runtime does not load them.

/** How long shutdown waits for background tasks (e.g. a voucher withdrawal being paid) to end. */
const BACKGROUND_DRAIN_MS = 10_000;

/** Where the hot seed file of this configuration is (it exists only when no xpub is or was set). */
export const hotSeedPath = (config: Config): string => join(config.dataDir, SEED_FILE_NAME);

/**
 * The configured database alone: no migrations, adapters or jobs, and no serve lock (`paytag backup`
 * copies it while the service runs). The caller closes it.
 */
export const openDatabaseOnly = (config: Config): Database =>
  openDatabase({ url: config.databaseUrl, sqliteSynchronous: config.sqliteSynchronous });

export interface Runtime {
  deps: AppDeps;
  close(): Promise<void>;
}

/**
 * The sandbox node's own invoice database (cancelled and settled invoices), kept in the service's `kv`
 * table under `sandbox_node.invoice.<hash>`: a restart, or a command run beside the server, sees them.
 */
function sandboxInvoiceStore(db: Database): SandboxInvoiceStore {
  const key = (hash: string) => `sandbox_node.invoice.${hash}`;
  return {
    async get(hash) {
      const v = await getKv(db.read, key(hash));
      if (v === 'canceled') return { state: 'canceled' };
      const m = /^settled:(\d+):(\d+)$/.exec(v ?? '');
      return m
        ? { state: 'settled', amountReceivedMsat: BigInt(m[1]!), settledAtSec: Number(m[2]) }
        : undefined;
    },
    async put(hash, s) {
      const v = s.state === 'canceled' ? 'canceled' : `settled:${s.amountReceivedMsat}:${s.settledAtSec}`;
      await db.write((trx) => putKv(trx, key(hash), v, systemClock.nowMs()));
    },
  };
}

function lightningConfig(config: Config, db?: Database): LightningBackendConfig {
  const l = config.lightning;
  switch (l.backend) {
    case 'sandbox':
      return {
        kind: 'sandbox',
        network: l.network,
        // The node key lives in the data directory unless given, so invoices survive a restart.
        ...(l.sandboxNodeKeyHex !== null
          ? { nodeKeyHex: l.sandboxNodeKeyHex }
          : { nodeKeyFile: join(config.dataDir, 'sandbox-node.key') }),
        feeBaseMsat: l.sandboxFeeBaseMsat,
        feePpm: l.sandboxFeePpm,
        ...(db !== undefined ? { invoiceStore: sandboxInvoiceStore(db) } : {}),
      };
    case 'lnd':
      return {
        kind: 'lnd',
        url: l.lndUrl!,
        macaroonHex: l.lndMacaroonHex!,
        ...(l.lndTlsCertPath !== null ? { tlsCertPath: l.lndTlsCertPath } : {}),
      };
    case 'cln':
      return {
        kind: 'cln',
        url: l.clnUrl!,
        rune: l.clnRune!,
        ...(l.clnTlsCaPath !== null ? { tlsCaPath: l.clnTlsCaPath } : {}),
      };
  }
}

/** The configured Lightning backend alone (no database), with the checks only its kind can make. */
export async function openLightningForDoctor(config: Config) {
  const backendConfig = lightningConfig(config);
  return { backend: await createLightningBackend(backendConfig), probes: nodeProbes(backendConfig) };
}

/** Opens the database, applies migrations and builds the dependencies every entry point shares. */
export async function openRuntime(
  givenConfig: Config,
  log: Logger,
  opts: {
    /** Further hook parts (tests add target kinds of their own). */ hooks?: readonly HookPart[];
    /** The clock the service runs on (tests move time by hand). */ clock?: Clock;
    /**
     * The Lightning backend to pay and receive through instead of the configured one (tests give a
     * fake or a stand-in node); its owner closes it.
     */
    lightning?: LightningBackend;
    /**
     * A command beside the server (not `serve`): without PUBLIC_URL of its own it takes the URL the
     * server recorded, so the links it writes (e-mails, records) reach the server.
     */
    serverPublicUrl?: boolean;
  } = {},
): Promise<Runtime> {
  let config = givenConfig;
  const chainKeys = openChainKeys(config, log);
  const db: Database = openDatabase({
    url: config.databaseUrl,
    sqliteSynchronous: config.sqliteSynchronous,
    sqliteMaxBatch: config.sqliteMaxBatch,
    sqliteWalLimitBytes: config.sqliteWalLimitBytes,
    sqliteKeyCacheEntries: config.sqliteKeyCacheEntries,
    postgresPoolSize: config.postgresPoolSize,
    postgresPreparedStatements: config.postgresPreparedStatements,
    postgresMaxBatch: config.postgresMaxBatch,
    log,
  });
  let lightning: LightningBackend;
  try {
    const applied = await migrateToLatest(db);
    if (applied.length > 0) log.info({ applied }, 'migrations applied');
    await db.write((trx) => ensureSystemAccounts(trx, systemClock.nowMs()));
    if (db.dialect === 'sqlite') {
      // Ids continue after the database's newest recent one, whatever the clock did since it was made.
      const { from, to } = paymentIds.recentRange();
      paymentIds.continueAfter(await newestPaymentIdIn(db.read, from, to));
    }
    if (opts.serverPublicUrl === true && !config.publicUrlGiven) {
      const recorded = await recordedServerPublicUrl(db);
      if (recorded !== undefined) config = { ...config, publicUrl: recorded };
    }
    lightning = opts.lightning ?? (await createLightningBackend(lightningConfig(config, db)));
  } catch (e) {
    await db.close();
    throw e;
  }
  // The features reach each other only through this table (see app/hooks.ts).
  const hooks = buildHooks([
    paymentHooks,
    voucherHooks,
    refundHooks,
    payoutHooks,
    chainHooks,
    tradingHooks,
    withdrawalHooks,
    ...(opts.hooks ?? []),
  ]);
  const mailer: Mailer =
    config.mail.smtpUrl === null
      ? createDevMailbox(devMailboxStore(db, systemClock), log)
      : createSmtpMailer({
          url: config.mail.smtpUrl,
          timeoutMs: config.mail.timeoutMs,
          maxConnections: Math.min(config.outbox.concurrency, 5),
          caFile: config.mail.smtpCaFile,
          requireTls: config.mail.smtpRequireTls,
        });
  const webhookPost: WebhookPost = (url, o) => safeFetch(url, { method: 'POST', ...o });
  const background = createBackgroundTasks(log);
  const rateCounter = config.rateLimit.store === 'database' ? databaseRateCounter(db) : memoryRateCounter();
  const clock = opts.clock ?? systemClock;
  const prices = createPriceFeed({
    sources: createPriceSources(config.prices, { clock, readStaticChanges: () => listStaticPrices(db.read) }),
    clock,
    log,
    staleAfterMs: config.prices.staleAfterMs,
    fiatStaleAfterMs: config.prices.fiatStaleAfterMs,
    outlierPpm: config.prices.outlierPpm,
  });
  // The offline source answers before the first request; the others at the refresh job's first round.
  await prices.refresh({ only: (name) => name === 'static' });
  const deps: AppDeps = {
    config,
    db,
    clock,
    ids: db.dialect === 'sqlite' ? timeOrderedIds : cryptoIds,
    log,
    lightning,
    decodeInvoice: (payreq) => {
      const r = decodeInvoice(payreq);
      return r.ok ? r : { ok: false, message: r.message };
    },
    lnurl: createLnurlPayClient({
      allowPrivate: config.payments.lnurlAllowPrivate,
      allowHttpLocalhost: config.payments.lnurlAllowPrivate,
      network: config.lightning.network,
    }),
    mailer,
    webhookPost,
    nostrPublish: createNostrPublish(),
    checkPublicHost: publicHostCheck(),
    background,
    rateCounter,
    moneyCounters: createMoneyCounters(),
    paymentChanges: createPaymentChanges(),
    jobCounters: createJobCounters(),
    hooks,
    prices,
    chainKeys,
    chainWatchers: createChainWatchers(config, log),
    btcTransactions:
      config.chainWatch.btcWatcher === 'sandbox'
        ? sandboxBtcTransactions({ db, config, clock, log })
        : createEsploraTransactions(config),
    evmReceipts: createEvmReceipts(config),
  };
  return {
    deps,
    async close() {
      // A task cut short leaves committed state that a job completes after the next start.
      await background.drain(BACKGROUND_DRAIN_MS);
      if (opts.lightning === undefined) await lightning.close();
      await mailer.close();
      await db.close();
    },
  };
}

export interface Server {
  app: FastifyInstance;
  runtime: Runtime;
  /** Address actually bound (port 0 picks a free port). */
  url: string;
  stop(): Promise<void>;
}

/**
 * The sandbox is a development node: anyone may mint money with POST /sandbox/v1/pay and read every
 * voucher e-mail (codes included) in the dev mailbox, without a key. An https PUBLIC_URL means the
 * service is reachable by others, so it says so loudly at start.
 */
function warnIfSandboxIsPublic(config: Config, log: Logger): void {
  if (config.lightning.backend !== 'sandbox' || !config.publicUrl.startsWith('https:')) return;
  log.warn(
    { publicUrl: config.publicUrl, lightningBackend: 'sandbox' },
    'SANDBOX BACKEND ON A PUBLIC ADDRESS: LIGHTNING_BACKEND=sandbox with an https PUBLIC_URL. ' +
      'Anyone can mint money with POST /sandbox/v1/pay and read every voucher e-mail, codes included, ' +
      'in the dev mailbox (GET /sandbox/v1/mailbox) without a key. Use LIGHTNING_BACKEND=lnd or cln in production.',
  );
}

/**
 * The NIP-47 wallet service on the configured relays (each guarded like a webhook's address), or null
 * when Nostr is off (no NOSTR_SECRET_KEY or no NWC_RELAYS).
 */
export function startNwc(deps: AppDeps): NwcService | null {
  const n = deps.config.nostr;
  if (n.secretKeyHex === null || n.nwcRelays.length === 0) return null;
  return startNwcService(
    deps,
    createRelayLinks({ urls: n.nwcRelays, allowPrivate: n.allowPrivate, log: deps.log }),
  );
}

export async function startServer(config: Config): Promise<Server> {
  const started = performance.now();
  // The HTTP app and the jobs are loaded by the server alone: the commands that open only the runtime
  // (account create, sandbox fund, …) do not load them.
  const [{ buildApp }, { ALL_JOBS }, { startJobs }] = await Promise.all([
    import('./http/app.ts'),
    import('./jobs/index.ts'),
    import('./jobs/runner.ts'),
  ]);
  const heapGrowingPercent = limitHeapGrowth() ? HEAP_GROWING_PERCENT : 'node flag';
  const log = createLogger(config.logLevel);
  warnIfSandboxIsPublic(config, log);
  const serveLock = lockForServing(config.databaseUrl);
  // Held alone (the lock above on SQLite): this process's payment ids never meet a command's.
  paymentIds.servesAlone();
  let runtime: Runtime;
  try {
    runtime = await openRuntime(config, log);
  } catch (e) {
    serveLock.release();
    throw e;
  }
  // Addresses of another wallet must never be handed out: keys that differ from the database's refuse
  // the start (for a hot seed this derives its keys now, before the first request rather than after).
  const keyProblems = await verifyChainKeys(runtime.deps).catch(async (e: unknown) => {
    await runtime.close();
    serveLock.release();
    throw e;
  });
  if (keyProblems.length > 0) {
    await runtime.close();
    serveLock.release();
    throw new ConfigError(keyProblems);
  }
  warnIfHotSeed(runtime.deps.chainKeys, log);
  const app = await buildApp(runtime.deps, { logger: log });
  await app.listen({ port: config.port, host: config.host });
  await recordServerPublicUrl(runtime.deps.db, config.publicUrl, systemClock.nowMs());
  const jobs = startJobs(runtime.deps, ALL_JOBS);
  const nwc = startNwc(runtime.deps);
  // Off the first on-chain request's write unit (see warmChainKeys).
  setTimeout(() => warmChainKeys(runtime.deps.chainKeys, log), 0).unref();
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr !== null ? addr.port : config.port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  log.info(
    { ...describeConfig(config), url, heapGrowingPercent, readyMs: Math.round(performance.now() - started) },
    'paytag ready',
  );
  let stopping: Promise<void> | null = null;
  return {
    app,
    runtime,
    url,
    stop() {
      stopping ??= (async () => {
        const t0 = performance.now();
        const phase = (name: string) =>
          log.info({ phase: name, ms: Math.round(performance.now() - t0) }, 'shutdown');
        // New connections are refused at once; requests in flight are answered first.
        await app.close();
        phase('http closed');
        await jobs.stop();
        await nwc?.stop();
        phase('jobs stopped');
        await runtime.close();
        phase('runtime closed');
        serveLock.release();
      })();
      return stopping;
    },
  };
}
