import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeAccount, type TestAccount } from '../fixtures/runtime.ts';
import { type VoucherWorld, voucherWorld } from '../fixtures/vouchers.ts';

describe.each(DIALECTS)('deeply nested JSON on %s', (dialect) => {
  let w: VoucherWorld;
  let alice: TestAccount;
  beforeAll(async () => {
    w = await voucherWorld(dialect);
    alice = await makeAccount(w.deps, { fund: { lbtc: '0.01' } });
  });
  afterAll(async () => {
    await w?.close();
  });

  const nested = (depth: number, open: string, close: string, inner = '1') =>
    open.repeat(depth) + inner + close.repeat(depth);

  it('an extra object nested 10,000 deep is a 400 with a clear message', async () => {
    const extra = nested(10_000, '{"a":', '}');
    const res = await w.app.inject({
      method: 'POST',
      url: '/lapi/v1/receive',
      headers: { 'x-api-key': alice.invoiceKey, 'content-type': 'application/json' },
      payload: `{"amount":"0.00001","extra":${extra}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, code: 'invalid_request' });
    expect(res.json().message).toMatch(/nested deeper than \d+ levels/);
  });

  it('a body of 30,000 nested arrays with an Idempotency-Key is a 400', async () => {
    const res = await w.app.inject({
      method: 'POST',
      url: '/lapi/v1/receive',
      headers: {
        'x-api-key': alice.invoiceKey,
        'content-type': 'application/json',
        'idempotency-key': 'deep-1',
      },
      payload: `{"amount":"0.00001","memo":${nested(30_000, '[', ']')}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/nested deeper than \d+ levels/);
  });

  it('a deep GET body, and a deep body sent as text/plain, are 400s too', async () => {
    for (const contentType of ['application/json', 'text/plain']) {
      const res = await w.app.inject({
        method: contentType === 'text/plain' ? 'POST' : 'GET',
        url: contentType === 'text/plain' ? '/lapi/v1/receive' : '/lapi/v1/history',
        headers: { 'x-api-key': alice.invoiceKey, 'content-type': contentType },
        payload: `{"limit":${nested(20_000, '[', ']')}}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/nested deeper than \d+ levels/);
    }
  });

  it('brackets inside strings do not count, and 32 levels are accepted', async () => {
    const res = await w.app.inject({
      method: 'POST',
      url: '/lapi/v1/receive',
      headers: { 'x-api-key': alice.invoiceKey, 'content-type': 'application/json' },
      payload: `{"amount":"0.00001","description":"${'[{'.repeat(100)}","extra":${nested(30, '{"a":', '}')}}`,
    });
    expect(res.statusCode).toBe(200);
  });
});
