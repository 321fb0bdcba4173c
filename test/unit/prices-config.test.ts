import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.ts';

describe('price configuration', () => {
  it('defaults to the offline static table with every instrument priced', () => {
    const c = loadConfig({});
    expect(c.prices.sources).toEqual(['static']);
    expect(Object.keys(c.prices.staticPrices).sort()).toEqual(
      ['BTC-USD', 'BTC-USDT', 'ETH-USDT', 'LTC-USDT', 'MATIC-USDT', 'SOL-USDT', 'USD-INR', 'EUR-USD'].sort(),
    );
    expect(c.prices.staleAfterMs).toBe(300_000);
    expect(c.prices.outlierPpm).toBe(20_000n);
    expect(c.prices.timeoutMs.static).toBe(5_000);
  });

  it('reads a static table exactly and per-source timeouts', () => {
    const c = loadConfig({
      PRICE_STATIC: 'btc-usd = 101234.12345678, USD-INR=83',
      PRICE_SOURCE_TIMEOUTS_MS: 'static=250',
    });
    expect(c.prices.staticPrices).toEqual({ 'BTC-USD': 10_123_412_345_678n, 'USD-INR': 8_300_000_000n });
    expect(c.prices.timeoutMs.static).toBe(250);
  });

  it('reads the public sources in order, their URLs and per-source timeouts', () => {
    const c = loadConfig({
      PRICE_SOURCES: 'Kraken, coinbase,ecb,kraken',
      PRICE_KRAKEN_URL: 'https://kraken.proxy.example/',
      PRICE_SOURCE_TIMEOUTS_MS: 'ecb=10000',
    });
    expect(c.prices.sources).toEqual(['kraken', 'coinbase', 'ecb']);
    expect(c.prices.urls.kraken).toBe('https://kraken.proxy.example');
    expect(c.prices.urls.ecb).toBe('https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml');
    expect(c.prices.timeoutMs).toMatchObject({ ecb: 10_000, kraken: 5_000 });
    expect(c.prices.fiatStaleAfterMs).toBe(604_800_000);
    expect(c.prices.allowPrivate).toBe(false);
    expect(() => loadConfig({ PRICE_BINANCE_URL: 'ftp://x' })).toThrow(
      /PRICE_BINANCE_URL must be an http\(s\) URL/,
    );
  });

  it('reports every bad price variable by name', () => {
    expect(() =>
      loadConfig({
        PRICE_SOURCES: 'static,oracle',
        PRICE_STATIC: 'BTC-USD=1.123456789',
        PRICE_SOURCE_TIMEOUTS_MS: 'static=5',
      }),
    ).toThrow(
      /PRICE_SOURCES must list sources[\s\S]*PRICE_STATIC must be PAIR=price[\s\S]*PRICE_SOURCE_TIMEOUTS_MS/,
    );
    expect(() => loadConfig({ PRICE_STALE_AFTER_SEC: '10', PRICE_REFRESH_INTERVAL_MS: '20000' })).toThrow(
      /PRICE_STALE_AFTER_SEC must be longer than PRICE_REFRESH_INTERVAL_MS/,
    );
  });
});
