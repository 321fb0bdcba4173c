import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBinanceSource } from '../../src/adapters/prices/binance.ts';
import { createBitstampSource } from '../../src/adapters/prices/bitstamp.ts';
import { createCoinbaseSource } from '../../src/adapters/prices/coinbase.ts';
import { createEcbSource, parseEcbDaily } from '../../src/adapters/prices/ecb.ts';
import { createKrakenSource } from '../../src/adapters/prices/kraken.ts';
import type { PriceSource } from '../../src/app/ports.ts';
import {
  binanceStandIn,
  bitstampStandIn,
  coinbaseStandIn,
  ecbStandIn,
  krakenStandIn,
  type StandIn,
} from '../fixtures/prices/exchanges.ts';
import { ManualClock } from '../fixtures/runtime.ts';

const clock = new ManualClock(Date.UTC(2026, 0, 1, 12));
const TIMEOUT_MS = 400;

interface Case {
  name: string;
  standIn: () => Promise<StandIn>;
  source: (url: string, allowPrivate?: boolean) => PriceSource;
  /** Exchange symbols and prices to serve, and what the source should quote from them. */
  serve: Record<string, string>;
  expect: Record<string, bigint>;
  /** Whether the quote carries the exchange's own time (else it is dated when read). */
  exchangeTime: boolean;
  errorReason: RegExp;
  unknownReason: RegExp;
}

const opts = (url: string, allowPrivate = true) => ({
  baseUrl: url,
  timeoutMs: TIMEOUT_MS,
  allowPrivate,
  clock,
});

const CASES: Case[] = [
  {
    name: 'coinbase',
    standIn: coinbaseStandIn,
    source: (url, p) => createCoinbaseSource(opts(url, p)),
    serve: {
      'BTC-USD': '97012.34',
      'ETH-USDT': '3401.5',
      'BTC-USDT': '97020.00000001',
      'SOL-USDT': '240.25',
    },
    expect: {
      'BTC-USD': 9_701_234_000_000n,
      'ETH-USDT': 340_150_000_000n,
      'BTC-USDT': 9_702_000_000_001n,
      'SOL-USDT': 24_025_000_000n,
    },
    exchangeTime: true,
    errorReason: /HTTP 503 Service Unavailable/,
    unknownReason: /SOL-USDT: HTTP 404 NotFound/,
  },
  {
    name: 'kraken',
    standIn: krakenStandIn,
    source: (url, p) => createKrakenSource(opts(url, p)),
    serve: {
      XBTUSD: '97010.10000',
      XBTUSDT: '97015.00000',
      ETHUSDT: '3400.12',
      SOLUSDT: '240.10',
      LTCUSDT: '95.01',
    },
    expect: {
      'BTC-USD': 9_701_010_000_000n,
      'BTC-USDT': 9_701_500_000_000n,
      'ETH-USDT': 340_012_000_000n,
      'SOL-USDT': 24_010_000_000n,
      'LTC-USDT': 9_501_000_000n,
    },
    exchangeTime: false,
    errorReason: /EService:Unavailable/,
    unknownReason: /LTCUSDT: HTTP 200 EQuery:Unknown asset pair/,
  },
  {
    name: 'bitstamp',
    standIn: bitstampStandIn,
    source: (url, p) => createBitstampSource(opts(url, p)),
    serve: { btcusd: '97005', btcusdt: '97006', ethusdt: '3399.9' },
    expect: { 'BTC-USD': 9_700_500_000_000n, 'BTC-USDT': 9_700_600_000_000n, 'ETH-USDT': 339_990_000_000n },
    exchangeTime: true,
    errorReason: /HTTP 500 Internal Server Error/,
    unknownReason: /ethusdt: HTTP 404 Not Found/,
  },
  {
    name: 'binance',
    standIn: binanceStandIn,
    source: (url, p) => createBinanceSource(opts(url, p)),
    serve: {
      BTCUSDT: '97001.01000000',
      ETHUSDT: '3400.00000000',
      SOLUSDT: '240.00000000',
      LTCUSDT: '95.00000000',
      POLUSDT: '0.45120000',
    },
    expect: {
      'BTC-USDT': 9_700_101_000_000n,
      'ETH-USDT': 340_000_000_000n,
      'SOL-USDT': 24_000_000_000n,
      'LTC-USDT': 9_500_000_000n,
      'MATIC-USDT': 45_120_000n,
    },
    exchangeTime: false,
    errorReason: /HTTP 429 Too many requests.*\(-1003\)/,
    unknownReason: /POLUSDT: HTTP 400 Invalid symbol\. \(-1121\)/,
  },
];

describe.each(CASES)('the $name price source against its stand-in', (c) => {
  let s: StandIn;
  beforeAll(async () => {
    s = await c.standIn();
  });
  afterAll(async () => {
    await s?.close();
  });
  afterEach(() => {
    s.mode = 'ok';
    s.prices = {};
    s.requests = [];
  });

  const fetchAll = (src = c.source(s.url)) => src.fetch(src.pairs);

  it('quotes every pair exactly from the documented ticker', async () => {
    s.prices = { ...c.serve };
    s.timeMs = Date.UTC(2026, 0, 1, 11, 59, 30);
    const r = await fetchAll();
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(Object.fromEntries(r.value.map((q) => [q.pair, q.priceE8]))).toEqual(c.expect);
    const atMs = c.exchangeTime ? s.timeMs : clock.nowMs();
    for (const q of r.value) expect(q.atMs).toBe(atMs);
    expect(s.requests.every((line) => line.startsWith('GET '))).toBe(true);
  });

  it('quotes the pairs it can when one symbol is unknown to the exchange', async () => {
    s.prices = { ...c.serve };
    const [dropped] = Object.keys(c.serve).slice(-1);
    delete s.prices[dropped!];
    const src = c.source(s.url);
    const r = await src.fetch(src.pairs);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value).toHaveLength(Object.keys(c.expect).length - 1);
    s.prices = {};
    const none = await src.fetch(src.pairs);
    expect(none.ok).toBe(false);
    if (!none.ok) expect(none.error.reason).toMatch(c.unknownReason);
  });

  it("fails with the exchange's error when it answers one", async () => {
    s.prices = { ...c.serve };
    s.mode = 'error';
    const r = await fetchAll();
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.reason).toMatch(c.errorReason);
  });

  it('fails on a malformed body', async () => {
    s.prices = { ...c.serve };
    s.mode = 'malformed';
    const r = await fetchAll();
    expect(r.ok).toBe(false);
  });

  it('fails within its timeout when the exchange never answers', async () => {
    s.prices = { ...c.serve };
    s.mode = 'hang';
    const started = performance.now();
    const r = await fetchAll();
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.reason).toMatch(/timeout|no complete response/);
    expect(performance.now() - started).toBeLessThan(TIMEOUT_MS + 2_000);
  });

  it('does not reach a loopback address unless allowed (SSRF guard)', async () => {
    s.prices = { ...c.serve };
    const r = await fetchAll(c.source(s.url, false));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.reason).toMatch(/not allowed or cannot be reached/);
    expect(s.requests).toEqual([]);
  });
});

describe('the ECB reference rates source against its stand-in', () => {
  let s: StandIn;
  const path = '/stats/eurofxref/eurofxref-daily.xml';
  const source = (allowPrivate = true) =>
    createEcbSource({ baseUrl: `${s.url}${path}`, timeoutMs: TIMEOUT_MS, allowPrivate });
  beforeAll(async () => {
    s = await ecbStandIn();
  });
  afterAll(async () => {
    await s?.close();
  });
  afterEach(() => {
    s.mode = 'ok';
  });

  it('gives USD-INR as EUR-INR ÷ EUR-USD, exact to 10^-8, dated on the rates day', async () => {
    s.prices = { USD: '1.0921', JPY: '161.05', INR: '90.8680', GBP: '0.86130' };
    s.timeMs = Date.UTC(2026, 0, 2, 15);
    const r = await source().fetch(['USD-INR']);
    // 90.868 / 1.0921 = 83.204834722...
    expect(r).toEqual({
      ok: true,
      value: [{ pair: 'USD-INR', priceE8: 8_320_483_472n, atMs: Date.UTC(2026, 0, 2, 14) }],
    });
  });

  it('fails when a needed rate is missing, on errors, malformed documents and timeouts', async () => {
    s.prices = { USD: '1.0921' };
    expect(await source().fetch(['USD-INR'])).toEqual({
      ok: false,
      error: { reason: 'the 2026-01-02 rates lack INR' },
    });
    s.prices = { USD: '1.0921', INR: '90.868' };
    s.mode = 'error';
    expect(await source().fetch(['USD-INR'])).toEqual({ ok: false, error: { reason: 'HTTP 503' } });
    s.mode = 'malformed';
    const bad = await source().fetch(['USD-INR']);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.reason).toMatch(/not the ECB reference rates document/);
    s.mode = 'hang';
    const hung = await source().fetch(['USD-INR']);
    expect(hung.ok).toBe(false);
    s.mode = 'ok';
    expect((await source(false).fetch(['USD-INR'])).ok).toBe(false);
  });

  it('refuses what is not the documented shape', () => {
    const doc = (inner: string) =>
      `<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref"><Cube>${inner}</Cube></gesmes:Envelope>`;
    expect(
      parseEcbDaily(doc("<Cube time='2026-01-02'><Cube currency='USD' rate='1.1'/></Cube>")),
    ).toMatchObject({ ok: true, day: '2026-01-02' });
    expect(
      parseEcbDaily(doc("<Cube time='2026-01-02'></Cube><Cube time='2026-01-01'></Cube>")),
    ).toMatchObject({ ok: false });
    expect(parseEcbDaily(doc("<!-- x --><Cube time='2026-01-02'></Cube>"))).toMatchObject({ ok: false });
    expect(
      parseEcbDaily(
        doc(
          "<Cube time='2026-01-02'><Cube currency='USD' rate='1.1'/><Cube currency='USD' rate='1.2'/></Cube>",
        ),
      ),
    ).toMatchObject({
      ok: false,
      reason: 'USD appears twice',
    });
    expect(parseEcbDaily('{"rates": {}}')).toMatchObject({ ok: false });
  });
});
