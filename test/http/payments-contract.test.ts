import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

describe.each(DIALECTS)('the /lapi payment contract on %s', (dialect) => {
  let t: TestRuntime;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeEach(async () => {
    t = await testRuntime(dialect);
    alice = await makeAccount(t.deps, { fund: { lbtc: '0.01' } });
    bob = await makeAccount(t.deps);
  });
  afterEach(() => t.close());

  const post = (path: string, key: string, payload: Record<string, unknown>, idem?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/lapi/v1/${path}`,
      headers: { 'x-api-key': key, ...(idem === undefined ? {} : { 'idempotency-key': idem }) },
      payload,
    });

  it('never takes an array or a boolean for an amount or a text: one clear 400 naming the field', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['receive', { amount: ['0.00000001'] }, 'amount'],
      ['receive', { amount: true }, 'amount'],
      ['receive', { amount: '0.0001', description: true }, 'description'],
      ['receive', { amount: '0.0001', order_id: ['a'] }, 'order_id'],
      ['receive', { amount: '0.0001', expires_in: [60] }, 'expires_in'],
      ['send', { payment_mode: 'usertag', usertag: bob.usertag, amount: ['0.0001'] }, 'amount'],
      ['send', { payment_mode: 'usertag', usertag: bob.usertag, amount: false }, 'amount'],
      [
        'send',
        { payment_mode: 'usertag', usertag: bob.usertag, amount: '0.0001', customer_name: true },
        'customer_name',
      ],
    ];
    for (const [path, body, field] of cases) {
      const res = await post(path, path === 'send' ? alice.adminKey : alice.invoiceKey, body);
      expect(res.statusCode, `${path} ${JSON.stringify(body)} → ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ status: false, code: 'invalid_request', field });
      expect(res.json().message).toMatch(new RegExp(`^${field} `));
    }
    const ok = await post('receive', alice.invoiceKey, { amount: 0.0001, order_id: 42, expires_in: '30' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ order_id: '42' });
    const history = await t.app.inject({
      method: 'GET',
      url: '/lapi/v1/history?limit=10',
      headers: { 'x-api-key': bob.invoiceKey },
    });
    expect(history.json().data).toEqual([]);
  });

  it('an Idempotency-Key request is the same whether its amount is written 0.001 or "0.001"', async () => {
    const first = await post(
      'send',
      alice.adminKey,
      { payment_mode: 'usertag', usertag: bob.usertag, amount: 0.001 },
      'k1',
    );
    const again = await post(
      'send',
      alice.adminKey,
      { amount: '0.0010', usertag: bob.usertag.toUpperCase(), payment_mode: 'usertag' },
      'k1',
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.tid).toBe(first.json().data.tid);
    const other = await post(
      'send',
      alice.adminKey,
      { payment_mode: 'usertag', usertag: bob.usertag, amount: '0.002' },
      'k1',
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('idempotency_conflict');

    const r1 = await post('receive', bob.invoiceKey, { amount: '0.001' }, 'r1');
    const r2 = await post('receive', bob.invoiceKey, { amount: 0.001 }, 'r1');
    expect(r2.json().data.tid).toBe(r1.json().data.tid);
  });
});
