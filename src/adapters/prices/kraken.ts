import type { Clock, PriceSource } from '../../app/ports.ts';
import { isJsonObject } from '../http-out/json.ts';
import { eachPair, getJson, priceOf, type TickerHttpOptions } from './http.ts';

// Kraken public ticker, no key needed:
//   GET {base}/0/public/Ticker?pair=XBTUSD
//   200 {"error": [], "result": {"XXBTZUSD": {"a": [price, whole lot volume, lot volume],
//        "b": […], "c": [last trade price, lot volume], "v": […], "p": […], "t": […], "l": […],
//        "h": […], "o": "…"}}}
//   a failure: {"error": ["EQuery:Unknown asset pair"]} (no result).
// Reference: https://docs.kraken.com/api/docs/rest-api/get-ticker-information
// The result is keyed by Kraken's own pair name (XXBTZUSD for XBTUSD), so one pair is asked per request
// and the single entry of the result is taken. The price used is c[0], the last trade's; the ticker has
// no time, so the quote is dated when it was read.

/** Pair → Kraken pair name. */
const KRAKEN_PAIRS: Readonly<Record<string, string>> = {
  'BTC-USD': 'XBTUSD',
  'BTC-USDT': 'XBTUSDT',
  'ETH-USDT': 'ETHUSDT',
  'SOL-USDT': 'SOLUSDT',
  'LTC-USDT': 'LTCUSDT',
};

export function createKrakenSource(o: TickerHttpOptions & { clock: Clock }): PriceSource {
  return {
    name: 'kraken',
    pairs: Object.keys(KRAKEN_PAIRS),
    fetch(pairs) {
      const wanted = pairs.filter((p) => KRAKEN_PAIRS[p] !== undefined);
      return eachPair(wanted, o.timeoutMs, async (pair, signal) => {
        const name = KRAKEN_PAIRS[pair]!;
        const r = await getJson(`${o.baseUrl}/0/public/Ticker?pair=${encodeURIComponent(name)}`, o, signal);
        if (!r.ok) return r;
        const body = r.json;
        if (!isJsonObject(body) || !Array.isArray(body['error'])) {
          return { ok: false, reason: `${name}: HTTP ${r.status}, not a Kraken answer` };
        }
        const errors = body['error'].filter((e): e is string => typeof e === 'string');
        if (errors.length > 0 || r.status !== 200) {
          return { ok: false, reason: `${name}: HTTP ${r.status} ${errors.join(', ')}`.trim() };
        }
        const result = body['result'];
        const entries = isJsonObject(result) ? Object.values(result) : [];
        const ticker = entries[0];
        if (entries.length !== 1 || !isJsonObject(ticker)) {
          return { ok: false, reason: `${name}: result does not hold exactly one ticker` };
        }
        const last = ticker['c'];
        if (!Array.isArray(last) || last.length !== 2) {
          return { ok: false, reason: `${name}: c is not [price, lot volume]` };
        }
        const price = priceOf(last[0], `${name} last trade price`);
        if (!price.ok) return price;
        return { ok: true, value: { pair, priceE8: price.value, atMs: o.clock.nowMs() } };
      });
    },
  };
}
