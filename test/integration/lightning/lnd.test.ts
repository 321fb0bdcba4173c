import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decodeInvoice } from '../../../src/adapters/lightning/bolt11.ts';
import { createLightningBackend } from '../../../src/adapters/lightning/index.ts';
import { createLndBackend } from '../../../src/adapters/lightning/lnd.ts';
import { LightningBackendError } from '../../../src/adapters/lightning/rest.ts';
import type { InvoiceSettlement, LightningBackend } from '../../../src/app/ports.ts';
import { foreignInvoice, waitFor } from '../../fixtures/lightning/helpers.ts';
import { type LndStandin, startLndStandin } from '../../fixtures/lightning/lnd-standin.ts';

let lnd: LndStandin;
let backend: LightningBackend;

beforeAll(async () => {
  lnd = await startLndStandin();
});
afterAll(async () => {
  await lnd.close();
});
beforeEach(() => {
  backend = createLndBackend({
    url: lnd.url,
    macaroonHex: lnd.macaroonHex,
    payGraceMs: 300,
    reconnectDelayMs: 50,
  });
  lnd.nextPayments.length = 0;
});
afterEach(async () => {
  await backend.close();
});

describe('LND REST backend against the stand-in', () => {
  it('reads node info and sends the macaroon on every request', async () => {
    expect(await backend.nodeInfo()).toEqual({
      pubkey: lnd.pubkey,
      network: 'regtest',
      alias: 'lnd-standin',
    });
    const last = lnd.requests.at(-1);
    expect(last).toEqual({ method: 'GET', path: '/v1/getinfo', macaroon: lnd.macaroonHex });
  });

  it('creates an invoice that decodes to the node, amount and hash', async () => {
    const created = await backend.createInvoice({
      amountMsat: 150_001n,
      description: 'order 7',
      expirySec: 900,
    });
    const d = decodeInvoice(created.payreq);
    if (!d.ok) throw new Error(d.message);
    expect(d.invoice).toMatchObject({
      amountMsat: 150_001n,
      paymentHash: created.paymentHash,
      payeePubkey: lnd.pubkey,
      description: 'order 7',
    });
    expect(created.expiresAtSec - created.createdAtSec).toBe(900);
    expect(lnd.invoice(created.paymentHash)?.value_msat).toBe('150001');
  });

  it('creates amountless and description-hash invoices', async () => {
    const descriptionHash = createHash('sha256').update('metadata').digest();
    const created = await backend.createInvoice({
      amountMsat: null,
      description: 'm',
      descriptionHash,
      expirySec: 60,
    });
    const d = decodeInvoice(created.payreq);
    expect(d.ok && d.invoice.amountMsat).toBeNull();
    expect(d.ok && d.invoice.descriptionHash).toBe(descriptionHash.toString('hex'));
  });

  it('looks up an invoice, open then settled', async () => {
    const created = await backend.createInvoice({ amountMsat: 5_000n, description: 'x', expirySec: 60 });
    expect(await backend.lookupInvoice(created.paymentHash)).toEqual({
      state: 'open',
      amountReceivedMsat: null,
      settledAtSec: null,
    });
    lnd.receive(created.paymentHash, 5_000n);
    expect(await backend.lookupInvoice(created.paymentHash)).toMatchObject({
      state: 'settled',
      amountReceivedMsat: 5_000n,
    });
    expect(await backend.lookupInvoice('00'.repeat(32))).toEqual({
      state: 'not_found',
      amountReceivedMsat: null,
      settledAtSec: null,
    });
  });

  it('pays an invoice and reports the fee and preimage', async () => {
    const { payreq, paymentHash } = foreignInvoice(100_000n);
    lnd.nextPayments.push({ kind: 'succeed', feeMsat: 321n });
    const r = await backend.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 1_000n, timeoutSec: 5 });
    expect(r).toEqual({
      status: 'succeeded',
      feeMsat: 321n,
      preimage: lnd.payment(paymentHash)?.payment_preimage,
    });
    expect(lnd.sendBodies.at(-1)).toMatchObject({
      payment_request: payreq,
      fee_limit_msat: '1000',
      timeout_seconds: 5,
    });
    expect(await backend.lookupPayment(paymentHash)).toEqual(r);
  });

  it('sends amt_msat only for amountless invoices', async () => {
    const { payreq } = foreignInvoice(null);
    const r = await backend.payInvoice({ payreq, amountMsat: 77_000n, maxFeeMsat: 5_000n, timeoutSec: 5 });
    expect(r.status).toBe('succeeded');
    expect(lnd.sendBodies.at(-1)).toMatchObject({ amt_msat: '77000' });
  });

  it('reports a failed payment with LND’s failure reason', async () => {
    const { payreq, paymentHash } = foreignInvoice();
    lnd.nextPayments.push({ kind: 'fail' });
    expect(
      await backend.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 1_000n, timeoutSec: 5 }),
    ).toEqual({
      status: 'failed',
      reason: 'no route within fee limit',
    });
    expect(await backend.lookupPayment(paymentHash)).toMatchObject({ status: 'failed' });
  });

  it('fails when the fee limit is below what routing costs', async () => {
    const { payreq } = foreignInvoice();
    lnd.nextPayments.push({ kind: 'succeed', feeMsat: 2_000n });
    expect(
      await backend.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 1_999n, timeoutSec: 5 }),
    ).toMatchObject({
      status: 'failed',
    });
  });

  it('treats a send that times out as pending, then lookupPayment finds the success', async () => {
    const { payreq, paymentHash } = foreignInvoice();
    lnd.nextPayments.push({ kind: 'hang' });
    const started = Date.now();
    const r = await backend.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 1_000n, timeoutSec: 1 });
    expect(r).toEqual({ status: 'pending' });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await backend.lookupPayment(paymentHash)).toEqual({ status: 'pending' });
    lnd.completePayment(paymentHash, 'succeeded', 42n);
    expect(await backend.lookupPayment(paymentHash)).toMatchObject({ status: 'succeeded', feeMsat: 42n });
  });

  it('waits through IN_FLIGHT for the final state', async () => {
    const { payreq } = foreignInvoice();
    lnd.nextPayments.push({ kind: 'inflight_then_succeed', delayMs: 200, feeMsat: 7n });
    expect(
      await backend.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 1_000n, timeoutSec: 5 }),
    ).toMatchObject({
      status: 'succeeded',
      feeMsat: 7n,
    });
  });

  it('is pending when IN_FLIGHT lasts past the timeout, and succeeded once LND finishes', async () => {
    const { payreq, paymentHash } = foreignInvoice();
    lnd.nextPayments.push({ kind: 'inflight_then_succeed', delayMs: 2_000 });
    expect(
      await backend.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 1_000n, timeoutSec: 1 }),
    ).toEqual({
      status: 'pending',
    });
    await waitFor(() => lnd.payment(paymentHash)?.status === 'SUCCEEDED');
    expect(await backend.lookupPayment(paymentHash)).toMatchObject({ status: 'succeeded' });
  });

  it('paying an invoice already in flight is pending, not failed', async () => {
    const { payreq, paymentHash } = foreignInvoice();
    lnd.nextPayments.push({ kind: 'hang' });
    await backend.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 1_000n, timeoutSec: 1 });
    expect(
      await backend.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 1_000n, timeoutSec: 1 }),
    ).toEqual({
      status: 'pending',
    });
    lnd.completePayment(paymentHash, 'failed');
  });

  it('fails when LND refuses before starting the payment', async () => {
    const { payreq } = foreignInvoice();
    lnd.nextPayments.push({ kind: 'error', code: 2, message: 'invoice expired. Valid until 2020-01-01' });
    expect(
      await backend.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 1_000n, timeoutSec: 5 }),
    ).toEqual({
      status: 'failed',
      reason: 'invoice expired. Valid until 2020-01-01',
    });
  });

  it('a payment LND never heard of is failed on lookup', async () => {
    expect(await backend.lookupPayment('cd'.repeat(32))).toEqual({
      status: 'failed',
      reason: 'payment not found at the node',
    });
  });

  it('refuses a mismatched amount without asking LND', async () => {
    const { payreq } = foreignInvoice(100_000n);
    const before = lnd.sendBodies.length;
    expect(
      await backend.payInvoice({ payreq, amountMsat: 99_999n, maxFeeMsat: 1_000n, timeoutSec: 5 }),
    ).toMatchObject({
      status: 'failed',
    });
    expect(lnd.sendBodies.length).toBe(before);
  });

  it('delivers settlements from the invoice stream and resumes from settle_index after a drop', async () => {
    const got: InvoiceSettlement[] = [];
    const controller = new AbortController();
    backend.subscribeSettlements(async (s) => {
      got.push(s);
    }, controller.signal);
    await waitFor(() => lnd.subscriberCount() > 0);
    const a = await backend.createInvoice({ amountMsat: 1_000n, description: 'a', expirySec: 60 });
    const b = await backend.createInvoice({ amountMsat: 2_000n, description: 'b', expirySec: 60 });
    lnd.receive(a.paymentHash);
    await waitFor(() => got.length === 1);
    expect(got[0]).toMatchObject({ paymentHash: a.paymentHash, amountReceivedMsat: 1_000n });

    // Connection lost; b is paid while nobody listens; the reconnect asks for what came after a.
    lnd.dropSubscribers();
    lnd.receive(b.paymentHash, 2_500n);
    await waitFor(() => got.length === 2);
    expect(got[1]).toMatchObject({ paymentHash: b.paymentHash, amountReceivedMsat: 2_500n });
    expect(
      lnd.requests.filter((r) => r.path.startsWith('/v1/invoices/subscribe?settle_index=')).length,
    ).toBeGreaterThan(0);
    controller.abort();
    await waitFor(() => lnd.subscriberCount() === 0);
  });

  it('settlements carry their settle_index as cursor, and a subscription from a cursor replays what came after', async () => {
    const got: InvoiceSettlement[] = [];
    const first = new AbortController();
    backend.subscribeSettlements(async (s) => {
      got.push(s);
    }, first.signal);
    await waitFor(() => lnd.subscriberCount() > 0);
    const a = await backend.createInvoice({ amountMsat: 1_000n, description: 'a', expirySec: 60 });
    lnd.receive(a.paymentHash);
    await waitFor(() => got.length === 1);
    const cursor = got[0]?.cursor;
    expect(cursor).toBe(lnd.invoice(a.paymentHash)?.settle_index);
    first.abort();
    await waitFor(() => lnd.subscriberCount() === 0);

    // Paid while nobody listens; a new subscription from a's cursor gets both, in order, then new ones.
    const b = await backend.createInvoice({ amountMsat: 2_000n, description: 'b', expirySec: 60 });
    const c = await backend.createInvoice({ amountMsat: 3_000n, description: 'c', expirySec: 60 });
    lnd.receive(b.paymentHash);
    lnd.receive(c.paymentHash, 3_300n);
    const replayed: InvoiceSettlement[] = [];
    const second = new AbortController();
    const resumed = createLndBackend({
      url: lnd.url,
      macaroonHex: lnd.macaroonHex,
      reconnectDelayMs: 50,
      // The cursor wins over the constructor's start index.
      startSettleIndex: 0n,
    });
    resumed.subscribeSettlements(
      async (s) => {
        replayed.push(s);
      },
      second.signal,
      cursor,
    );
    await waitFor(() => replayed.length === 2);
    expect(replayed.map((s) => [s.paymentHash, s.amountReceivedMsat, s.cursor])).toEqual([
      [b.paymentHash, 2_000n, lnd.invoice(b.paymentHash)?.settle_index],
      [c.paymentHash, 3_300n, lnd.invoice(c.paymentHash)?.settle_index],
    ]);
    expect(lnd.requests.some((r) => r.path === `/v1/invoices/subscribe?settle_index=${cursor}`)).toBe(true);
    const d = await backend.createInvoice({ amountMsat: 4_000n, description: 'd', expirySec: 60 });
    lnd.receive(d.paymentHash);
    await waitFor(() => replayed.length === 3);
    expect(replayed[2]?.paymentHash).toBe(d.paymentHash);
    second.abort();
    await resumed.close();
    await waitFor(() => lnd.subscriberCount() === 0);
  });

  it('a cursor that is not a decimal settle_index is a bug', () => {
    expect(() => backend.subscribeSettlements(async () => {}, new AbortController().signal, 'x1')).toThrow(
      RangeError,
    );
  });

  it('redelivers a settlement whose delivery failed', async () => {
    const got: string[] = [];
    let failures = 1;
    const controller = new AbortController();
    backend.subscribeSettlements(async (s) => {
      if (failures-- > 0) throw new Error('database busy');
      got.push(s.paymentHash);
    }, controller.signal);
    await waitFor(() => lnd.subscriberCount() > 0);
    // A first settlement sets the cursor so the retry can replay from it.
    const first = await backend.createInvoice({ amountMsat: 1_000n, description: 'first', expirySec: 60 });
    failures = 0;
    lnd.receive(first.paymentHash);
    await waitFor(() => got.length === 1);
    failures = 1;
    const second = await backend.createInvoice({ amountMsat: 1_000n, description: 'second', expirySec: 60 });
    lnd.receive(second.paymentHash);
    await waitFor(() => got.length === 2);
    expect(got).toEqual([first.paymentHash, second.paymentHash]);
    controller.abort();
  });
});

describe('LND backend where the node is strict', () => {
  it('tracks a payment with padded URL-safe base64, so a pending payment gets resolved', async () => {
    const { payreq, paymentHash } = foreignInvoice();
    lnd.nextPayments.push({ kind: 'hang' });
    await backend.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 1_000n, timeoutSec: 1 });
    lnd.completePayment(paymentHash, 'succeeded', 42n);
    expect(await backend.lookupPayment(paymentHash)).toMatchObject({ status: 'succeeded', feeMsat: 42n });
    const track = lnd.requests.filter((r) => r.path.startsWith('/v2/router/track/')).at(-1);
    expect(track?.path).toBe(`/v2/router/track/${Buffer.from(paymentHash, 'hex').toString('base64url')}=`);
  });

  it('an error answer on the track stream is thrown with its status and message, not read as pending', async () => {
    const bad = createLndBackend({ url: lnd.url, macaroonHex: 'ab'.repeat(20) });
    try {
      const e = await bad.lookupPayment('cd'.repeat(32)).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(LightningBackendError);
      expect(e).toMatchObject({ code: 'unauthorized', status: 500 });
      expect((e as Error).message).toMatch(/verification failed/);
    } finally {
      await bad.close();
    }
  });

  it('a bare HTTP 404 without LND’s NOT_FOUND body is not "payment not found"', async () => {
    const { listen } = await import('../../fixtures/lightning/http-server.ts');
    const proxy = await listen((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<html>404 page not found</html>');
    });
    const misrouted = createLndBackend({ url: proxy.url, macaroonHex: 'ab' });
    try {
      const r = await misrouted.lookupPayment('cd'.repeat(32)).catch((x: unknown) => x);
      expect(r).not.toEqual(expect.objectContaining({ status: 'failed' }));
      expect(r).toMatchObject({ status: 404 });
    } finally {
      await misrouted.close();
      await proxy.close();
    }
  });

  it('the gateway’s own 404 for an unknown route is not "payment not found" either', async () => {
    // {"code":5,"message":"Not Found"} carries the NOT_FOUND code but is the router's, not TrackPaymentV2's.
    const { listen } = await import('../../fixtures/lightning/http-server.ts');
    const old = await listen((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"code":5,"message":"Not Found","details":[]}');
    });
    const b = createLndBackend({ url: old.url, macaroonHex: 'ab' });
    try {
      const r = await b.lookupPayment('cd'.repeat(32)).catch((x: unknown) => x);
      expect(r).toBeInstanceOf(LightningBackendError);
    } finally {
      await b.close();
      await old.close();
    }
  });

  it('a code-2 error before the first update is checked with a lookup: the payment started, so it is pending', async () => {
    const { payreq, paymentHash } = foreignInvoice();
    lnd.nextPayments.push({ kind: 'error_after_start', message: 'routerrpc server shutting down' });
    expect(
      await backend.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 1_000n, timeoutSec: 5 }),
    ).toEqual({ status: 'pending' });
    lnd.completePayment(paymentHash, 'succeeded', 5n);
    expect(await backend.lookupPayment(paymentHash)).toMatchObject({ status: 'succeeded' });
  });

  it('looks invoices up with /v2/invoices/lookup and padded base64', async () => {
    const created = await backend.createInvoice({ amountMsat: 5_000n, description: 'x', expirySec: 60 });
    await backend.lookupInvoice(created.paymentHash);
    const last = lnd.requests.at(-1);
    expect(last?.path).toBe(
      `/v2/invoices/lookup?payment_hash=${Buffer.from(created.paymentHash, 'hex').toString('base64url')}%3D`,
    );
    expect(last?.path).toMatch(/%3D$/);
  });

  it('an invoice deleted by LND after it expired is not_found', async () => {
    const created = await backend.createInvoice({ amountMsat: 5_000n, description: 'gc', expirySec: 60 });
    lnd.expireInvoices(true, [created.paymentHash]);
    expect((await backend.lookupInvoice(created.paymentHash)).state).toBe('not_found');
  });

  it('refuses a memo over LND’s 1,024 bytes with a clear error, without asking the node', async () => {
    const before = lnd.requests.length;
    await expect(
      backend.createInvoice({ amountMsat: 1_000n, description: 'é'.repeat(513), expirySec: 60 }),
    ).rejects.toThrow(/1024 bytes/);
    expect(lnd.requests.length).toBe(before);
  });

  it('cancels an open invoice; a settled one answers settled with its amount; an unknown one not_found', async () => {
    const open = await backend.createInvoice({ amountMsat: 5_000n, description: 'c', expirySec: 60 });
    expect(await backend.cancelInvoice(open.paymentHash)).toEqual({ status: 'canceled' });
    expect(lnd.invoice(open.paymentHash)?.state).toBe('CANCELED');
    expect(lnd.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v2/invoices/cancel' });

    const paid = await backend.createInvoice({ amountMsat: 6_000n, description: 'p', expirySec: 60 });
    lnd.receive(paid.paymentHash, 6_100n);
    expect(await backend.cancelInvoice(paid.paymentHash)).toMatchObject({
      status: 'settled',
      amountReceivedMsat: 6_100n,
    });
    expect(await backend.cancelInvoice('ef'.repeat(32))).toEqual({ status: 'not_found' });
  });

  it('reads the channel and on-chain balances in msat', async () => {
    lnd.balances = { channelLocalMsat: 123_456_789n, onchainConfirmedSat: 50_000n };
    expect(await backend.nodeBalance()).toEqual({
      channelLocalMsat: 123_456_789n,
      onchainConfirmedMsat: 50_000_000n,
    });
  });

  it('reconnects a silent invoice stream after the idle timeout and replays what it missed', async () => {
    const idle = createLndBackend({
      url: lnd.url,
      macaroonHex: lnd.macaroonHex,
      reconnectDelayMs: 20,
      streamIdleTimeoutMs: 300,
    });
    const got: InvoiceSettlement[] = [];
    const controller = new AbortController();
    try {
      const a = await idle.createInvoice({ amountMsat: 1_000n, description: 'idle', expirySec: 60 });
      idle.subscribeSettlements(async (s) => {
        got.push(s);
      }, controller.signal);
      await waitFor(() => lnd.subscriberCount() > 0);
      // The connection dies before any settlement: no cursor has been seen yet.
      lnd.silenceSubscribers();
      lnd.receive(a.paymentHash);
      await waitFor(() => got.length === 1);
      expect(got[0]?.paymentHash).toBe(a.paymentHash);
    } finally {
      controller.abort();
      await idle.close();
    }
  });
});

describe('LND invoice stream on a node that never settled an invoice', () => {
  it('a reconnect before any settlement still delivers what was settled meanwhile', async () => {
    // LND reads settle_index=0 as "not given", so the missed settlement comes from the invoice list.
    const fresh = await startLndStandin();
    const b = createLndBackend({
      url: fresh.url,
      macaroonHex: fresh.macaroonHex,
      reconnectDelayMs: 20,
      streamIdleTimeoutMs: 300,
    });
    const got: InvoiceSettlement[] = [];
    const controller = new AbortController();
    try {
      const inv = await b.createInvoice({ amountMsat: 1_000n, description: 'first ever', expirySec: 60 });
      b.subscribeSettlements(async (s) => {
        got.push(s);
      }, controller.signal);
      await waitFor(() => fresh.subscriberCount() > 0);
      fresh.silenceSubscribers();
      fresh.receive(inv.paymentHash);
      await waitFor(() => got.length === 1);
      expect(got[0]).toMatchObject({ paymentHash: inv.paymentHash, cursor: '1' });
      expect(fresh.requests.some((r) => r.path.startsWith('/v1/invoices?index_offset=0'))).toBe(true);
    } finally {
      controller.abort();
      await b.close();
      await fresh.close();
    }
  });
});

describe('LND over TLS with a pinned certificate', () => {
  const dir = new URL('../../fixtures/lightning/tls/', import.meta.url);
  const cert = readFileSync(new URL('cert.pem', dir), 'utf8');
  const key = readFileSync(new URL('key.pem', dir), 'utf8');

  it('trusts the pinned certificate and refuses another one', async () => {
    const tls = await startLndStandin({ tls: { cert, key } });
    try {
      const pinned = await createLightningBackend({
        kind: 'lnd',
        url: tls.url,
        macaroonHex: tls.macaroonHex,
        tlsCertPem: cert,
      });
      expect((await pinned.nodeInfo()).pubkey).toBe(tls.pubkey);
      await pinned.close();

      const wrong = createLndBackend({
        url: tls.url,
        macaroonHex: tls.macaroonHex,
        tlsCertPath: new URL('other-cert.pem', dir).pathname,
      });
      await expect(wrong.nodeInfo()).rejects.toMatchObject({ code: 'unreachable' });
      await wrong.close();

      const unpinned = createLndBackend({ url: tls.url, macaroonHex: tls.macaroonHex });
      await expect(unpinned.nodeInfo()).rejects.toMatchObject({ code: 'unreachable' });
      await unpinned.close();
    } finally {
      await tls.close();
    }
  });
});
