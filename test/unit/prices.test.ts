import { describe, expect, it } from 'vitest';
import type { PriceSource, SourceQuote } from '../../src/app/ports.ts';
import { createPriceFeed } from '../../src/app/prices/feed.ts';
import {
  consensusE8,
  dividePricesE8,
  formatPriceE8,
  medianE8,
  multiplyPricesE8,
  parsePriceE8,
  priceE8ToNumber,
} from '../../src/domain/prices.ts';
import { ManualClock } from '../fixtures/runtime.ts';

const e8 = (text: string): bigint => {
  const r = parsePriceE8(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('price codecs', () => {
  it('parses decimal text exactly and refuses what is not a price', () => {
    expect(e8('97000')).toBe(9_700_000_000_000n);
    expect(e8('84.12345678')).toBe(8_412_345_678n);
    expect(e8('97000.50000000000')).toBe(9_700_050_000_000n); // padded zeros past 8 places are fine
    expect(parsePriceE8('84.123456789').ok).toBe(false); // never rounded
    for (const bad of ['', '0', '0.0', '-1', '1e5', ' 1', '1,000', 'NaN', '.5']) {
      expect(parsePriceE8(bad).ok, bad).toBe(false);
    }
  });

  it('formats without trailing zeros and renders JSON numbers whose text is the exact price', () => {
    expect(formatPriceE8(9_700_050_000_000n)).toBe('97000.5');
    expect(formatPriceE8(8_400_000_000n)).toBe('84');
    expect(formatPriceE8(1n)).toBe('0.00000001');
    expect(JSON.stringify(priceE8ToNumber(e8('8196500.12345678')))).toBe('8196500.12345678');
    expect(JSON.stringify(priceE8ToNumber(e8('0.45')))).toBe('0.45');
    // More than 15 significant digits: finer digits are cut, never rounded up.
    expect(JSON.stringify(priceE8ToNumber(e8('123456789012.99999999')))).toBe('123456789012.999');
  });

  it('crosses and divides prices with truncation at 10^-8', () => {
    expect(formatPriceE8(multiplyPricesE8(e8('97000'), e8('84.5')))).toBe('8196500');
    expect(formatPriceE8(multiplyPricesE8(e8('0.00000003'), e8('0.5')))).toBe('0.00000001');
    // USD-INR from the ECB's EUR rates: 90.868 / 1.0921 = 83.20483472...
    expect(formatPriceE8(dividePricesE8(e8('90.868'), e8('1.0921')))).toBe('83.20483472');
  });

  it('takes the median, of an even count the truncated mean of the middle two', () => {
    expect(medianE8([3n, 1n, 2n])).toBe(2n);
    expect(medianE8([4n, 1n, 3n, 2n])).toBe(2n); // (2 + 3) / 2 = 2.5 → 2 units of 10^-8
  });

  it('drops quotes more than 2% from the median and takes the median of the rest', () => {
    const q = (p: string) => ({ priceE8: e8(p) });
    const r = consensusE8([q('100'), q('101'), q('99.5'), q('110')], 20_000n);
    expect(r?.dropped.map((d) => formatPriceE8(d.priceE8))).toEqual(['110']);
    expect(formatPriceE8(r!.priceE8)).toBe('100');
    // Exactly 2% away is kept; a hair more is not.
    const median = 1_000_000_000n;
    expect(
      consensusE8([{ priceE8: median }, { priceE8: median }, { priceE8: 1_020_000_000n }], 20_000n)?.dropped,
    ).toEqual([]);
    expect(
      consensusE8([{ priceE8: median }, { priceE8: median }, { priceE8: 1_020_000_001n }], 20_000n)?.dropped,
    ).toHaveLength(1);
    // Two quotes too far apart to tell which is wrong: no price.
    expect(consensusE8([q('100'), q('110')], 20_000n)).toBeNull();
  });
});

/** A source answering from a table the test changes; `down` makes it fail like an unreachable API. */
function tableSource(name: string, clock: ManualClock, table: Record<string, string>) {
  const state = { down: false, table };
  const source: PriceSource = {
    name,
    pairs: Object.keys(table),
    async fetch(pairs) {
      if (state.down) return { ok: false, error: { reason: 'connection refused' } };
      const value: SourceQuote[] = pairs
        .filter((p) => state.table[p] !== undefined)
        .map((p) => ({ pair: p, priceE8: e8(state.table[p]!), atMs: clock.nowMs() }));
      return { ok: true, value };
    },
  };
  return { source, state };
}

const silent = { info() {}, warn() {}, error() {}, debug() {} };

describe('price book', () => {
  const setup = () => {
    const clock = new ManualClock();
    const a = tableSource('a', clock, { 'BTC-USD': '97000', 'USD-INR': '84.5' });
    const b = tableSource('b', clock, { 'BTC-USD': '97100' });
    const c = tableSource('c', clock, { 'BTC-USD': '96900' });
    const d = tableSource('d', clock, { 'BTC-USD': '99500' }); // 2.6% above the median
    const feed = createPriceFeed({
      sources: [a.source, b.source, c.source, d.source],
      clock,
      log: silent,
      staleAfterMs: 300_000,
      fiatStaleAfterMs: 432_000_000,
      outlierPpm: 20_000n,
    });
    return { clock, a, b, c, d, feed };
  };

  it('publishes the median of the fresh sources with one source down and one off by more than 2%', async () => {
    const { b, feed } = setup();
    b.state.down = true;
    const report = await feed.refresh();
    expect(report.failed).toEqual([{ name: 'b', reason: 'connection refused' }]);
    const p = feed.current('BTC-USD')!;
    // Quotes a 97000, c 96900, d 99500 (b down): median 97000, d is 2.58% off and dropped.
    expect(formatPriceE8(p.priceE8)).toBe('96950');
    expect(p.sources).toEqual(['a', 'c']);
    expect(p.stale).toBe(false);
  });

  it('derives BTC-INR from BTC-USD × USD-INR unless a source quotes it', async () => {
    const { a, feed } = setup();
    await feed.refresh();
    const inr = feed.current('BTC-INR')!;
    expect(inr.derivedFrom).toEqual(['BTC-USD', 'USD-INR']);
    expect(inr.priceE8).toBe(multiplyPricesE8(feed.current('BTC-USD')!.priceE8, e8('84.5')));
    a.state.table['BTC-INR'] = '8000000';
    const direct = createPriceFeed({
      sources: [{ ...a.source, pairs: ['BTC-USD', 'USD-INR', 'BTC-INR'] }],
      clock: new ManualClock(),
      log: silent,
      staleAfterMs: 300_000,
      fiatStaleAfterMs: 432_000_000,
      outlierPpm: 20_000n,
    });
    await direct.refresh();
    expect(direct.current('BTC-INR')).toMatchObject({ priceE8: e8('8000000'), sources: ['a'] });
    expect(direct.current('BTC-INR')?.derivedFrom).toBeUndefined();
  });

  it('derives BTC-EUR from BTC-USD ÷ EUR-USD (the euro reference rate is USD per EUR)', async () => {
    const clock = new ManualClock();
    const a = tableSource('a', clock, { 'BTC-USD': '97000', 'EUR-USD': '1.0921' });
    const feed = createPriceFeed({
      sources: [a.source],
      clock,
      log: silent,
      staleAfterMs: 300_000,
      fiatStaleAfterMs: 432_000_000,
      outlierPpm: 20_000n,
    });
    await feed.refresh();
    // 97000 / 1.0921 = 88819.7051552055... truncated at 10^-8.
    expect(feed.current('BTC-EUR')).toMatchObject({
      priceE8: e8('88819.70515520'),
      derivedFrom: ['BTC-USD', 'EUR-USD'],
      derivedBy: 'divide',
      sources: ['a'],
    });
    clock.advance(300_001);
    expect(feed.current('BTC-EUR')?.stale).toBe(true);
    expect(feed.current('EUR-USD')?.stale).toBe(false);
  });

  it('keeps the last price when every source fails, and calls it stale once it is too old', async () => {
    const { clock, a, b, c, d, feed } = setup();
    await feed.refresh();
    const before = feed.current('BTC-USD')!;
    for (const s of [a, b, c, d]) s.state.down = true;
    clock.advance(300_000);
    await feed.refresh();
    expect(feed.current('BTC-USD')).toMatchObject({ priceE8: before.priceE8, stale: false });
    clock.advance(1);
    expect(feed.current('BTC-USD')).toMatchObject({ priceE8: before.priceE8, stale: true });
    // The fiat rate ages by its own, longer limit; the cross rate is stale with its staler part.
    expect(feed.current('USD-INR')?.stale).toBe(false);
    expect(feed.current('BTC-INR')?.stale).toBe(true);
    expect(feed.current('ETH-USD')).toBeNull();
    for (const s of [a, b, c, d]) s.state.down = false;
    await feed.refresh();
    expect(feed.current('BTC-USD')?.stale).toBe(false);
  });

  it('an adapter that throws is only that source failing', async () => {
    const { clock, a } = setup();
    const thrower: PriceSource = {
      name: 'broken',
      pairs: ['BTC-USD'],
      fetch: async () => {
        throw new Error('bug');
      },
    };
    const feed = createPriceFeed({
      sources: [thrower, a.source],
      clock,
      log: silent,
      staleAfterMs: 300_000,
      fiatStaleAfterMs: 432_000_000,
      outlierPpm: 20_000n,
    });
    const r = await feed.refresh();
    expect(r.failed).toEqual([{ name: 'broken', reason: 'bug' }]);
    expect(feed.current('BTC-USD')?.sources).toEqual(['a']);
  });

  it('warns once when a source starts failing and tells when it answers again', async () => {
    const clock = new ManualClock();
    const a = tableSource('a', clock, { 'BTC-USD': '97000' });
    const lines: string[] = [];
    const log = {
      info: (_o: object, m?: string) => lines.push(`info ${m}`),
      warn: (_o: object, m?: string) => lines.push(`warn ${m}`),
      error: () => {},
      debug: () => {},
    };
    const feed = createPriceFeed({
      sources: [a.source],
      clock,
      log,
      staleAfterMs: 300_000,
      fiatStaleAfterMs: 1,
      outlierPpm: 20_000n,
    });
    a.state.down = true;
    await feed.refresh();
    await feed.refresh();
    a.state.down = false;
    await feed.refresh();
    expect(lines).toEqual(['warn price source failed', 'info price source answers again']);
    expect(feed.sources()).toEqual([{ name: 'a', lastOkMs: clock.nowMs(), lastError: null }]);
  });
});
