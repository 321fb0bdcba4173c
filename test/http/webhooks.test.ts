import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchDue } from '../../src/app/outbox/dispatch.ts';
import { enqueueWebhook } from '../../src/app/outbox/enqueue.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../fixtures/webhook-receiver.ts';

const never = new AbortController().signal;

describe.each(DIALECTS)('webhook delivery routes on %s', (dialect) => {
  let rt: TestRuntime;
  let receiver: WebhookReceiver;
  let alice: TestAccount;
  let bob: TestAccount;
  const eventId = `evt_http_${dialect}`;

  beforeAll(async () => {
    rt = await testRuntime(dialect);
    receiver = await startWebhookReceiver();
    alice = await makeAccount(rt.deps);
    bob = await makeAccount(rt.deps);
    receiver.respond('/h', (_r, n) =>
      n === 1 ? { status: 502, body: 'bad gateway' } : { status: 200, body: 'thanks' },
    );
    await rt.deps.db.write((trx) =>
      enqueueWebhook(
        trx,
        {
          accountId: alice.id,
          url: receiver.url('/h').replace('http://', 'http://user:pw@'),
          type: 'voucher.redeemed',
          body: { tid: 'v1', voucher_url: 'http://paytag.test/v/abc', redeemed_by: 'bob', redeemed_tid: 42 },
          eventId,
          target: null,
        },
        rt.deps.clock.nowMs(),
      ),
    );
    await dispatchDue(rt.deps, never);
  });
  afterAll(async () => {
    await receiver?.close();
    await rt?.close();
  });

  const list = (key: string, query = '') =>
    rt.app.inject({
      method: 'GET',
      url: `/lapi/v1/webhooks/deliveries${query}`,
      headers: { 'x-api-key': key },
    });
  const redeliver = (key: string, body: unknown) =>
    rt.app.inject({
      method: 'POST',
      url: '/lapi/v1/webhooks/redeliver',
      headers: { 'x-api-key': key },
      payload: body as object,
    });

  it('lists the account’s deliveries with their attempts (admin key)', async () => {
    const res = await list(alice.adminKey);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: true, success: true, message: '' });
    expect(body.data).toHaveLength(1);
    const d = body.data[0];
    expect(d).toMatchObject({
      delivery_id: eventId,
      channel: 'webhook',
      event_type: 'voucher.redeemed',
      state: 'pending',
      attempts: 1,
      last_status: 502,
      delivered_at: null,
    });
    // Credentials in a callback URL are not shown back.
    expect(d.url).not.toContain('pw');
    expect(d.next_attempt_at).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
    expect(d.attempt_log).toEqual([
      {
        at: expect.any(Number),
        duration_ms: expect.any(Number),
        outcome: 'retry',
        status: 502,
        error: 'receiver answered HTTP 502',
        response_excerpt: 'bad gateway',
      },
    ]);
    expect((await list(bob.adminKey)).json().data).toEqual([]);
  });

  it('needs the admin key and a limit from 1 to 100 (query or GET body)', async () => {
    expect((await list(alice.invoiceKey)).statusCode).toBe(403);
    expect((await rt.app.inject({ method: 'GET', url: '/lapi/v1/webhooks/deliveries' })).statusCode).toBe(
      401,
    );
    expect((await list(alice.adminKey, '?limit=0')).statusCode).toBe(400);
    expect((await list(alice.adminKey, '?limit=101')).statusCode).toBe(400);
    expect((await list(alice.adminKey, '?limit=abc')).statusCode).toBe(400);
    expect((await list(alice.adminKey, '?limit=1')).json().data).toHaveLength(1);
    const viaBody = await rt.app.inject({
      method: 'GET',
      url: '/lapi/v1/webhooks/deliveries',
      headers: { 'x-api-key': alice.adminKey, 'content-type': 'application/json' },
      payload: '{"limit": 5}',
    });
    expect(viaBody.statusCode).toBe(200);
  });

  it('redelivers with the admin key; refuses unknown ids, other accounts and the invoice key', async () => {
    expect((await redeliver(alice.invoiceKey, { delivery_id: eventId })).statusCode).toBe(403);
    expect((await redeliver(alice.adminKey, {})).statusCode).toBe(400);
    const unknown = await redeliver(alice.adminKey, { delivery_id: 'evt_unknown' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: false, success: false, data: null, code: 'not_found' });
    expect((await redeliver(bob.adminKey, { delivery_id: eventId })).statusCode).toBe(404);

    const before = receiver.requests.length;
    const res = await redeliver(alice.adminKey, { delivery_id: eventId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      data: { delivery_id: eventId, state: 'pending', next_attempt_at: expect.any(Number) },
      message: 'redelivery scheduled',
    });
    await dispatchDue(rt.deps, never);
    expect(receiver.requests.length).toBe(before + 1);
    expect(receiver.requests.at(-1)?.headers['webhook-id']).toBe(eventId);
    const d = (await list(alice.adminKey)).json().data[0];
    expect(d).toMatchObject({ state: 'delivered', attempts: 1, last_status: 200 });
    expect(d.attempt_log.map((a: { status: number }) => a.status)).toEqual([200, 502]);
  });
});
