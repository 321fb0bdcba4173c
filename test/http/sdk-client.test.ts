// @paytag/client against the real app over HTTP (a test runtime listening on a port), on each database.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaytagClient, PaytagError, verifyWebhook } from '../../packages/client/src/index.ts';
import { formatWebhookSecret, webhookHeaders } from '../../src/domain/webhooks.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';
import { CLIENT_DIST_MAIN, ensureFreshDist } from '../fixtures/server-process.ts';

describe.each(DIALECTS)('@paytag/client over HTTP on %s', (dialect) => {
  let t: TestRuntime;
  let baseUrl: string;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeEach(async () => {
    t = await testRuntime(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    alice = await makeAccount(t.deps, { fund: { lbtc: '0.01' } });
    bob = await makeAccount(t.deps);
  });
  afterEach(() => t.close());

  it('receive, a sandbox payment from outside, then waitForPayment resolves paid', async () => {
    const paytag = createPaytagClient({ baseUrl, apiKey: bob.invoiceKey });
    const { data } = await paytag.api.POST('/lapi/v1/receive', { body: { amount: '0.0001' } });
    const payreq = data?.data.lightning_invoice?.payreq;
    const tid = data?.data.tid;
    expect(payreq).toBeTruthy();
    const paid = await paytag.api.POST('/sandbox/v1/pay', { body: { invoice: payreq! } });
    expect(paid.data?.data.status).toBe('paid');
    const slept: number[] = [];
    const payment = await paytag.waitForPayment(tid!, {
      sleep: async (ms) => {
        slept.push(ms);
      },
    });
    expect(payment).toMatchObject({ tid, status: 'paid', amount: '0.00010000' });
    expect(slept[0]).toBeGreaterThanOrEqual(19_000);
  });

  it('the pro family: receive on /sapi, pay, then waitForPayment with its integer tid reads /sapi', async () => {
    const paytag = createPaytagClient({ baseUrl, apiKey: bob.invoiceKey, keyPlace: 'authorization' });
    const { data } = await paytag.api.POST('/sapi/v1/receive', {
      body: { wallet: 'lbtc', payment_mode: 'lightning', amount: 0.0002 },
    });
    const tid = data?.tid;
    expect(typeof tid).toBe('number');
    await paytag.api.POST('/sandbox/v1/pay', { body: { invoice: data!.lightning_invoice!.payreq! } });
    const payment = await paytag.waitForPayment(tid!, { sleep: async () => {} });
    expect(payment).toMatchObject({ tid, status: 'paid' });
  });

  it('a bad key is a PaytagError with the service code, in either key place', async () => {
    for (const keyPlace of ['header', 'authorization'] as const) {
      const paytag = createPaytagClient({ baseUrl, apiKey: 'not-a-key', keyPlace });
      const e = await paytag.api.GET('/lapi/v1/wallet').catch((x: unknown) => x);
      expect(e).toBeInstanceOf(PaytagError);
      expect(e).toMatchObject({ status: 401, code: 'unauthorized' });
    }
  });

  it('the LNbits family through the same client: its wallet, and its {detail} errors as PaytagError', async () => {
    const paytag = createPaytagClient({ baseUrl, apiKey: alice.adminKey });
    const { data } = await paytag.api.GET('/api/v1/wallet');
    expect(data).toMatchObject({ name: alice.usertag });
    const bad = createPaytagClient({ baseUrl, apiKey: 'not-a-key' });
    const e = await bad.api.GET('/api/v1/wallet').catch((x: unknown) => x);
    expect(e).toMatchObject({ status: 404, code: 'http_error', message: 'Wallet not found.' });
  });

  it('sends the key in either place', async () => {
    for (const keyPlace of ['header', 'authorization'] as const) {
      const paytag = createPaytagClient({ baseUrl, apiKey: alice.adminKey, keyPlace });
      const { data } = await paytag.api.GET('/lapi/v1/wallet');
      expect(data?.status).toBe(true);
    }
  });

  it('a validation error carries its field; an invoice key on send is forbidden_key_kind', async () => {
    const paytag = createPaytagClient({ baseUrl, apiKey: alice.invoiceKey });
    const e = await paytag.api
      .POST('/lapi/v1/receive', { body: { amount: '0.0001', description: true } })
      .catch((x: unknown) => x);
    expect(e).toMatchObject({ status: 400, code: 'invalid_request', field: 'description' });
    const f = await paytag.api
      .POST('/lapi/v1/send', { body: { payment_mode: 'usertag', usertag: bob.usertag, amount: '0.0001' } })
      .catch((x: unknown) => x);
    expect(f).toMatchObject({ status: 403, code: 'forbidden_key_kind' });
  });

  it('puts an Idempotency-Key on money calls unless given, and a given one makes a retry move no money', async () => {
    const sent: Array<[string, string | null]> = [];
    const paytag = createPaytagClient({
      baseUrl,
      apiKey: alice.adminKey,
      fetch: (req) => {
        sent.push([new URL(req.url).pathname, req.headers.get('idempotency-key')]);
        return fetch(req);
      },
    });
    const body = { payment_mode: 'usertag', usertag: bob.usertag, amount: '0.0001' } as const;
    await paytag.api.POST('/lapi/v1/send', { body });
    await paytag.api.GET('/lapi/v1/wallet');
    expect(sent[0]?.[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]?.[1]).toBeNull();
    const once = await paytag.api.POST('/lapi/v1/send', {
      body,
      params: { header: { 'idempotency-key': 'k-1' } },
    });
    const again = await paytag.api.POST('/lapi/v1/send', {
      body,
      params: { header: { 'idempotency-key': 'k-1' } },
    });
    expect(sent[2]?.[1]).toBe('k-1');
    expect(again.data?.data).toEqual(once.data?.data);
    const bobs = createPaytagClient({ baseUrl, apiKey: bob.invoiceKey });
    const history = await bobs.api.GET('/lapi/v1/history', { params: { query: { limit: 10 } } });
    expect(history.data?.data).toHaveLength(2);
  });

  it('vouchers: requestVoucher gets an Idempotency-Key, and waitForVoucher returns once every voucher is redeemed', async () => {
    const issuer = createPaytagClient({ baseUrl, apiKey: alice.adminKey });
    const { data } = await issuer.api.POST('/lapi/v1/requestVoucher', {
      body: { amount: 0.0001, voucher_count: 2 },
    });
    const batch = data!.data;
    const codes = batch.voucher_urls!.map((v) => v.voucher_url!.split('/').pop()!);
    const redeemer = createPaytagClient({ baseUrl, apiKey: bob.invoiceKey });
    const checks: number[] = [];
    let redeemed = 0;
    const waited = await issuer.waitForVoucher(batch.tid!, {
      // Each wait redeems one more voucher, as a recipient elsewhere would, until none is left.
      sleep: async (ms) => {
        checks.push(ms);
        const code = codes[redeemed++];
        if (code !== undefined) {
          await redeemer.api.POST('/lapi/v1/redeemVoucher', {
            body: { voucher_code: code, redeem_mode: 'usertag', redeem_to: bob.usertag },
          });
        }
      },
    });
    expect(waited).toMatchObject({ tid: batch.tid, voucher_count: 2, voucher_redeemed: 2 });
    expect(checks).toHaveLength(2);
    expect(waited.voucher_urls?.map((v) => v.redeemed_by)).toEqual([bob.usertag, bob.usertag]);
  });

  it('every family answers through the same client: standard, pro, trade balances, payouts, withdrawals, webhooks', async () => {
    const paytag = createPaytagClient({ baseUrl, apiKey: alice.adminKey });
    const pro = createPaytagClient({ baseUrl, apiKey: alice.adminKey, keyPlace: 'authorization' });
    expect((await paytag.api.GET('/lapi/v1/wallet')).data?.data.balance_lbtc).toBe('0.01000000');
    expect(
      (await pro.api.GET('/sapi/v1/history', { params: { query: { limit: 10 } } })).response.status,
    ).toBe(200);
    expect((await pro.api.GET('/sapi/v1/withdrawals', { params: { query: {} } })).response.status).toBe(200);
    expect((await paytag.api.GET('/tapi/v1/assetBalance')).response.status).toBe(200);
    expect((await paytag.api.GET('/lapi/v1/payouts', { params: { query: {} } })).response.status).toBe(200);
    expect(
      (await paytag.api.GET('/lapi/v1/webhooks/deliveries', { params: { query: {} } })).response.status,
    ).toBe(200);
    // Money refused is a typed error with the service's code.
    const tooMuch = await paytag.api
      .POST('/lapi/v1/send', { body: { payment_mode: 'usertag', usertag: bob.usertag, amount: '1' } })
      .catch((x: unknown) => x);
    expect(tooMuch).toMatchObject({ status: 422, code: 'insufficient_balance' });
    const unknownBatch = await paytag.api
      .GET('/lapi/v1/payouts/{id}', { params: { path: { id: 'nope' } } })
      .catch((x: unknown) => x);
    expect(unknownBatch).toBeInstanceOf(PaytagError);
    expect((unknownBatch as PaytagError).status).toBeGreaterThanOrEqual(400);
  });

  it('the built package (packages/client/dist) runs in plain Node, without TypeScript, against the service', async () => {
    await ensureFreshDist();
    const script = `
      const { createPaytagClient } = await import(${JSON.stringify(pathToFileURL(CLIENT_DIST_MAIN).href)});
      const paytag = createPaytagClient({ baseUrl: process.argv[1], apiKey: process.argv[2] });
      const { data } = await paytag.api.GET('/lapi/v1/wallet');
      console.log(data.data.balance_lbtc);
      await createPaytagClient({ baseUrl: process.argv[1], apiKey: 'nope' }).api.GET('/lapi/v1/wallet').catch((e) => console.log(e.name, e.code));`;
    const r = await new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', script, baseUrl, alice.invoiceKey]);
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
      });
      child.stderr.on('data', (d) => {
        out += d;
      });
      child.on('close', (code) => resolve({ code, out }));
    });
    expect(r).toEqual({ code: 0, out: '0.01000000\nPaytagError unauthorized\n' });
  }, 300_000);
});

describe('verifyWebhook', () => {
  const secret = formatWebhookSecret(randomBytes(24));
  const body = '{"tid":"k3v9x2m1q8w7e6r5","status":"paid"}';
  const now = 1_800_000_000;

  it('accepts what the service signs, with its secret or among several, and nothing else', () => {
    const h = webhookHeaders([secret], 'msg_1', now, body);
    expect(verifyWebhook(body, h, secret, { nowSec: now })).toBe(true);
    expect(
      verifyWebhook(Buffer.from(body), new Headers(h), [formatWebhookSecret(randomBytes(24)), secret], {
        nowSec: now,
      }),
    ).toBe(true);
    expect(verifyWebhook(`${body} `, h, secret, { nowSec: now })).toBe(false);
    expect(verifyWebhook(body, h, formatWebhookSecret(randomBytes(24)), { nowSec: now })).toBe(false);
    expect(verifyWebhook(body, h, secret, { nowSec: now + 301 })).toBe(false);
    expect(verifyWebhook(body, { ...h, 'webhook-signature': 'v1,AAAA' }, secret, { nowSec: now })).toBe(
      false,
    );
    expect(verifyWebhook(body, {}, secret, { nowSec: now })).toBe(false);
  });
});
