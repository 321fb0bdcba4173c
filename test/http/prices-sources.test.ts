import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_JOBS } from '../../src/jobs/index.ts';
import { startJobs } from '../../src/jobs/runner.ts';
import {
  binanceStandIn,
  bitstampStandIn,
  coinbaseStandIn,
  ecbStandIn,
  krakenStandIn,
  type StandIn,
} from '../fixtures/prices/exchanges.ts';
import {
  DIALECTS,
  ManualClock,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

// The service reading real adapters (through the SSRF-guarded client) from stand-ins of Coinbase, Kraken,
// Bitstamp, Binance and the ECB, and publishing through GET /price.
describe.each(DIALECTS)('prices from public sources on %s', (dialect) => {
  const clock = new ManualClock(Date.UTC(2026, 0, 2, 16));
  let coinbase: StandIn;
  let kraken: StandIn;
  let bitstamp: StandIn;
  let binance: StandIn;
  let ecb: StandIn;
  let t: TestRuntime;
  let alice: TestAccount;

  beforeAll(async () => {
    [coinbase, kraken, bitstamp, binance, ecb] = await Promise.all([
      coinbaseStandIn(),
      krakenStandIn(),
      bitstampStandIn(),
      binanceStandIn(),
      ecbStandIn(),
    ]);
    for (const s of [coinbase, kraken, bitstamp, ecb]) s.timeMs = clock.nowMs();
    ecb.timeMs = Date.UTC(2026, 0, 2);
    t = await testRuntime(
      dialect,
      {
        PRICE_SOURCES: 'coinbase,kraken,bitstamp,binance,ecb',
        PRICE_COINBASE_URL: coinbase.url,
        PRICE_KRAKEN_URL: kraken.url,
        PRICE_BITSTAMP_URL: bitstamp.url,
        PRICE_BINANCE_URL: binance.url,
        PRICE_ECB_URL: `${ecb.url}/stats/eurofxref/eurofxref-daily.xml`,
        PRICE_ALLOW_PRIVATE: 'true',
        PRICE_SOURCE_TIMEOUT_MS: '500',
      },
      { clock },
    );
    alice = await makeAccount(t.deps);
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([coinbase, kraken, bitstamp, binance, ecb].map((s) => s?.close()));
  });

  const price = async (query = '') => {
    const r = await t.app.inject({
      method: 'GET',
      url: `/lapi/v1/price${query}`,
      headers: { 'x-api-key': alice.invoiceKey },
    });
    return { status: r.statusCode, body: r.json() };
  };
  const refreshJob = async () => {
    const jobs = startJobs(
      t.deps,
      ALL_JOBS.filter((j) => j.name === 'prices-refresh'),
    );
    try {
      await jobs.runOnce('prices-refresh');
    } finally {
      await jobs.stop();
    }
  };

  it('has no price before the first refresh, when no source is offline', async () => {
    expect((await price()).status).toBe(503);
  });

  it('publishes the median with one source down and one off by more than 2% dropped', async () => {
    coinbase.prices = { 'BTC-USD': '97000.00' };
    kraken.prices = { XBTUSD: '97100.0' };
    bitstamp.mode = 'error'; // down
    ecb.prices = { USD: '1.0400', INR: '88.4000' };
    binance.prices = { BTCUSDT: '97050.00000000' };
    // A fourth BTC-USD quote 3% above: Coinbase and Kraken stay, it is dropped.
    bitstamp.prices = { btcusd: '99910' };
    await refreshJob();
    // Sources answering BTC-USD: coinbase 97000, kraken 97100 (bitstamp down) → 97050.
    expect(await price('?pricePair=btcusd')).toEqual({
      status: 200,
      body: {
        status: true,
        success: true,
        data: { btc_usd: 97050 },
        message: 'btc_usd: coinbase, kraken, 0 s old',
      },
    });
    bitstamp.mode = 'ok';
    await refreshJob();
    const all = await price();
    // coinbase 97000, kraken 97100, bitstamp 99910: median 97100, bitstamp is 2.9% off and dropped.
    // usd_inr = 88.4 / 1.04 = 85 (the ECB's rates of the day, dated 14:00 UTC); btc_inr = 97050 × 85.
    expect(all.body.data).toEqual({ btc_usd: 97050, btc_inr: 8249250, usd_inr: 85 });
    expect(all.body.message).toBe(
      'btc_usd: coinbase, kraken, 0 s old; btc_inr: btc_usd × usd_inr from coinbase, ecb, kraken, 7200 s old; usd_inr: ecb, 7200 s old',
    );
    expect(t.deps.prices.current('BTC-USDT')).toMatchObject({ sources: ['binance'] });
    // The euro: EUR-USD is the ECB's USD rate itself; BTC-EUR = 97050 ÷ 1.04 = 93317.30769230 (truncated).
    expect(t.deps.prices.current('EUR-USD')).toMatchObject({ priceE8: 104_000_000n, sources: ['ecb'] });
    expect(t.deps.prices.current('BTC-EUR')).toMatchObject({
      priceE8: 9_331_730_769_230n,
      sources: ['coinbase', 'ecb', 'kraken'],
      derivedFrom: ['BTC-USD', 'EUR-USD'],
    });
  });

  it('says the prices are stale when every source stops answering', async () => {
    for (const s of [coinbase, kraken, bitstamp, binance]) s.mode = 'error';
    clock.advance(301_000);
    await refreshJob();
    const r = await price();
    expect(r.status).toBe(200);
    expect(r.body.data.btc_usd).toBe(97050);
    expect(r.body.message).toMatch(
      /^stale prices: btc_usd, btc_inr; btc_usd: coinbase, kraken, 301 s old, STALE/,
    );
    expect(
      t.deps.prices
        .sources()
        .filter((s) => s.lastError !== null)
        .map((s) => s.name)
        .sort(),
    ).toEqual(['binance', 'bitstamp', 'coinbase', 'kraken']);
    for (const s of [coinbase, kraken, bitstamp, binance]) s.mode = 'ok';
  });
});
