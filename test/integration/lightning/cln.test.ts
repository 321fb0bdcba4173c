import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decodeInvoice } from '../../../src/adapters/lightning/bolt11.ts';
import { createClnBackend } from '../../../src/adapters/lightning/cln.ts';
import { createLightningBackend } from '../../../src/adapters/lightning/index.ts';
import type { InvoiceSettlement, LightningBackend } from '../../../src/app/ports.ts';
import { type ClnStandin, startClnStandin } from '../../fixtures/lightning/cln-standin.ts';
import { foreignInvoice, waitFor } from '../../fixtures/lightning/helpers.ts';

let cln: ClnStandin;
let backend: LightningBackend;

beforeAll(async () => {
  cln = await startClnStandin();
});
afterAll(async () => {
  await cln.close();
});
beforeEach(async () => {
  backend = await createLightningBackend({
    kind: 'cln',
    url: cln.url,
    rune: cln.rune,
    tlsCaPem: cln.caPem ?? '',
    payGraceMs: 300,
    reconnectDelayMs: 50,
    waitTimeoutSec: 1,
  });
  cln.nextPayments.length = 0;
});
afterEach(async () => {
  await backend.close();
});

describe('CLN backend where the node is strict', () => {
  it('connects to clnrest’s HTTPS with the node’s ca.pem; pinning the leaf or trusting nothing fails', async () => {
    const dir = new URL('../../fixtures/lightning/tls/', import.meta.url);
    const viaCa = createClnBackend({
      url: cln.url,
      rune: cln.rune,
      tlsCaPath: new URL('cln-ca.pem', dir).pathname,
    });
    const viaLeaf = createClnBackend({
      url: cln.url,
      rune: cln.rune,
      tlsCertPath: new URL('cln-server.pem', dir).pathname,
    });
    const plain = createClnBackend({ url: cln.url, rune: cln.rune });
    try {
      expect((await viaCa.nodeInfo()).pubkey).toBe(cln.pubkey);
      await expect(viaLeaf.nodeInfo()).rejects.toMatchObject({ code: 'unreachable' });
      await expect(plain.nodeInfo()).rejects.toMatchObject({ code: 'unreachable' });
    } finally {
      await viaCa.close();
      await viaLeaf.close();
      await plain.close();
    }
  });

  it('a wrong rune (401) is unauthorized; an empty rune is refused before asking', async () => {
    const wrong = createClnBackend({ url: cln.url, rune: 'wrong', tlsCaPem: cln.caPem ?? '' });
    try {
      await expect(wrong.nodeInfo()).rejects.toMatchObject({ code: 'unauthorized', status: 401 });
    } finally {
      await wrong.close();
    }
    expect(() => createClnBackend({ url: cln.url, rune: '' })).toThrow(RangeError);
  });

  it('finds the highest pay_index with paged listinvoices on a node too big for one answer', async () => {
    for (let i = 0; i < 5; i++)
      await backend.createInvoice({ amountMsat: 1_000n, description: `p${i}`, expirySec: 60 });
    cln.maxUnpagedInvoices = 2;
    const got: InvoiceSettlement[] = [];
    const controller = new AbortController();
    try {
      backend.subscribeSettlements(async (s) => {
        got.push(s);
      }, controller.signal);
      await waitFor(() => cln.waiterCount() > 0);
      const inv = await backend.createInvoice({ amountMsat: 2_000n, description: 'after', expirySec: 60 });
      cln.receive(inv.paymentHash);
      await waitFor(() => got.length === 1);
      expect(got[0]?.paymentHash).toBe(inv.paymentHash);
      const pagedCalls = cln.requests.filter(
        (q) => q.method === 'listinvoices' && q.params.index === 'created',
      );
      expect(pagedCalls.length).toBeGreaterThan(0);
      expect(pagedCalls[0]?.params).toMatchObject({ index: 'created', start: 0 });
    } finally {
      controller.abort();
      cln.maxUnpagedInvoices = Number.POSITIVE_INFINITY;
    }
  });

  it('cancels an open invoice with delinvoice status "unpaid"; paid meanwhile (906) is settled with its amount', async () => {
    const open = await backend.createInvoice({ amountMsat: 5_000n, description: 'c', expirySec: 60 });
    expect(await backend.cancelInvoice(open.paymentHash)).toEqual({ status: 'canceled' });
    const del = cln.requests.filter((q) => q.method === 'delinvoice').at(-1);
    expect(del?.params).toEqual({ label: expect.stringMatching(/^paytag-/), status: 'unpaid' });
    expect(cln.invoice(open.paymentHash)).toBeUndefined();

    const racing = await backend.createInvoice({ amountMsat: 6_000n, description: 'r', expirySec: 60 });
    cln.hooks.beforeDelinvoice = (hash) => cln.receive(hash, 6_100n);
    try {
      expect(await backend.cancelInvoice(racing.paymentHash)).toMatchObject({
        status: 'settled',
        amountReceivedMsat: 6_100n,
      });
    } finally {
      cln.hooks.beforeDelinvoice = undefined;
    }
    expect(await backend.cancelInvoice('ef'.repeat(32))).toEqual({ status: 'not_found' });
  });

  it('an invoice deleted after expiry (autoclean) is not_found, an expired one canceled', async () => {
    const a = await backend.createInvoice({ amountMsat: 1_000n, description: 'a', expirySec: 60 });
    const b = await backend.createInvoice({ amountMsat: 1_000n, description: 'b', expirySec: 60 });
    cln.expireInvoices(false, [a.paymentHash]);
    cln.expireInvoices(true, [b.paymentHash]);
    expect((await backend.lookupInvoice(a.paymentHash)).state).toBe('canceled');
    expect((await backend.lookupInvoice(b.paymentHash)).state).toBe('not_found');
  });

  it('refuses control characters lightningd rejects and over-long label prefixes with clear errors', async () => {
    await expect(
      backend.createInvoice({ amountMsat: 1_000n, description: 'bell\u0007', expirySec: 60 }),
    ).rejects.toThrow(/control character/);
    expect(() => createClnBackend({ url: cln.url, rune: cln.rune, labelPrefix: 'x'.repeat(104) })).toThrow(
      /labelPrefix/,
    );
    // Tab and newline pass.
    await backend.createInvoice({ amountMsat: 1_000n, description: 'a\tb\nc', expirySec: 60 });
  });

  it('reads channel and confirmed on-chain balances from listfunds', async () => {
    cln.funds = { channelOurMsat: 987_654_321n, onchainConfirmedMsat: 42_000_000n };
    expect(await backend.nodeBalance()).toEqual({
      channelLocalMsat: 987_654_321n,
      onchainConfirmedMsat: 42_000_000n,
    });
  });
});

describe('CLN clnrest backend against the stand-in', () => {
  it('reads node info and sends the rune', async () => {
    expect(await backend.nodeInfo()).toEqual({
      pubkey: cln.pubkey,
      network: 'regtest',
      alias: 'cln-standin',
    });
    expect(cln.requests.at(-1)).toMatchObject({ method: 'getinfo', rune: cln.rune });
  });

  it('creates an invoice that decodes to the node, amount and hash', async () => {
    const created = await backend.createInvoice({
      amountMsat: 12_345n,
      description: 'order 9',
      expirySec: 600,
    });
    const d = decodeInvoice(created.payreq);
    if (!d.ok) throw new Error(d.message);
    expect(d.invoice).toMatchObject({
      amountMsat: 12_345n,
      paymentHash: created.paymentHash,
      payeePubkey: cln.pubkey,
      description: 'order 9',
    });
    const sent = cln.requests.at(-1)?.params;
    expect(sent).toMatchObject({ amount_msat: 12_345, description: 'order 9', expiry: 600 });
    expect(String(sent?.label)).toMatch(/^paytag-[0-9a-f]{24}$/);
  });

  it('creates amountless invoices with "any"', async () => {
    const created = await backend.createInvoice({ amountMsat: null, description: 'tip', expirySec: 60 });
    expect(cln.requests.at(-1)?.params.amount_msat).toBe('any');
    const d = decodeInvoice(created.payreq);
    expect(d.ok && d.invoice.amountMsat).toBeNull();
  });

  it('keeps amounts beyond 2^53 msat exact', async () => {
    const big = 9_007_199_254_740_993n;
    const created = await backend.createInvoice({ amountMsat: big, description: 'whale', expirySec: 60 });
    cln.receive(created.paymentHash, big);
    expect(await backend.lookupInvoice(created.paymentHash)).toMatchObject({ amountReceivedMsat: big });
  });

  it('uses deschashonly for a description hash, and insists the description is its preimage', async () => {
    const metadata = '[["text/plain","pay carol"]]';
    const descriptionHash = createHash('sha256').update(metadata).digest();
    const created = await backend.createInvoice({
      amountMsat: 1_000n,
      description: metadata,
      descriptionHash,
      expirySec: 60,
    });
    expect(cln.requests.at(-1)?.params).toMatchObject({ deschashonly: true, description: metadata });
    const d = decodeInvoice(created.payreq);
    expect(d.ok && d.invoice.descriptionHash).toBe(descriptionHash.toString('hex'));
    await expect(
      backend.createInvoice({ amountMsat: 1_000n, description: 'other', descriptionHash, expirySec: 60 }),
    ).rejects.toThrow(RangeError);
  });

  it('looks up invoices', async () => {
    const created = await backend.createInvoice({ amountMsat: 3_000n, description: 'x', expirySec: 60 });
    expect((await backend.lookupInvoice(created.paymentHash)).state).toBe('open');
    cln.receive(created.paymentHash, 3_100n);
    expect(await backend.lookupInvoice(created.paymentHash)).toMatchObject({
      state: 'settled',
      amountReceivedMsat: 3_100n,
    });
    expect(await backend.lookupInvoice('00'.repeat(32))).toEqual({
      state: 'not_found',
      amountReceivedMsat: null,
      settledAtSec: null,
    });
  });

  it('pays with fee = amount_sent - amount and the preimage', async () => {
    const { payreq, paymentHash } = foreignInvoice(100_000n);
    cln.nextPayments.push({ kind: 'succeed', feeMsat: 250n });
    const r = await backend.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 1_000n, timeoutSec: 30 });
    expect(r).toEqual({ status: 'succeeded', feeMsat: 250n, preimage: cln.pay(paymentHash)?.preimage });
    const sent = cln.requests.filter((q) => q.method === 'xpay').at(-1);
    expect(sent?.params).toEqual({ invstring: payreq, maxfee: 1_000, retry_for: 30 });
    expect(await backend.lookupPayment(paymentHash)).toEqual(r);
  });

  it('sends amount_msat for amountless invoices', async () => {
    const { payreq } = foreignInvoice(null);
    expect(
      await backend.payInvoice({ payreq, amountMsat: 8_000n, maxFeeMsat: 5_000n, timeoutSec: 5 }),
    ).toMatchObject({
      status: 'succeeded',
    });
    expect(cln.requests.filter((q) => q.method === 'xpay').at(-1)?.params.amount_msat).toBe(8_000);
  });

  it.each([
    [203, 'Destination said it doesn’t know invoice: incorrect_or_unknown_payment_details'],
    [205, 'Failed after 3 attempts. We could not find a usable set of paths.'],
    [207, 'Invoice expired'],
    [209, 'Failed after 5 attempts'],
  ])('error %s from xpay with nothing in flight is a failure', async (code, message) => {
    const { payreq, paymentHash } = foreignInvoice();
    cln.nextPayments.push({ kind: 'fail', code, message });
    expect(
      await backend.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 1_000n, timeoutSec: 5 }),
    ).toEqual({
      status: 'failed',
      reason: message,
    });
    expect(await backend.lookupPayment(paymentHash)).toMatchObject({ status: 'failed' });
  });

  it('an unexpected error from pay leaves the payment pending', async () => {
    const { payreq } = foreignInvoice();
    cln.nextPayments.push({ kind: 'fail', code: -1, message: 'something odd' });
    expect(
      await backend.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 1_000n, timeoutSec: 5 }),
    ).toEqual({
      status: 'pending',
    });
  });

  it('the fee budget is enforced by the node (maxfee)', async () => {
    const { payreq } = foreignInvoice();
    cln.nextPayments.push({ kind: 'succeed', feeMsat: 2_000n });
    expect(
      await backend.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 1_999n, timeoutSec: 5 }),
    ).toMatchObject({
      status: 'failed',
    });
  });

  it('a pay that does not answer in time is pending; lookupPayment later finds it complete', async () => {
    const { payreq, paymentHash } = foreignInvoice();
    cln.nextPayments.push({ kind: 'hang' });
    const started = Date.now();
    expect(
      await backend.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 1_000n, timeoutSec: 1 }),
    ).toEqual({
      status: 'pending',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await backend.lookupPayment(paymentHash)).toEqual({ status: 'pending' });
    cln.completePayment(paymentHash, 'succeeded', 9n);
    expect(await backend.lookupPayment(paymentHash)).toMatchObject({ status: 'succeeded', feeMsat: 9n });
  });

  it('an xpay failure with a part still in flight is pending until listpays says how it ended', async () => {
    const { payreq, paymentHash } = foreignInvoice();
    cln.nextPayments.push({
      kind: 'fail_in_flight',
      code: 203,
      message: 'Destination said it doesn’t know invoice',
    });
    expect(
      await backend.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 1_000n, timeoutSec: 5 }),
    ).toEqual({ status: 'pending' });
    expect(cln.requests.at(-1)).toMatchObject({ method: 'listpays', params: { payment_hash: paymentHash } });
    cln.completePayment(paymentHash, 'succeeded', 4n);
    expect(await backend.lookupPayment(paymentHash)).toMatchObject({ status: 'succeeded', feeMsat: 4n });
  });

  it('"already paid" (219) from xpay is pending, and the lookup finds the success', async () => {
    const { payreq, paymentHash } = foreignInvoice();
    cln.nextPayments.push({ kind: 'succeed', feeMsat: 2n });
    await backend.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 1_000n, timeoutSec: 5 });
    expect(
      await backend.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 1_000n, timeoutSec: 5 }),
    ).toMatchObject({ status: 'succeeded', feeMsat: 2n });
    expect(
      cln.requests.filter((q) => q.method === 'listpays' && q.params.payment_hash === paymentHash).length,
    ).toBeGreaterThan(0);
  });

  it('while xpay still looks for routes (nothing in listpays yet) the payment is pending, not failed', async () => {
    const { payreq, paymentHash } = foreignInvoice();
    cln.nextPayments.push({ kind: 'slow_succeed', delayMs: 500 });
    const paying = backend.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 1_000n, timeoutSec: 5 });
    await waitFor(() => cln.pay(paymentHash) !== undefined);
    expect(await backend.lookupPayment(paymentHash)).toEqual({ status: 'pending' });
    expect(await paying).toMatchObject({ status: 'succeeded' });
    expect(await backend.lookupPayment(paymentHash)).toMatchObject({ status: 'succeeded' });
  });

  it('waits for a slow pay within its time', async () => {
    const { payreq } = foreignInvoice();
    cln.nextPayments.push({ kind: 'slow_succeed', delayMs: 300, feeMsat: 3n });
    expect(
      await backend.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 1_000n, timeoutSec: 5 }),
    ).toMatchObject({
      status: 'succeeded',
      feeMsat: 3n,
    });
  });

  it('a payment the node never saw is failed on lookup', async () => {
    expect(await backend.lookupPayment('ef'.repeat(32))).toEqual({
      status: 'failed',
      reason: 'payment not found at the node',
    });
  });

  it('delivers settlements through waitanyinvoice, in pay_index order, only new ones', async () => {
    const old = await backend.createInvoice({ amountMsat: 1_000n, description: 'before', expirySec: 60 });
    cln.receive(old.paymentHash);

    const got: InvoiceSettlement[] = [];
    const controller = new AbortController();
    backend.subscribeSettlements(async (s) => {
      got.push(s);
    }, controller.signal);
    await waitFor(() => cln.waiterCount() > 0);
    const a = await backend.createInvoice({ amountMsat: 2_000n, description: 'a', expirySec: 60 });
    const b = await backend.createInvoice({ amountMsat: 3_000n, description: 'b', expirySec: 60 });
    cln.receive(a.paymentHash);
    cln.receive(b.paymentHash, 3_300n);
    await waitFor(() => got.length === 2);
    expect(got.map((s) => [s.paymentHash, s.amountReceivedMsat])).toEqual([
      [a.paymentHash, 2_000n],
      [b.paymentHash, 3_300n],
    ]);
    controller.abort();
  });

  it('settlements carry their pay_index as cursor, and a subscription from a cursor replays what came after', async () => {
    const got: InvoiceSettlement[] = [];
    const first = new AbortController();
    backend.subscribeSettlements(async (s) => {
      got.push(s);
    }, first.signal);
    await waitFor(() => cln.waiterCount() > 0);
    const a = await backend.createInvoice({ amountMsat: 1_000n, description: 'a', expirySec: 60 });
    cln.receive(a.paymentHash);
    await waitFor(() => got.length === 1);
    const cursor = got[0]?.cursor;
    expect(cursor).toBe(String(cln.invoice(a.paymentHash)?.pay_index));
    first.abort();
    await waitFor(() => cln.waiterCount() === 0);

    // Paid while nobody listens; a new subscription from a's cursor gets both, in order, then new ones.
    const b = await backend.createInvoice({ amountMsat: 2_000n, description: 'b', expirySec: 60 });
    const c = await backend.createInvoice({ amountMsat: 3_000n, description: 'c', expirySec: 60 });
    cln.receive(b.paymentHash);
    cln.receive(c.paymentHash, 3_300n);
    const replayed: InvoiceSettlement[] = [];
    const second = new AbortController();
    const resumed = createClnBackend({
      tlsCaPem: cln.caPem ?? '',
      url: cln.url,
      rune: cln.rune,
      waitTimeoutSec: 1,
      reconnectDelayMs: 50,
      // The cursor wins over the constructor's start index.
      startPayIndex: 10_000n,
    });
    const requestsBefore = cln.requests.length;
    resumed.subscribeSettlements(
      async (s) => {
        replayed.push(s);
      },
      second.signal,
      cursor,
    );
    await waitFor(() => replayed.length === 2);
    expect(replayed.map((s) => [s.paymentHash, s.amountReceivedMsat, s.cursor])).toEqual([
      [b.paymentHash, 2_000n, String(cln.invoice(b.paymentHash)?.pay_index)],
      [c.paymentHash, 3_300n, String(cln.invoice(c.paymentHash)?.pay_index)],
    ]);
    const asked = cln.requests.slice(requestsBefore);
    expect(asked[0]).toMatchObject({ method: 'waitanyinvoice', params: { lastpay_index: Number(cursor) } });
    expect(asked.some((r) => r.method === 'listinvoices')).toBe(false);
    const d = await backend.createInvoice({ amountMsat: 4_000n, description: 'd', expirySec: 60 });
    cln.receive(d.paymentHash);
    await waitFor(() => replayed.length === 3);
    expect(replayed[2]?.paymentHash).toBe(d.paymentHash);
    second.abort();
    await resumed.close();
  });

  it('a cursor that is not a decimal pay_index is a bug', () => {
    expect(() => backend.subscribeSettlements(async () => {}, new AbortController().signal, '-1')).toThrow(
      RangeError,
    );
  });

  it('keeps waiting across waitanyinvoice timeouts and retries a failed delivery', async () => {
    const got: string[] = [];
    let failures = 1;
    const controller = new AbortController();
    const client = createClnBackend({
      tlsCaPem: cln.caPem ?? '',
      url: cln.url,
      rune: cln.rune,
      waitTimeoutSec: 1,
      reconnectDelayMs: 50,
    });
    client.subscribeSettlements(async (s) => {
      if (failures-- > 0) throw new Error('database busy');
      got.push(s.paymentHash);
    }, controller.signal);
    await waitFor(() => cln.waiterCount() > 0);
    await new Promise((r) => setTimeout(r, 1_300));
    const inv = await client.createInvoice({ amountMsat: 1_000n, description: 'late', expirySec: 60 });
    cln.receive(inv.paymentHash);
    await waitFor(() => got.length === 1);
    expect(got).toEqual([inv.paymentHash]);
    controller.abort();
    await client.close();
  });
});
