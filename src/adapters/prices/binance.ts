import type { Clock, PriceSource } from '../../app/ports.ts';
import { isJsonObject } from '../http-out/json.ts';
import { eachPair, getJson, priceOf, type TickerHttpOptions } from './http.ts';

// Binance spot symbol price ticker, no key needed:
//   GET {base}/api/v3/ticker/price?symbol=BTCUSDT
//   200 {"symbol": "BTCUSDT", "price": "97000.01000000"}
//   an error: {"code": -1121, "msg": "Invalid symbol."} with a 4xx status (429/418 when rate limited).
// Reference: https://developers.binance.com/docs/binance-spot-api-docs/rest-api/market-data-endpoints#symbol-price-ticker
// One symbol per request, so a delisted one fails alone. The ticker has no time: the quote is dated
// when it was read. MATIC was migrated to POL (1:1) in September 2024 and MATICUSDT stopped trading,
// so MATIC-USDT reads POLUSDT.

/** Pair → Binance symbol. */
const BINANCE_SYMBOLS: Readonly<Record<string, string>> = {
  'BTC-USDT': 'BTCUSDT',
  'ETH-USDT': 'ETHUSDT',
  'SOL-USDT': 'SOLUSDT',
  'LTC-USDT': 'LTCUSDT',
  'MATIC-USDT': 'POLUSDT',
};

export function createBinanceSource(o: TickerHttpOptions & { clock: Clock }): PriceSource {
  return {
    name: 'binance',
    pairs: Object.keys(BINANCE_SYMBOLS),
    fetch(pairs) {
      const wanted = pairs.filter((p) => BINANCE_SYMBOLS[p] !== undefined);
      return eachPair(wanted, o.timeoutMs, async (pair, signal) => {
        const symbol = BINANCE_SYMBOLS[pair]!;
        const r = await getJson(
          `${o.baseUrl}/api/v3/ticker/price?symbol=${encodeURIComponent(symbol)}`,
          o,
          signal,
        );
        if (!r.ok) return r;
        const body = r.json;
        if (r.status !== 200) {
          const msg = isJsonObject(body) && typeof body['msg'] === 'string' ? body['msg'] : '';
          const code = isJsonObject(body) && typeof body['code'] === 'number' ? ` (${body['code']})` : '';
          return { ok: false, reason: `${symbol}: HTTP ${r.status} ${msg}${code}`.trim() };
        }
        if (!isJsonObject(body) || body['symbol'] !== symbol) {
          return { ok: false, reason: `${symbol}: the ticker is not this symbol's` };
        }
        const price = priceOf(body['price'], `${symbol} price`);
        if (!price.ok) return price;
        return { ok: true, value: { pair, priceE8: price.value, atMs: o.clock.nowMs() } };
      });
    },
  };
}
