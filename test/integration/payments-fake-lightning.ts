import { createHash, randomBytes } from 'node:crypto';
import { encodeInvoice } from '../../src/adapters/lightning/bolt11.ts';
import type {
  CancelInvoiceResult,
  CreatedInvoice,
  CreateInvoiceInput,
  InvoiceSettlement,
  InvoiceState,
  LightningBackend,
  LightningNetwork,
  PayInvoiceInput,
  PayResult,
} from '../../src/app/ports.ts';

const sha256hex = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/**
 * A Lightning backend for tests whose answers the test chooses: it signs real BOLT11 invoices, lets a test
 * pay them "from outside", and answers payInvoice / lookupPayment with scripted outcomes.
 */
export class FakeLightning implements LightningBackend {
  readonly kind = 'sandbox' as const;
  readonly nodeKey = randomBytes(32);
  readonly invoices = new Map<
    string,
    { amountMsat: bigint | null; settled: boolean; canceled?: boolean; received?: bigint }
  >();
  /** Payment hashes cancelInvoice was asked about, in order. */
  readonly cancels: string[] = [];
  readonly paid: PayInvoiceInput[] = [];
  /** Outcome of the next payInvoice calls, in order; afterwards `defaultPay`. */
  readonly payOutcomes: PayResult[] = [];
  defaultPay: PayResult = { status: 'succeeded', feeMsat: 1000n, preimage: '00'.repeat(32) };
  readonly lookups = new Map<string, PayResult>();
  private listeners: Array<(s: InvoiceSettlement) => Promise<void>> = [];

  constructor(
    private readonly network: LightningNetwork = 'regtest',
    private readonly nowSec: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  async nodeInfo() {
    return { pubkey: '', network: this.network, alias: 'fake' };
  }

  async createInvoice(input: CreateInvoiceInput): Promise<CreatedInvoice> {
    const preimage = randomBytes(32);
    const paymentHash = sha256hex(preimage);
    const createdAtSec = this.nowSec();
    const payreq = encodeInvoice(
      {
        network: this.network,
        amountMsat: input.amountMsat,
        paymentHash,
        paymentSecret: randomBytes(32),
        ...(input.descriptionHash
          ? { descriptionHash: input.descriptionHash }
          : { description: input.description }),
        expirySec: input.expirySec,
        createdAtSec,
      },
      this.nodeKey,
    );
    this.invoices.set(paymentHash, { amountMsat: input.amountMsat, settled: false });
    return { payreq, paymentHash, createdAtSec, expiresAtSec: createdAtSec + input.expirySec };
  }

  async payInvoice(input: PayInvoiceInput): Promise<PayResult> {
    this.paid.push(input);
    return this.payOutcomes.shift() ?? this.defaultPay;
  }

  async lookupPayment(paymentHash: string): Promise<PayResult> {
    return this.lookups.get(paymentHash) ?? { status: 'pending' };
  }

  async lookupInvoice(paymentHash: string): Promise<InvoiceState> {
    const i = this.invoices.get(paymentHash);
    return { state: i?.settled ? 'settled' : 'open', amountReceivedMsat: null, settledAtSec: null };
  }

  async cancelInvoice(paymentHash: string): Promise<CancelInvoiceResult> {
    this.cancels.push(paymentHash);
    const i = this.invoices.get(paymentHash);
    if (i === undefined) return { status: 'not_found' };
    if (i.settled) {
      return {
        status: 'settled',
        amountReceivedMsat: i.received ?? i.amountMsat ?? 0n,
        settledAtSec: this.nowSec(),
      };
    }
    i.canceled = true;
    return { status: 'canceled' };
  }

  async nodeBalance() {
    return null;
  }

  subscribeSettlements(onSettled: (s: InvoiceSettlement) => Promise<void>, signal: AbortSignal): void {
    this.listeners.push(onSettled);
    signal.addEventListener('abort', () => {
      this.listeners = this.listeners.filter((l) => l !== onSettled);
    });
  }

  /** A payer outside the service pays an invoice of this node; every listener hears of it. */
  async settleFromOutside(paymentHash: string, amountMsat?: bigint): Promise<InvoiceSettlement> {
    const i = this.invoices.get(paymentHash);
    if (i === undefined) throw new Error('not an invoice of this fake node');
    i.settled = true;
    i.received = amountMsat ?? i.amountMsat ?? 0n;
    const s = {
      paymentHash,
      amountReceivedMsat: amountMsat ?? i.amountMsat ?? 0n,
      settledAtSec: this.nowSec(),
    };
    for (const l of this.listeners) await l(s);
    return s;
  }

  async close(): Promise<void> {}
}

/** An invoice of some other node (for paying out). */
export function foreignInvoice(
  amountMsat: bigint | null,
  opts: { network?: LightningNetwork; expirySec?: number; createdAtSec?: number } = {},
): { payreq: string; paymentHash: string } {
  const paymentHash = sha256hex(randomBytes(32));
  const payreq = encodeInvoice(
    {
      network: opts.network ?? 'regtest',
      amountMsat,
      paymentHash,
      paymentSecret: randomBytes(32),
      description: 'coffee elsewhere',
      expirySec: opts.expirySec ?? 3600,
      createdAtSec: opts.createdAtSec ?? Math.floor(Date.now() / 1000),
    },
    randomBytes(32),
  );
  return { payreq, paymentHash };
}
