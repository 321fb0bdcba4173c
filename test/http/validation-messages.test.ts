import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, type TestAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

// Messages of a 400 are read by people: grammatical, and pointing at the fix. Validation happens before
// the database is touched, so one database (SQLite) covers it.

describe('messages of malformed requests', () => {
  let t: TestRuntime;
  let alice: TestAccount;
  beforeAll(async () => {
    t = await testRuntime('sqlite');
    alice = await makeAccount(t.deps, { fund: { lbtc: '0.01' } });
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: unknown, key = alice.adminKey) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });

  it('name the expected type with its article ("an object", "an integer")', async () => {
    const noBody = await t.app.inject({
      method: 'POST',
      url: '/lapi/v1/receive',
      headers: { 'x-api-key': alice.adminKey },
    });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().message).toBe('the request body must be a JSON object');

    const extra = await post('/lapi/v1/receive', { amount: '0.001', extra: 'x' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ message: 'extra must be an object or null', field: 'extra' });

    const limit = await t.app.inject({
      method: 'GET',
      url: '/lapi/v1/history?limit=abc',
      headers: { 'x-api-key': alice.adminKey },
    });
    expect(limit.statusCode).toBe(400);
    expect(limit.json()).toMatchObject({ message: 'limit must be an integer', field: 'limit' });
  });

  it('point a Lightning address or an LNURL sent as an invoice to lightning_invoice_type "lnurl"', async () => {
    for (const target of [
      'bob@pay.example',
      'lightning:bob@pay.example',
      'LNURL1DP68GURN8GHJ7UM9WFMXJCM99E3K7MF0V9CXJ0M385EKVCENXC6R2C35XVUKXEFCV5MKVV34X5EKZD3EV56NYD3HXQURZEPEXEJXXEPNXSCRVWFNV9NXZCN9XQ6XYEFHVGCXXCMYXYMNSERXFQ5FNS',
    ]) {
      const r = await post('/lapi/v1/send', {
        payment_mode: 'lightning',
        lightning_invoice: target,
        amount: '0.0001',
      });
      expect(r.statusCode, target).toBe(400);
      expect(r.json()).toMatchObject({ field: 'lightning_invoice' });
      expect(r.json().message).toBe(
        'lightning_invoice is a Lightning address or an LNURL, not a BOLT11 invoice: send it with ' +
          '"lightning_invoice_type": "lnurl" (and an amount)',
      );
    }
    // Anything else keeps the decoder's own reason.
    const junk = await post('/lapi/v1/send', { payment_mode: 'lightning', lightning_invoice: 'lnbc1xyz' });
    expect(junk.statusCode).toBe(400);
    expect(junk.json().message).toMatch(/^lightning_invoice is not a valid BOLT11 invoice: /);
  });
});
