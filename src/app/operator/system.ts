import { getKv } from '../../db/repos/kv.ts';
import { SYSTEM_ACCOUNTS, type SystemAccount, systemAccountTotals } from '../../db/repos/ledger.ts';
import {
  countDueNow,
  countOutboxByKindAndState,
  listFailedRows,
  oldestPendingAtMs,
} from '../../db/repos/outbox.ts';
import { ASSET_CODES, type Asset } from '../../domain/money.ts';
import { type AuditReport, auditLedger } from '../audit/audit-ledger.ts';
import { activeWatchers } from '../chain/watch-round.ts';
import type { AppDeps } from '../deps.ts';
import type { JobStats } from '../metrics/job-counters.ts';
import type { LightningNetwork, NodeBalance } from '../ports.ts';

export interface SystemAccountBalance {
  code: SystemAccount;
  purpose: string;
  asset: Asset;
  /** credits − debits, posted (may be below zero for an unguarded account such as the node's). */
  postedUnits: bigint;
  pendingUnits: bigint;
}

export interface LedgerState {
  audit: AuditReport;
  /** Every system account of every asset, its stripes summed. */
  systemAccounts: SystemAccountBalance[];
  readAtMs: number;
}

/** The ledger audit (the same checks as `paytag audit`) and every system account's balance. */
export async function ledgerState(deps: AppDeps): Promise<LedgerState> {
  const audit = await auditLedger(deps);
  const systemAccounts: SystemAccountBalance[] = [];
  for (const [code, { purpose }] of Object.entries(SYSTEM_ACCOUNTS) as Array<
    [SystemAccount, { purpose: string }]
  >) {
    for (const asset of ASSET_CODES) {
      const t = await systemAccountTotals(deps.db.read, code, asset);
      systemAccounts.push({
        code,
        purpose,
        asset,
        postedUnits: t.credits_posted - t.debits_posted,
        pendingUnits: t.credits_pending - t.debits_pending,
      });
    }
  }
  return { audit, systemAccounts, readAtMs: deps.clock.nowMs() };
}

/** How long the console waits for the Lightning node before showing it as not answering. */
const NODE_TIMEOUT_MS = 5_000;

async function within<T>(
  ms: number,
  p: Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; reason: string }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ ok: false; reason: string }>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, reason: `no answer within ${ms / 1000} s` }), ms);
  });
  try {
    return await Promise.race([
      p.then(
        (value) => ({ ok: true as const, value }),
        (e: unknown) => ({ ok: false as const, reason: e instanceof Error ? e.message : String(e) }),
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export interface JobView extends JobStats {
  name: string;
}

export interface BackendsState {
  lightning: {
    /** Always true: the service always has a Lightning backend (the sandbox unless another is configured). */
    configured: true;
    kind: 'sandbox' | 'lnd' | 'cln';
    node:
      | { ok: true; pubkey: string; network: LightningNetwork; alias: string }
      | { ok: false; reason: string };
    balance: { ok: true; value: NodeBalance | null } | { ok: false; reason: string };
  };
  chain: {
    kind: string;
    network: string;
    /** Where its next scan starts (opaque, e.g. a block height); null before its first scan. */
    cursor: string | null;
  }[];
  /** Background jobs of this process: rounds, errors, last success. */
  jobs: JobView[];
  readAtMs: number;
}

/** The Lightning backend's state (asked now, bounded), the chain watchers' positions and the jobs' counts. */
export async function backendsState(deps: AppDeps): Promise<BackendsState> {
  const ln = deps.lightning;
  const [info, balance] = await Promise.all([
    within(NODE_TIMEOUT_MS, ln.nodeInfo()),
    within(NODE_TIMEOUT_MS, ln.nodeBalance()),
  ]);
  const lightning: BackendsState['lightning'] = {
    configured: true,
    kind: ln.kind,
    node: info.ok ? { ok: true, ...info.value } : info,
    balance,
  };
  const chain: BackendsState['chain'] = [];
  for (const w of activeWatchers(deps)) {
    for (const network of w.networks) {
      const cursor = (await getKv(deps.db.read, `chain.cursor.${w.kind}.${network}`)) ?? null;
      chain.push({ kind: w.kind, network, cursor });
    }
  }
  const jobs = [...deps.jobCounters.snapshot()]
    .map(([name, s]) => ({ name, ...s }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { lightning, chain, jobs, readAtMs: deps.clock.nowMs() };
}

/** Most failed deliveries one page lists. */
const FAILED_PAGE_MAX = 100;

export interface OutboxState {
  /** By channel and state: how many rows. */
  counts: { kind: string; state: string; count: number }[];
  /** Pending rows whose next attempt is due now (the backlog the dispatcher has not reached). */
  dueNow: number;
  /** When the oldest pending row was created; null when none is pending. */
  oldestPendingAtMs: number | null;
  failed: {
    id: bigint;
    kind: string;
    eventType: string;
    destination: string;
    attempts: number;
    lastStatus: number | null;
    lastError: string | null;
    createdAtMs: number;
  }[];
  /** Pass as `beforeId` for the next page of failed deliveries; null on the last. */
  nextBeforeId: bigint | null;
  readAtMs: number;
}

/** The outbox backlog (webhooks and e-mails) and its failed deliveries, newest first, keyset paged. */
export async function outboxState(
  deps: AppDeps,
  q: { beforeId?: bigint; limit?: number } = {},
): Promise<OutboxState> {
  const nowMs = deps.clock.nowMs();
  const db = deps.db.read;
  const counts = await countOutboxByKindAndState(db);
  const dueNow = await countDueNow(db, nowMs);
  const oldestAt = await oldestPendingAtMs(db);
  const limit = Math.min(Math.max(q.limit ?? 50, 1), FAILED_PAGE_MAX);
  const failed = await listFailedRows(db, q.beforeId, limit + 1);
  const page = failed.slice(0, limit);
  return {
    counts: counts.map((c) => ({ kind: c.kind, state: c.state, count: Number(c.n) })),
    dueNow,
    oldestPendingAtMs: oldestAt,
    failed: page.map((f) => ({
      id: f.id,
      kind: f.kind,
      eventType: f.event_type,
      destination: f.destination,
      attempts: Number(f.attempts),
      lastStatus: f.last_status === null ? null : Number(f.last_status),
      lastError: f.last_error,
      createdAtMs: Number(f.created_at_ms),
    })),
    nextBeforeId: failed.length > limit ? (page[page.length - 1]?.id ?? null) : null,
    readAtMs: nowMs,
  };
}

export interface PricesState {
  sources: { name: string; lastOkMs: number | null; lastError: string | null; ageMs: number | null }[];
  prices: {
    pair: string;
    priceE8: bigint;
    asOfMs: number;
    ageMs: number;
    sources: string[];
    stale: boolean;
    derivedFrom: string[] | null;
    /** How derivedFrom's two prices were combined: ` × ` or ` ÷ ` (BTC-EUR = BTC-USD ÷ EUR-USD). */
    derivedBy: 'multiply' | 'divide' | null;
  }[];
  readAtMs: number;
}

/** The price feed: each source's last answer and error, each published price with its age. */
export function pricesState(deps: AppDeps): PricesState {
  const nowMs = deps.clock.nowMs();
  const sources = deps.prices.sources().map((s) => ({
    ...s,
    ageMs: s.lastOkMs === null ? null : Math.max(0, nowMs - s.lastOkMs),
  }));
  const prices = deps.prices.pairs().flatMap((pair) => {
    const p = deps.prices.current(pair);
    return p === null
      ? []
      : [
          {
            pair,
            priceE8: p.priceE8,
            asOfMs: p.asOfMs,
            ageMs: Math.max(0, nowMs - p.asOfMs),
            sources: p.sources,
            stale: p.stale,
            derivedFrom: p.derivedFrom ?? null,
            derivedBy: p.derivedBy ?? null,
          },
        ];
  });
  return { sources, prices, readAtMs: nowMs };
}
