import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

describe.each(DIALECTS)('HTTP foundation on %s', (dialect) => {
  let rt: TestRuntime;
  let alice: TestAccount;
  let bob: TestAccount;
  beforeAll(async () => {
    rt = await testRuntime(dialect);
    alice = await makeAccount(rt.deps, { fund: { lbtc: '0.5', eth: '1.25', inr: '1000.5' } });
    bob = await makeAccount(rt.deps, { fund: { lbtc: '0.00000001' } });
  });
  afterAll(async () => {
    await rt?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    rt.app.inject({ method: 'GET', url, headers });

  describe('API keys', () => {
    it.each([
      ['x-api-key header', (k: string) => ({ url: '/lapi/v1/wallet', headers: { 'x-api-key': k } })],
      [
        'raw Authorization header',
        (k: string) => ({ url: '/lapi/v1/wallet', headers: { authorization: k } }),
      ],
      [
        'Bearer Authorization header',
        (k: string) => ({ url: '/lapi/v1/wallet', headers: { authorization: `Bearer ${k}` } }),
      ],
      ['api_key query parameter', (k: string) => ({ url: `/lapi/v1/wallet?api_key=${k}`, headers: {} })],
    ])('are accepted in the %s', async (_place, req) => {
      const { url, headers } = req(alice.invoiceKey);
      const res = await get(url, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: true,
        success: true,
        data: { wallet_lbtc: `${alice.usertag}@paytag.test`, balance_lbtc: '0.50000000' },
        message: '',
      });
    });

    it('an admin key can do what an invoice key can', async () => {
      const res = await get('/tapi/v1/assetBalance', { 'x-api-key': alice.adminKey });
      expect(res.statusCode).toBe(200);
    });

    it('a missing key is 401 with the envelope', async () => {
      const res = await get('/lapi/v1/wallet');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: false, success: false, data: null, code: 'unauthorized' });
      expect(res.json().message).toMatch(/missing API key/);
    });

    it.each([['x'.repeat(40)], ['short'], [`${'A'.repeat(39)}!`]])(
      'an unknown key %j is 401',
      async (key) => {
        const res = await get('/lapi/v1/wallet', { 'x-api-key': key });
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe('unknown API key');
      },
    );

    it('each account sees only its own balances', async () => {
      const a = (await get('/lapi/v1/wallet', { 'x-api-key': alice.invoiceKey })).json();
      const b = (await get('/lapi/v1/wallet', { 'x-api-key': bob.invoiceKey })).json();
      expect(a.data.balance_lbtc).toBe('0.50000000');
      expect(b.data.balance_lbtc).toBe('0.00000001');
      expect(b.data.wallet_lbtc).toBe(`${bob.usertag}@paytag.test`);
    });
  });

  describe('assetBalance', () => {
    it('answers every asset (usdt and inr included) as 8-decimal strings and says when they were read', async () => {
      const res = await get('/tapi/v1/assetBalance', { 'x-api-key': alice.invoiceKey });
      const body = res.json();
      expect(body.data).toEqual({
        lbtc: '0.50000000',
        btc: '0.00000000',
        eth: '1.25000000',
        sol: '0.00000000',
        ltc: '0.00000000',
        matic: '0.00000000',
        usdt: '0.00000000',
        inr: '1000.50000000',
      });
      expect(body.message).toMatch(/^balances as of \d{4}-\d\d-\d\dT/);
    });
  });

  describe('error contract', () => {
    it('unknown paths answer in their family shape', async () => {
      const std = await get('/lapi/v1/nope');
      expect(std.statusCode).toBe(404);
      expect(std.json()).toMatchObject({ status: false, success: false, data: null });
      const pro = await get('/sapi/v1/nope');
      expect(pro.statusCode).toBe(404);
      expect(pro.json()).toEqual({
        success: false,
        message: 'no endpoint GET /sapi/v1/nope',
        code: 'not_found',
      });
    });

    it('a path with a malformed escape or an overlong segment answers as the family or page does', async () => {
      // `%ff` is not UTF-8 and `%zz` is no escape: the segment is taken literally, so each family's own
      // answer (an unknown endpoint, an unknown tid or code) comes back, never the framework's.
      for (const bad of ['%ff', '%zz', 'a%e2%82']) {
        const std = await get(`/lapi/v1/${bad}`);
        expect(std.statusCode).toBe(404);
        expect(std.json()).toMatchObject({ status: false, success: false, data: null, code: 'not_found' });
        const pro = await get(`/sapi/v1/${bad}`);
        expect(pro.statusCode).toBe(404);
        expect(pro.json()).toMatchObject({ success: false, code: 'not_found' });
        for (const page of [`/checkout/${bad}`, `/voucher/redeem/${bad}`, `/dashboard/payments/${bad}`]) {
          const res = await get(page);
          expect([303, 404]).toContain(res.statusCode);
          expect(res.headers['content-type'] ?? '').not.toMatch(/json/);
          expect(res.body).not.toMatch(/FST_ERR/);
        }
      }
      const long = 'a'.repeat(300);
      const std = await get(`/lapi/v1/${long}`);
      expect(std.statusCode).toBe(404);
      expect(std.json()).toMatchObject({ status: false, code: 'not_found' });
      const pro = await get(`/sapi/v1/checkPayment/${long}`);
      expect(pro.statusCode).toBe(404);
      expect(pro.json()).toMatchObject({ success: false, code: 'not_found' });
      for (const page of [`/checkout/${long}`, `/voucher/redeem/${long}`]) {
        const res = await get(page);
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(res.body).not.toMatch(/FST_ERR/);
      }
    });

    it('a malformed JSON body on GET is a 400, not ignored', async () => {
      const res = await rt.app.inject({
        method: 'GET',
        url: '/lapi/v1/wallet',
        headers: { 'x-api-key': alice.invoiceKey, 'content-type': 'application/json' },
        payload: '{"limit": ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: false, message: 'request body is not valid JSON' });
    });

    it('a body above the limit is a 413', async () => {
      const res = await rt.app.inject({
        method: 'GET',
        url: '/lapi/v1/wallet',
        headers: { 'x-api-key': alice.invoiceKey, 'content-type': 'application/json' },
        payload: JSON.stringify({ pad: 'x'.repeat(70_000) }),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ status: false, code: 'payload_too_large' });
    });

    it('every response carries a request id, and a sane incoming one is kept', async () => {
      const res = await get('/health', { 'x-request-id': 'abc-123' });
      expect(res.headers['x-request-id']).toBe('abc-123');
      const generated = await get('/health', { 'x-request-id': 'bad id with spaces' });
      expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f]{16}$/);
    });
  });

  describe('system routes', () => {
    it('health, ready and the OpenAPI document', async () => {
      expect((await get('/health')).json()).toEqual({ status: 'ok' });
      expect((await get('/ready')).json()).toEqual({ status: 'ready' });
      const doc = (await get('/openapi.json')).json();
      expect(doc.openapi).toBe('3.1.0');
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining(['/lapi/v1/wallet', '/tapi/v1/assetBalance']),
      );
      expect(doc.paths['/health']).toBeUndefined();
    });
  });

  it('GET parameters arrive from a JSON body over a real socket', async () => {
    await rt.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = rt.app.server.address();
    const port = typeof addr === 'object' && addr !== null ? addr.port : 0;
    const body = JSON.stringify({ api_key_ignored: true });
    const res = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'GET',
          path: '/lapi/v1/wallet',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'x-api-key': alice.invoiceKey,
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
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text).data.balance_lbtc).toBe('0.50000000');
  });
});

describe('rate limits', () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await testRuntime('sqlite', { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_PER_10_MINUTES: '3' });
  });
  afterAll(async () => {
    await rt?.close();
  });

  it('answers 429 with Retry-After past the limit, per key', async () => {
    const a = await makeAccount(rt.deps);
    const b = await makeAccount(rt.deps);
    const call = (key: string) =>
      rt.app.inject({ method: 'GET', url: '/lapi/v1/wallet', headers: { 'x-api-key': key } });
    for (let i = 0; i < 3; i++) expect((await call(a.invoiceKey)).statusCode).toBe(200);
    const limited = await call(a.invoiceKey);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json()).toMatchObject({ status: false, success: false, code: 'rate_limited' });
    expect((await call(b.invoiceKey)).statusCode).toBe(200);
  });
});
