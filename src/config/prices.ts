import { z } from 'zod';
import { bool, int, percentPpm, raw } from './fields.ts';
import { section } from './section.ts';

/** The price sources paytag can read (src/adapters/prices). */
const PRICE_SOURCE_NAMES = ['static', 'coinbase', 'kraken', 'bitstamp', 'binance', 'ecb'] as const;
export type PriceSourceName = (typeof PRICE_SOURCE_NAMES)[number];

/**
 * The embedded static table: it lets the service price every instrument offline (development, tests,
 * the sandbox). BTC-INR is not in it: it is derived from BTC-USD × USD-INR unless a BTC-INR price is
 * given; BTC-EUR likewise from BTC-USD ÷ EUR-USD. MATIC keeps its name here (the token became POL on most exchanges in 2024; see the adapters).
 */
const DEFAULT_STATIC_PRICES =
  'BTC-USD=97000,USD-INR=84.5,EUR-USD=1.08,BTC-USDT=97000,ETH-USDT=3400,SOL-USDT=240,LTC-USDT=95,MATIC-USDT=0.45';

export interface PricesConfig {
  /** Sources read on every refresh, in order; the published price is their median. */
  sources: PriceSourceName[];
  /** The static source's table: pair → priceE8 (price × 10^8). */
  staticPrices: Record<string, bigint>;
  /** A crypto price whose oldest quote is older than this is stale (the endpoint says so, orders stop). */
  staleAfterMs: number;
  /** The same for fiat pairs (USD-INR): reference rates are published once per working day. */
  fiatStaleAfterMs: number;
  /** How often the refresh job reads the sources. */
  refreshIntervalMs: number;
  /** A quote further than this from the median of its pair is dropped, in ppm (20000 = 2%). */
  outlierPpm: bigint;
  /** Per-source timeout for one whole fetch (every pair of that source). */
  timeoutMs: Record<PriceSourceName, number>;
  /** Base URLs of the public APIs (an operator may route them through a proxy; tests use stand-ins). */
  urls: Record<Exclude<PriceSourceName, 'static'>, string>;
  /** Let the source URLs reach private and loopback addresses (a local proxy, tests). */
  allowPrivate: boolean;
}

/** Upper-case `BASE-QUOTE` (the same form as domain/prices.ts; config imports nothing outside itself). */
const PAIR = /^[A-Z0-9]{2,10}-[A-Z0-9]{2,10}$/;

/** A positive decimal with at most 8 places as price × 10^8, or null. */
function priceE8(text: string): bigint | null {
  const m = /^(\d{1,15})(?:\.(\d{1,8}))?$/.exec(text);
  if (!m) return null;
  const e8 = BigInt(m[1]! + (m[2] ?? '').padEnd(8, '0'));
  return e8 > 0n ? e8 : null;
}

function problem(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

const sourceList = raw.transform((v, ctx): PriceSourceName[] => {
  if (v === undefined) return ['static'];
  const names = v.split(',').map((s) => s.trim().toLowerCase());
  const out: PriceSourceName[] = [];
  for (const n of names) {
    const known = PRICE_SOURCE_NAMES.find((s) => s === n);
    if (known === undefined) {
      return problem(ctx, `must list sources from ${PRICE_SOURCE_NAMES.join(', ')} (got "${n}")`);
    }
    if (!out.includes(known)) out.push(known);
  }
  return out;
});

/** `PAIR=price,PAIR=price`: upper-case `BASE-QUOTE` pairs and plain decimal prices. */
const priceTable = raw.transform((v, ctx): Record<string, bigint> => {
  const text = v ?? DEFAULT_STATIC_PRICES;
  const out: Record<string, bigint> = {};
  for (const entry of text.split(',')) {
    const [pairText = '', priceText = '', ...rest] = entry.split('=').map((s) => s.trim());
    const pair = pairText.toUpperCase();
    const price = priceE8(priceText);
    if (rest.length > 0 || !PAIR.test(pair) || price === null) {
      return problem(
        ctx,
        `must be PAIR=price entries like BTC-USD=97000, prices above zero with at most 8 decimals (got "${entry.trim()}")`,
      );
    }
    out[pair] = price;
  }
  return out;
});

/** `source=ms,source=ms`: per-source timeouts over PRICE_SOURCE_TIMEOUT_MS. */
const timeoutTable = raw.transform((v, ctx): Partial<Record<PriceSourceName, number>> => {
  const out: Partial<Record<PriceSourceName, number>> = {};
  if (v === undefined) return out;
  for (const entry of v.split(',')) {
    const [name = '', ms = ''] = entry.split('=').map((s) => s.trim());
    const known = PRICE_SOURCE_NAMES.find((s) => s === name.toLowerCase());
    if (known === undefined || !/^\d{3,6}$/.test(ms) || Number(ms) < 100 || Number(ms) > 120_000) {
      return problem(
        ctx,
        `must be source=ms entries with 100 to 120000 ms, like kraken=3000 (got "${entry}")`,
      );
    }
    out[known] = Number(ms);
  }
  return out;
});

const httpsUrl = (fallback: string) =>
  raw.transform((v, ctx): string => {
    const value = (v ?? fallback).replace(/\/+$/, '');
    try {
      const u = new URL(value);
      if (u.protocol !== 'https:' && u.protocol !== 'http:') return problem(ctx, 'must be an http(s) URL');
    } catch {
      return problem(ctx, 'must be a URL');
    }
    return value;
  });

export const prices = section(
  {
    PRICE_SOURCES: sourceList,
    PRICE_STATIC: priceTable,
    PRICE_STALE_AFTER_SEC: int(300, 5, 86_400),
    PRICE_FIAT_STALE_AFTER_SEC: int(604_800, 60, 2_592_000),
    PRICE_REFRESH_INTERVAL_MS: int(30_000, 1_000, 3_600_000),
    PRICE_OUTLIER_PERCENT: percentPpm(20_000n, 50),
    PRICE_SOURCE_TIMEOUT_MS: int(5_000, 100, 120_000),
    PRICE_SOURCE_TIMEOUTS_MS: timeoutTable,
    PRICE_COINBASE_URL: httpsUrl('https://api.exchange.coinbase.com'),
    PRICE_KRAKEN_URL: httpsUrl('https://api.kraken.com'),
    PRICE_BITSTAMP_URL: httpsUrl('https://www.bitstamp.net'),
    PRICE_BINANCE_URL: httpsUrl('https://api.binance.com'),
    PRICE_ECB_URL: httpsUrl('https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml'),
    PRICE_ALLOW_PRIVATE: bool(false),
  },
  (v): PricesConfig => ({
    sources: v.PRICE_SOURCES,
    staticPrices: v.PRICE_STATIC,
    staleAfterMs: v.PRICE_STALE_AFTER_SEC * 1000,
    fiatStaleAfterMs: v.PRICE_FIAT_STALE_AFTER_SEC * 1000,
    refreshIntervalMs: v.PRICE_REFRESH_INTERVAL_MS,
    outlierPpm: v.PRICE_OUTLIER_PERCENT,
    timeoutMs: Object.fromEntries(
      PRICE_SOURCE_NAMES.map((n) => [n, v.PRICE_SOURCE_TIMEOUTS_MS[n] ?? v.PRICE_SOURCE_TIMEOUT_MS]),
    ) as Record<PriceSourceName, number>,
    urls: {
      coinbase: v.PRICE_COINBASE_URL,
      kraken: v.PRICE_KRAKEN_URL,
      bitstamp: v.PRICE_BITSTAMP_URL,
      binance: v.PRICE_BINANCE_URL,
      ecb: v.PRICE_ECB_URL,
    },
    allowPrivate: v.PRICE_ALLOW_PRIVATE,
  }),
  // A refresh must come before a price goes stale, or prices would be stale between refreshes.
  (c) =>
    c.staleAfterMs <= c.refreshIntervalMs
      ? ['PRICE_STALE_AFTER_SEC must be longer than PRICE_REFRESH_INTERVAL_MS']
      : [],
);
