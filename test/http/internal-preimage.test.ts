import { createHash } from 'node:crypto';
import { NWCClient } from '@getalby/sdk';
import { getPublicKey } from 'nostr-tools';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { NwcService } from '../../src/app/nwc/wallet-service.ts';
import { startNwc } from '../../src/main.ts';
import { startNostrRelay, type TestRelay } from '../fixtures/nostr-relay.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

// A payment to an invoice of another account of this service settles inside the ledger, without the
// network: the payer still gets the invoice's preimage as its proof of payment, as LNbits gives it and
// as LNbits, LNDhub and NWC clients require (Bitcoin Connect throws "No preimage", NWCClient refuses an
// empty one). The service chooses its invoices' preimages; the receiver sees its own only once paid.
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;

const SERVICE_SECRET = '33'.repeat(32);
const sha256 = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

describe.each(DIALECTS)('the preimage of a payment settled inside the ledger on %s', (dialect) => {
  let t: TestRuntime;
  let relay: TestRelay;
  let alice: TestAccount;
  let bob: TestAccount;
  beforeEach(async () => {
    relay = await startNostrRelay();
    t = await testRuntime(dialect, {
      NOSTR_SECRET_KEY: SERVICE_SECRET,
      NWC_RELAYS: relay.url,
      NOSTR_ALLOW_PRIVATE: 'true',
    });
    alice = await makeAccount(t.deps, { fund: { lbtc: '0.01' } });
    bob = await makeAccount(t.deps);
  });
  afterEach(async () => {
    await t.close();
    await relay.close();
  });

  const lnbits = (method: 'GET' | 'POST', url: string, key: string, payload?: object) =>
    t.app.inject({ method, url, headers: { 'x-api-key': key }, ...(payload ? { payload } : {}) });

  it('LNbits: the payer reads the preimage of the invoice it paid; the receiver only once paid', async () => {
    const made = await lnbits('POST', '/api/v1/payments', bob.invoiceKey, {
      out: false,
      amount: 2100,
      memo: 'tea',
    });
    expect(made.statusCode, made.body).toBe(201);
    const hash = made.json().payment_hash as string;
    const before = await lnbits('GET', `/api/v1/payments/${hash}`, bob.invoiceKey);
    expect(before.json()).toMatchObject({ paid: false, preimage: null });
    const paid = await lnbits('POST', '/api/v1/payments', alice.adminKey, {
      out: true,
      bolt11: made.json().bolt11,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const payer = (await lnbits('GET', `/api/v1/payments/${hash}`, alice.adminKey)).json();
    expect(payer.paid).toBe(true);
    expect(sha256(payer.preimage)).toBe(hash);
    const receiver = (await lnbits('GET', `/api/v1/payments/${hash}`, bob.invoiceKey)).json();
    expect(receiver.preimage).toBe(payer.preimage);
  });

  it('LNDhub: payinvoice of another account’s invoice answers its real preimage', async () => {
    const made = await lnbits('POST', '/api/v1/payments', bob.invoiceKey, { out: false, amount: 1000 });
    const auth = await t.app.inject({
      method: 'POST',
      url: '/lndhub/ext/auth?type=auth',
      payload: { login: 'admin', password: alice.adminKey },
    });
    const token = auth.json().access_token as string;
    const pay = await t.app.inject({
      method: 'POST',
      url: '/lndhub/ext/payinvoice',
      headers: { authorization: `Bearer ${token}` },
      payload: { invoice: made.json().bolt11 },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(sha256(pay.json().payment_preimage)).toBe(made.json().payment_hash);
  });

  it('NWC: pay_invoice of another account’s invoice gives NWCClient the preimage', async () => {
    const service: NwcService | null = startNwc(t.deps);
    if (service === null) throw new Error('NWC did not start');
    try {
      await relay.waitFor(
        (e) => e.kind === 13194 && e.pubkey === getPublicKey(Buffer.from(SERVICE_SECRET, 'hex')),
      );
      const conn = await t.app.inject({
        method: 'POST',
        url: '/lapi/v1/nwc/connections',
        headers: { 'x-api-key': alice.adminKey },
        payload: { name: 'wallet app' },
      });
      const client = new NWCClient({ nostrWalletConnectUrl: conn.json().data.uri });
      try {
        const made = await lnbits('POST', '/api/v1/payments', bob.invoiceKey, { out: false, amount: 500 });
        const paid = await client.payInvoice({ invoice: made.json().bolt11 });
        expect(sha256(paid.preimage)).toBe(made.json().payment_hash);
      } finally {
        client.close();
      }
    } finally {
      await service.stop();
    }
  });
});
