import { z } from 'zod';
import { int, percentPpm, raw } from './fields.ts';
import { section } from './section.ts';

/** The spot instruments paytag brokers: upper-case `ASSET-QUOTE`, each priced by the price book. */
export const TRADE_PAIRS = ['BTC-USDT', 'ETH-USDT', 'SOL-USDT', 'LTC-USDT', 'MATIC-USDT', 'BTC-INR'] as const;
export type TradePair = (typeof TRADE_PAIRS)[number];

/** Default tick size (smallest price step, in the quote) and minimum amount (in the asset) per pair. */
const DEFAULT_TICK_SIZES =
  'BTC-USDT=0.01,ETH-USDT=0.01,SOL-USDT=0.01,LTC-USDT=0.01,MATIC-USDT=0.0001,BTC-INR=1';
const DEFAULT_MIN_AMOUNTS =
  'BTC-USDT=0.00001,ETH-USDT=0.0001,SOL-USDT=0.001,LTC-USDT=0.001,MATIC-USDT=1,BTC-INR=0.00001';

export interface InstrumentConfig {
  /** Smallest price step, as price × 10^8. */
  tickE8: bigint;
  /** Smallest amount an order may have, as amount × 10^8 of the asset. */
  minAmountE8: bigint;
  /** Fee in ppm of the amount (1000 = 0.1%). */
  feePpm: bigint;
  /** Whether orders are taken (a closed pair refuses new orders; resting ones stay and may be cancelled). */
  open: boolean;
}

export interface TradingConfig {
  /** Every instrument, by pair. */
  instruments: Record<TradePair, InstrumentConfig>;
  /** Added to the feed's price for a market buy, taken off it for a market sell, in ppm (2000 = 0.2%). */
  spreadPpm: bigint;
  /** How often the matcher looks for resting limit orders the price has crossed. */
  matchIntervalMs: number;
  /** Most orders one matcher round executes (a full round starts the next at once). */
  matchBatch: number;
  /** Most resting (open) limit orders one account may have at a time. */
  openOrdersMax: number;
}

function problem(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

/** A positive decimal with at most 8 places as value × 10^8, or null. */
function e8(text: string): bigint | null {
  const m = /^(\d{1,15})(?:\.(\d{1,8}))?$/.exec(text);
  if (!m) return null;
  const v = BigInt(m[1]! + (m[2] ?? '').padEnd(8, '0'));
  return v > 0n ? v : null;
}

const isPair = (p: string): p is TradePair => (TRADE_PAIRS as readonly string[]).includes(p);

/** `PAIR=decimal,…` over the defaults: only the pairs of TRADE_PAIRS, positive values, ≤ 8 decimals. */
const pairTable = (defaults: string) =>
  raw.transform((v, ctx): Record<TradePair, bigint> => {
    const out = {} as Record<TradePair, bigint>;
    const entries = [...defaults.split(','), ...(v === undefined ? [] : v.split(','))];
    for (const entry of entries) {
      const [pairText = '', valueText = '', ...rest] = entry.split('=').map((s) => s.trim());
      const pair = pairText.toUpperCase();
      const value = e8(valueText);
      if (rest.length > 0 || !isPair(pair) || value === null) {
        return problem(
          ctx,
          `must be PAIR=decimal entries of the pairs ${TRADE_PAIRS.join(', ')}, values above zero with at most 8 decimals (got "${entry.trim()}")`,
        );
      }
      out[pair] = value;
    }
    return out;
  });

/** `PAIR=percent,…`: a pair's own fee over TRADE_FEE_PERCENT. */
const feeTable = raw.transform((v, ctx): Partial<Record<TradePair, bigint>> => {
  const out: Partial<Record<TradePair, bigint>> = {};
  if (v === undefined) return out;
  for (const entry of v.split(',')) {
    const [pairText = '', valueText = ''] = entry.split('=').map((s) => s.trim());
    const pair = pairText.toUpperCase();
    const m = /^(\d)(?:\.(\d{1,4}))?$/.exec(valueText);
    if (!isPair(pair) || !m) {
      return problem(
        ctx,
        `must be PAIR=percent entries (0 to 9.9999, at most 4 decimals) of the pairs ${TRADE_PAIRS.join(', ')} (got "${entry.trim()}")`,
      );
    }
    out[pair] = BigInt(m[1]!) * 10_000n + BigInt((m[2] ?? '').padEnd(4, '0'));
  }
  return out;
});

/** A comma-separated list of pairs (blank: none). */
const pairList = raw.transform((v, ctx): TradePair[] => {
  if (v === undefined) return [];
  const out: TradePair[] = [];
  for (const text of v.split(',')) {
    const pair = text.trim().toUpperCase();
    if (!isPair(pair)) return problem(ctx, `must list pairs from ${TRADE_PAIRS.join(', ')} (got "${text}")`);
    if (!out.includes(pair)) out.push(pair);
  }
  return out;
});

export const trading = section(
  {
    TRADE_FEE_PERCENT: percentPpm(1000n, 10),
    TRADE_PAIR_FEE_PERCENTS: feeTable,
    TRADE_SPREAD_PERCENT: percentPpm(2000n, 10),
    TRADE_TICK_SIZES: pairTable(DEFAULT_TICK_SIZES),
    TRADE_MIN_AMOUNTS: pairTable(DEFAULT_MIN_AMOUNTS),
    TRADE_CLOSED_PAIRS: pairList,
    TRADE_MATCH_INTERVAL_MS: int(2_000, 100, 600_000),
    TRADE_MATCH_BATCH: int(200, 1, 5_000),
    TRADE_OPEN_ORDERS_MAX: int(100, 1, 10_000),
  },
  (v): TradingConfig => ({
    instruments: Object.fromEntries(
      TRADE_PAIRS.map((pair) => [
        pair,
        {
          tickE8: v.TRADE_TICK_SIZES[pair],
          minAmountE8: v.TRADE_MIN_AMOUNTS[pair],
          feePpm: v.TRADE_PAIR_FEE_PERCENTS[pair] ?? v.TRADE_FEE_PERCENT,
          open: !v.TRADE_CLOSED_PAIRS.includes(pair),
        },
      ]),
    ) as Record<TradePair, InstrumentConfig>,
    spreadPpm: v.TRADE_SPREAD_PERCENT,
    matchIntervalMs: v.TRADE_MATCH_INTERVAL_MS,
    matchBatch: v.TRADE_MATCH_BATCH,
    openOrdersMax: v.TRADE_OPEN_ORDERS_MAX,
  }),
);
