import { consensusE8, dividePricesE8, isFiatPair, isPair, multiplyPricesE8 } from '../../domain/prices.ts';
import type { Clock, Logger, PriceBook, PriceSource, PublishedPrice, SourceQuote } from '../ports.ts';

/** A published price and, when it is computed from others, how (`BTC-INR` from `BTC-USD × USD-INR`). */
export interface PriceDetail extends PublishedPrice {
  /** The pairs it was computed from (multiplied, or divided: `derivedBy`); absent for a price quoted directly. */
  derivedFrom?: string[];
  derivedBy?: 'multiply' | 'divide';
}

/** What one source did at its last refresh. */
export interface SourceState {
  name: string;
  /** When it last answered with quotes; null if never. */
  lastOkMs: number | null;
  /** Why its last fetch failed; null when the last one succeeded (or none was made). */
  lastError: string | null;
}

export interface RefreshReport {
  /** Sources that answered, and those that failed with why. */
  ok: string[];
  failed: { name: string; reason: string }[];
  /** Pairs whose price was (re)published by this round. */
  published: string[];
  /** Pairs whose fresh quotes disagreed too much to publish (the previous price stays, ageing). */
  disputed: string[];
}

/**
 * The price book the service quotes and trades at, plus the refresh that feeds it (the prices-refresh job
 * calls it; tests call it after moving a static price).
 */
export interface PriceFeed extends PriceBook {
  current(pair: string): PriceDetail | null;
  /**
   * Reads the sources once, all at the same time (each bounded by its own timeout), and republishes.
   * `only` limits the round to some sources (start-up reads the offline ones before serving).
   */
  refresh(opts?: { only?: (sourceName: string) => boolean }): Promise<RefreshReport>;
  /** Every pair that has a published price, sorted. */
  pairs(): string[];
  sources(): SourceState[];
}

/**
 * Pairs computed from two others when no source quotes them directly: pair = a × b, or a ÷ b
 * (BTC-EUR = BTC-USD ÷ EUR-USD, the euro's reference rate being USD per EUR).
 */
const CROSS_PAIRS: readonly {
  pair: string;
  from: readonly [string, string];
  by: 'multiply' | 'divide';
}[] = [
  { pair: 'BTC-INR', from: ['BTC-USD', 'USD-INR'], by: 'multiply' },
  { pair: 'BTC-EUR', from: ['BTC-USD', 'EUR-USD'], by: 'divide' },
];

export interface PriceFeedOptions {
  sources: readonly PriceSource[];
  clock: Clock;
  log: Logger;
  staleAfterMs: number;
  fiatStaleAfterMs: number;
  outlierPpm: bigint;
}

interface Entry {
  price: PriceDetail;
  staleAtMs: number;
}

export function createPriceFeed(opts: PriceFeedOptions): PriceFeed {
  const { clock, log } = opts;
  /** source name → pair → its latest quote. */
  const latest = new Map<string, Map<string, SourceQuote & { source: string }>>();
  const published = new Map<string, Entry>();
  const states = new Map<string, SourceState>(
    opts.sources.map((s) => [s.name, { name: s.name, lastOkMs: null, lastError: null }]),
  );
  const maxAge = (pair: string) => (isFiatPair(pair) ? opts.fiatStaleAfterMs : opts.staleAfterMs);

  async function fetchOne(source: PriceSource): Promise<{ ok: true } | { ok: false; reason: string }> {
    let r: Awaited<ReturnType<PriceSource['fetch']>>;
    try {
      r = await source.fetch(source.pairs);
    } catch (e) {
      // An adapter should answer failures as values; a throw is still only this source's failure.
      r = { ok: false, error: { reason: e instanceof Error ? e.message : String(e) } };
    }
    const state = states.get(source.name)!;
    if (!r.ok) {
      if (state.lastError === null)
        log.warn({ source: source.name, reason: r.error.reason }, 'price source failed');
      state.lastError = r.error.reason;
      return { ok: false, reason: r.error.reason };
    }
    const nowMs = clock.nowMs();
    // An answer is the source's whole view: a pair it no longer quotes no longer counts.
    const mine = new Map<string, SourceQuote & { source: string }>();
    for (const q of r.value) {
      if (!isPair(q.pair) || q.priceE8 <= 0n || !Number.isFinite(q.atMs)) continue;
      // A source whose clock runs ahead must not make its quote look fresher than now.
      mine.set(q.pair, { ...q, atMs: Math.min(q.atMs, nowMs), source: source.name });
    }
    latest.set(source.name, mine);
    if (state.lastError !== null) log.info({ source: source.name }, 'price source answers again');
    state.lastError = null;
    state.lastOkMs = nowMs;
    return { ok: true };
  }

  function republish(nowMs: number, report: RefreshReport): void {
    const byPair = new Map<string, (SourceQuote & { source: string })[]>();
    for (const quotes of latest.values()) {
      for (const q of quotes.values()) {
        if (nowMs - q.atMs > maxAge(q.pair)) continue;
        const list = byPair.get(q.pair) ?? [];
        list.push(q);
        byPair.set(q.pair, list);
      }
    }
    for (const [pair, fresh] of byPair) {
      const c = consensusE8(fresh, opts.outlierPpm);
      if (c === null) {
        report.disputed.push(pair);
        log.warn(
          { pair, quotes: fresh.map((q) => ({ source: q.source, priceE8: q.priceE8.toString() })) },
          'price sources disagree by more than the outlier limit; the previous price stays',
        );
        continue;
      }
      if (c.dropped.length > 0) {
        log.info(
          { pair, dropped: c.dropped.map((q) => q.source), priceE8: c.priceE8.toString() },
          'outlying price quotes dropped',
        );
      }
      const asOfMs = Math.min(...c.kept.map((q) => q.atMs));
      published.set(pair, {
        price: {
          pair,
          priceE8: c.priceE8,
          asOfMs,
          sources: c.kept.map((q) => q.source).sort(),
          stale: false,
        },
        staleAtMs: asOfMs + maxAge(pair),
      });
      report.published.push(pair);
    }
    for (const cross of CROSS_PAIRS) {
      if (byPair.has(cross.pair)) continue; // a market quoted directly wins over the cross rate
      const a = published.get(cross.from[0]);
      const b = published.get(cross.from[1]);
      if (a === undefined || b === undefined) continue;
      const priceE8 =
        cross.by === 'multiply'
          ? multiplyPricesE8(a.price.priceE8, b.price.priceE8)
          : dividePricesE8(a.price.priceE8, b.price.priceE8);
      // Zero is not a price: a product of tiny prices truncated to nothing is not published, and the
      // previous price stays (until it is stale), as for a disputed one.
      if (priceE8 <= 0n) {
        report.disputed.push(cross.pair);
        continue;
      }
      published.set(cross.pair, {
        price: {
          pair: cross.pair,
          priceE8,
          asOfMs: Math.min(a.price.asOfMs, b.price.asOfMs),
          sources: [...new Set([...a.price.sources, ...b.price.sources])].sort(),
          stale: false,
          derivedFrom: [...cross.from],
          derivedBy: cross.by,
        },
        staleAtMs: Math.min(a.staleAtMs, b.staleAtMs),
      });
      report.published.push(cross.pair);
    }
  }

  return {
    current(pair) {
      const e = published.get(pair);
      if (e === undefined) return null;
      return { ...e.price, sources: [...e.price.sources], stale: clock.nowMs() > e.staleAtMs };
    },
    async refresh(o = {}) {
      const chosen = opts.sources.filter((s) => o.only?.(s.name) ?? true);
      const results = await Promise.all(chosen.map((s) => fetchOne(s)));
      const report: RefreshReport = { ok: [], failed: [], published: [], disputed: [] };
      chosen.forEach((s, i) => {
        const r = results[i]!;
        if (r.ok) report.ok.push(s.name);
        else report.failed.push({ name: s.name, reason: r.reason });
      });
      republish(clock.nowMs(), report);
      return report;
    },
    pairs() {
      return [...published.keys()].sort();
    },
    sources() {
      return [...states.values()].map((s) => ({ ...s }));
    },
  };
}
