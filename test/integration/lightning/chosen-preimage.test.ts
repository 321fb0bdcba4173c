import { createHash, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeInvoice } from '../../../src/adapters/lightning/bolt11.ts';
import { createClnBackend } from '../../../src/adapters/lightning/cln.ts';
import { createLndBackend } from '../../../src/adapters/lightning/lnd.ts';
import { revealedPreimage } from '../../../src/app/payments/payment.ts';
import { findPaymentByHash } from '../../../src/app/payments/payment-by-hash.ts';
import { receive } from '../../../src/app/payments/receive.ts';
import { settleIncomingInvoice } from '../../../src/app/payments/settlement/settle-incoming.ts';
import type { LightningBackend } from '../../../src/app/ports.ts';
import { type ClnStandin, startClnStandin } from '../../fixtures/lightning/cln-standin.ts';
import { type LndStandin, startLndStandin } from '../../fixtures/lightning/lnd-standin.ts';
import { callerOf, makeAccount, type TestRuntime, testRuntime } from '../../fixtures/runtime.ts';

// An invoice whose preimage the service chooses (createInvoiceWithPreimage, used by receive and the
// LNURL-pay callback) through each node adapter against its stand-in: the node must make the invoice
// for that preimage, so that its payment hash is sha256(preimage) and a payer learns exactly that
// preimage when it settles.
//   LND AddInvoice (POST /v1/invoices), lnrpc.Invoice.r_preimage: "The hex-encoded preimage (32 byte)
//     which will allow settling an incoming HTLC payable to this preimage. When using REST, this field
//     must be encoded as base64." (https://lightning.engineering/api-docs/api/lnd/lightning/add-invoice)
//   CLN invoice, `preimage` (hex): "A 64-digit hex string to be used as payment preimage for the created
//     invoice." (https://docs.corelightning.org/reference/lightning-invoice); listinvoices answers a
//     paid invoice's `payment_preimage`.

const sha256hex = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

interface Node {
  name: string;
  start(): Promise<LightningBackend>;
  stop(): Promise<void>;
  /** A payer pays the invoice at the node. */
  pay(hash: string): void;
  /** The preimage the node's invoice record holds (what settling it reveals), hex. */
  preimageAtNode(hash: string): string | undefined;
}

let lnd: LndStandin;
let cln: ClnStandin;

const NODES: Node[] = [
  {
    name: 'LND',
    async start() {
      lnd = await startLndStandin();
      return createLndBackend({ url: lnd.url, macaroonHex: lnd.macaroonHex });
    },
    stop: () => lnd.close(),
    pay: (hash) => lnd.receive(hash),
    preimageAtNode: (hash) => {
      const r = (lnd.invoice(hash) as { r_preimage?: string } | undefined)?.r_preimage;
      return r === undefined ? undefined : Buffer.from(r, 'base64').toString('hex');
    },
  },
  {
    name: 'CLN',
    async start() {
      cln = await startClnStandin();
      return createClnBackend({ url: cln.url, rune: cln.rune, tlsCaPem: cln.caPem ?? '' });
    },
    stop: () => cln.close(),
    pay: (hash) => cln.receive(hash),
    preimageAtNode: (hash) => cln.invoice(hash)?.payment_preimage,
  },
];

describe.each(NODES)('an invoice with a chosen preimage through $name', (node) => {
  let backend: LightningBackend;
  let t: TestRuntime;

  beforeEach(async () => {
    backend = await node.start();
    t = await testRuntime('sqlite', {}, { lightning: backend });
  });
  afterEach(async () => {
    await t.close();
    await backend.close();
    await node.stop();
  });

  it('the node makes it for that preimage: payment_hash = sha256(preimage)', async () => {
    const chosen = randomBytes(32);
    const made = await backend.createInvoice({
      amountMsat: 21_000n,
      description: 'chosen',
      expirySec: 600,
      preimage: chosen,
    });
    expect(made.paymentHash).toBe(sha256hex(chosen));
    const decoded = decodeInvoice(made.payreq);
    expect(decoded.ok && decoded.invoice.paymentHash).toBe(sha256hex(chosen));
  });

  it('receive keeps the chosen preimage, and settling the invoice reveals exactly it', async () => {
    const alice = await makeAccount(t.deps);
    const r = await receive(t.deps, callerOf(alice), {
      amount: { asset: 'lbtc', units: 50_000n },
      rail: 'lightning',
      chainNetwork: null,
      receiverUsertag: null,
      expiresInSec: 600,
      refs: {
        description: 'coffee',
        customerName: null,
        orderId: null,
        fiatCurrency: null,
        fiatValue: null,
        extra: '{}',
      },
      callbackUrl: null,
      successUrl: null,
      idempotencyKey: null,
    });
    if (!r.ok) throw new Error(r.error.message);
    const hash = r.value.payment_hash ?? '';
    const kept = r.value.preimage;
    expect(kept).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256hex(Buffer.from(kept ?? '', 'hex'))).toBe(hash);

    node.pay(hash);
    expect(node.preimageAtNode(hash)).toBe(kept);
    const state = await backend.lookupInvoice(hash);
    expect(state.state).toBe('settled');
    await settleIncomingInvoice(t.deps, {
      paymentHash: hash,
      amountReceivedMsat: state.amountReceivedMsat ?? 0n,
      settledAtSec: state.settledAtSec ?? 0,
    });
    const paid = await findPaymentByHash(t.deps, callerOf(alice), hash);
    if (!paid.ok) throw new Error(paid.error.message);
    expect(paid.value.status).toBe('paid');
    expect(revealedPreimage(paid.value)).toBe(kept);
  });

  it('a preimage that is not 32 bytes is refused by the node', async () => {
    await expect(
      backend.createInvoice({
        amountMsat: 1000n,
        description: 'short',
        expirySec: 600,
        preimage: randomBytes(31),
      }),
    ).rejects.toThrow(/preimage/);
  });
});
