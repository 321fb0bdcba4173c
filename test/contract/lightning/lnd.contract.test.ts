// LND REST contract: every call the adapter makes, checked against the REST mappings and messages of
// lightningnetwork/lnd@90ea05d5a7f9239ede8eb4e2f36d9a66c39e67d5 (lnrpc/lightning.yaml,
// lnrpc/routerrpc/router.yaml, lnrpc/invoicesrpc/invoices.yaml, lnrpc/*.proto) and grpc-gateway v2.16.0
// (runtime/convert.go Bytes: padded base64 in paths and queries; runtime/errors.go: HTTP status from the
// gRPC code, unary errors {code,message,details}, stream errors {"error":{...}}).

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encodeInvoice } from '../../../src/adapters/lightning/bolt11.ts';
import { createLndBackend } from '../../../src/adapters/lightning/lnd.ts';
import type { LightningBackend } from '../../../src/app/ports.ts';
import { foreignInvoice } from '../../fixtures/lightning/helpers.ts';
import { json, lines, type ScriptedNode, startScriptedNode } from '../../fixtures/lightning/scripted-node.ts';

const MACAROON = 'ab'.repeat(20);
const HASH = '11'.repeat(32);
/** Padded base64 (standard alphabet, as bytes fields are in JSON bodies). */
const B64 = Buffer.from(HASH, 'hex').toString('base64');
/** Padded URL-safe base64, as runtime.Bytes accepts in a path. */
const B64URL_PADDED = Buffer.from(HASH, 'hex').toString('base64url') + '=';

let node: ScriptedNode;
let lnd: LightningBackend;
beforeAll(async () => {
  node = await startScriptedNode();
});
afterAll(async () => {
  await node.close();
});
beforeEach(async () => {
  await lnd?.close();
  node.requests.length = 0;
  node.answers.length = 0;
  lnd = createLndBackend({ url: node.url, macaroonHex: MACAROON, payGraceMs: 200, requestTimeoutMs: 2000 });
});

/** The request table: method, path, and the JSON body's field names and encodings. */
const REQUESTS = {
  getinfo: { method: 'GET', path: '/v1/getinfo' },
  addInvoice: { method: 'POST', path: '/v1/invoices' },
  lookupInvoiceV2: {
    method: 'GET',
    path: `/v2/invoices/lookup?payment_hash=${encodeURIComponent(B64URL_PADDED)}`,
  },
  cancelInvoice: { method: 'POST', path: '/v2/invoices/cancel' },
  sendPaymentV2: { method: 'POST', path: '/v2/router/send' },
  trackPaymentV2: { method: 'GET', path: `/v2/router/track/${B64URL_PADDED}` },
  channelBalance: { method: 'GET', path: '/v1/balance/channels' },
  walletBalance: { method: 'GET', path: '/v1/balance/blockchain' },
} as const;

function expectRequest(i: number, name: keyof typeof REQUESTS): Record<string, unknown> {
  const r = node.requests[i];
  expect(r, `request ${i} (${name})`).toBeDefined();
  expect({ method: r?.method, path: r?.path }).toEqual(REQUESTS[name]);
  // lnrpc REST: the macaroon in Grpc-Metadata-macaroon, hex.
  expect(r?.headers['grpc-metadata-macaroon']).toBe(MACAROON);
  if (r?.method === 'POST') expect(r.headers['content-type']).toBe('application/json');
  return r?.body ? (JSON.parse(r.body) as Record<string, unknown>) : {};
}

function lndInvoice(state: string, extra: Record<string, unknown> = {}) {
  return { r_hash: B64, state, amt_paid_msat: '0', settle_date: '0', settle_index: '0', ...extra };
}

describe('LND contract', () => {
  it('GetInfo: identity_pubkey and chains[0].network', async () => {
    node.answers.push(
      json(200, {
        identity_pubkey: '02'.repeat(33),
        alias: 'n',
        chains: [{ chain: 'bitcoin', network: 'testnet4' }],
      }),
    );
    expect(await lnd.nodeInfo()).toEqual({ pubkey: '02'.repeat(33), network: 'testnet', alias: 'n' });
    expectRequest(0, 'getinfo');
  });

  it('AddInvoice: memo, expiry and value_msat as strings (int64), description_hash as base64, private', async () => {
    const key = randomBytes(32);
    const payreq = encodeInvoice(
      {
        network: 'regtest',
        amountMsat: 5000n,
        paymentHash: HASH,
        paymentSecret: randomBytes(32),
        description: 'd',
        expirySec: 60,
        createdAtSec: Math.floor(Date.now() / 1000),
      },
      key,
    );
    node.answers.push(json(200, { r_hash: B64, payment_request: payreq, add_index: '1', payment_addr: B64 }));
    await lnd.createInvoice({ amountMsat: 5000n, description: 'd', expirySec: 60 });
    expect(expectRequest(0, 'addInvoice')).toEqual({
      memo: 'd',
      expiry: '60',
      private: true,
      value_msat: '5000',
    });
  });

  it.each([
    ['OPEN', { state: 'open', amountReceivedMsat: null, settledAtSec: null }],
    ['ACCEPTED', { state: 'open', amountReceivedMsat: null, settledAtSec: null }],
    ['CANCELED', { state: 'canceled', amountReceivedMsat: null, settledAtSec: null }],
    ['SETTLED', { state: 'settled', amountReceivedMsat: 7000n, settledAtSec: 1700000000 }],
  ])('LookupInvoiceV2 %s', async (state, expected) => {
    node.answers.push(
      json(
        200,
        lndInvoice(state, state === 'SETTLED' ? { amt_paid_msat: '7000', settle_date: '1700000000' } : {}),
      ),
    );
    expect(await lnd.lookupInvoice(HASH)).toEqual(expected);
    expectRequest(0, 'lookupInvoiceV2');
  });

  it('LookupInvoiceV2: NotFound (ErrInvoiceNotFound) is not_found; a bare 404 is an error', async () => {
    node.answers.push(json(404, { code: 5, message: 'unable to locate invoice', details: [] }));
    expect((await lnd.lookupInvoice(HASH)).state).toBe('not_found');
    node.answers.push({ status: 404, body: '<html>not here</html>' });
    await expect(lnd.lookupInvoice(HASH)).rejects.toMatchObject({ status: 404 });
  });

  it('CancelInvoice: payment_hash as base64; settled → lookup; not found; other errors unknown', async () => {
    node.answers.push(json(200, {}));
    expect(await lnd.cancelInvoice(HASH)).toEqual({ status: 'canceled' });
    expect(expectRequest(0, 'cancelInvoice')).toEqual({ payment_hash: B64 });

    node.answers.push(json(500, { code: 2, message: 'invoice already settled', details: [] }));
    node.answers.push(json(200, lndInvoice('SETTLED', { amt_paid_msat: '9000', settle_date: '1700000001' })));
    expect(await lnd.cancelInvoice(HASH)).toEqual({
      status: 'settled',
      amountReceivedMsat: 9000n,
      settledAtSec: 1700000001,
    });
    expectRequest(2, 'lookupInvoiceV2');

    node.answers.push(json(500, { code: 2, message: 'unable to locate invoice', details: [] }));
    expect(await lnd.cancelInvoice(HASH)).toEqual({ status: 'not_found' });

    node.answers.push(json(503, { code: 14, message: 'unavailable', details: [] }));
    expect(await lnd.cancelInvoice(HASH)).toMatchObject({ status: 'unknown' });
  });

  it('SendPaymentV2: payment_request, timeout_seconds, fee_limit_msat (string); stream of Payment', async () => {
    const { payreq } = foreignInvoice(100_000n);
    node.answers.push(
      lines(
        200,
        { result: { status: 'IN_FLIGHT' } },
        { result: { status: 'SUCCEEDED', fee_msat: '12', payment_preimage: '22'.repeat(32) } },
      ),
    );
    expect(await lnd.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 500n, timeoutSec: 7 })).toEqual({
      status: 'succeeded',
      feeMsat: 12n,
      preimage: '22'.repeat(32),
    });
    expect(expectRequest(0, 'sendPaymentV2')).toEqual({
      payment_request: payreq,
      timeout_seconds: 7,
      fee_limit_msat: '500',
    });
  });

  it.each([
    ['FAILURE_REASON_NO_ROUTE', 'no route within fee limit'],
    ['FAILURE_REASON_INSUFFICIENT_BALANCE', 'insufficient balance in the node'],
    [
      'FAILURE_REASON_INCORRECT_PAYMENT_DETAILS',
      'the destination rejected the payment (incorrect payment details)',
    ],
  ])('SendPaymentV2 FAILED with %s', async (reason, text) => {
    const { payreq } = foreignInvoice(100_000n);
    node.answers.push(lines(200, { result: { status: 'FAILED', failure_reason: reason } }));
    expect(await lnd.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 500n, timeoutSec: 7 })).toEqual({
      status: 'failed',
      reason: text,
    });
  });

  it('SendPaymentV2: AlreadyExists (6) is pending; code 2 before any update is checked with a track', async () => {
    const { payreq } = foreignInvoice(100_000n);
    node.answers.push(lines(409, { error: { code: 6, message: 'invoice is already paid', details: [] } }));
    expect(await lnd.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 500n, timeoutSec: 7 })).toEqual({
      status: 'pending',
    });

    node.answers.push(
      lines(500, { error: { code: 2, message: 'routerrpc server shutting down', details: [] } }),
    );
    node.answers.push(lines(200, { result: { status: 'IN_FLIGHT' } }));
    expect(await lnd.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 500n, timeoutSec: 7 })).toEqual({
      status: 'pending',
    });
    expect(node.requests[2]?.path).toMatch(/^\/v2\/router\/track\/[A-Za-z0-9_-]{43}=$/);

    node.answers.push(lines(500, { error: { code: 2, message: 'invoice expired', details: [] } }));
    node.answers.push(lines(404, { error: { code: 5, message: "payment isn't initiated", details: [] } }));
    expect(await lnd.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 500n, timeoutSec: 7 })).toEqual({
      status: 'failed',
      reason: 'invoice expired',
    });
  });

  it('TrackPaymentV2: padded base64url path; first update; only its own NOT_FOUND means failed', async () => {
    node.answers.push(
      lines(200, { result: { status: 'SUCCEEDED', fee_msat: '3', payment_preimage: '33'.repeat(32) } }),
    );
    expect(await lnd.lookupPayment(HASH)).toMatchObject({ status: 'succeeded', feeMsat: 3n });
    expectRequest(0, 'trackPaymentV2');

    node.answers.push(lines(404, { error: { code: 5, message: "payment isn't initiated", details: [] } }));
    expect(await lnd.lookupPayment(HASH)).toEqual({
      status: 'failed',
      reason: 'payment not found at the node',
    });

    // The gateway's 400 for a path it cannot decode, its 404 for an unknown route, a bare 404, a
    // refused macaroon: errors with status and message, never a verdict.
    for (const answer of [
      json(400, {
        code: 3,
        message: 'type mismatch, parameter: payment_hash, error: illegal base64 data at input byte 43',
        details: [],
      }),
      json(404, { code: 5, message: 'Not Found', details: [] }),
      { status: 404, body: '404 page not found' },
      lines(500, {
        error: {
          code: 2,
          message: 'verification failed: signature mismatch after caveat verification',
          details: [],
        },
      }),
    ]) {
      node.answers.push(answer);
      await expect(lnd.lookupPayment(HASH)).rejects.toMatchObject({ status: answer.status });
    }
  });

  it('ChannelBalance local_balance.msat and WalletBalance confirmed_balance (sat)', async () => {
    node.answers.push(
      json(200, {
        balance: '1',
        local_balance: { sat: '1', msat: '1500' },
        remote_balance: { sat: '0', msat: '0' },
      }),
    );
    node.answers.push(json(200, { total_balance: '20', confirmed_balance: '15', unconfirmed_balance: '5' }));
    expect(await lnd.nodeBalance()).toEqual({ channelLocalMsat: 1500n, onchainConfirmedMsat: 15_000n });
    expectRequest(0, 'channelBalance');
    expectRequest(1, 'walletBalance');
  });
});
