import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { encodeLnurl } from '../../src/domain/lnurl.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';
import { freePort } from '../fixtures/server-process.ts';

describe.each(DIALECTS)('Lightning addresses over real HTTP on %s', (dialect) => {
  let t: TestRuntime;
  let base: string;
  let host: string;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeEach(async () => {
    // The Lightning address and its callback are built from PUBLIC_URL: the port is chosen first.
    const port = await freePort();
    host = `127.0.0.1:${port}`;
    base = `http://${host}`;
    t = await testRuntime(dialect, {
      LNURL_ALLOW_PRIVATE: 'true',
      SANDBOX_NODE_KEY: '22'.repeat(32),
      PUBLIC_URL: base,
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    alice = await makeAccount(t.deps, { fund: { lbtc: '0.01' } });
    bob = await makeAccount(t.deps);
  });
  afterEach(() => t.close());

  const api = (path: string, init: RequestInit & { key: string }) =>
    fetch(`${base}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', 'x-api-key': init.key },
    });

  it('serves a LUD-16 payRequest whose callback issues an invoice committing to its metadata', async () => {
    const res = await fetch(`${base}/.well-known/lnurlp/${bob.usertag}`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Record<string, unknown>;
    expect(doc).toMatchObject({
      tag: 'payRequest',
      callback: `${base}/lnurlp/${bob.usertag}/callback`,
      minSendable: 1000,
    });
    expect(JSON.parse(doc['metadata'] as string)).toEqual([
      ['text/plain', `Payment to ${bob.usertag}`],
      ['text/identifier', `${bob.usertag}@${host}`],
    ]);
    const cb = (await (await fetch(`${doc['callback']}?amount=21000`)).json()) as {
      pr: string;
      routes: unknown[];
    };
    expect(cb.routes).toEqual([]);
    const decoded = t.deps.decodeInvoice(cb.pr);
    expect(decoded.ok && decoded.invoice.amountMsat).toBe(21_000n);
    expect(decoded.ok && decoded.invoice.descriptionHash).toBe(
      createHash('sha256')
        .update(doc['metadata'] as string)
        .digest('hex'),
    );

    const unknown = await fetch(`${base}/.well-known/lnurlp/nobody_here`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ status: 'ERROR' });
    const tooSmall = await fetch(`${base}/lnurlp/${bob.usertag}/callback?amount=999`);
    expect(tooSmall.status).toBe(422);
    expect(await tooSmall.json()).toMatchObject({ status: 'ERROR' });
    expect((await fetch(`${base}/lnurlp/${bob.usertag}/callback?amount=abc`)).status).toBe(400);
  });

  it('send by LNURL to this service’s own Lightning address settles inside the ledger', async () => {
    const res = await api('/lapi/v1/send', {
      method: 'POST',
      key: alice.adminKey,
      body: JSON.stringify({
        payment_mode: 'lightning',
        lightning_invoice_type: 'lnurl',
        lightning_invoice: `${bob.usertag}@${host}`,
        amount: '0.00021',
      }),
    });
    const body = (await res.json()) as { status: boolean; data: { tid: string }; message: string };
    expect([res.status, body.message]).toEqual([200, 'Paid']);

    const sent = (await (
      await api(`/lapi/v1/checkPayment?tid=${body.data.tid}`, { key: alice.invoiceKey })
    ).json()) as {
      data: Record<string, unknown>;
    };
    expect(sent.data).toMatchObject({
      amount: '-0.00021000',
      status: 'paid',
      lightning_invoice: { lightning_invoice_type: 'lnurl' },
      total_fee: { network_fee: null },
    });
    const received = (await (await api('/lapi/v1/history?limit=5', { key: bob.invoiceKey })).json()) as {
      data: Array<Record<string, unknown>>;
    };
    expect(received.data).toHaveLength(1);
    expect(received.data[0]).toMatchObject({
      amount: '0.00021000',
      status: 'paid',
      receiver_usertag: bob.usertag,
      lightning_invoice: { lightning_invoice_type: 'lnurl' },
    });
    const wallet = (await (await api('/lapi/v1/wallet', { key: bob.invoiceKey })).json()) as {
      data: { balance_lbtc: string };
    };
    expect(wallet.data.balance_lbtc).toBe('0.00021000');
    expect((await auditLedger(t.deps)).violations).toEqual([]);
  });

  it('refuses an amount outside the address’s bounds and an unreachable LNURL, moving nothing', async () => {
    const send = (lightning_invoice: string, amount: string) =>
      api('/lapi/v1/send', {
        method: 'POST',
        key: alice.adminKey,
        body: JSON.stringify({
          payment_mode: 'lightning',
          lightning_invoice_type: 'lnurl',
          lightning_invoice,
          amount,
        }),
      });
    const tooBig = await send(`${bob.usertag}@${host}`, '5');
    expect([tooBig.status, ((await tooBig.json()) as { code: string }).code]).toEqual([
      422,
      'amount_out_of_range',
    ]);
    const nowhere = await send(`${bob.usertag}@127.0.0.1:1`, '0.0001');
    expect([nowhere.status, ((await nowhere.json()) as { code: string }).code]).toEqual([
      422,
      'lnurl_unreachable',
    ]);
    const wallet = (await (await api('/lapi/v1/wallet', { key: alice.invoiceKey })).json()) as {
      data: { balance_lbtc: string };
    };
    expect(wallet.data.balance_lbtc).toBe('0.01000000');
  });
});

describe.each(DIALECTS)('this service’s own Lightning addresses on %s', (dialect) => {
  let t: TestRuntime;

  beforeEach(async () => {
    // The default local set-up: PUBLIC_URL on localhost, private addresses refused, nothing listening.
    t = await testRuntime(dialect, { PUBLIC_URL: 'http://localhost:8080' });
  });
  afterEach(() => t.close());

  it('a Lightning address or LNURL whose host is PUBLIC_URL is paid inside the service, with no HTTP round trip', async () => {
    const alice = await makeAccount(t.deps, { fund: { lbtc: '0.01' } });
    const bob = await makeAccount(t.deps);
    const targets = [
      `${bob.usertag}@localhost:8080`,
      `${bob.usertag.toUpperCase()}@LOCALHOST:8080`,
      encodeLnurl(`http://localhost:8080/.well-known/lnurlp/${bob.usertag}`),
    ];
    for (const target of targets) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/lapi/v1/send',
        headers: { 'x-api-key': alice.adminKey },
        payload: {
          payment_mode: 'lightning',
          lightning_invoice_type: 'lnurl',
          lightning_invoice: target,
          amount: '0.0001',
        },
      });
      expect([res.statusCode, res.json().message], `${target}: ${res.body}`).toEqual([200, 'Paid']);
    }
    const history = await t.app.inject({
      method: 'GET',
      url: '/lapi/v1/history?limit=10',
      headers: { 'x-api-key': bob.invoiceKey },
    });
    expect(history.json().data).toHaveLength(3);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/lapi/v1/send',
      headers: { 'x-api-key': alice.adminKey },
      payload: {
        payment_mode: 'lightning',
        lightning_invoice_type: 'lnurl',
        lightning_invoice: 'nobody_here@localhost:8080',
        amount: '0.0001',
      },
    });
    expect(unknown.statusCode).toBe(422);
    expect((await auditLedger(t.deps)).violations).toEqual([]);
  });
});
