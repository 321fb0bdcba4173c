import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { payFromOutside } from '../../src/app/sandbox/pay-from-outside.ts';
import type { Dialect } from '../../src/db/database.ts';
import { fakeNodeRuntime, foreignInvoice } from '../fixtures/lightning/fake-node.ts';
import { DIALECTS, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

// The real client: lightning-backends 1.7.0 (dev dependency), its `lnbits` backend
// (node_modules/lightning-backends/lib/backends/lnbits.js), as Bleskomat ATMs and the `lnurl` server run it.
interface LnBackend {
  addInvoice(
    amountMsat: number,
    extra: { description: string; descriptionHash?: string },
  ): Promise<{ invoice: string }>;
  payInvoice(invoice: string): Promise<{ id: null; preimage: null }>;
  getInvoiceStatus(paymentHash: string): Promise<{ preimage: string | null; settled: boolean }>;
  getBalance(): Promise<number>;
}
const lightningBackends = createRequire(import.meta.url)('lightning-backends') as {
  prepareBackend(name: 'lnbits', options: { baseUrl: string; adminKey: string }): LnBackend;
};

const runtimes: TestRuntime[] = [];
afterEach(async () => {
  for (const rt of runtimes.splice(0)) {
    expect((await auditLedger(rt.deps)).violations).toEqual([]);
    await rt.close();
  }
});

async function sandbox(dialect: Dialect, env: Record<string, string> = {}) {
  const rt = await testRuntime(dialect, { SANDBOX_NODE_KEY: '11'.repeat(32), ...env });
  runtimes.push(rt);
  return rt;
}

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

describe.each(DIALECTS)('LNbits wallet API (%s)', (dialect) => {
  const call = (
    rt: TestRuntime,
    method: 'GET' | 'POST',
    url: string,
    key: string | null,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    rt.app.inject({
      method,
      url,
      headers: { ...(key === null ? {} : { 'X-Api-Key': key }), ...headers },
      ...(body === undefined ? {} : { payload: body as object }),
    });

  it('lightning-backends (lnbits): balance, an invoice with a description hash, its status, paying another account', async () => {
    const rt = await sandbox(dialect);
    const base = await rt.app.listen({ port: 0, host: '127.0.0.1' });
    const shop = await makeAccount(rt.deps);
    const payer = await makeAccount(rt.deps, { fund: { lbtc: '0.001' } });
    const shopLn = lightningBackends.prepareBackend('lnbits', { baseUrl: base, adminKey: shop.adminKey });
    const payerLn = lightningBackends.prepareBackend('lnbits', { baseUrl: base, adminKey: payer.adminKey });

    expect(await payerLn.getBalance()).toBe(100_000_000); // 0.001 BTC in msat
    expect(await shopLn.getBalance()).toBe(0);

    const metadata = JSON.stringify([['text/plain', 'ATM withdrawal']]);
    const made = await shopLn.addInvoice(21_000, {
      description: metadata,
      descriptionHash: sha256(metadata),
    });
    const decoded = rt.deps.decodeInvoice(made.invoice);
    if (!decoded.ok) throw new Error(decoded.message);
    expect(decoded.invoice.amountMsat).toBe(21_000n);
    expect(decoded.invoice.descriptionHash).toBe(sha256(metadata));
    const hash = decoded.invoice.paymentHash;
    expect(await shopLn.getInvoiceStatus(hash)).toEqual({ preimage: null, settled: false });

    // Paid through the one payment engine (an invoice of this service: settled inside the ledger).
    expect(await payerLn.payInvoice(made.invoice)).toEqual({ id: null, preimage: null });
    const status = await shopLn.getInvoiceStatus(hash);
    expect(status.settled).toBe(true);
    expect(await shopLn.getBalance()).toBe(21_000);
    expect(await payerLn.getBalance()).toBe(100_000_000 - 21_000);

    // The same invoice paid again is refused (LNbits' 520 with status failed), nothing moves.
    await expect(payerLn.payInvoice(made.invoice)).rejects.toThrow(/520/);
    expect(await payerLn.getBalance()).toBe(100_000_000 - 21_000);
  });

  it('the key: X-Api-Key in any case and URI-encoded, or ?api-key=; invoice key vs admin key', async () => {
    const rt = await sandbox(dialect);
    const a = await makeAccount(rt.deps, { fund: { lbtc: '0.0001' } });
    for (const headers of [
      { 'x-api-key': a.invoiceKey },
      { 'X-API-KEY': encodeURIComponent(a.invoiceKey) },
    ]) {
      const r = await rt.app.inject({ method: 'GET', url: '/api/v1/wallet', headers });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ name: a.usertag, balance: 10_000_000 });
    }
    const byQuery = await call(rt, 'GET', `/api/v1/wallet?api-key=${a.adminKey}`, null);
    expect(byQuery.json()).toEqual({ id: a.usertag, name: a.usertag, balance: 10_000_000 });

    const none = await call(rt, 'GET', '/api/v1/wallet', null);
    expect([none.statusCode, none.json()]).toEqual([401, { detail: 'No Api Key provided.' }]);
    const unknown = await call(rt, 'GET', '/api/v1/wallet', 'x'.repeat(40));
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { detail: 'Wallet not found.' }]);

    const { payreq } = foreignInvoice(1000n);
    const refused = await call(rt, 'POST', '/api/v1/payments', a.invoiceKey, { out: true, bolt11: payreq });
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      { detail: 'Invoice (or Admin) key required.' },
    ]);
    // LNbits' default for `out` is true: an invoice key without it is refused the same way.
    const noOut = await call(rt, 'POST', '/api/v1/payments', a.invoiceKey, { bolt11: payreq });
    expect(noOut.statusCode).toBe(403);
    const lnurl = await call(rt, 'POST', '/api/v1/payments/lnurl', a.invoiceKey, {
      lnurl: 'x@y.z',
      amount: 1000,
    });
    expect([lnurl.statusCode, lnurl.json()]).toEqual([403, { detail: 'Invalid adminkey.' }]);
  });

  it('create answers 201 with payment_hash, payment_request, bolt11 and checking_id; status by hash with and without a key', async () => {
    const rt = await sandbox(dialect);
    const a = await makeAccount(rt.deps);
    const b = await makeAccount(rt.deps);
    const r = await call(rt, 'POST', '/api/v1/payments', a.invoiceKey, {
      out: false,
      amount: 250,
      memo: 'coffee',
    });
    expect(r.statusCode).toBe(201);
    const p = r.json();
    expect(p).toMatchObject({
      amount: 250_000,
      fee: 0,
      memo: 'coffee',
      status: 'pending',
      pending: true,
      wallet_id: a.usertag,
      preimage: null,
    });
    expect(p.payment_request).toBe(p.bolt11);
    expect(p.checking_id).toBe(p.payment_hash);
    expect(p.payment_hash).toMatch(/^[0-9a-f]{64}$/);

    const mine = await call(rt, 'GET', `/api/v1/payments/${p.payment_hash}`, a.invoiceKey);
    expect(mine.json()).toMatchObject({ paid: false, status: 'pending', preimage: null });
    expect(mine.json().details).toMatchObject({ pending: true, status: 'pending', fee: 0, amount: 250_000 });
    // Without a key: whether it is paid, nothing more (no details, no preimage).
    expect((await call(rt, 'GET', `/api/v1/payments/${p.payment_hash}`, null)).json()).toEqual({
      paid: false,
    });
    // With another wallet's key: not that wallet's payment, as LNbits answers.
    const other = await call(rt, 'GET', `/api/v1/payments/${p.payment_hash}`, b.invoiceKey);
    expect([other.statusCode, other.json()]).toEqual([404, { detail: 'Payment does not exist.' }]);

    expect((await payFromOutside(rt.deps, p.bolt11)).ok).toBe(true);
    const paid = await call(rt, 'GET', `/api/v1/payments/${p.payment_hash}`, a.invoiceKey);
    expect(paid.json()).toMatchObject({
      paid: true,
      status: 'success',
      details: { status: 'success', pending: false },
    });
    expect((await call(rt, 'GET', `/api/v1/payments/${p.payment_hash}`, null)).json()).toEqual({
      paid: true,
    });
    expect((await call(rt, 'GET', '/api/v1/wallet', a.invoiceKey)).json().balance).toBe(250_000);
  });

  it('the list: newest first, msat, outgoing negative; limit and offset', async () => {
    const rt = await sandbox(dialect);
    const a = await makeAccount(rt.deps, { fund: { lbtc: '0.001' } });
    const b = await makeAccount(rt.deps);
    const inv = (await call(rt, 'POST', '/api/v1/payments', b.invoiceKey, { out: false, amount: 5 })).json();
    const sent = await call(rt, 'POST', '/api/v1/payments', a.adminKey, { out: true, bolt11: inv.bolt11 });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ amount: -5000, status: 'success', payment_hash: inv.payment_hash });
    await call(rt, 'POST', '/api/v1/payments', a.invoiceKey, { out: false, amount: 7 });
    const list = (await call(rt, 'GET', '/api/v1/payments?limit=10', a.invoiceKey)).json();
    // The faucet's funding is a ledger transfer, not a payment: the list holds the two payments.
    expect(list.map((p: { amount: number }) => p.amount)).toEqual([7000, -5000]);
    const page = (
      await call(rt, 'GET', `/api/v1/payments?limit=1&offset=1&api-key=${a.invoiceKey}`, null)
    ).json();
    expect(page.map((p: { amount: number }) => p.amount)).toEqual([-5000]);
    const bad = await call(rt, 'GET', '/api/v1/payments?offset=-1', a.invoiceKey);
    expect([bad.statusCode, typeof bad.json().detail]).toEqual([400, 'string']);
  });

  it('bad inputs are LNbits-shaped 4xx, never a 500', async () => {
    const rt = await sandbox(dialect);
    const a = await makeAccount(rt.deps, { fund: { lbtc: '0.0001' } });
    const bodies: unknown[] = [
      { out: false },
      { out: false, amount: -1 },
      { out: false, amount: 1.5 },
      { out: false, amount: 0 },
      { out: false, amount: '1e3' },
      { out: false, amount: [1] },
      { out: false, amount: 10, unit: 'USD' },
      { out: false, amount: 10, memo: 'x'.repeat(700) },
      { out: false, amount: 10, expiry: -5 },
      { out: false, amount: 10, description_hash: 'zz' },
      { out: false, amount: 10, description_hash: 'ab'.repeat(32), unhashed_description: 'abcd' },
      { out: 'maybe', amount: 10 },
      { out: true },
      { out: true, bolt11: 'lnbc1nonsense' },
      { out: true, bolt11: foreignInvoice(null).payreq },
      { out: true, bolt11: foreignInvoice(10n ** 15n).payreq },
      'not json',
      [],
    ];
    for (const body of bodies) {
      const r = await call(rt, 'POST', '/api/v1/payments', a.adminKey, body, {
        'content-type': 'application/json',
      });
      expect([400, 413, 520], JSON.stringify(body)).toContain(r.statusCode);
      expect(typeof r.json().detail, JSON.stringify(body)).toBe('string');
    }
    for (const hash of ['nope', 'zz'.repeat(32), '0'.repeat(64), 'internal_', 'internal_abcdefghijklmnop']) {
      const r = await call(rt, 'GET', `/api/v1/payments/${hash}`, a.invoiceKey);
      expect([r.statusCode, r.json()], hash).toEqual([404, { detail: 'Payment does not exist.' }]);
    }
    const nul = await call(rt, 'GET', '/api/v1/payments/%00', a.invoiceKey);
    expect([nul.statusCode, typeof nul.json().detail]).toEqual([400, 'string']);
    const decodeBad = await call(rt, 'POST', '/api/v1/payments/decode', null, { data: 'lnbc1xyz' });
    expect(decodeBad.statusCode).toBe(400);
    expect(decodeBad.json().detail).toMatch(/^Failed to decode/);
    for (const body of [
      {},
      { lnurl: 'a@b.c' },
      { amount: 1000 },
      { res: 'x', amount: 1000 },
      { res: {}, amount: 1 },
    ]) {
      const r = await call(rt, 'POST', '/api/v1/payments/lnurl', a.adminKey, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('LNURL-pay: a Lightning address, and a payRequest the client fetched (its callback asked, the invoice checked)', async () => {
    const rt = await sandbox(dialect);
    const a = await makeAccount(rt.deps, { fund: { lbtc: '0.001' } });
    const b = await makeAccount(rt.deps);
    const byAddress = await call(rt, 'POST', '/api/v1/payments/lnurl', a.adminKey, {
      lnurl: `${b.usertag}@paytag.test`,
      amount: 3000,
    });
    expect(byAddress.statusCode).toBe(200);
    expect(byAddress.json()).toMatchObject({ amount: -3000, status: 'success' });
    // The payRequest as the client fetched it (LUD-16), its callback this service's own.
    const res = (await rt.app.inject({ method: 'GET', url: `/.well-known/lnurlp/${b.usertag}` })).json();
    const byRes = await call(rt, 'POST', '/api/v1/payments/lnurl', a.adminKey, { res, amount: 4000 });
    expect(byRes.statusCode).toBe(200);
    expect(byRes.json()).toMatchObject({ amount: -4000, status: 'success' });
    // Metadata that is not what the callback's invoice commits to: refused, nothing paid.
    const forged = await call(rt, 'POST', '/api/v1/payments/lnurl', a.adminKey, {
      res: { ...res, metadata: '[["text/plain","something else"]]' },
      amount: 5000,
    });
    expect(forged.statusCode).toBe(520);
    expect(forged.json()).toMatchObject({ status: 'failed' });
    const outOfBounds = await call(rt, 'POST', '/api/v1/payments/lnurl', a.adminKey, { res, amount: 1 });
    expect(outOfBounds.statusCode).toBe(520);
    expect((await call(rt, 'GET', '/api/v1/wallet', b.invoiceKey)).json().balance).toBe(7000);
  });

  it('one invoice paid by eight requests at once: exactly one pays; an Idempotency-Key replays the first answer', async () => {
    const rt = await sandbox(dialect);
    const a = await makeAccount(rt.deps, { fund: { lbtc: '0.001' } });
    const b = await makeAccount(rt.deps);
    const inv = (
      await call(rt, 'POST', '/api/v1/payments', b.invoiceKey, { out: false, amount: 100 })
    ).json();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(rt, 'POST', '/api/v1/payments', a.adminKey, { out: true, bolt11: inv.bolt11 }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 520, 520, 520, 520, 520, 520, 520]);
    expect((await call(rt, 'GET', '/api/v1/wallet', b.invoiceKey)).json().balance).toBe(100_000);
    expect((await call(rt, 'GET', '/api/v1/wallet', a.invoiceKey)).json().balance).toBe(
      100_000_000 - 100_000,
    );

    const inv2 = (
      await call(rt, 'POST', '/api/v1/payments', b.invoiceKey, { out: false, amount: 50 })
    ).json();
    const key = { 'idempotency-key': 'lnbits-pay-1' };
    const first = await call(
      rt,
      'POST',
      '/api/v1/payments',
      a.adminKey,
      { out: true, bolt11: inv2.bolt11 },
      key,
    );
    const again = await call(
      rt,
      'POST',
      '/api/v1/payments',
      a.adminKey,
      { out: true, bolt11: inv2.bolt11 },
      key,
    );
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json().checking_id).toBe(first.json().checking_id);
    expect((await call(rt, 'GET', '/api/v1/wallet', b.invoiceKey)).json().balance).toBe(150_000);
  });

  it('unknown paths of the API answer in its shape; the native /api/v1/auth keeps its own', async () => {
    const rt = await sandbox(dialect);
    for (const [method, url] of [
      ['GET', '/api/v1/payments/paginated/x'],
      ['PUT', '/api/v1/payments/abc'],
      ['GET', '/api/v1/wallet/paginated'],
    ] as const) {
      const r = await rt.app.inject({ method, url, ...(method === 'GET' ? {} : { payload: {} }) });
      expect([r.statusCode, r.json()], url).toEqual([404, { detail: 'Not Found' }]);
    }
    const auth = await rt.app.inject({ method: 'POST', url: '/api/v1/auth', payload: {} });
    expect(auth.statusCode).toBe(401);
    expect(auth.json()).toMatchObject({ status: false, success: false, code: 'unauthorized' });
  });

  it('decode: a BOLT11 invoice in LNbits’ fields, filter_fields, and an LNURL as its URL', async () => {
    const rt = await sandbox(dialect);
    const { payreq, paymentHash } = foreignInvoice(12_345n);
    const r = await call(rt, 'POST', '/api/v1/payments/decode', null, { data: payreq });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      currency: 'bcrt',
      amount_msat: 12_345,
      payment_hash: paymentHash,
      description: 'coffee elsewhere',
      expiry: 3600,
    });
    const only = await call(rt, 'POST', '/api/v1/payments/decode', null, {
      data: payreq,
      filter_fields: ['payment_hash'],
    });
    expect(only.json()).toEqual({ payment_hash: paymentHash });
    const lnurl =
      'LNURL1DP68GURN8GHJ7UM9WFMXJCM99E3K7MF0V9CXJ0M385EKVCENXC6R2C35XVUKXEFCV5MKVV34X5EKZD3EV56NYD3HXQURZEPEXEJXXEPNXSCRVWFNV9NXZCN9XQ6XYEFHVGCXXCMYXYMNSERXFQ5FNS';
    const u = await call(rt, 'POST', '/api/v1/payments/decode', null, { data: lnurl });
    expect(u.statusCode).toBe(200);
    expect(u.json().domain).toMatch(/^https:\/\/service\.com\/api\?q=/);
  });
});

describe.each(DIALECTS)('LNbits wallet API paying another node (%s)', (dialect) => {
  it('out: true pays through the engine with its fee limits: routing fee in details.fee (negative), the preimage', async () => {
    const { t, node } = await fakeNodeRuntime(dialect);
    runtimes.push(t);
    const a = await makeAccount(t.deps, { fund: { lbtc: '0.001' } });
    node.payOutcomes.push({ status: 'succeeded', feeMsat: 1500n, preimage: 'ab'.repeat(32) });
    const { payreq, paymentHash } = foreignInvoice(50_000n);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: { 'x-api-key': a.adminKey },
      payload: { out: true, bolt11: payreq },
    });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({
      payment_hash: paymentHash,
      checking_id: paymentHash,
      status: 'success',
    });
    expect(node.paid[0]?.maxFeeMsat).toBeGreaterThan(0n);
    const s = await t.app.inject({
      method: 'GET',
      url: `/api/v1/payments/${paymentHash}`,
      headers: { 'x-api-key': a.adminKey },
    });
    expect(s.json()).toMatchObject({
      paid: true,
      status: 'success',
      preimage: 'ab'.repeat(32),
      details: { amount: -50_000, status: 'success', pending: false },
    });
    expect(s.json().details.fee).toBeLessThanOrEqual(-1500);

    // A payment the node refuses: 520, status failed, and the balance is whole again.
    node.payOutcomes.push({ status: 'failed', reason: 'no route' });
    const before = (
      await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: { 'x-api-key': a.adminKey } })
    ).json().balance;
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: { 'x-api-key': a.adminKey },
      payload: { out: true, bolt11: foreignInvoice(10_000n).payreq },
    });
    expect(failed.statusCode).toBe(520);
    expect(failed.json()).toMatchObject({ status: 'failed' });
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: { 'x-api-key': a.adminKey } })
    ).json().balance;
    expect(after).toBe(before);
  });
});
