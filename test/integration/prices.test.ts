import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setStaticPrice } from '../../src/app/prices/set-static-price.ts';
import { formatPriceE8 } from '../../src/domain/prices.ts';
import { ALL_JOBS } from '../../src/jobs/index.ts';
import { startJobs } from '../../src/jobs/runner.ts';
import { DIALECTS, ManualClock, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

const shown = (rt: TestRuntime, pair: string) => {
  const p = rt.deps.prices.current(pair);
  return p === null ? null : formatPriceE8(p.priceE8);
};

describe.each(DIALECTS)('static prices on %s', (dialect) => {
  let rt: TestRuntime;
  const clock = new ManualClock();
  beforeAll(async () => {
    rt = await testRuntime(dialect, {}, { clock });
  });
  afterAll(async () => {
    await rt?.close();
  });

  it('prices every instrument from the embedded table before the first request, offline', () => {
    expect(shown(rt, 'BTC-USD')).toBe('97000');
    expect(shown(rt, 'USD-INR')).toBe('84.5');
    for (const pair of ['BTC-USDT', 'ETH-USDT', 'SOL-USDT', 'LTC-USDT', 'MATIC-USDT']) {
      expect(rt.deps.prices.current(pair), pair).toMatchObject({ sources: ['static'], stale: false });
    }
    // 97000 × 84.5, derived because no source quotes an INR market.
    expect(rt.deps.prices.current('BTC-INR')).toMatchObject({ derivedFrom: ['BTC-USD', 'USD-INR'] });
    expect(shown(rt, 'BTC-INR')).toBe('8196500');
  });

  it('moves a static price at once for this process, and stores it for the next refresh of any other', async () => {
    const r = await setStaticPrice(rt.deps, { pair: 'btc-usdt', price: '45000.5' });
    expect(r).toEqual({ ok: true, value: { pair: 'BTC-USDT', priceE8: 4_500_050_000_000n } });
    expect(shown(rt, 'BTC-USDT')).toBe('45000.5');
    const other = await testRuntime(dialect, {}, { databaseUrl: rt.databaseUrl });
    try {
      expect(shown(other, 'BTC-USDT')).toBe('45000.5');
    } finally {
      await other.close();
    }
    await setStaticPrice(rt.deps, { pair: 'BTC-USDT', price: null });
    expect(shown(rt, 'BTC-USDT')).toBe('97000');
  });

  it('a static BTC-INR price is an INR market and replaces the cross rate', async () => {
    await setStaticPrice(rt.deps, { pair: 'BTC-INR', price: '8000000' });
    expect(rt.deps.prices.current('BTC-INR')).toMatchObject({ priceE8: 800_000_000_000_000n });
    expect(rt.deps.prices.current('BTC-INR')?.derivedFrom).toBeUndefined();
    await setStaticPrice(rt.deps, { pair: 'BTC-INR', price: null });
    expect(rt.deps.prices.current('BTC-INR')?.derivedFrom).toEqual(['BTC-USD', 'USD-INR']);
  });

  it('refuses a malformed pair or price, naming the field', async () => {
    expect(await setStaticPrice(rt.deps, { pair: 'BTCUSD', price: '1' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request', field: 'pair' },
    });
    expect(await setStaticPrice(rt.deps, { pair: 'BTC-USD', price: '-5' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request', field: 'price' },
    });
    expect(shown(rt, 'BTC-USD')).toBe('97000');
  });

  it('cannot be moved outside the sandbox', async () => {
    const deps = {
      ...rt.deps,
      config: { ...rt.deps.config, lightning: { ...rt.deps.config.lightning, backend: 'lnd' as const } },
    };
    expect(await setStaticPrice(deps, { pair: 'BTC-USD', price: '1' })).toMatchObject({
      ok: false,
      error: { code: 'sandbox_only' },
    });
    expect(shown(rt, 'BTC-USD')).toBe('97000');
  });

  it('a price not refreshed within PRICE_STALE_AFTER_SEC is stale until the refresh job runs', async () => {
    clock.advance(300_001);
    expect(rt.deps.prices.current('BTC-USD')?.stale).toBe(true);
    expect(rt.deps.prices.current('USD-INR')?.stale).toBe(false); // fiat ages by its own limit
    const jobs = startJobs(
      rt.deps,
      ALL_JOBS.filter((j) => j.name === 'prices-refresh'),
    );
    try {
      expect(await jobs.runOnce('prices-refresh')).toBe(rt.deps.config.prices.refreshIntervalMs);
    } finally {
      await jobs.stop();
    }
    expect(rt.deps.prices.current('BTC-USD')?.stale).toBe(false);
  });
});
