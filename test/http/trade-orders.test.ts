import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { disableAccount, enableAccount } from '../../src/app/operator/disable-account.ts';
import { dispatchDue } from '../../src/app/outbox/dispatch.ts';
import { setStaticPrice } from '../../src/app/prices/set-static-price.ts';
import { matchOrders } from '../../src/app/trading/match-orders.ts';
import { availableBalance } from '../../src/db/repos/ledger.ts';
import {
  DIALECTS,
  ManualClock,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';
import { tradeBearer } from '../fixtures/trade.ts';

const never = new AbortController().signal;

/** The spec's "Order record" fields, exactly, with their JSON types. */
const ORDER_RECORD_TYPES: Record<string, string | string[]> = {
  tid: 'string',
  created_at: 'number',
  executed_at: ['number', 'null'],
  type: 'string',
  asset: 'string',
  amount: 'string',
  price: 'string',
  executed_price: 'string',
  fee: 'string',
  fee_percent: 'number',
  filled_amount: 'string',
  filled_percent: 'number',
  total_received: 'string',
  reveived_asset: 'string',
  total_paid: 'string',
  paid_asset: 'string',
  note: 'string',
  receiver_email: 'string',
  email_status: 'string',
  revoked: 'boolean',
  revoked_at: ['number', 'null'],
  extra: 'array',
};
const jsonType = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

describe.each(DIALECTS)('trade API spot orders on %s', (dialect) => {
  let rt: TestRuntime;
  const clock = new ManualClock(Date.now());
  beforeAll(async () => {
    rt = await testRuntime(
      dialect,
      {
        TRADE_SPREAD_PERCENT: '0',
        PRICE_STATIC: 'BTC-USD=47277.89,USD-INR=84.5,BTC-USDT=47277.89,ETH-USDT=3400',
      },
      { clock },
    );
  });
  afterAll(async () => {
    await rt?.close();
  });

  interface Trader extends TestAccount {
    bearer: string;
  }
  const trader = async (fund: Partial<Record<string, string>> = {}): Promise<Trader> => {
    const a = await makeAccount(rt.deps, { fund });
    return { ...a, bearer: await tradeBearer(rt, a) };
  };
  const trade = (
    t: Trader | null,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse> =>
    rt.app.inject({
      method,
      url: `/trade/v1${path}`,
      headers: {
        ...(t === null ? {} : { authorization: `Bearer ${t.bearer}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const checkOrder = (t: TestAccount, tid: string, via: 'query' | 'body' = 'query') =>
    rt.app.inject({
      method: 'GET',
      url: via === 'query' ? `/tapi/v1/checkOrder?tid=${tid}` : '/tapi/v1/checkOrder',
      headers: {
        'x-api-key': t.invoiceKey,
        ...(via === 'body' ? { 'content-type': 'application/json' } : {}),
      },
      ...(via === 'body' ? { payload: JSON.stringify({ tid }) } : {}),
    });
  const place = async (t: Trader, body: Record<string, unknown>) => {
    const res = await trade(t, 'POST', '/orders', { side: 'buy', asset: 'BTC', type: 'market', ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Record<string, unknown> & { tid: string };
  };
  const usdt = (t: TestAccount) => availableBalance(rt.deps.db.read, t.id, 'usdt');
  const btc = (t: TestAccount) => availableBalance(rt.deps.db.read, t.id, 'btc');

  it('buying 100 BTC at 47277.89 with 0.10% gives the sample totals to the digit, and checkOrder the spec record', async () => {
    const t = await trader({ usdt: '4727789' });
    const o = await place(t, { amount: '100', note: 'first', extra: [{ desk: 'a' }] });
    expect(o).toMatchObject({
      status: 'filled',
      order_type: 'market',
      type: 'buy',
      asset: 'BTC',
      quote: 'USDT',
      amount: '100.00000000',
      price: '47277.89000000',
      executed_price: '47277.89000000',
      fee: '0.10',
      fee_percent: 0.1,
      filled_amount: '100.00000000',
      filled_percent: 100,
      total_received: '99.90000000',
      reveived_asset: 'BTC',
      total_paid: '4727789.00000000',
      paid_asset: 'USDT',
    });
    for (const via of ['query', 'body'] as const) {
      const res = await checkOrder(t, o.tid, via);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ status: true, message: '' });
      const data = body.data as Record<string, unknown>;
      expect(Object.keys(data).sort()).toEqual(Object.keys(ORDER_RECORD_TYPES).sort());
      for (const [k, type] of Object.entries(ORDER_RECORD_TYPES)) {
        expect([type].flat(), k).toContain(jsonType(data[k]));
      }
      expect(data).toMatchObject({
        tid: o.tid,
        type: 'buy',
        fee: '0.10',
        fee_percent: 0.1,
        filled_percent: 100,
        total_received: '99.90000000',
        reveived_asset: 'BTC',
        total_paid: '4727789.00000000',
        paid_asset: 'USDT',
        note: 'first',
        receiver_email: '',
        email_status: 'undefined',
        revoked: false,
        revoked_at: null,
        extra: [{ desk: 'a' }],
      });
      expect(data['executed_at']).toBe(Math.floor(clock.nowMs() / 1000));
    }
    expect(await usdt(t)).toBe(0n);
  });

  it('selling 100 BTC at 47277.89 with 0.10% gives the sample totals to the digit', async () => {
    const t = await trader({ btc: '100' });
    const o = await place(t, { side: 'sell', amount: 100 });
    expect(o).toMatchObject({
      type: 'sell',
      fee: '0.10',
      total_received: '4723061.21100000',
      reveived_asset: 'USDT',
      total_paid: '100.00000000',
      paid_asset: 'BTC',
    });
    const data = (await checkOrder(t, o.tid)).json().data;
    expect(data).toMatchObject({
      fee: '0.10',
      total_received: '4723061.21100000',
      total_paid: '100.00000000',
    });
    expect(await usdt(t)).toBe(4_723_061_211_000n);
    expect(await btc(t)).toBe(0n);
    expect((await auditLedger(rt.deps)).violations).toEqual([]);
  });

  it('a published price no order can hold is unavailable to orders, and matching goes on with the other pairs', async () => {
    const t = await trader({ usdt: '1000', inr: '100000' });
    const eth = await place(t, { asset: 'ETH', type: 'limit', amount: '0.01', price: '3300' });
    // BTC-USDT past what an order's price column holds; BTC-INR, the product of two tiny prices,
    // truncated to zero.
    const set = async (prices: Record<string, string | null>) => {
      for (const [pair, price] of Object.entries(prices)) await setStaticPrice(rt.deps, { pair, price });
    };
    await set({
      'BTC-USDT': '999999999999999',
      'BTC-USD': '0.00000001',
      'USD-INR': '0.00000001',
      'ETH-USDT': '3290',
    });
    try {
      const huge = await trade(t, 'POST', '/orders', {
        side: 'buy',
        asset: 'BTC',
        amount: '0.00001',
        type: 'market',
      });
      expect(huge.statusCode, huge.body).toBe(503);
      expect(huge.json()).toMatchObject({ code: 'price_unavailable' });
      for (const type of ['market', 'limit']) {
        const zero = await trade(t, 'POST', '/orders', {
          side: 'buy',
          asset: 'BTC',
          quote: 'INR',
          amount: '0.001',
          type,
          ...(type === 'limit' ? { price: '1' } : {}),
        });
        expect(zero.statusCode, zero.body).toBe(503);
        expect(zero.json()).toMatchObject({ code: 'price_unavailable' });
      }
      // Zero is not a price: a cross rate truncated to zero is never published (the previous one stays
      // until it is stale, as when sources disagree).
      expect(rt.deps.prices.current('BTC-INR')?.priceE8).toBeGreaterThan(0n);
      expect(rt.deps.prices.current('BTC-USD')?.priceE8).toBe(1n);
      const round = await matchOrders(rt.deps);
      expect(round.unpriced).toEqual(expect.arrayContaining(['BTC-USDT', 'BTC-INR']));
      expect((await checkOrder(t, eth.tid)).json().data).toMatchObject({ filled_percent: 100 });
    } finally {
      await set({ 'BTC-USDT': null, 'BTC-USD': null, 'USD-INR': null, 'ETH-USDT': null });
    }
    expect((await auditLedger(rt.deps)).violations).toEqual([]);
  });

  it('a limit order rests, fills when the static price moves, and another can be cancelled with its funds released', async () => {
    const t = await trader({ usdt: '1000' });
    const o = await place(t, { type: 'limit', amount: '0.01', price: '45000' });
    expect(o).toMatchObject({
      status: 'open',
      executed_at: null,
      executed_price: '0.00000000',
      filled_percent: 0,
      reserved: '450.00000000',
      revoked: false,
    });
    const c = await place(t, { type: 'limit', amount: '0.01', price: '40000.5' });
    expect(await usdt(t)).toBe(1000_000_000n - 450_000_000n - 400_005_000n);
    await setStaticPrice(rt.deps, { pair: 'BTC-USDT', price: '44990' });
    try {
      expect((await matchOrders(rt.deps)).filled).toBe(1);
    } finally {
      await setStaticPrice(rt.deps, { pair: 'BTC-USDT', price: null });
    }
    const filled = (await trade(t, 'GET', `/orders/${o.tid}`)).json();
    expect(filled).toMatchObject({
      status: 'filled',
      executed_price: '45000.00000000',
      total_paid: '450.00000000',
      total_received: '0.00999000',
      filled_percent: 100,
      reserved: '0.00000000',
    });
    expect((await checkOrder(t, o.tid)).json().data).toMatchObject({ filled_percent: 100, revoked: false });

    const del = await trade(t, 'DELETE', `/orders/${c.tid}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toMatchObject({
      status: 'cancelled',
      revoked: true,
      revoked_at: Math.floor(clock.nowMs() / 1000),
    });
    expect(await usdt(t)).toBe(1000_000_000n - 450_000_000n);
    // Again: the same answer, nothing moves.
    expect((await trade(t, 'DELETE', `/orders/${c.tid}`)).json()).toMatchObject({ revoked: true });
    expect(await usdt(t)).toBe(1000_000_000n - 450_000_000n);
    expect((await checkOrder(t, c.tid)).json().data).toMatchObject({ revoked: true, filled_percent: 0 });
    const gone = await trade(t, 'DELETE', `/orders/${o.tid}`);
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toMatchObject({ success: false, code: 'order_not_open' });

    const list = (await trade(t, 'GET', '/orders?status=open')).json();
    expect(list.orders).toEqual([]);
    const all = (await trade(t, 'GET', '/orders?limit=10')).json().orders as Array<{ tid: string }>;
    expect(all.map((x) => x.tid)).toEqual(expect.arrayContaining([o.tid, c.tid]));
    expect((await auditLedger(rt.deps)).violations).toEqual([]);
  });

  it('50 concurrent orders against one balance never overdraw it', async () => {
    const t = await trader({ usdt: '5000' });
    // 0.01 BTC at 47277.89 costs 472.7789 USDT: 5000 USDT pays for 10.
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        trade(t, 'POST', '/orders', { side: 'buy', asset: 'BTC', type: 'market', amount: '0.01' }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 422)).toHaveLength(40);
    for (const r of results.filter((x) => x.statusCode === 422)) {
      expect(r.json()).toMatchObject({ success: false, code: 'insufficient_balance' });
    }
    expect(await usdt(t)).toBe(5000_000_000n - 10n * 472_778_900n);
    expect((await auditLedger(rt.deps)).violations).toEqual([]);
  });

  it('client_order_id makes a retry answer the same order once; another body with it is a clear 409', async () => {
    const t = await trader({ usdt: '1000' });
    const body = { side: 'buy', asset: 'BTC', type: 'market', amount: '0.01', client_order_id: 'bot-7' };
    const [a, b] = await Promise.all([trade(t, 'POST', '/orders', body), trade(t, 'POST', '/orders', body)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    // The same order written another way (a number amount, upper-case side) is the same request.
    const c = await trade(t, 'POST', '/orders', { ...body, amount: 0.01, side: 'BUY' });
    expect(c.json()).toEqual(a.json());
    expect(await usdt(t)).toBe(1000_000_000n - 472_778_900n);
    expect((await trade(t, 'GET', '/orders')).json().orders).toHaveLength(1);
    const other = await trade(t, 'POST', '/orders', { ...body, amount: '0.02' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({
      success: false,
      code: 'idempotency_conflict',
      field: 'client_order_id',
    });
    expect(await usdt(t)).toBe(1000_000_000n - 472_778_900n);
  });

  it('client_order_id: the same extra with the keys of its objects in another order is the same request', async () => {
    const t = await trader({ usdt: '1000' });
    const body = { side: 'buy', asset: 'BTC', type: 'market', amount: '0.01', client_order_id: 'bot-8' };
    const a = await trade(t, 'POST', '/orders', { ...body, extra: [{ b: 1, a: { y: 2, x: 3 } }] });
    expect(a.statusCode, a.body).toBe(200);
    const b = await trade(t, 'POST', '/orders', { ...body, extra: [{ a: { x: 3, y: 2 }, b: 1 }] });
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json()).toEqual(a.json());
    // Another value of extra is another request.
    const c = await trade(t, 'POST', '/orders', { ...body, extra: [{ b: 1, a: { y: 2, x: 4 } }] });
    expect(c.statusCode).toBe(409);
    expect(await usdt(t)).toBe(1000_000_000n - 472_778_900n);
  });

  it('every refusal is a clear 4xx in the bare shape, and nothing moves', async () => {
    const t = await trader({ usdt: '100', btc: '0.001' });
    const cases: Array<[Record<string, unknown>, number, string, string?]> = [
      [{ amount: '1' }, 422, 'insufficient_balance', 'amount'],
      [{ side: 'sell', amount: '0.01' }, 422, 'insufficient_balance', 'amount'],
      [{ type: 'limit', price: '40000', amount: '1' }, 422, 'insufficient_balance', 'amount'],
      [{ asset: 'DOGE', amount: '1' }, 400, 'pair_unknown', 'asset'],
      [{ asset: 'ETH', quote: 'INR', amount: '1' }, 400, 'pair_unknown', 'asset'],
      [{ amount: '0.000001' }, 422, 'amount_below_minimum', 'amount'],
      [{ type: 'limit', price: '40000.001', amount: '0.001' }, 422, 'price_off_tick', 'price'],
      // A limit price beyond what an order row can hold (price × 10^8 past int64) is a bad field, not a 500.
      [
        { side: 'sell', type: 'limit', price: '100000000000', amount: '0.001' },
        400,
        'invalid_request',
        'price',
      ],
      [{ side: 'hold', amount: '1' }, 400, 'invalid_request', 'side'],
      [{ type: 'stop', amount: '1' }, 400, 'invalid_request', 'type'],
      [{ type: 'limit', amount: '0.001' }, 400, 'invalid_request', 'price'],
      [{ price: '40000', amount: '0.001' }, 400, 'invalid_request', 'price'],
      [{ amount: '0.000000001' }, 400, 'invalid_request', 'amount'],
      [{ amount: '-1' }, 400, 'invalid_request', 'amount'],
      [{ amount: [1] }, 400, 'invalid_request', 'amount'],
      [{ amount: '0.001', extra: { a: 1 } }, 400, 'invalid_request', 'extra'],
      [{ amount: '0.001', receiver_email: 'not-an-email' }, 400, 'email_invalid', 'receiver_email'],
      [{ amount: '0.001', client_order_id: 'has space' }, 400, 'invalid_request', 'client_order_id'],
    ];
    for (const [body, status, code, field] of cases) {
      const res = await trade(t, 'POST', '/orders', { side: 'buy', asset: 'BTC', type: 'market', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      const json = res.json();
      expect(json, JSON.stringify(body)).toMatchObject({ success: false, code, ...(field ? { field } : {}) });
      expect(typeof json.message).toBe('string');
      expect(json.message.length).toBeGreaterThan(10);
    }
    const bad = await rt.app.inject({
      method: 'POST',
      url: '/trade/v1/orders',
      headers: { authorization: `Bearer ${t.bearer}`, 'content-type': 'application/json' },
      payload: '{"side":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'invalid_request' });
    expect(await usdt(t)).toBe(100_000_000n);
    expect(await btc(t)).toBe(100_000_000n);
    expect((await trade(t, 'GET', '/orders')).json().orders).toEqual([]);
  });

  it('stale prices refuse orders with 422 price_stale; fresh ones take them again', async () => {
    const t = await trader({ usdt: '1000' });
    clock.advance(301_000);
    try {
      const res = await trade(t, 'POST', '/orders', {
        side: 'buy',
        asset: 'BTC',
        type: 'market',
        amount: '0.01',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ success: false, code: 'price_stale' });
      expect(res.json().message).toMatch(/BTC-USDT is stale/);
    } finally {
      await rt.deps.prices.refresh();
    }
    expect(await usdt(t)).toBe(1000_000_000n);
    await place(t, { amount: '0.01' });
  });

  it('a closed pair refuses orders with 422 pair_closed and says so in the instruments', async () => {
    const closed = await testRuntime(dialect, { TRADE_CLOSED_PAIRS: 'BTC-INR' });
    try {
      const a = await makeAccount(closed.deps, { fund: { inr: '100000' } });
      const bearer = await tradeBearer(closed, a);
      const headers = { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' };
      const res = await closed.app.inject({
        method: 'POST',
        url: '/trade/v1/orders',
        headers,
        payload: JSON.stringify({ side: 'buy', asset: 'btc', quote: 'inr', type: 'market', amount: '0.001' }),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ success: false, code: 'pair_closed', field: 'asset' });
      expect(await availableBalance(closed.deps.db.read, a.id, 'inr')).toBe(10_000_000n);
      const list = await closed.app.inject({ method: 'GET', url: '/trade/v1/instruments', headers });
      const inr = (list.json().instruments as Array<{ pair: string; open: boolean }>).find(
        (i) => i.pair === 'BTC-INR',
      );
      expect(inr?.open).toBe(false);
    } finally {
      await closed.close();
    }
  });

  it('another account can neither see nor cancel an order, by either API', async () => {
    const owner = await trader({ usdt: '1000' });
    const other = await trader();
    const o = await place(owner, { type: 'limit', amount: '0.01', price: '30000' });
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await trade(other, method, `/orders/${o.tid}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'not_found' });
    }
    const check = await checkOrder(other, o.tid);
    expect(check.statusCode).toBe(404);
    expect(check.json()).toMatchObject({ status: false, success: false, data: null, code: 'not_found' });
    expect((await trade(other, 'GET', '/orders')).json().orders).toEqual([]);
    expect((await trade(owner, 'GET', `/orders/${o.tid}`)).json()).toMatchObject({ status: 'open' });
    expect(await usdt(owner)).toBe(1000_000_000n - 300_000_000n);
  });

  it("a disabled account's resting orders do not fill and keep their reservation; they fill once it is enabled", async () => {
    const operator = { accountId: null, name: 'operator:root' };
    const held = await trader({ usdt: '100' });
    const other = await trader({ usdt: '100' });
    // The disabled account's order is the older one, and a round has room for one order only: it
    // must not take that room from the other account's order.
    const h = await place(held, { asset: 'ETH', type: 'limit', amount: '0.01', price: '3300' });
    clock.advance(1000);
    const o = await place(other, { asset: 'ETH', type: 'limit', amount: '0.01', price: '3300' });
    expect(h).toMatchObject({ status: 'open', reserved: '33.00000000' });
    expect(await disableAccount(rt.deps, operator, held.usertag, 'under investigation')).toMatchObject({
      ok: true,
    });
    const oneAtATime = {
      ...rt.deps,
      config: { ...rt.deps.config, trading: { ...rt.deps.config.trading, matchBatch: 1 } },
    };
    const status = async (t: Trader, tid: string) =>
      (await checkOrder(t, tid)).json().data as Record<string, unknown>;
    await setStaticPrice(rt.deps, { pair: 'ETH-USDT', price: '3290' });
    try {
      expect(await matchOrders(oneAtATime)).toMatchObject({ filled: 1, skipped: 0 });
      expect(await status(other, o.tid)).toMatchObject({ executed_price: '3300.00000000' });
      expect(await matchOrders(rt.deps)).toMatchObject({ filled: 0 });
      expect(await usdt(held)).toBe(67_000_000n);
      expect(await availableBalance(rt.deps.db.read, held.id, 'eth')).toBe(0n);
      // Its owner cannot cancel it meanwhile: the account's tokens are refused.
      const cancel = await trade(held, 'DELETE', `/orders/${h.tid}`);
      expect(cancel.statusCode, cancel.body).toBe(403);
      expect(cancel.json()).toMatchObject({ code: 'account_disabled' });

      expect(await enableAccount(rt.deps, operator, held.usertag)).toMatchObject({ ok: true });
      // checkOrder takes the invoice key, refused while the account was disabled.
      expect(await status(held, h.tid)).toMatchObject({ executed_at: null, revoked: false });
      expect(await matchOrders(rt.deps)).toMatchObject({ filled: 1 });
    } finally {
      await setStaticPrice(rt.deps, { pair: 'ETH-USDT', price: null });
    }
    expect(await status(held, h.tid)).toMatchObject({
      executed_price: '3300.00000000',
      filled_percent: 100,
      total_paid: '33.00000000',
    });
    expect(await usdt(held)).toBe(67_000_000n);
    expect(await availableBalance(rt.deps.db.read, held.id, 'eth')).toBe(9_990_000n);
    expect((await auditLedger(rt.deps)).violations).toEqual([]);
  });

  it('trade routes need a bearer token; checkOrder needs a key and a tid', async () => {
    for (const [method, path] of [
      ['GET', '/instruments'],
      ['POST', '/orders'],
      ['GET', '/orders'],
      ['GET', '/orders/abc'],
      ['DELETE', '/orders/abc'],
      ['GET', '/portfolio'],
    ] as const) {
      const res = await trade(null, method, path, method === 'POST' ? {} : undefined);
      expect(res.statusCode, path).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer /);
    }
    const a = await makeAccount(rt.deps);
    const noTid = await rt.app.inject({
      method: 'GET',
      url: '/tapi/v1/checkOrder',
      headers: { 'x-api-key': a.invoiceKey },
    });
    expect(noTid.statusCode).toBe(400);
    expect(noTid.json()).toMatchObject({ status: false, field: 'tid' });
    const noKey = await rt.app.inject({ method: 'GET', url: '/tapi/v1/checkOrder?tid=abc' });
    expect(noKey.statusCode).toBe(401);
  });

  it('the OpenAPI document has every order route with its schemas', async () => {
    const doc = (await rt.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    for (const [path, method] of [
      ['/trade/v1/instruments', 'get'],
      ['/trade/v1/orders', 'post'],
      ['/trade/v1/orders', 'get'],
      ['/trade/v1/orders/{tid}', 'get'],
      ['/trade/v1/orders/{tid}', 'delete'],
      ['/trade/v1/portfolio', 'get'],
      ['/tapi/v1/checkOrder', 'get'],
    ] as const) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.summary.length).toBeGreaterThan(10);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404', '422']));
    }
    const record = doc.paths['/tapi/v1/checkOrder'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(record.properties.data.properties).sort()).toEqual(
      Object.keys(ORDER_RECORD_TYPES).sort(),
    );
    expect(
      Object.keys(
        doc.paths['/trade/v1/orders'].post.requestBody.content['application/json'].schema.properties,
      ),
    ).toEqual(
      expect.arrayContaining([
        'side',
        'asset',
        'quote',
        'amount',
        'type',
        'price',
        'note',
        'receiver_email',
        'extra',
        'client_order_id',
      ]),
    );
  });

  it('lists the instruments with tick size, minimum, fee and open flag', async () => {
    const t = await trader();
    const res = await trade(t, 'GET', '/instruments');
    expect(res.statusCode).toBe(200);
    const list = res.json().instruments as Array<Record<string, unknown>>;
    expect(list.map((i) => i.pair)).toEqual([
      'BTC-USDT',
      'ETH-USDT',
      'SOL-USDT',
      'LTC-USDT',
      'MATIC-USDT',
      'BTC-INR',
    ]);
    expect(list[0]).toEqual({
      pair: 'BTC-USDT',
      asset: 'BTC',
      quote: 'USDT',
      tick_size: '0.01000000',
      min_amount: '0.00001000',
      fee_percent: 0.1,
      open: true,
    });
    expect(res.json().spread_percent).toBe(0);
  });

  it('the portfolio values each balance in USDT', async () => {
    const t = await trader({ usdt: '100', btc: '0.5', eth: '2' });
    await place(t, { type: 'limit', amount: '0.001', price: '40000' });
    const p = (await trade(t, 'GET', '/portfolio')).json();
    const line = (a: string) => (p.balances as Array<Record<string, unknown>>).find((b) => b.asset === a);
    expect(line('USDT')).toMatchObject({
      available: '60.00000000',
      reserved: '40.00000000',
      value_usdt: '100.00000000',
    });
    expect(line('BTC')).toMatchObject({
      available: '0.50000000',
      value_usdt: '23638.94500000',
      priced_by: ['BTC-USDT'],
    });
    expect(line('ETH')).toMatchObject({ value_usdt: '6800.00000000' });
    expect(p.total_usdt).toBe('30538.94500000');
    expect(p.unpriced).toEqual([]);
  });

  it('an order with receiver_email sends a receipt and reports email_status', async () => {
    const t = await trader({ usdt: '1000' });
    const o = await place(t, {
      amount: '0.01',
      receiver_email: 'Desk@Example.com',
      note: 'see https://evil.example',
    });
    expect(o).toMatchObject({ receiver_email: 'desk@example.com', email_status: 'pending' });
    await dispatchDue(rt.deps, never);
    const mail = await rt.deps.db.read
      .selectFrom('dev_mailbox')
      .selectAll()
      .where('to_address', '=', 'desk@example.com')
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(`Order ${o.tid}: bought 0.01000000 BTC`);
    expect(mail[0]!.text_body).toContain('Paid: 472.77890000 USDT');
    expect(mail[0]!.text_body).toContain('Received: 0.00999000 BTC');
    expect(mail[0]!.text_body).not.toContain('https://evil.example');
    expect((await checkOrder(t, o.tid)).json().data).toMatchObject({
      receiver_email: 'desk@example.com',
      email_status: 'success',
    });
  });
});
