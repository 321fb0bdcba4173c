import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { disableAccount } from '../../src/app/operator/disable-account.ts';
import { setStaticPrice } from '../../src/app/prices/set-static-price.ts';
import { cancelOrder } from '../../src/app/trading/cancel-order.ts';
import type { PlaceOrderCommand } from '../../src/app/trading/commands.ts';
import { matchOrders } from '../../src/app/trading/match-orders.ts';
import { placeOrder } from '../../src/app/trading/place-order.ts';
import { getPortfolio } from '../../src/app/trading/portfolio.ts';
import { getOrder } from '../../src/app/trading/view-orders.ts';
import { availableBalance, systemAccountTotals } from '../../src/db/repos/ledger.ts';
import { crossedOrders, findOrder, markFilled } from '../../src/db/repos/orders.ts';
import { formatAssetBalance } from '../../src/domain/money.ts';
import { ALL_JOBS } from '../../src/jobs/index.ts';
import { startJobs } from '../../src/jobs/runner.ts';
import { DIALECTS, ManualClock, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

const BTC = 100_000_000_000n; // msat per BTC
const USDT = 1_000_000n;

const order = (o: Partial<PlaceOrderCommand>): PlaceOrderCommand => ({
  side: 'buy',
  asset: 'btc',
  quote: 'usdt',
  amountUnits: BTC / 100n,
  type: 'market',
  limitPriceE8: null,
  note: null,
  receiverEmail: null,
  extra: '[]',
  clientOrderId: null,
  ...o,
});

describe.each(DIALECTS)('spot orders on %s', (dialect) => {
  let rt: TestRuntime;
  const clock = new ManualClock();
  beforeAll(async () => {
    rt = await testRuntime(
      dialect,
      { TRADE_SPREAD_PERCENT: '0', PRICE_STATIC: 'BTC-USD=47277.89,USD-INR=84.5,BTC-USDT=47277.89' },
      { clock },
    );
  });
  afterAll(async () => {
    await rt?.close();
  });
  const balance = (id: bigint, asset: 'btc' | 'usdt' | 'inr') => availableBalance(rt.deps.db.read, id, asset);
  const audit = async () => (await auditLedger(rt.deps)).violations;

  it('a market buy and sell settle the sample totals against the treasury, fee to the service', async () => {
    const a = await makeAccount(rt.deps, { fund: { usdt: '4727789' } });
    const buy = await placeOrder(rt.deps, a.id, order({ amountUnits: 100n * BTC }));
    expect(buy.ok).toBe(true);
    if (!buy.ok) return;
    expect(buy.value).toMatchObject({ status: 'filled', fee_units: (10n * BTC) / 100n });
    expect(formatAssetBalance('btc', buy.value.received_units)).toBe('99.90000000');
    expect(formatAssetBalance('usdt', buy.value.paid_units)).toBe('4727789.00000000');
    expect(await balance(a.id, 'usdt')).toBe(0n);
    expect(await balance(a.id, 'btc')).toBe((9990n * BTC) / 100n);
    const sell = await placeOrder(rt.deps, a.id, order({ side: 'sell', amountUnits: (9990n * BTC) / 100n }));
    expect(sell.ok).toBe(true);
    expect(await balance(a.id, 'btc')).toBe(0n);
    const fees = await systemAccountTotals(rt.deps.db.read, 'service_fees', 'btc');
    expect(fees.credits_posted - fees.debits_posted).toBeGreaterThanOrEqual((10n * BTC) / 100n);
    expect(await audit()).toEqual([]);
  });

  it('a limit order rests with its funds reserved, fills when the price crosses it, at its own price', async () => {
    const a = await makeAccount(rt.deps, { fund: { usdt: '1000' } });
    const r = await placeOrder(
      rt.deps,
      a.id,
      order({ type: 'limit', amountUnits: BTC / 100n, limitPriceE8: 45_000n * 100_000_000n }),
    );
    expect(r.ok && r.value.status).toBe('open');
    if (!r.ok) return;
    expect(r.value.reserved_units).toBe(450n * USDT);
    expect(await balance(a.id, 'usdt')).toBe(550n * USDT);
    expect((await matchOrders(rt.deps)).filled).toBe(0);
    await setStaticPrice(rt.deps, { pair: 'BTC-USDT', price: '44999' });
    try {
      expect((await matchOrders(rt.deps)).filled).toBe(1);
      const filled = await getOrder(rt.deps, a.id, r.value.id);
      expect(filled.ok && filled.value).toMatchObject({
        status: 'filled',
        executed_price_e8: 45_000n * 100_000_000n,
        paid_units: 450n * USDT,
        received_units: BTC / 100n - BTC / 100_000n,
      });
      expect(await balance(a.id, 'usdt')).toBe(550n * USDT);
      expect(await balance(a.id, 'btc')).toBe(BTC / 100n - BTC / 100_000n);
      expect((await matchOrders(rt.deps)).filled).toBe(0);
      expect(await cancelOrder(rt.deps, a.id, r.value.id)).toMatchObject({
        ok: false,
        error: { code: 'order_not_open' },
      });
    } finally {
      await setStaticPrice(rt.deps, { pair: 'BTC-USDT', price: null });
    }
    expect(await audit()).toEqual([]);
  });

  it('a cancelled limit order releases its reservation, once, and never fills', async () => {
    const a = await makeAccount(rt.deps, { fund: { btc: '1' } });
    const r = await placeOrder(
      rt.deps,
      a.id,
      order({ side: 'sell', type: 'limit', amountUnits: BTC / 2n, limitPriceE8: 50_000n * 100_000_000n }),
    );
    if (!r.ok) throw new Error(r.error.message);
    expect(await balance(a.id, 'btc')).toBe(BTC / 2n);
    const c = await cancelOrder(rt.deps, a.id, r.value.id);
    expect(c.ok && c.value).toMatchObject({ status: 'cancelled', revoked_at_ms: BigInt(clock.nowMs()) });
    expect(await balance(a.id, 'btc')).toBe(BTC);
    expect((await cancelOrder(rt.deps, a.id, r.value.id)).ok).toBe(true);
    expect(await balance(a.id, 'btc')).toBe(BTC);
    await setStaticPrice(rt.deps, { pair: 'BTC-USDT', price: '51000' });
    try {
      expect((await matchOrders(rt.deps)).filled).toBe(0);
    } finally {
      await setStaticPrice(rt.deps, { pair: 'BTC-USDT', price: null });
    }
    expect(await audit()).toEqual([]);
  });

  it('an order picked for a round whose account is disabled before its write stays open', async () => {
    const a = await makeAccount(rt.deps, { fund: { usdt: '1000' } });
    const r = await placeOrder(
      rt.deps,
      a.id,
      order({ type: 'limit', amountUnits: BTC / 100n, limitPriceE8: 46_000n * 100_000_000n }),
    );
    if (!r.ok) throw new Error(r.error.message);
    const cross = { asset: 'btc', quote: 'usdt', askE8: 45_999n * 100_000_000n, bidE8: 0n, limit: 100 };
    const picked = await crossedOrders(rt.deps.db.read, cross);
    expect(picked.map((o) => o.id)).toContain(r.value.id);

    expect(
      await disableAccount(rt.deps, { accountId: null, name: 'operator:root' }, a.usertag, 'x'),
    ).toMatchObject({
      ok: true,
    });
    expect((await crossedOrders(rt.deps.db.read, cross)).map((o) => o.id)).not.toContain(r.value.id);
    const done = await rt.deps.db.write((trx) =>
      markFilled(trx, r.value.id, {
        executedPriceE8: 46_000n * 100_000_000n,
        feeUnits: 0n,
        receivedUnits: 0n,
        paidUnits: 0n,
        emailStatus: 'undefined',
        nowMs: clock.nowMs(),
      }),
    );
    expect(done).toBe(false);
    expect(await findOrder(rt.deps.db.read, r.value.id)).toMatchObject({ status: 'open' });
    expect(await balance(a.id, 'usdt')).toBe(540n * USDT);
  });

  it('a cancel and a fill racing for one order: exactly one wins, and the ledger agrees', async () => {
    const a = await makeAccount(rt.deps, { fund: { usdt: '1000' } });
    const placed = await placeOrder(
      rt.deps,
      a.id,
      order({ type: 'limit', amountUnits: BTC / 100n, limitPriceE8: 46_000n * 100_000_000n }),
    );
    if (!placed.ok) throw new Error(placed.error.message);
    await setStaticPrice(rt.deps, { pair: 'BTC-USDT', price: '45000' });
    try {
      const [match, cancel] = await Promise.all([
        matchOrders(rt.deps),
        cancelOrder(rt.deps, a.id, placed.value.id),
      ]);
      const after = await getOrder(rt.deps, a.id, placed.value.id);
      if (!after.ok) throw new Error(after.error.message);
      if (after.value.status === 'filled') {
        expect(cancel).toMatchObject({ ok: false, error: { code: 'order_not_open' } });
        expect(await balance(a.id, 'usdt')).toBe(1000n * USDT - 460n * USDT);
      } else {
        expect(after.value.status).toBe('cancelled');
        expect(match.filled).toBe(0);
        expect(await balance(a.id, 'usdt')).toBe(1000n * USDT);
      }
    } finally {
      await setStaticPrice(rt.deps, { pair: 'BTC-USDT', price: null });
    }
    expect(await audit()).toEqual([]);
  });

  it('the orders-match job is registered and runs a round', async () => {
    const a = await makeAccount(rt.deps, { fund: { btc: '1' } });
    const placed = await placeOrder(
      rt.deps,
      a.id,
      order({ side: 'sell', type: 'limit', amountUnits: BTC / 10n, limitPriceE8: 48_000n * 100_000_000n }),
    );
    if (!placed.ok) throw new Error(placed.error.message);
    await setStaticPrice(rt.deps, { pair: 'BTC-USDT', price: '48500' });
    const jobs = startJobs(
      rt.deps,
      ALL_JOBS.filter((j) => j.name === 'orders-match'),
    );
    try {
      expect(await jobs.runOnce('orders-match')).toBe(rt.deps.config.trading.matchIntervalMs);
      const filled = await getOrder(rt.deps, a.id, placed.value.id);
      expect(filled.ok && filled.value.status).toBe('filled');
      // 0.1 BTC less 0.0001 BTC fee, at 48000: 4795.2 USDT.
      expect(await balance(a.id, 'usdt')).toBe(4_795_200_000n);
    } finally {
      await jobs.stop();
      await setStaticPrice(rt.deps, { pair: 'BTC-USDT', price: null });
    }
  });

  it('another account can neither see nor cancel an order', async () => {
    const a = await makeAccount(rt.deps, { fund: { btc: '1' } });
    const b = await makeAccount(rt.deps);
    const r = await placeOrder(
      rt.deps,
      a.id,
      order({ side: 'sell', type: 'limit', amountUnits: BTC / 2n, limitPriceE8: 50_000n * 100_000_000n }),
    );
    if (!r.ok) throw new Error(r.error.message);
    expect(await getOrder(rt.deps, b.id, r.value.id)).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await cancelOrder(rt.deps, b.id, r.value.id)).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect((await getOrder(rt.deps, a.id, r.value.id)).ok && r.value.status).toBe('open');
  });

  it('50 concurrent orders against one balance never overdraw it', async () => {
    const a = await makeAccount(rt.deps, { fund: { usdt: '10000' } });
    // Each buys 0.01 BTC at 47277.89: 472.7789 USDT; 10000 USDT pays for 21 of them.
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, k) =>
        placeOrder(
          rt.deps,
          a.id,
          order(k % 2 === 0 ? {} : { type: 'limit', limitPriceE8: 4_727_789_000_000n }),
        ),
      ),
    );
    const ok = results.filter((r) => r.ok).length;
    expect(ok).toBe(21);
    for (const r of results.filter((x) => !x.ok)) {
      expect(r).toMatchObject({ ok: false, error: { code: 'insufficient_balance' } });
    }
    const left = await balance(a.id, 'usdt');
    expect(left).toBe(10_000n * USDT - 21n * 472_778_900n);
    expect(left).toBeGreaterThanOrEqual(0n);
    expect(await audit()).toEqual([]);
  });

  it('client_order_id: a retry answers the same order and moves nothing; another body is a conflict', async () => {
    const a = await makeAccount(rt.deps, { fund: { usdt: '1000' } });
    const cmd = order({ clientOrderId: 'my-1' });
    const [first, second] = await Promise.all([
      placeOrder(rt.deps, a.id, cmd),
      placeOrder(rt.deps, a.id, cmd),
    ]);
    expect(first.ok && second.ok && first.value.id === second.value.id).toBe(true);
    const third = await placeOrder(rt.deps, a.id, cmd);
    expect(third.ok && first.ok && third.value.id).toBe(first.ok && first.value.id);
    expect(await balance(a.id, 'usdt')).toBe(1000n * USDT - 472_778_900n);
    expect(
      await placeOrder(rt.deps, a.id, order({ clientOrderId: 'my-1', amountUnits: BTC / 50n })),
    ).toMatchObject({ ok: false, error: { code: 'idempotency_conflict', field: 'client_order_id' } });
    // Another account's id space is its own.
    const b = await makeAccount(rt.deps, { fund: { usdt: '1000' } });
    const other = await placeOrder(rt.deps, b.id, cmd);
    expect(other.ok && first.ok && other.value.id !== first.value.id).toBe(true);
  });

  it('refuses bad orders with a clear code, and nothing moves', async () => {
    const a = await makeAccount(rt.deps, { fund: { usdt: '100' } });
    const cases: Array<[Partial<PlaceOrderCommand>, string]> = [
      [{ amountUnits: BTC }, 'insufficient_balance'],
      [{ type: 'limit', limitPriceE8: 40_000n * 100_000_000n, amountUnits: BTC }, 'insufficient_balance'],
      [{ asset: 'eth', quote: 'inr' }, 'pair_unknown'],
      [{ amountUnits: 1000n }, 'amount_below_minimum'],
      [{ type: 'limit', limitPriceE8: 4_000_000_000_001n }, 'price_off_tick'],
    ];
    for (const [o, code] of cases) {
      expect(await placeOrder(rt.deps, a.id, order(o)), code).toMatchObject({ ok: false, error: { code } });
    }
    expect(await balance(a.id, 'usdt')).toBe(100n * USDT);
  });

  it('refuses every order while the price is stale, and takes them again once it is fresh', async () => {
    const a = await makeAccount(rt.deps, { fund: { usdt: '1000' } });
    clock.advance(301_000);
    try {
      expect(await placeOrder(rt.deps, a.id, order({}))).toMatchObject({
        ok: false,
        error: { code: 'price_stale' },
      });
      expect((await matchOrders(rt.deps)).unpriced).toContain('BTC-USDT');
    } finally {
      await rt.deps.prices.refresh();
    }
    expect((await placeOrder(rt.deps, a.id, order({}))).ok).toBe(true);
  });

  it('a closed pair refuses new orders', async () => {
    const closed = await testRuntime(dialect, { TRADE_CLOSED_PAIRS: 'btc-usdt' });
    try {
      const a = await makeAccount(closed.deps, { fund: { usdt: '1000' } });
      expect(await placeOrder(closed.deps, a.id, order({}))).toMatchObject({
        ok: false,
        error: { code: 'pair_closed' },
      });
      expect(await availableBalance(closed.deps.db.read, a.id, 'usdt')).toBe(1000n * USDT);
    } finally {
      await closed.close();
    }
  });

  it('concurrent resting orders on pairs that share no balance never pass TRADE_OPEN_ORDERS_MAX', async () => {
    const capped = await testRuntime(dialect, {
      TRADE_OPEN_ORDERS_MAX: '1',
      PRICE_STATIC: 'BTC-USD=47277.89,USD-INR=84.5,ETH-USDT=3400',
    });
    try {
      const at = (id: bigint, asset: 'inr' | 'usdt') => availableBalance(capped.deps.db.read, id, asset);
      // BTC-INR and ETH-USDT lock different balances, so only the cap itself can keep them in line.
      const restingOrders = (id: bigint) =>
        Promise.all(
          Array.from({ length: 12 }, (_, k) =>
            placeOrder(
              capped.deps,
              id,
              k % 2 === 0
                ? order({
                    quote: 'inr',
                    type: 'limit',
                    amountUnits: BTC / 1000n,
                    limitPriceE8: 3_000_000n * 100_000_000n,
                  })
                : order({
                    asset: 'eth',
                    type: 'limit',
                    amountUnits: 10n ** 7n,
                    limitPriceE8: 3000n * 100_000_000n,
                  }),
            ),
          ),
        );
      const accounts = await Promise.all(
        Array.from({ length: 4 }, () => makeAccount(capped.deps, { fund: { inr: '100000', usdt: '1000' } })),
      );
      const all = await Promise.all(accounts.map((a) => restingOrders(a.id)));
      for (const [n, results] of all.entries()) {
        const placed = results.filter((r) => r.ok);
        expect(placed).toHaveLength(1);
        for (const r of results.filter((x) => !x.ok)) {
          expect(r).toMatchObject({ ok: false, error: { code: 'limit_reached' } });
        }
        const inrHeld = BigInt(placed.filter((r) => r.ok && r.value.quote === 'inr').length);
        const id = accounts[n]!.id;
        expect(await at(id, 'inr')).toBe(10_000_000n - inrHeld * 300_000n);
        expect(await at(id, 'usdt')).toBe(1000n * USDT - (1n - inrHeld) * 30n * USDT);
      }
      expect((await auditLedger(capped.deps)).violations).toEqual([]);
    } finally {
      await capped.close();
    }
  });

  it('BTC-INR trades against the INR ledger asset, exact to the paisa', async () => {
    const a = await makeAccount(rt.deps, { fund: { inr: '100000.55' } });
    expect(await balance(a.id, 'inr')).toBe(10_000_055n);
    // BTC-INR = 47277.89 × 84.5 = 3994981.705, on the 1 INR tick; 0.001 BTC costs ⌈3994.982⌉ paise.
    const r = await placeOrder(rt.deps, a.id, order({ quote: 'inr', amountUnits: BTC / 1000n }));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.executed_price_e8).toBe(399_498_200_000_000n);
    expect(r.value.paid_units).toBe(399_499n);
    expect(await balance(a.id, 'inr')).toBe(10_000_055n - 399_499n);
    const p = await getPortfolio(rt.deps, a.id);
    expect(p.lines.find((l) => l.asset === 'inr')?.valueUsdtUnits).toBeGreaterThan(0n);
    expect(await audit()).toEqual([]);
  });
});
