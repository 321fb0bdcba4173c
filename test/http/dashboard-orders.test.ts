import { afterEach, describe, expect, it } from 'vitest';
import { setPassword } from '../../src/app/accounts/password.ts';
import type { Dialect } from '../../src/db/database.ts';
import { availableBalance } from '../../src/db/repos/ledger.ts';
import { DashboardClient, PASSWORD } from '../fixtures/dashboard.ts';
import { DIALECTS, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';
import { tradeBearer } from '../fixtures/trade.ts';

const runtimes: TestRuntime[] = [];
afterEach(async () => {
  for (const rt of runtimes.splice(0)) await rt.close();
});

async function signedIn(rt: TestRuntime, fund: Partial<Record<string, string>>) {
  const a = await makeAccount(rt.deps, { fund });
  await setPassword(rt.deps, a.usertag, PASSWORD);
  const c = new DashboardClient(rt.app);
  expect((await c.signIn(a.usertag, PASSWORD)).statusCode).toBe(303);
  return { a, c };
}

async function setUp(dialect: Dialect) {
  const rt = await testRuntime(dialect, {
    TRADE_SPREAD_PERCENT: '0',
    PRICE_STATIC: 'BTC-USD=47277.89,USD-INR=84.5,BTC-USDT=47277.89,ETH-USDT=3400',
  });
  runtimes.push(rt);
  return { rt, ...(await signedIn(rt, { usdt: '1000' })) };
}

const orders = (rt: TestRuntime) =>
  rt.deps.db.read.selectFrom('orders').selectAll().orderBy('created_at_ms').execute();
const keyOf = (body: string): string => /name="client_order_id" value="([^"]+)"/.exec(body)?.[1] ?? '';

/** Buys 0.01 BTC at 30,000 USDT through the page's form: below the market, so the order rests. */
async function placeRestingOrder(c: DashboardClient) {
  const page = await c.get('/dashboard/trading');
  return c.post('/dashboard/trading/orders', {
    client_order_id: keyOf(page.body),
    pair: 'BTC-USDT',
    side: 'buy',
    type: 'limit',
    amount: '0.01',
    price: '30000',
  });
}

function fieldError(body: string, name: string): string | null {
  const control = new RegExp(`<(?:input|select) id="f-${name}"[^>]*>`).exec(body)?.[0] ?? '';
  if (!control.includes('aria-invalid="true"') || !control.includes(`f-${name}-err`)) return null;
  return new RegExp(`<span class="err" id="f-${name}-err">([^<]*)</span>`).exec(body)?.[1] ?? null;
}

describe.each(DIALECTS)('dashboard spot orders (%s)', (dialect) => {
  it('places a market order through the trade use case: executed at once, in the history and on the trade API', async () => {
    const { rt, a, c } = await setUp(dialect);
    const page = await c.get('/dashboard/trading');
    expect(page.body).toContain('No orders to show.');
    expect(page.body).toContain('<option value="BTC-USDT"');
    const before = await availableBalance(rt.deps.db.read, a.id, 'usdt');
    const res = await c.post('/dashboard/trading/orders', {
      client_order_id: keyOf(page.body),
      pair: 'BTC-USDT',
      side: 'buy',
      type: 'market',
      amount: '0.001',
      price: '',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dashboard/trading?done=order_filled#oh');
    const after = await c.get('/dashboard/trading?done=order_filled');
    expect(after.body).toContain('The order is executed.');
    expect(after.body).toContain('47277.89000000 USDT');
    const [o] = await orders(rt);
    expect(o?.account_id).toBe(a.id);
    expect(o?.status).toBe('filled');
    expect(await availableBalance(rt.deps.db.read, a.id, 'usdt')).toBeLessThan(before);
    const bearer = await tradeBearer(rt, a);
    const api = await rt.app.inject({
      method: 'GET',
      url: '/trade/v1/orders',
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect((api.json().orders as Array<{ tid: string }>).map((x) => x.tid)).toEqual([o?.id]);
  });

  it('places a limit order that rests, and cancels it: its reservation is released', async () => {
    const { rt, a, c } = await setUp(dialect);
    const before = await availableBalance(rt.deps.db.read, a.id, 'usdt');
    const res = await placeRestingOrder(c);
    expect(res.headers.location).toBe('/dashboard/trading?done=order_placed#oh');
    const [o] = await orders(rt);
    expect(o?.status).toBe('open');
    expect(await availableBalance(rt.deps.db.read, a.id, 'usdt')).toBeLessThan(before);
    const open = await c.get('/dashboard/trading?status=open');
    expect(open.body).toContain(`action="/dashboard/trading/orders/${o?.id}/cancel"`);
    const cancel = await c.post(`/dashboard/trading/orders/${o?.id}/cancel`);
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe('/dashboard/trading?done=order_cancelled#oh');
    expect((await c.get('/dashboard/trading?done=order_cancelled')).body).toContain('The order is cancelled');
    expect((await orders(rt))[0]?.status).toBe('cancelled');
    expect(await availableBalance(rt.deps.db.read, a.id, 'usdt')).toBe(before);
    expect((await c.get('/dashboard/trading?status=open')).body).toContain('No orders to show.');
    expect((await c.get('/dashboard/trading?status=cancelled')).body).toContain(o?.id ?? '?');
  });

  it('ties order errors to their fields and places nothing', async () => {
    const { rt, c } = await setUp(dialect);
    await c.get('/dashboard/trading');
    const base = { pair: 'BTC-USDT', side: 'buy', type: 'limit', amount: '0.001', price: '40000' };
    const cases: Array<[Record<string, string>, number, string, RegExp]> = [
      [{ amount: '' }, 400, 'amount', /amount is required/],
      [{ price: '' }, 400, 'price', /price is required/],
      [{ price: '40000.001' }, 422, 'price', /tick/],
      [{ amount: '1' }, 422, 'amount', /balance|enough/i],
      [{ pair: 'XYZ-USDT' }, 400, 'pair', /not traded/],
      [{ side: 'hold' }, 400, 'side', /buy or sell/],
    ];
    for (const [change, status, name, message] of cases) {
      const res = await c.post('/dashboard/trading/orders', { ...base, ...change });
      expect(res.statusCode, name).toBe(status);
      expect(fieldError(res.body, name), name).toMatch(message);
    }
    expect(await orders(rt)).toHaveLength(0);
  });

  it('makes one order of a form sent twice (its key is the client_order_id)', async () => {
    const { rt, c } = await setUp(dialect);
    const page = await c.get('/dashboard/trading');
    const fields = {
      client_order_id: keyOf(page.body),
      pair: 'BTC-USDT',
      side: 'buy',
      type: 'market',
      amount: '0.001',
    };
    expect((await c.post('/dashboard/trading/orders', fields)).statusCode).toBe(303);
    expect((await c.post('/dashboard/trading/orders', fields)).statusCode).toBe(303);
    expect(await orders(rt)).toHaveLength(1);
  });

  it('one account never sees nor cancels another account’s order', async () => {
    const { rt, c } = await setUp(dialect);
    await placeRestingOrder(c);
    const [o] = await orders(rt);
    const other = await signedIn(rt, {});
    const theirs = await other.c.get('/dashboard/trading');
    expect(theirs.body).not.toContain(o?.id ?? '?');
    const cancel = await other.c.post(`/dashboard/trading/orders/${o?.id}/cancel`);
    expect(cancel.statusCode).toBe(404);
    expect(cancel.body).toContain('There is no order of yours with this id.');
    expect((await orders(rt))[0]?.status).toBe('open');
  });

  it('refuses forged posts of both order forms and changes nothing', async () => {
    const { rt, c } = await setUp(dialect);
    await placeRestingOrder(c);
    const [o] = await orders(rt);
    await c.get('/dashboard/trading');
    const forms: Array<[string, Record<string, string>]> = [
      ['/dashboard/trading/orders', { pair: 'BTC-USDT', side: 'buy', type: 'market', amount: '0.001' }],
      [`/dashboard/trading/orders/${o?.id}/cancel`, {}],
    ];
    for (const [path, fields] of forms) {
      expect((await c.post(path, { ...fields, _csrf: '' })).statusCode, path).toBe(403);
      const crossOrigin = await rt.app.inject({
        method: 'POST',
        url: path,
        payload: new URLSearchParams({ ...fields, _csrf: c.token }).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          origin: 'https://evil.example',
        },
      });
      expect(crossOrigin.statusCode, path).toBe(403);
      expect((await c.post(path, fields, { 'sec-fetch-site': 'cross-site' })).statusCode, path).toBe(403);
    }
    const rows = await orders(rt);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('open');
  });
});
