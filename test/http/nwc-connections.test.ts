import { getPublicKey } from 'nostr-tools';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

const SERVICE_SECRET = '11'.repeat(32);
const SERVICE_PUBKEY = getPublicKey(Buffer.from(SERVICE_SECRET, 'hex'));
const NOSTR_ENV = {
  NOSTR_SECRET_KEY: SERVICE_SECRET,
  NWC_RELAYS: 'wss://relay.example.com,wss://relay2.example.com',
  NWC_CONNECTIONS_PER_ACCOUNT: '3',
};

// biome-ignore lint/suspicious/noExplicitAny: answers read as JSON
type Json = any;

describe.each(DIALECTS)('NWC connections API on %s', (dialect) => {
  let t: TestRuntime;
  let alice: TestAccount;
  let bob: TestAccount;
  beforeEach(async () => {
    t = await testRuntime(dialect, NOSTR_ENV);
    alice = await makeAccount(t.deps);
    bob = await makeAccount(t.deps);
  });
  afterEach(async () => {
    await t.close();
  });

  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, key: string, body?: object) => {
    const r = await t.app.inject({
      method,
      url: `/lapi/v1${url}`,
      headers: { 'x-api-key': key },
      ...(body === undefined ? {} : { payload: body }),
    });
    return { status: r.statusCode, body: r.json() as Json };
  };

  it('creates a connection answering its URI once, lists it without the secret, and revokes it', async () => {
    const made = await call('POST', '/nwc/connections', alice.adminKey, {
      name: 'Alby Go',
      methods: ['get_balance', 'pay_invoice'],
      max_amount: 50_000,
      budget: 1_000_000,
      budget_renewal: 'weekly',
    });
    expect(made.status).toBe(200);
    const c = made.body.data;
    const uri = new URL(c.uri.replace('nostr+walletconnect://', 'http://'));
    expect(uri.host).toBe(SERVICE_PUBKEY);
    expect(uri.searchParams.getAll('relay')).toEqual(['wss://relay.example.com', 'wss://relay2.example.com']);
    const secret = uri.searchParams.get('secret') ?? '';
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(c.client_pubkey).toBe(getPublicKey(Buffer.from(secret, 'hex')));
    expect(c).toMatchObject({
      name: 'Alby Go',
      methods: ['get_balance', 'pay_invoice'],
      max_amount: 50_000,
      budget: 1_000_000,
      budget_renewal: 'weekly',
      expires_at: null,
      revoked_at: null,
    });

    const list = await call('GET', '/nwc/connections', alice.adminKey);
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(JSON.stringify(list.body.data)).not.toContain(secret);
    expect(list.body.data[0].id).toBe(c.id);
    // Another account sees none of it and cannot revoke it.
    expect((await call('GET', '/nwc/connections', bob.adminKey)).body.data).toEqual([]);
    expect((await call('DELETE', `/nwc/connections/${c.id}`, bob.adminKey)).status).toBe(404);

    const revoked = await call('DELETE', `/nwc/connections/${c.id}`, alice.adminKey);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.revoked_at).toBeTypeOf('number');
    const again = await call('DELETE', `/nwc/connections/${c.id}`, alice.adminKey);
    expect(again.body.data.revoked_at).toBe(revoked.body.data.revoked_at);
    expect((await call('GET', '/nwc/connections', alice.adminKey)).body.data).toEqual([]);
    const all = await call('GET', '/nwc/connections?include_revoked=true', alice.adminKey);
    expect(all.body.data).toHaveLength(1);
  });

  it('defaults: every method and notifications, no cap, no budget', async () => {
    const made = await call('POST', '/nwc/connections', alice.adminKey, { name: 'agent' });
    expect(made.status).toBe(200);
    expect(made.body.data.methods).toEqual([
      'get_info',
      'get_balance',
      'get_budget',
      'make_invoice',
      'lookup_invoice',
      'list_transactions',
      'pay_invoice',
      'notifications',
    ]);
    expect(made.body.data).toMatchObject({ max_amount: null, budget: null });
  });

  it('refuses every bad input with a 400 naming its field', async () => {
    const cases: Array<[object, string]> = [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 7 }, 'name'],
      [{ name: 'a', methods: ['pay_keysend_everything'] }, 'methods'],
      [{ name: 'a', methods: [] }, 'methods'],
      [{ name: 'a', methods: 5 }, 'methods'],
      [{ name: 'a', max_amount: -1 }, 'max_amount'],
      [{ name: 'a', max_amount: 0 }, 'max_amount'],
      [{ name: 'a', max_amount: 1.5 }, 'max_amount'],
      [{ name: 'a', budget: 'lots' }, 'budget'],
      [{ name: 'a', budget: '99999999999999999999' }, 'budget'],
      [{ name: 'a', budget: 10, budget_renewal: 'hourly' }, 'budget_renewal'],
      [{ name: 'a', budget_renewal: 'daily' }, 'budget_renewal'],
      [{ name: 'a', expires_at: 1 }, 'expires_at'],
      [{ name: 'a', expires_at: 'tomorrow' }, 'expires_at'],
    ];
    for (const [body, field] of cases) {
      const r = await call('POST', '/nwc/connections', alice.adminKey, body);
      expect({ ...r.body, body, http: r.status }).toMatchObject({
        body,
        http: 400,
        code: 'invalid_request',
        field,
      });
    }
    expect((await call('GET', '/nwc/connections', alice.adminKey)).body.data).toEqual([]);
  });

  it('needs the admin key; stops at NWC_CONNECTIONS_PER_ACCOUNT live connections', async () => {
    expect((await call('POST', '/nwc/connections', alice.invoiceKey, { name: 'a' })).status).toBe(403);
    expect((await call('GET', '/nwc/connections', alice.invoiceKey)).status).toBe(403);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await call('POST', '/nwc/connections', alice.adminKey, { name: `c${i}` });
      expect(r.status).toBe(200);
      ids.push(r.body.data.id);
    }
    const over = await call('POST', '/nwc/connections', alice.adminKey, { name: 'c3' });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('limit_reached');
    await call('DELETE', `/nwc/connections/${ids[0]}`, alice.adminKey);
    expect((await call('POST', '/nwc/connections', alice.adminKey, { name: 'c3' })).status).toBe(200);
  });
});

describe('NWC connections without Nostr configured', () => {
  it('answers 404 saying Nostr Wallet Connect is off', async () => {
    const t = await testRuntime('sqlite');
    try {
      const a = await makeAccount(t.deps);
      const r = await t.app.inject({
        method: 'POST',
        url: '/lapi/v1/nwc/connections',
        headers: { 'x-api-key': a.adminKey },
        payload: { name: 'x' },
      });
      expect(r.statusCode).toBe(404);
      expect(r.json().message).toMatch(/Nostr Wallet Connect is off/);
    } finally {
      await t.close();
    }
  });
});
