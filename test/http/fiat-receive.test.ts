import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setStaticPrice } from '../../src/app/prices/set-static-price.ts';
import { TEST_CHAIN_KEYS as KEYS } from '../fixtures/chain/keys.ts';
import {
  DIALECTS,
  ManualClock,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

// Requests priced in fiat: converted at the published price (BTC-INR = BTC-USD × USD-INR, BTC-EUR =
// BTC-USD ÷ EUR-USD), rounded up to the satoshi (10^-6 USDT), the rate locked and shown with the payment.
const ENV = {
  SANDBOX_NODE_KEY: '33'.repeat(32),
  BTC_XPUB: KEYS.btc.text,
  EVM_XPUB: KEYS.evm.text,
  PRICE_STATIC: 'BTC-USD=97000,USD-INR=84.5,EUR-USD=1.08,BTC-USDT=97000',
};

describe.each(DIALECTS)('receive priced in fiat on %s', (dialect) => {
  let t: TestRuntime;
  let shop: TestAccount;
  const clock = new ManualClock();

  beforeAll(async () => {
    t = await testRuntime(dialect, ENV, { clock });
    shop = await makeAccount(t.deps);
  });
  afterAll(async () => {
    await t?.close();
  });

  const lapi = (body: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/lapi/v1/receive',
      headers: { 'x-api-key': shop.invoiceKey, ...headers },
      payload: body,
    });
  const sapi = (body: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/sapi/v1/receive',
      headers: { authorization: shop.adminKey, ...headers },
      payload: body,
    });
  const nowSec = () => Math.floor(clock.nowMs() / 1000);

  it('a request of 1500 INR asks 0.00018301 BTC at 8,196,500 INR per BTC, and keeps the rate', async () => {
    const r = await lapi({ fiat_value: '1500', fiat_currency: 'inr', expires_in: 30 });
    expect(r.statusCode).toBe(200);
    const p = r.json().data;
    // 1500 / 8196500 BTC = 18300.55 sat, rounded up in the merchant's favour.
    expect(p).toMatchObject({
      amount: '0.00018301',
      fiat_currency: 'INR',
      fiat_value: '1500.00',
      fiat_rate: {
        pair: 'BTC-INR',
        rate: '8196500',
        sources: ['static'],
        price_time: nowSec(),
      },
    });
    // The rate holds while the request can be paid: until its (invoice's) expiry, 30 minutes on.
    expect(p.fiat_rate.locked_until).toBe(p.hosted_checkout_expiry);
    expect(p.lightning_invoice.payreq).toMatch(/^lnbcrt183010n1/);
    const again = await t.app.inject({
      method: 'GET',
      url: `/lapi/v1/checkPayment?tid=${p.tid}`,
      headers: { 'x-api-key': shop.invoiceKey },
    });
    expect(again.json().data.fiat_rate).toEqual(p.fiat_rate);
  });

  it('USD and EUR on /sapi: 25 USD is 0.00025774 BTC; 10 EUR at 89,814.81481481 EUR per BTC is 0.00011135 BTC', async () => {
    const usd = await sapi({
      wallet: 'lbtc',
      payment_mode: 'lightning',
      fiat_value: 25,
      fiat_currency: 'USD',
    });
    expect(usd.statusCode).toBe(200);
    expect(usd.json()).toMatchObject({
      amount: 0.00025774,
      fiat_value: 25,
      fiat_currency: 'USD',
      fiat_rate: { pair: 'BTC-USD', rate: 97000, sources: ['static'] },
    });
    const eur = await sapi({
      wallet: 'btc',
      payment_mode: 'onchain',
      fiat_value: '10.00',
      fiat_currency: 'EUR',
    });
    expect(eur.statusCode).toBe(200);
    const e = eur.json();
    // BTC-EUR = 97000 ÷ 1.08 = 89814.81481481 (truncated); 10 / that = 11134.0... sat → 11135 sat.
    expect(e).toMatchObject({
      amount: 0.00011135,
      fiat_rate: { pair: 'BTC-EUR', rate: 89814.81481481, sources: ['static'] },
    });
    expect(e.uri).toContain('amount=0.00011135');
  });

  it('a usdt request of 1500 INR asks 17.75148 USDT (USDT-INR = BTC-INR ÷ BTC-USDT = 84.5)', async () => {
    const r = await sapi({
      wallet: 'usdt',
      payment_mode: 'onchain',
      chain_network: 'MATIC',
      fiat_value: 1500,
      fiat_currency: 'INR',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      amount: 17.75148,
      fiat_rate: { pair: 'USDT-INR', rate: 84.5, sources: ['static'] },
    });
  });

  it('a replay of an Idempotency-Key keeps the locked rate after the price moves', async () => {
    const body = { fiat_value: '2000.50', fiat_currency: 'USD' };
    const key = { 'idempotency-key': 'fiat-replay-1' };
    const first = (await lapi(body, key)).json().data;
    expect(first.amount).toBe('0.02062372'); // 2000.50 / 97000 = 0.0206237113... → up
    const moved = await setStaticPrice(t.deps, { pair: 'BTC-USD', price: '50000' });
    expect(moved.ok).toBe(true);
    try {
      const replay = await lapi(body, key);
      expect(replay.statusCode).toBe(200);
      expect(replay.json().data).toMatchObject({
        tid: first.tid,
        amount: '0.02062372',
        fiat_rate: first.fiat_rate,
      });
      // A new request takes the new price.
      expect((await lapi(body)).json().data.amount).toBe('0.04001000');
    } finally {
      await setStaticPrice(t.deps, { pair: 'BTC-USD', price: null });
    }
  });

  it('a stale price is 503 price_unavailable and nothing is created; a fresh one prices again', async () => {
    const before = await t.deps.db.read
      .selectFrom('payments')
      .select(t.deps.db.read.fn.countAll().as('n'))
      .executeTakeFirst();
    clock.advance(301_000);
    try {
      for (const r of [
        await lapi({ fiat_value: '100', fiat_currency: 'INR' }),
        await sapi({ wallet: 'lbtc', payment_mode: 'lightning', fiat_value: 5, fiat_currency: 'EUR' }),
      ]) {
        expect(r.statusCode).toBe(503);
        expect(r.body).toContain('price_unavailable');
        expect(r.body).toMatch(/stale/);
      }
      const after = await t.deps.db.read
        .selectFrom('payments')
        .select(t.deps.db.read.fn.countAll().as('n'))
        .executeTakeFirst();
      expect(String(after?.n)).toBe(String(before?.n));
      // A request with its amount in BTC does not need a price.
      expect((await lapi({ amount: '0.0001', fiat_value: '100', fiat_currency: 'INR' })).statusCode).toBe(
        200,
      );
    } finally {
      await t.deps.prices.refresh();
    }
    expect((await lapi({ fiat_value: '100', fiat_currency: 'INR' })).statusCode).toBe(200);
  });

  it('refuses an unknown currency, a currency without a price, and a fiat_value that is no price, with 400', async () => {
    const cases: [object, string, RegExp][] = [
      [{ fiat_value: '100', fiat_currency: 'RUPEES' }, 'fiat_currency', /ISO 4217/],
      [{ amount: '0.001', fiat_value: '100', fiat_currency: 'rupees' }, 'fiat_currency', /ISO 4217/],
      [{ fiat_value: '100', fiat_currency: 'GBP' }, 'fiat_currency', /INR, USD, EUR/],
      [{ fiat_value: '100' }, 'fiat_currency', /required/],
      [{ fiat_currency: 'INR' }, 'fiat_value', /required/],
      [{ fiat_value: 'abc', fiat_currency: 'INR' }, 'fiat_value', /decimal/],
      [{ amount: '0.001', fiat_value: '1e5', fiat_currency: 'INR' }, 'fiat_value', /decimal/],
      [{ fiat_value: '12.345', fiat_currency: 'USD' }, 'fiat_value', /decimals/],
      [{ fiat_value: '0', fiat_currency: 'USD' }, 'fiat_value', /more than zero/],
      [{}, 'amount', /fiat_value and fiat_currency/],
    ];
    for (const [body, field, message] of cases) {
      for (const r of [
        await lapi(body),
        await sapi({ wallet: 'lbtc', payment_mode: 'lightning', ...body }),
      ]) {
        expect(r.statusCode, JSON.stringify(body)).toBe(400);
        expect(r.body, JSON.stringify(body)).toContain(`"field":"${field}"`);
        expect(r.body, JSON.stringify(body)).toMatch(message);
      }
    }
  });

  it('with amount given, a known currency stays a label, in any case and with up to 8 decimals', async () => {
    const r = await lapi({ amount: '0.0001', fiat_value: 850.12345, fiat_currency: 'gbp' });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({
      amount: '0.00010000',
      fiat_currency: 'GBP',
      fiat_value: '850.12345',
      fiat_rate: null,
    });
  });

  it('the checkout shows the fiat price and the locked rate, in English and Hindi', async () => {
    const p = (await lapi({ fiat_value: '1500', fiat_currency: 'INR', expires_in: 30 })).json().data;
    const until = new Date(p.fiat_rate.locked_until * 1000);
    const hhmm = `${String(until.getUTCHours()).padStart(2, '0')}:${String(until.getUTCMinutes()).padStart(2, '0')} UTC`;
    const path = new URL(p.hosted_checkout_url).pathname;
    const en = (await t.app.inject({ method: 'GET', url: `${path}?lang=en` })).body;
    expect(en).toContain('<dt>Price in INR</dt><dd>₹1,500.00</dd>');
    expect(en).toContain(
      `<div id="fiat-rate"><dt>Rate</dt><dd>1 BTC = ₹8,196,500.00, locked until <time data-local="time" datetime="${until.toISOString()}">${hhmm}</time></dd></div>`,
    );
    expect(en).toContain('id="countdown"');
    const hi = (await t.app.inject({ method: 'GET', url: `${path}?lang=hi` })).body;
    expect(hi).toContain('<dt>दर</dt><dd>1 BTC = ₹81,96,500.00, <time data-local="time"');
    expect(hi).toContain(`${hhmm}</time> तक तय</dd>`);
    // A request priced in BTC shows no rate.
    const btc = (await lapi({ amount: '0.001', fiat_value: '100', fiat_currency: 'INR' })).json().data;
    expect(
      (await t.app.inject({ method: 'GET', url: new URL(btc.hosted_checkout_url).pathname })).body,
    ).not.toContain('fiat-rate');
  });
});
