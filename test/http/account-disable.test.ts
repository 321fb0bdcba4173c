import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listOperatorActions } from '../../src/app/operator/actions.ts';
import { disableAccount, enableAccount } from '../../src/app/operator/disable-account.ts';
import { createTradeCredential } from '../../src/app/trading/credentials.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

const CLI = { accountId: null, name: 'operator:root' };
const ENV = { SANDBOX_NODE_KEY: '11'.repeat(32), PRICE_STATIC: 'BTC-USDT=50000' };

describe.each(DIALECTS)('a disabled account on %s', (dialect) => {
  let rt: TestRuntime;
  let second: TestRuntime;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeEach(async () => {
    rt = await testRuntime(dialect, ENV);
    // A second instance of the service on the same database.
    second = await testRuntime(dialect, ENV, { databaseUrl: rt.databaseUrl });
    alice = await makeAccount(rt.deps, { fund: { lbtc: '0.01' } });
    bob = await makeAccount(rt.deps);
  });
  afterEach(async () => {
    await second.close();
    await rt.close();
  });

  const call = (
    t: TestRuntime,
    method: 'GET' | 'POST',
    url: string,
    key: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  /** One call per family and key kind: [what, instance, method, url, key, body]. */
  const calls = (t: TestRuntime) =>
    [
      ['lapi wallet, invoice key', () => call(t, 'GET', '/lapi/v1/wallet', alice.invoiceKey)],
      ['lapi send, admin key', () => call(t, 'POST', '/lapi/v1/send', alice.adminKey, {})],
      ['sapi history, invoice key', () => call(t, 'GET', '/sapi/v1/history', alice.invoiceKey)],
      ['sapi updateStatus, admin key', () => call(t, 'POST', '/sapi/v1/updateStatus', alice.adminKey, {})],
      ['tapi assetBalance, invoice key', () => call(t, 'GET', '/tapi/v1/assetBalance', alice.invoiceKey)],
      ['tapi assetBalance, admin key', () => call(t, 'GET', '/tapi/v1/assetBalance', alice.adminKey)],
    ] as const;

  it('refuses its invoice and admin keys on every family and instance at once, and takes them back when enabled', async () => {
    // Before: every key works (send and updateStatus answer 400 for the empty body: the key passed).
    for (const t of [rt, second]) {
      for (const [what, go] of calls(t)) {
        const res = await go();
        expect([200, 400], `${what}: ${res.body}`).toContain(res.statusCode);
      }
    }

    const off = await disableAccount(rt.deps, CLI, alice.usertag, 'chargeback fraud');
    expect(off).toMatchObject({ ok: true, value: { usertag: alice.usertag, disabled: true } });

    for (const t of [rt, second]) {
      for (const [what, go] of calls(t)) {
        const res = await go();
        expect(res.statusCode, `${what}: ${res.body}`).toBe(403);
        const body = res.json();
        expect(body.code, what).toBe('account_disabled');
        expect(body.message, what).toMatch(/account disabled/);
        expect(body.success).toBe(false);
        // The family's own shape: the standard envelope, or the bare pro error.
        if (what.startsWith('sapi')) expect(body).not.toHaveProperty('status');
        else expect(body).toMatchObject({ status: false, data: null });
      }
    }

    const on = await enableAccount(rt.deps, CLI, alice.usertag);
    expect(on).toMatchObject({ ok: true, value: { disabled: false } });
    for (const t of [rt, second]) {
      for (const [what, go] of calls(t)) {
        const res = await go();
        expect([200, 400], `${what}: ${res.body}`).toContain(res.statusCode);
      }
    }

    const actions = await listOperatorActions(rt.deps, { targetAccountId: alice.id });
    expect(actions.map((a) => [a.action, a.actor, a.target])).toEqual([
      ['account_enable', 'operator:root', alice.usertag],
      ['account_disable', 'operator:root', alice.usertag],
    ]);
    expect(actions[1]?.detail).toEqual({ reason: 'chargeback fraud' });
  });

  it('refuses its trade credentials and live access tokens on every instance, and takes them back when enabled', async () => {
    const trader = await makeAccount(rt.deps, { fund: { usdt: '1000' } });
    const made = await createTradeCredential(rt.deps, { usertag: trader.usertag, label: 'bot' });
    if (!made.ok) throw new Error(made.error.message);
    const { apiKey, apiSecret } = made.value;
    const issue = (t: TestRuntime, secret = apiSecret) =>
      t.app.inject({
        method: 'POST',
        url: '/trade/v1/auth/token',
        payload: { api_key: apiKey, api_secret: secret },
      });
    const first = await issue(rt);
    expect(first.statusCode, first.body).toBe(200);
    const bearer = first.json().access_token as string;
    const trade = (t: TestRuntime, method: 'GET' | 'POST', path: string, body?: unknown) =>
      t.app.inject({
        method,
        url: `/trade/v1${path}`,
        headers: {
          authorization: `Bearer ${bearer}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
    const order = { side: 'buy', asset: 'BTC', type: 'market', amount: '0.0001' };
    const bearerCalls = (t: TestRuntime) =>
      [
        ['orders list', () => trade(t, 'GET', '/orders')],
        ['portfolio', () => trade(t, 'GET', '/portfolio')],
        ['place an order', () => trade(t, 'POST', '/orders', order)],
      ] as const;
    for (const t of [rt, second]) {
      for (const [what, go] of bearerCalls(t)) {
        const res = await go();
        expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
      }
    }

    expect(await disableAccount(rt.deps, CLI, trader.usertag, 'wash trading')).toMatchObject({ ok: true });

    for (const t of [rt, second]) {
      const refused = await issue(t);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toEqual({
        success: false,
        code: 'account_disabled',
        message: expect.stringMatching(/account disabled/),
      });
      // Only the right secret learns why: a wrong one is refused exactly as for any account.
      const wrong = await issue(t, 'x'.repeat(48));
      expect(wrong.statusCode, wrong.body).toBe(401);
      expect(wrong.json()).toMatchObject({ code: 'unauthorized', message: 'invalid API credentials' });
      for (const [what, go] of bearerCalls(t)) {
        const res = await go();
        expect(res.statusCode, `${what}: ${res.body}`).toBe(403);
        expect(res.json(), what).toEqual({
          success: false,
          code: 'account_disabled',
          message: expect.stringMatching(/account disabled/),
        });
      }
    }

    expect(await enableAccount(rt.deps, CLI, trader.usertag)).toMatchObject({ ok: true });
    for (const t of [rt, second]) {
      const again = await issue(t);
      expect(again.statusCode, again.body).toBe(200);
      // The token issued before the account was disabled works again too.
      for (const [what, go] of bearerCalls(t)) {
        const res = await go();
        expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
      }
    }
    const orders = await trade(rt, 'GET', '/orders?status=all');
    // Two orders placed before the disable and two after it: none while it was disabled.
    expect(orders.json().orders).toHaveLength(4);
  });

  it('its Lightning address, LNURL callback and usertag take no payment while disabled', async () => {
    expect((await rt.app.inject({ url: `/.well-known/lnurlp/${bob.usertag}` })).statusCode).toBe(200);
    expect(await disableAccount(rt.deps, CLI, bob.usertag, 'closed')).toMatchObject({ ok: true });

    const address = await rt.app.inject({ url: `/.well-known/lnurlp/${bob.usertag}` });
    expect(address.statusCode).toBe(403);
    expect(address.json()).toEqual({ status: 'ERROR', reason: expect.stringMatching(/disabled/) });
    const callback = await rt.app.inject({ url: `/lnurlp/${bob.usertag}/callback?amount=10000` });
    expect(callback.statusCode).toBe(403);
    expect(callback.json()).toEqual({ status: 'ERROR', reason: expect.stringMatching(/disabled/) });

    // A request made out to the disabled usertag by someone else.
    const receive = await call(rt, 'POST', '/lapi/v1/receive', alice.invoiceKey, {
      amount: 0.0001,
      receiver_usertag: bob.usertag,
    });
    expect(receive.statusCode, receive.body).toBe(403);
    expect(receive.json()).toMatchObject({ code: 'account_disabled', field: 'receiver_usertag' });

    // A send to the disabled usertag moves nothing.
    const send = await call(rt, 'POST', '/lapi/v1/send', alice.adminKey, {
      payment_mode: 'usertag',
      usertag: bob.usertag,
      amount: '0.0001',
    });
    expect(send.statusCode, send.body).toBe(403);
    expect(send.json()).toMatchObject({ code: 'account_disabled' });
    const wallet = await call(rt, 'GET', '/lapi/v1/wallet', alice.invoiceKey);
    expect(wallet.json().data.balance_lbtc).toBe('0.01000000');
  });

  it('is refused twice, not found when unknown, and needs a reason', async () => {
    expect(await disableAccount(rt.deps, CLI, alice.usertag, '  ')).toMatchObject({
      ok: false,
      error: { code: 'invalid_request', field: 'reason' },
    });
    expect(await disableAccount(rt.deps, CLI, 'nobody_here', 'x')).toMatchObject({
      ok: false,
      error: { code: 'usertag_not_found' },
    });
    expect(await enableAccount(rt.deps, CLI, alice.usertag)).toMatchObject({
      ok: false,
      error: { code: 'state_conflict' },
    });
    expect(await disableAccount(rt.deps, CLI, alice.usertag, 'x')).toMatchObject({ ok: true });
    expect(await disableAccount(rt.deps, CLI, alice.usertag, 'x')).toMatchObject({
      ok: false,
      error: { code: 'state_conflict' },
    });
    expect(
      await disableAccount(rt.deps, { accountId: bob.id, name: bob.usertag }, bob.usertag, 'myself'),
    ).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
  });
});
