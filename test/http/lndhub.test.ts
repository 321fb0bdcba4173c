import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeInvoice } from '../../src/adapters/lightning/bolt11.ts';
import { rotateKey } from '../../src/app/accounts/rotate-key.ts';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { sweepLndhubTokens } from '../../src/app/lndhub/tokens.ts';
import { disableAccount } from '../../src/app/operator/disable-account.ts';
import { settleIncomingInvoice } from '../../src/app/payments/settlement/settle-incoming.ts';
import { type FakeNodeRuntime, fakeNodeRuntime } from '../fixtures/lightning/fake-node.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

// The LNDhub facade driven by the clients that speak it: lightning-backends 1.7.0's `lndhub` backend
// (node_modules/lightning-backends/lib/backends/lndhub.js, the library behind Bleskomat ATMs and the
// lnurl server) over real HTTP, and a line-by-line port of ZEUS's calls.

const require = createRequire(import.meta.url);
const { prepareBackend } = require('lightning-backends') as {
  prepareBackend: (name: string, options: Record<string, unknown>) => LightningBackendsClient;
};
interface LightningBackendsClient {
  addInvoice(
    amountMsat: number,
    extra: { description?: string; descriptionHash?: string },
  ): Promise<{ invoice: string }>;
  payInvoice(invoice: string): Promise<{ id: null; preimage: string | null }>;
  getInvoiceStatus(paymentHash: string): Promise<{ preimage: null; settled: boolean }>;
  getBalance(): Promise<number>;
}

// biome-ignore lint/suspicious/noExplicitAny: ZEUS reads the answers untyped; the port keeps its reads as written
type Json = any;

const sha256hex = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * Port of ZeusLN/zeus backends/LndHub.ts @f39a8ee52458884e383266debd777b9e12e122e4 with the parts of
 * backends/LND.ts it inherits (getURL, request, restReq) and models/Invoice.ts getFormattedRhash: the same
 * routes, bodies, headers and reads, with fetch in place of ReactNativeBlobUtil.
 */
class ZeusLndHub {
  accessToken = '';
  constructor(private readonly lndhubUrl: string) {}

  // LND.ts getURL: host with '://' kept, a trailing '/' removed, the route appended.
  private getURL(route: string): string {
    let baseUrl = this.lndhubUrl;
    if (baseUrl[baseUrl.length - 1] === '/') baseUrl = baseUrl.slice(0, -1);
    return `${baseUrl}${route}`;
  }

  // LndHub.ts getHeaders
  private getHeaders(accessToken: string): Record<string, string> {
    if (accessToken) {
      return {
        Authorization: `Bearer ${accessToken}`,
        'Access-Control-Allow-Origin': '*',
        'Content-Type': 'application/json',
      };
    }
    return { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'application/json' };
  }

  // LND.ts restReq: status < 300 → the JSON; else an Error whose message is the body text.
  private async request(route: string, method: string, data?: unknown): Promise<Json> {
    const response = await fetch(this.getURL(route), {
      method: method.toUpperCase(),
      headers: this.getHeaders(this.accessToken),
      ...(data === undefined || data === null ? {} : { body: JSON.stringify(data) }),
    });
    const text = await response.text();
    if (response.status < 300) return JSON.parse(text);
    throw new Error(text);
  }
  getRequest = (route: string) => this.request(route, 'get', null);
  postRequest = (route: string, data?: unknown) => this.request(route, 'post', data);

  login = (data: { login: string; password: string }) =>
    this.postRequest('/auth?type=auth', { login: data.login, password: data.password });
  getPayments = () => this.getRequest('/gettxs').then((data: Json) => ({ payments: data }));
  getLightningBalance = () =>
    this.getRequest('/balance').then(({ BTC }: Json) => ({ balance: BTC.AvailableBalance }));
  getInvoices = () => this.getRequest('/getuserinvoices').then((data: Json) => ({ invoices: data }));
  createInvoice = (data: { value: string; memo: string }) =>
    this.postRequest('/addinvoice', { amt: data.value, memo: data.memo });
  getNewAddress = () => this.getRequest('/getbtc');
  payLightningInvoice = (data: { payment_request: string; amt?: string }) =>
    this.postRequest('/payinvoice', { invoice: data.payment_request, amount: data.amt });
  // Not in LndHub.ts (ZEUS asks LND's /v1/getinfo); the LndHub protocol's own node call.
  getInfo = () => this.getRequest('/getinfo');
}

/**
 * Port of BlueWallet/BlueWallet class/wallets/lightning-custodian-wallet.js (LightningCustodianWallet):
 * the wallet keeps the URL after '@' as its baseURI and Frisbee appends each path to it, so a URL pasted
 * with its trailing '/' asks for `/lndhub/ext//auth`. Every call throws on `json.error`, as the wallet does.
 */
class BlueWalletLndhub {
  access_token = '';
  refresh_token = '';
  constructor(
    private readonly secret: string,
    private readonly baseURI: string,
  ) {}

  private async api(method: 'GET' | 'POST', path: string, body?: unknown, auth = true): Promise<Json> {
    const headers: Record<string, string> = {
      'Access-Control-Allow-Origin': '*',
      'Content-Type': 'application/json',
      ...(auth ? { Authorization: `Bearer ${this.access_token}` } : {}),
    };
    const response = await fetch(this.baseURI + path, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.status === 503) throw new Error('Payment is in transit');
    const json = (await response.json()) as Json;
    if (json?.error) throw new Error(`API error: ${json.message} (code ${json.code})`);
    return json;
  }

  async authorize() {
    const login = this.secret.replace('lndhub://', '').split(':')[0];
    const password = this.secret.replace('lndhub://', '').split(':')[1];
    const json = await this.api('POST', '/auth?type=auth', { login, password }, false);
    if (!json.access_token || !json.refresh_token) throw new Error('API unexpected response');
    this.refresh_token = json.refresh_token;
    this.access_token = json.access_token;
  }
  async refreshAcessToken() {
    const json = await this.api(
      'POST',
      '/auth?type=refresh_token',
      { refresh_token: this.refresh_token },
      false,
    );
    this.refresh_token = json.refresh_token;
    this.access_token = json.access_token;
  }
  async addInvoice(amt: number, memo: string): Promise<string> {
    const json = await this.api('POST', '/addinvoice', { amt: `${amt}`, memo });
    if (!json.r_hash || !json.pay_req) throw new Error('API unexpected response');
    return json.pay_req;
  }
  payInvoice = (invoice: string, freeAmount = 0) =>
    this.api('POST', '/payinvoice', { invoice, amount: freeAmount });
  getUserInvoices = () => this.api('GET', '/getuserinvoices');
  fetchBtcAddress = () => this.api('GET', '/getbtc');
  fetchPendingTransactions = () => this.api('GET', '/getpending');
  fetchTransactions = () => this.api('GET', '/gettxs?limit=10&offset=0');
  async fetchBalance(): Promise<number> {
    const json = await this.api('GET', '/balance');
    if (!json.BTC || typeof json.BTC.AvailableBalance === 'undefined')
      throw new Error('API unexpected response');
    return json.BTC.AvailableBalance;
  }
}

/** models/Invoice.ts getFormattedRhash (ZEUS @f39a8ee): a Buffer-like r_hash as hex. */
const formattedRhash = (invoice: { r_hash?: Json; payment_hash?: Json }): string => {
  const rHash = invoice.r_hash || invoice.payment_hash;
  return rHash
    ? typeof rHash === 'string'
      ? rHash.replace(/\+/g, '-').replace(/\//g, '_')
      : Buffer.from(rHash.data ?? rHash).toString('hex')
    : '';
};

/** utils/AddressUtils.ts lndHubAddress (ZEUS @f39a8ee): the lndhub:// form ZEUS accepts. */
const ZEUS_LNDHUB_ADDRESS = /^(lndhub:\/\/)[\w-]+(:)\w+(@https?:\/\/[\w\-_.]+(:\d{1,5})?([\w/-]+)?)?$/;

/** An invoice of another node whose preimage the test knows. */
function foreignInvoiceWithPreimage(amountMsat: bigint, nowSec: number) {
  const preimage = randomBytes(32);
  const paymentHash = sha256hex(preimage);
  const payreq = encodeInvoice(
    {
      network: 'regtest',
      amountMsat,
      paymentHash,
      paymentSecret: randomBytes(32),
      description: 'coffee elsewhere',
      expirySec: 3600,
      createdAtSec: nowSec,
    },
    randomBytes(32),
  );
  return { payreq, paymentHash, preimage: preimage.toString('hex') };
}

describe.each(DIALECTS)('LNDhub facade on %s', (dialect) => {
  let f: FakeNodeRuntime;
  let base: string;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeEach(async () => {
    f = await fakeNodeRuntime(dialect);
    await f.t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(f.t.app.server.address() as AddressInfo).port}/lndhub/ext/`;
    alice = await makeAccount(f.t.deps, { fund: { lbtc: '0.01' } });
    bob = await makeAccount(f.t.deps);
  });
  afterEach(async () => {
    await f.t.close();
  });

  const call = async (method: 'GET' | 'POST', path: string, token: string | null, body?: unknown) => {
    const r = await f.t.app.inject({
      method,
      url: `/lndhub/ext${path}`,
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: r.statusCode, body: r.json() as Json };
  };
  const signIn = async (login: string, password: string) => {
    const r = await call('POST', '/auth?type=auth', null, { login, password });
    expect(r.status).toBe(200);
    return r.body as { access_token: string; refresh_token: string };
  };
  const nowSec = () => Math.floor(f.clock.nowMs() / 1000);

  it('lightning-backends lndhub: createInvoice, getInvoiceStatus, getBalance, payInvoice with the real preimage', async () => {
    const ln = prepareBackend('lndhub', { secret: `lndhub://admin:${alice.adminKey}@${base}` });
    const created = await ln.addInvoice(25_000_000, { description: 'a bleskomat withdrawal' });
    const decoded = f.t.deps.decodeInvoice(created.invoice);
    if (!decoded.ok) throw new Error(decoded.message);
    expect(decoded.invoice.amountMsat).toBe(25_000_000n);
    expect(decoded.invoice.description).toBe('a bleskomat withdrawal');
    const hash = decoded.invoice.paymentHash;
    expect(await ln.getInvoiceStatus(hash)).toEqual({ preimage: null, settled: false });
    await settleIncomingInvoice(f.t.deps, await f.node.settleFromOutside(hash));
    expect(await ln.getInvoiceStatus(hash)).toEqual({ preimage: null, settled: true });
    // 0.01 BTC funded + 25 000 sat received, in msat as the library answers.
    expect(await ln.getBalance()).toBe(1_025_000_000);

    const out = foreignInvoiceWithPreimage(100_000_000n, nowSec());
    f.node.payOutcomes.push({ status: 'succeeded', feeMsat: 1000n, preimage: out.preimage });
    const paid = await ln.payInvoice(out.payreq);
    expect(paid.preimage).toBe(out.preimage);
    expect(sha256hex(Buffer.from(paid.preimage ?? '', 'hex'))).toBe(out.paymentHash);
    expect(f.node.paid.map((p) => p.payreq)).toEqual([out.payreq]);
    // The same invoice again is refused, never paid twice.
    await expect(ln.payInvoice(out.payreq)).rejects.toThrow(/"error":true/);
    expect(f.node.paid).toHaveLength(1);
    expect((await auditLedger(f.t.deps)).violations).toEqual([]);
  });

  it('lightning-backends: a failed payment answers payment_error ("Payment failed" is what checkBackend looks for)', async () => {
    const ln = prepareBackend('lndhub', { secret: `lndhub://admin:${alice.adminKey}@${base}` });
    const out = foreignInvoiceWithPreimage(5_000_000n, nowSec());
    f.node.payOutcomes.push({ status: 'failed', reason: 'no route' });
    await expect(ln.payInvoice(out.payreq)).rejects.toThrow(/payment failed/i);
    const r = await call('GET', '/balance', (await signIn('admin', alice.adminKey)).access_token);
    expect(r.body).toEqual({ BTC: { AvailableBalance: 1_000_000 } });
    expect((await auditLedger(f.t.deps)).violations).toEqual([]);
  });

  it('ZEUS (backends/LndHub.ts port): login, getinfo, addinvoice, getuserinvoices, balance, payinvoice, gettxs', async () => {
    const secret = `lndhub://admin:${alice.adminKey}@https://paytag.example/lndhub/ext/`;
    expect(ZEUS_LNDHUB_ADDRESS.test(secret)).toBe(true);
    const zeus = new ZeusLndHub(base);
    const tokens = await zeus.login({ login: 'admin', password: alice.adminKey });
    zeus.accessToken = tokens.access_token;
    expect(tokens.refresh_token).toMatch(/^[0-9a-f]{64}$/);
    expect(await zeus.getInfo()).toMatchObject({
      alias: 'fake',
      chains: [{ chain: 'bitcoin', network: 'regtest' }],
    });

    const inv = await zeus.createInvoice({ value: '1500', memo: 'zeus test' });
    expect(inv.payment_request).toBe(inv.pay_req);
    const rHash = formattedRhash(inv);
    expect(rHash).toMatch(/^[0-9a-f]{64}$/);
    let invoices = (await zeus.getInvoices()).invoices;
    const mine = invoices.find((i: Json) => formattedRhash(i) === rHash);
    expect(mine).toMatchObject({ ispaid: false, amt: 1500, description: 'zeus test', type: 'user_invoice' });
    expect(mine.expire_time).toBe(86_400);
    expect(mine.timestamp).toBe(nowSec());
    await settleIncomingInvoice(f.t.deps, await f.node.settleFromOutside(rHash));
    invoices = (await zeus.getInvoices()).invoices;
    expect(invoices.find((i: Json) => formattedRhash(i) === rHash)).toMatchObject({
      ispaid: true,
      amt: 1500,
    });
    expect(await zeus.getLightningBalance()).toEqual({ balance: 1_001_500 });
    expect(await zeus.getNewAddress()).toEqual([]);

    const out = foreignInvoiceWithPreimage(2_000_000n, nowSec());
    f.node.payOutcomes.push({ status: 'succeeded', feeMsat: 2000n, preimage: out.preimage });
    const paid = await zeus.payLightningInvoice({ payment_request: out.payreq, amt: '2000' });
    expect(paid.payment_error).toBe('');
    expect(paid.payment_preimage).toBe(out.preimage);
    expect(sha256hex(Buffer.from(paid.payment_preimage, 'hex'))).toBe(paid.payment_hash);
    expect(paid.payment_hash).toBe(out.paymentHash);
    expect(paid.decoded).toMatchObject({ num_satoshis: '2000', payment_hash: out.paymentHash });
    const txs = (await zeus.getPayments()).payments;
    expect(txs).toHaveLength(1);
    expect(txs[0]).toMatchObject({
      type: 'paid_invoice',
      payment_preimage: out.preimage,
      payment_hash: out.paymentHash,
      fee_msat: 2000,
    });
    expect(txs[0].value).toBe(2000 + txs[0].fee);
    expect((await zeus.getLightningBalance()).balance).toBe(1_001_500 - txs[0].value);
    expect((await auditLedger(f.t.deps)).violations).toEqual([]);
  });

  it('BlueWallet (LightningCustodianWallet port): the URL as pasted, with its trailing slash', async () => {
    const secret = `lndhub://admin:${alice.adminKey}@${base}`;
    const bw = new BlueWalletLndhub(secret.split('@')[0]!, secret.split('@')[1]!);
    await bw.authorize();
    expect(await bw.fetchBalance()).toBe(1_000_000);
    const payReq = await bw.addInvoice(321, 'blue');
    expect((await bw.getUserInvoices()).map((i: Json) => i.payment_request)).toEqual([payReq]);
    expect(await bw.fetchBtcAddress()).toEqual([]);
    expect(await bw.fetchPendingTransactions()).toEqual([]);
    const out = foreignInvoiceWithPreimage(3_000_000n, nowSec());
    f.node.payOutcomes.push({ status: 'succeeded', feeMsat: 0n, preimage: out.preimage });
    const paid = await bw.payInvoice(out.payreq, 0);
    expect(paid.payment_preimage).toBe(out.preimage);
    const txs = await bw.fetchTransactions();
    expect(txs.map((t: Json) => t.payment_hash)).toEqual([out.paymentHash]);
    await bw.refreshAcessToken();
    expect(await bw.fetchBalance()).toBe(1_000_000 - txs[0].value);
    // A failed payment is an error the wallet shows: LndHub's code 10.
    const failing = foreignInvoiceWithPreimage(1_000_000n, nowSec());
    f.node.payOutcomes.push({ status: 'failed', reason: 'no route' });
    await expect(bw.payInvoice(failing.payreq)).rejects.toThrow(/\(code 10\)/);
    expect((await auditLedger(f.t.deps)).violations).toEqual([]);
  });

  it('pays another account of this service inside the ledger; the payee sees the invoice paid', async () => {
    const bobTokens = await signIn('invoice', bob.invoiceKey);
    const inv = await call('POST', '/addinvoice', bobTokens.access_token, { amt: 700, memo: 'for bob' });
    expect(inv.status).toBe(200);
    const aliceTokens = await signIn('admin', alice.adminKey);
    const paid = await call('POST', '/payinvoice', aliceTokens.access_token, {
      invoice: inv.body.payment_request,
    });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ payment_error: '', payment_hash: inv.body.payment_hash });
    expect(f.node.paid).toHaveLength(0);
    const check = await call('GET', `/checkpayment/${inv.body.payment_hash}`, bobTokens.access_token);
    expect(check.body).toEqual({ paid: true });
    expect((await call('GET', '/balance', bobTokens.access_token)).body).toEqual({
      BTC: { AvailableBalance: 700 },
    });
    // Alice's token cannot look at bob's invoice.
    const theirs = await call('GET', `/checkpayment/${inv.body.payment_hash}`, aliceTokens.access_token);
    expect(theirs).toMatchObject({ status: 404, body: { error: true, code: 8 } });
    expect((await auditLedger(f.t.deps)).violations).toEqual([]);
  });

  it('an invoice-login token is receive-only: payinvoice is refused and nothing moves', async () => {
    // The admin key signed in as `invoice` (what ZEUS's receive-only mode sends) gets receive-only tokens.
    for (const key of [alice.invoiceKey, alice.adminKey]) {
      const t = await signIn('invoice', key);
      expect((await call('POST', '/addinvoice', t.access_token, { amt: '10' })).status).toBe(200);
      const out = foreignInvoiceWithPreimage(1_000_000n, nowSec());
      const r = await call('POST', '/payinvoice', t.access_token, { invoice: out.payreq });
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ error: true, code: 1 });
    }
    expect(f.node.paid).toHaveLength(0);
    // The invoice key cannot sign in as admin.
    const r = await call('POST', '/auth?type=auth', null, { login: 'admin', password: alice.invoiceKey });
    expect(r).toEqual({ status: 401, body: { error: true, code: 1, message: 'bad auth' } });
  });

  it('tokens expire; refresh gives a new pair once; an expired refresh token is refused', async () => {
    const t = await signIn('admin', alice.adminKey);
    f.clock.advance(7200 * 1000 - 1);
    expect((await call('GET', '/balance', t.access_token)).status).toBe(200);
    f.clock.advance(1);
    expect(await call('GET', '/balance', t.access_token)).toEqual({
      status: 401,
      body: { error: true, code: 1, message: 'bad auth' },
    });
    const fresh = await call('POST', '/auth?type=refresh_token', null, { refresh_token: t.refresh_token });
    expect(fresh.status).toBe(200);
    expect(fresh.body.access_token).not.toBe(t.access_token);
    expect((await call('GET', '/balance', fresh.body.access_token)).status).toBe(200);
    // A refresh token is good once.
    const again = await call('POST', '/auth?type=refresh_token', null, { refresh_token: t.refresh_token });
    expect(again.status).toBe(401);
    // An access token is not a refresh token, nor the other way round.
    expect((await call('POST', '/auth', null, { refresh_token: fresh.body.access_token })).status).toBe(401);
    expect((await call('GET', '/balance', fresh.body.refresh_token)).status).toBe(401);
    f.clock.advance(604_800 * 1000);
    expect(
      (await call('POST', '/auth?type=refresh_token', null, { refresh_token: fresh.body.refresh_token }))
        .status,
    ).toBe(401);
  });

  it('two refreshes with one refresh token at once: one gets a pair, the other bad auth', async () => {
    const t = await signIn('admin', alice.adminKey);
    const both = await Promise.all(
      [0, 1].map(() => call('POST', '/auth?type=refresh_token', null, { refresh_token: t.refresh_token })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('a key keeps LNDHUB_SIGNINS_PER_KEY sign-ins; a new one ends the oldest', async () => {
    const capped = await testRuntime(
      dialect,
      { LNDHUB_SIGNINS_PER_KEY: '2' },
      { databaseUrl: f.t.databaseUrl },
    );
    try {
      const signInAt = async () =>
        (
          await capped.app.inject({
            method: 'POST',
            url: '/lndhub/ext/auth',
            payload: { login: 'admin', password: alice.adminKey },
          })
        ).json() as { access_token: string; refresh_token: string };
      const balanceWith = async (token: string) =>
        (
          await capped.app.inject({
            method: 'GET',
            url: '/lndhub/ext/balance',
            headers: { authorization: `Bearer ${token}` },
          })
        ).statusCode;
      const first = await signInAt();
      const second = await signInAt();
      expect([await balanceWith(first.access_token), await balanceWith(second.access_token)]).toEqual([
        200, 200,
      ]);
      const third = await signInAt();
      expect([
        await balanceWith(first.access_token),
        await balanceWith(second.access_token),
        await balanceWith(third.access_token),
      ]).toEqual([401, 200, 200]);
      const refreshed = await capped.app.inject({
        method: 'POST',
        url: '/lndhub/ext/auth?type=refresh_token',
        payload: { refresh_token: first.refresh_token },
      });
      expect(refreshed.statusCode).toBe(401);
    } finally {
      await capped.close();
    }
  });

  it('rotating the key ends its tokens at once, on every instance; disabling the account too', async () => {
    const second = await testRuntime(
      dialect,
      {},
      { databaseUrl: f.t.databaseUrl, clock: f.clock, lightning: f.node },
    );
    try {
      const t = await signIn('admin', alice.adminKey);
      const onSecond = () =>
        second.app.inject({
          method: 'GET',
          url: '/lndhub/ext/balance',
          headers: { authorization: `Bearer ${t.access_token}` },
        });
      expect((await onSecond()).statusCode).toBe(200);
      // The invoice key's rotation leaves the admin key's tokens alone.
      expect((await rotateKey(f.t.deps, alice.usertag, 'invoice')).ok).toBe(true);
      expect((await onSecond()).statusCode).toBe(200);
      const rotated = await rotateKey(f.t.deps, alice.usertag, 'admin');
      expect(rotated.ok).toBe(true);
      expect((await onSecond()).json()).toEqual({ error: true, code: 1, message: 'bad auth' });
      expect((await call('GET', '/balance', t.access_token)).status).toBe(401);
      expect((await call('POST', '/auth', null, { refresh_token: t.refresh_token })).status).toBe(401);
      // The new key signs in; disabling the account refuses its tokens.
      const t2 = await signIn('admin', rotated.ok ? rotated.value : '');
      expect((await call('GET', '/balance', t2.access_token)).status).toBe(200);
      await disableAccount(f.t.deps, { accountId: null, name: 'operator:root' }, alice.usertag, 'test');
      const off = await second.app.inject({
        method: 'GET',
        url: '/lndhub/ext/balance',
        headers: { authorization: `Bearer ${t2.access_token}` },
      });
      expect(off.statusCode).toBe(403);
      expect(off.json()).toMatchObject({ error: true, code: 1 });
    } finally {
      await second.close();
    }
  });

  it('bad inputs are LndHub-shaped 4xx, never a 500', async () => {
    const t = (await signIn('admin', alice.adminKey)).access_token;
    const cases: Array<[string, 'GET' | 'POST', string, string | null, unknown, number, number]> = [
      ['no token', 'GET', '/balance', null, undefined, 401, 1],
      ['a made-up token', 'GET', '/balance', 'ab'.repeat(32), undefined, 401, 1],
      ['an API key as token', 'GET', '/balance', alice.adminKey, undefined, 401, 1],
      ['unknown login', 'POST', '/auth?type=auth', null, { login: 'root', password: alice.adminKey }, 401, 1],
      ['wrong password', 'POST', '/auth?type=auth', null, { login: 'admin', password: 'x' }, 401, 1],
      ['no body', 'POST', '/auth?type=auth', null, undefined, 400, 8],
      ['password an array', 'POST', '/auth?type=auth', null, { login: 'admin', password: [1] }, 400, 8],
      ['bad type', 'POST', '/auth?type=nope', null, { login: 'admin', password: alice.adminKey }, 400, 8],
      ['no amt', 'POST', '/addinvoice', t, { memo: 'x' }, 400, 8],
      ['amt zero', 'POST', '/addinvoice', t, { amt: 0 }, 400, 8],
      ['amt negative', 'POST', '/addinvoice', t, { amt: '-5' }, 400, 8],
      ['amt decimal', 'POST', '/addinvoice', t, { amt: '1.5' }, 400, 8],
      ['amt too big', 'POST', '/addinvoice', t, { amt: '2100000000000001' }, 400, 8],
      ['memo an object', 'POST', '/addinvoice', t, { amt: 1, memo: { a: 1 } }, 400, 8],
      ['memo too long', 'POST', '/addinvoice', t, { amt: 1, memo: 'x'.repeat(700) }, 400, 8],
      ['bad description_hash', 'POST', '/addinvoice', t, { amt: 1, description_hash: 'zz' }, 400, 8],
      ['no invoice', 'POST', '/payinvoice', t, {}, 400, 8],
      ['not an invoice', 'POST', '/payinvoice', t, { invoice: 'lnbc1nope' }, 400, 4],
      ['amount not a number', 'POST', '/payinvoice', t, { invoice: 'lnbc1nope', amount: 'ten' }, 400, 8],
      ['bad hash', 'GET', '/checkpayment/xyz', t, undefined, 400, 8],
      ['unknown hash', 'GET', `/checkpayment/${'0'.repeat(64)}`, t, undefined, 404, 8],
      ['no invoice to decode', 'GET', '/decodeinvoice', t, undefined, 400, 8],
      ['bad invoice to decode', 'GET', '/decodeinvoice?invoice=lnbc1xyz', t, undefined, 400, 4],
      ['bad limit', 'GET', '/gettxs?limit=0', t, undefined, 400, 8],
      ['bad offset', 'GET', '/getuserinvoices?offset=-1', t, undefined, 400, 8],
      ['unknown path', 'GET', '/getchaninfo/1', t, undefined, 404, 8],
    ];
    for (const [name, method, path, token, body, status, code] of cases) {
      const r = await call(method, path, token, body);
      expect({ name, status: r.status, error: r.body.error, code: r.body.code }).toEqual({
        name,
        status,
        error: true,
        code,
      });
      expect(typeof r.body.message).toBe('string');
    }
    // An amountless invoice needs an amount; more than the balance is "not enough balance".
    const amountless = encodeInvoice(
      {
        network: 'regtest',
        amountMsat: null,
        paymentHash: sha256hex(randomBytes(32)),
        paymentSecret: randomBytes(32),
        description: 'tip',
        expirySec: 3600,
        createdAtSec: nowSec(),
      },
      randomBytes(32),
    );
    expect((await call('POST', '/payinvoice', t, { invoice: amountless, amount: 0 })).body).toMatchObject({
      code: 8,
    });
    const tooMuch = await call('POST', '/payinvoice', t, { invoice: amountless, amount: '5000000' });
    expect(tooMuch).toMatchObject({ status: 422, body: { error: true, code: 2 } });
    expect(f.node.paid).toHaveLength(0);
    expect((await auditLedger(f.t.deps)).violations).toEqual([]);
  });

  it('a payment still under way after the wait: 202 code 9, shown in gettxs, not paid twice', async () => {
    const t = (await signIn('admin', alice.adminKey)).access_token;
    const out = foreignInvoiceWithPreimage(4_000_000n, nowSec());
    f.node.payOutcomes.push({ status: 'pending' });
    const r = await call('POST', '/payinvoice', t, { invoice: out.payreq });
    expect(r).toMatchObject({ status: 202, body: { error: true, code: 9 } });
    const txs = (await call('GET', '/gettxs', t)).body;
    expect(txs).toMatchObject([
      { payment_hash: out.paymentHash, memo: 'Payment in transition', payment_preimage: '' },
    ]);
    const again = await call('POST', '/payinvoice', t, { invoice: out.payreq });
    expect(again).toMatchObject({ status: 409, body: { error: true, code: 4 } });
    expect(f.node.paid).toHaveLength(1);
    expect((await auditLedger(f.t.deps)).violations).toEqual([]);
  });

  it('addinvoice puts description_hash (hex or base64) into the invoice’s h field', async () => {
    const t = (await signIn('invoice', alice.invoiceKey)).access_token;
    const metadata = '[["text/plain","lnurl-pay"]]';
    const hash = createHash('sha256').update(metadata).digest();
    for (const given of [hash.toString('hex'), hash.toString('base64')]) {
      const r = await call('POST', '/addinvoice', t, { amt: '21', memo: metadata, description_hash: given });
      expect(r.status).toBe(200);
      const d = f.t.deps.decodeInvoice(r.body.payment_request);
      if (!d.ok) throw new Error(d.message);
      expect(d.invoice.descriptionHash).toBe(hash.toString('hex'));
      expect(d.invoice.amountMsat).toBe(21_000n);
    }
  });

  it('the sweep deletes tokens past their end, and only those', async () => {
    const old = await signIn('admin', alice.adminKey);
    f.clock.advance(604_800 * 1000 + 1);
    const fresh = await signIn('admin', alice.adminKey);
    expect(await sweepLndhubTokens(f.t.deps, new AbortController().signal)).toBe(2);
    expect((await call('POST', '/auth', null, { refresh_token: old.refresh_token })).status).toBe(401);
    expect((await call('GET', '/balance', fresh.access_token)).status).toBe(200);
    expect(await sweepLndhubTokens(f.t.deps, new AbortController().signal)).toBe(0);
  });

  it('decodeinvoice answers LND’s decodepayreq fields', async () => {
    const t = (await signIn('invoice', alice.invoiceKey)).access_token;
    const out = foreignInvoiceWithPreimage(123_000n, nowSec());
    const r = await call('GET', `/decodeinvoice?invoice=${out.payreq}`, t);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      payment_hash: out.paymentHash,
      num_satoshis: '123',
      num_msat: '123000',
      description: 'coffee elsewhere',
      expiry: '3600',
      timestamp: String(nowSec()),
    });
    expect(r.body.destination).toMatch(/^0[23][0-9a-f]{64}$/);
  });
});

describe.each(DIALECTS)('LNDhub rate limits on %s', (dialect) => {
  let a: TestRuntime;
  let b: TestRuntime;
  let alice: TestAccount;
  beforeEach(async () => {
    const env = { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_STORE: 'database', RATE_LIMIT_PER_10_MINUTES: '6' };
    a = await testRuntime(dialect, env);
    b = await testRuntime(dialect, env, { databaseUrl: a.databaseUrl });
    alice = await makeAccount(a.deps);
  });
  afterEach(async () => {
    await b.close();
    await a.close();
  });

  it('a token counts against its key, with the key’s own /lapi calls, across instances', async () => {
    const auth = await a.app.inject({
      method: 'POST',
      url: '/lndhub/ext/auth?type=auth',
      payload: { login: 'invoice', password: alice.invoiceKey },
    });
    const token = auth.json().access_token as string;
    const hub = (t: TestRuntime) =>
      t.app.inject({
        method: 'GET',
        url: '/lndhub/ext/balance',
        headers: { authorization: `Bearer ${token}` },
      });
    const lapi = (t: TestRuntime) =>
      t.app.inject({ method: 'GET', url: '/lapi/v1/wallet', headers: { 'x-api-key': alice.invoiceKey } });
    const statuses = [
      (await hub(a)).statusCode,
      (await hub(b)).statusCode,
      (await lapi(a)).statusCode,
      (await lapi(b)).statusCode,
      (await hub(a)).statusCode,
      (await hub(b)).statusCode,
    ];
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    const over = await hub(b);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ error: true, code: 6 });
    expect((await lapi(a)).statusCode).toBe(429);
  });
});
