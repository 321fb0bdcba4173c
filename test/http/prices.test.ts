import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setStaticPrice } from '../../src/app/prices/set-static-price.ts';
import {
  DIALECTS,
  ManualClock,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

describe.each(DIALECTS)('GET /price on %s', (dialect) => {
  let t: TestRuntime;
  let alice: TestAccount;
  const clock = new ManualClock();

  beforeAll(async () => {
    t = await testRuntime(
      dialect,
      { PRICE_STATIC: 'BTC-USD=97123.45678901,USD-INR=84.12345678,BTC-USDT=97000' },
      { clock },
    );
    alice = await makeAccount(t.deps);
  });
  afterAll(async () => {
    await t?.close();
  });

  const lapi = (query = '', opts: { key?: string | null; body?: string } = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/lapi/v1/price${query}`,
      headers: {
        ...(opts.key === null ? {} : { 'x-api-key': opts.key ?? alice.invoiceKey }),
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(opts.body !== undefined ? { payload: opts.body } : {}),
    });
  const sapi = (query = '', body?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/sapi/v1/price${query}`,
      headers: {
        authorization: alice.adminKey,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { payload: body } : {}),
    });

  it('gives every pair as exact JSON numbers in the envelope, naming sources and age', async () => {
    const r = await lapi();
    expect(r.statusCode).toBe(200);
    // 97123.45678901 × 84.12345678 = 8170360.91951448..., truncated at 10^-8, then cut to 15 digits.
    expect(r.body).toContain('"btc_usd":97123.45678901');
    expect(r.body).toContain('"usd_inr":84.12345678');
    expect(r.body).toContain('"btc_inr":8170360.91951448');
    const body = r.json();
    expect(body).toMatchObject({ status: true, success: true });
    expect(Object.keys(body.data).sort()).toEqual(['btc_inr', 'btc_usd', 'usd_inr']);
    expect(body.message).toBe(
      'btc_usd: static, 0 s old; btc_inr: btc_usd × usd_inr from static, 0 s old; usd_inr: static, 0 s old',
    );
    expect(r.headers['x-price-sources']).toBe('static');
    expect(r.headers['x-price-age']).toBe('0');
    expect(r.headers['x-price-stale']).toBeUndefined();
  });

  it('gives one pair with pricePair from the query or from the documented GET body (query first)', async () => {
    expect((await lapi('?pricePair=btcusd')).json().data).toEqual({ btc_usd: 97123.45678901 });
    expect((await lapi('', { body: '{"pricePair":"usdinr"}' })).json().data).toEqual({
      usd_inr: 84.12345678,
    });
    expect((await lapi('?pricePair=BTCINR')).json().data).toEqual({ btc_inr: 8170360.91951448 });
    expect((await lapi('?pricePair=usdinr', { body: '{"pricePair":"btcusd"}' })).json().data).toEqual({
      usd_inr: 84.12345678,
    });
    const one = (await lapi('?pricePair=btcinr')).json();
    expect(one.message).toBe('btc_inr: btc_usd × usd_inr from static, 0 s old');
  });

  it('refuses an unknown pair with a 400 naming the field, in each family shape', async () => {
    const r = await lapi('?pricePair=ethusd');
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({
      status: false,
      success: false,
      data: null,
      message: 'pricePair "ethusd" is unknown; use one of btcusd, btcinr, usdinr',
      code: 'invalid_request',
      field: 'pricePair',
    });
    const bad = await lapi('', { body: '{"pricePair":7}' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: false, field: 'pricePair' });
    const pro = await sapi('?pricePair=btc');
    expect(pro.statusCode).toBe(400);
    expect(pro.json()).toEqual({
      success: false,
      message: 'pricePair "btc" is unknown; use one of btcusd, btcinr, usdinr',
      code: 'invalid_request',
      field: 'pricePair',
    });
    expect((await lapi('', { body: '{"pricePair":' })).statusCode).toBe(400);
  });

  it('reads pricePair from the JSON body of a GET over a real socket, as curl sends it', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    const port = typeof addr === 'object' && addr !== null ? addr.port : 0;
    const body = '{"pricePair": "usdinr"}';
    const res = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'GET',
          path: '/sapi/v1/price',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            authorization: alice.invoiceKey,
          },
        },
        (r) => {
          let text = '';
          r.on('data', (c) => {
            text += c;
          });
          r.on('end', () => resolve({ status: r.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(res).toEqual({ status: 200, text: '{"usd_inr":84.12345678}' });
  });

  it('is in the OpenAPI document for both families, with pricePair', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    for (const path of ['/lapi/v1/price', '/sapi/v1/price']) {
      const get = doc.paths[path]?.get;
      expect(
        get?.parameters?.map((p: { name: string }) => p.name),
        path,
      ).toEqual(['pricePair']);
      expect(Object.keys(get.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '503']));
    }
  });

  it('answers the pro family with the bare record', async () => {
    const all = await sapi();
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ btc_usd: 97123.45678901, btc_inr: 8170360.91951448, usd_inr: 84.12345678 });
    expect((await sapi('', '{"pricePair":"btcusd"}')).json()).toEqual({ btc_usd: 97123.45678901 });
  });

  it('needs a key, and any key will do', async () => {
    const none = await lapi('', { key: null });
    expect(none.statusCode).toBe(401);
    expect((await lapi('', { key: alice.adminKey })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/sapi/v1/price' })).json()).toMatchObject({
      success: false,
    });
  });

  it('follows a moved static price', async () => {
    await setStaticPrice(t.deps, { pair: 'BTC-USD', price: '100000' });
    expect((await lapi('?pricePair=btcusd')).json().data).toEqual({ btc_usd: 100000 });
    expect((await lapi('?pricePair=btcinr')).json().data).toEqual({ btc_inr: 8412345.678 });
    await setStaticPrice(t.deps, { pair: 'BTC-USD', price: null });
  });

  it('says a price is stale once its quote is older than the limit, and gives it still', async () => {
    clock.advance(301_000);
    const r = await lapi();
    expect(r.statusCode).toBe(200);
    expect(r.json().data.btc_usd).toBe(97123.45678901);
    expect(r.json().message).toBe(
      'stale prices: btc_usd, btc_inr; btc_usd: static, 301 s old, STALE (older than 300 s); ' +
        'btc_inr: btc_usd × usd_inr from static, 301 s old, STALE (older than 300 s); usd_inr: static, 301 s old',
    );
    expect(r.headers['x-price-stale']).toBe('btc_usd, btc_inr');
    expect(r.headers['x-price-age']).toBe('301');
    const pro = await sapi('?pricePair=usdinr');
    expect(pro.headers['x-price-stale']).toBeUndefined();
    await t.deps.prices.refresh();
    expect((await lapi()).json().message).not.toContain('stale');
  });
});

describe('GET /price without any price', () => {
  it('is a 503 naming the pair when no source has quoted it', async () => {
    const t = await testRuntime('sqlite', { PRICE_STATIC: 'BTC-USDT=97000' });
    try {
      const a = await makeAccount(t.deps);
      const r = await t.app.inject({
        method: 'GET',
        url: '/lapi/v1/price',
        headers: { 'x-api-key': a.invoiceKey },
      });
      expect(r.statusCode).toBe(503);
      expect(r.json()).toMatchObject({
        status: false,
        code: 'price_unavailable',
        message: 'no price for btc_usd yet: no configured source has quoted it',
      });
    } finally {
      await t.close();
    }
  });
});
