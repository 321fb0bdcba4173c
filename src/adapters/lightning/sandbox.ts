// The sandbox backend: the service is its own Lightning node. It signs real BOLT11 invoices with a
// persistent node key, and pays other nodes' invoices against a simulated network.
//
// Test hooks, by invoice description (the `d` field, exact match):
//   "sandbox:fail"    payInvoice answers failed, as if the destination refused the payment.
//   "sandbox:pending" payInvoice answers pending and the payment stays pending (lookupPayment too)
//                     until resolvePendingPayment() decides it.
// simulateExternalPayment(payreq) plays a payer outside the service paying one of this node's
// invoices: subscribers of subscribeSettlements hear about it (POST /sandbox/v1/pay calls this). Like a
// real node it knows nothing of the service's ledger: an open invoice is paid even when the service
// already settled it internally, unless cancelInvoice closed it first.
// nodeBalance() is the node's net flow: payments received from outside, minus payments sent and their
// routing fees (a real node would add its opening liquidity; this one starts at zero). Like every
// outcome it lives in this process's memory, so it covers only what this process paid and received:
// until the first payment through it, it answers null (cannot tell), which is what a process that only
// runs a command (`paytag audit`) or a ledger moved by hand sees.
//
// Outcomes of payments it sent live in memory only: after a restart unknown payments are reported as
// not found (failed), which is right for a network that never existed outside this process. The states
// of its own invoices that a payer outside could otherwise repeat (cancelled, settled) are kept in
// `invoiceStore` when one is given, as a real node keeps them in its database: they survive a restart
// and are seen by every process on the same store (`paytag sandbox pay` runs a node of its own).

import { createHash, randomBytes as cryptoRandomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type {
  CancelInvoiceResult,
  Clock,
  CreatedInvoice,
  CreateInvoiceInput,
  ExternalPaymentResult,
  InvoiceSettlement,
  InvoiceState,
  LightningBackend,
  LightningNetwork,
  PayInvoiceInput,
  PayResult,
} from '../../app/ports.ts';
import { decodeInvoice, encodeInvoice, MAX_INVOICE_MSAT } from './bolt11.ts';
import { secp256k1 } from './secp256k1.ts';

export const SANDBOX_FAIL_DESCRIPTION = 'sandbox:fail';
export const SANDBOX_PENDING_DESCRIPTION = 'sandbox:pending';

export interface SandboxOptions {
  /** Default regtest. */
  network?: LightningNetwork;
  /** The node's private key, 64 hex characters. Takes precedence over nodeKeyFile. */
  nodeKeyHex?: string;
  /** File holding the key as hex; created (mode 0600, 32 random bytes) on first start. */
  nodeKeyFile?: string;
  /** Routing fee of the simulated network: base + amount × ppm / 10^6, rounded down. */
  feeBaseMsat?: bigint;
  feePpm?: bigint;
  alias?: string;
  /** min_final_cltv_expiry written into invoices. Default 80, as LND writes. */
  minFinalCltvExpiry?: number;
  /** Most payment outcomes and settlements remembered; the oldest are forgotten first. */
  maxRemembered?: number;
  clock?: Clock;
  randomBytes?: (n: number) => Uint8Array;
  /** Where the final states of this node's invoices are kept; memory only without one. */
  invoiceStore?: SandboxInvoiceStore;
}

/** A final state of one of the node's invoices, by payment hash (lower-case hex). */
export type StoredInvoiceState =
  | { state: 'canceled' }
  | { state: 'settled'; amountReceivedMsat: bigint; settledAtSec: number };

export interface SandboxInvoiceStore {
  get(paymentHash: string): Promise<StoredInvoiceState | undefined>;
  put(paymentHash: string, state: StoredInvoiceState): Promise<void>;
}

export interface SandboxBackend extends LightningBackend {
  readonly kind: 'sandbox';
  /** Hex, compressed. */
  readonly pubkey: string;
  readonly network: LightningNetwork;
  /** A payer outside the service pays one of this node's invoices. */
  simulateExternalPayment(payreq: string, amountMsat?: bigint): Promise<ExternalPaymentResult>;
  /** Decides a payment left pending by a "sandbox:pending" invoice. False when there is none. */
  resolvePendingPayment(paymentHash: string, outcome: 'succeeded' | 'failed'): boolean;
}

const systemClock: Clock = { nowMs: () => Date.now() };

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}

async function loadOrCreateKeyFile(path: string, random: (n: number) => Uint8Array): Promise<string> {
  try {
    return (await readFile(path, 'utf8')).trim();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const created = hex(random(32));
  try {
    // 'wx' fails if another process created the file meanwhile; then its key is the one to use.
    await writeFile(path, `${created}\n`, { mode: 0o600, flag: 'wx' });
    return created;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    return (await readFile(path, 'utf8')).trim();
  }
}

/** A Map that forgets its oldest entries beyond `limit`. */
class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }
  override set(key: K, value: V): this {
    if (this.has(key)) this.delete(key);
    super.set(key, value);
    while (this.size > this.limit) {
      const oldest = this.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
    return this;
  }
}

/**
 * The CSPRNG drawn in 4 KiB blocks, each byte handed out once: one call per invoice (its preimage and
 * payment secret) cost about as much as signing the invoice's hash. A block is never written again
 * once handed out (a new one replaces it), so the views returned stay as they were.
 */
export function pooledRandomBytes(blockBytes = 4096): (n: number) => Uint8Array {
  let block = Buffer.alloc(0);
  let at = 0;
  return (n) => {
    if (n > blockBytes) return cryptoRandomBytes(n);
    if (at + n > block.length) {
      block = cryptoRandomBytes(blockBytes);
      at = 0;
    }
    at += n;
    return block.subarray(at - n, at);
  };
}

export async function createSandboxBackend(opts: SandboxOptions = {}): Promise<SandboxBackend> {
  const random = opts.randomBytes ?? pooledRandomBytes();
  const clock = opts.clock ?? systemClock;
  const network = opts.network ?? 'regtest';
  const feeBaseMsat = opts.feeBaseMsat ?? 1000n;
  const feePpm = opts.feePpm ?? 1000n;
  const minFinalCltvExpiry = opts.minFinalCltvExpiry ?? 80;
  const alias = opts.alias ?? 'paytag-sandbox';
  if (feeBaseMsat < 0n || feePpm < 0n) throw new RangeError('sandbox fees must not be negative');

  let keyHex: string;
  if (opts.nodeKeyHex !== undefined) keyHex = opts.nodeKeyHex;
  else if (opts.nodeKeyFile !== undefined) keyHex = await loadOrCreateKeyFile(opts.nodeKeyFile, random);
  else keyHex = hex(random(32));
  const ec = secp256k1();
  const key = /^[0-9a-fA-F]{64}$/.test(keyHex) ? Uint8Array.from(Buffer.from(keyHex, 'hex')) : null;
  if (key === null || !ec.isValidPrivateKey(key)) {
    throw new RangeError('sandbox node key must be 32 bytes (64 hex characters) and a valid secp256k1 key');
  }
  const pubkey = hex(ec.publicKey(key));

  const limit = opts.maxRemembered ?? 100_000;
  const payments = new BoundedMap<string, PayResult>(limit);
  const settled = new BoundedMap<string, InvoiceSettlement>(limit);
  const settling = new Set<string>();
  // Invoices this node issued (by hash) and those cancelled: a real node's invoice database.
  const issued = new BoundedMap<string, true>(limit);
  const canceled = new BoundedMap<string, true>(limit);
  // Net flow through the node, msat: + received from outside, − sent and routing fees.
  let channelLocalMsat = 0n;
  let sawFlow = false;
  const recordOutcome = (hash: string, result: PayResult, amountMsat: bigint) => {
    const before = payments.get(hash);
    if (result.status === 'succeeded' && before?.status !== 'succeeded') {
      channelLocalMsat -= amountMsat + result.feeMsat;
      sawFlow = true;
    }
    payments.set(hash, result);
  };
  const amountsOut = new BoundedMap<string, bigint>(limit);
  const listeners = new Set<(s: InvoiceSettlement) => Promise<void>>();
  const nowSec = () => Math.floor(clock.nowMs() / 1000);

  const failed = (reason: string): PayResult => ({ status: 'failed', reason });

  /** What the store knows of an invoice this process has no final state for (another process, a restart). */
  const recall = async (hash: string): Promise<void> => {
    if (opts.invoiceStore === undefined || settled.has(hash) || canceled.has(hash)) return;
    const kept = await opts.invoiceStore.get(hash);
    if (kept?.state === 'canceled') canceled.set(hash, true);
    else if (kept?.state === 'settled') {
      settled.set(hash, {
        paymentHash: hash,
        amountReceivedMsat: kept.amountReceivedMsat,
        settledAtSec: kept.settledAtSec,
      });
    }
  };

  const backend: SandboxBackend = {
    kind: 'sandbox',
    capabilities: {
      payFromOutside: (payreq, amountMsat) => backend.simulateExternalPayment(payreq, amountMsat),
    },
    pubkey,
    network,

    async nodeInfo() {
      return { pubkey, network, alias };
    },

    async createInvoice(input: CreateInvoiceInput): Promise<CreatedInvoice> {
      if (input.amountMsat !== null && (input.amountMsat <= 0n || input.amountMsat > MAX_INVOICE_MSAT)) {
        throw new RangeError('amountMsat must be positive and at most 21 million BTC');
      }
      // One draw for both secrets: the CSPRNG call dominates at thousands of invoices a second.
      const secrets = random(64);
      const preimage = input.preimage ?? secrets.subarray(0, 32);
      const paymentHash = createHash('sha256').update(preimage).digest();
      const createdAtSec = nowSec();
      const payreq = encodeInvoice(
        {
          network,
          amountMsat: input.amountMsat,
          paymentHash,
          paymentSecret: secrets.subarray(32, 64),
          ...(input.descriptionHash !== undefined
            ? { descriptionHash: input.descriptionHash }
            : { description: input.description }),
          expirySec: input.expirySec,
          createdAtSec,
          minFinalCltvExpiry,
        },
        key,
      );
      issued.set(hex(paymentHash), true);
      return {
        payreq,
        paymentHash: hex(paymentHash),
        createdAtSec,
        expiresAtSec: createdAtSec + input.expirySec,
      };
    },

    async payInvoice(input: PayInvoiceInput): Promise<PayResult> {
      if (input.amountMsat <= 0n || input.maxFeeMsat < 0n) throw new RangeError('amounts must be positive');
      const decoded = decodeInvoice(input.payreq);
      if (!decoded.ok) return failed(`invalid invoice: ${decoded.message}`);
      const inv = decoded.invoice;
      if (inv.payeePubkey === pubkey) return failed('invoice of this node; settle internally');
      if (inv.network !== network) return failed(`invoice is for ${inv.network}, this node is on ${network}`);
      const earlier = payments.get(inv.paymentHash);
      // Paying the same invoice again must not pay twice: repeat what happened.
      if (earlier && earlier.status !== 'failed') return earlier;
      if (inv.expiresAtSec <= nowSec()) return failed('invoice expired');
      if (inv.amountMsat !== null && inv.amountMsat !== input.amountMsat) {
        return failed(`amount ${input.amountMsat} msat does not match the invoice (${inv.amountMsat} msat)`);
      }
      let result: PayResult;
      if (inv.description === SANDBOX_FAIL_DESCRIPTION) {
        result = failed('payment failed at the destination (sandbox:fail)');
      } else if (inv.description === SANDBOX_PENDING_DESCRIPTION) {
        result = { status: 'pending' };
      } else {
        const feeMsat = feeBaseMsat + (input.amountMsat * feePpm) / 1_000_000n;
        result =
          feeMsat > input.maxFeeMsat
            ? failed('no route within fee limit')
            : { status: 'succeeded', feeMsat, preimage: hex(random(32)) };
      }
      amountsOut.set(inv.paymentHash, input.amountMsat);
      recordOutcome(inv.paymentHash, result, input.amountMsat);
      return result;
    },

    async lookupPayment(paymentHash: string): Promise<PayResult> {
      return payments.get(paymentHash.toLowerCase()) ?? failed('payment not found at the node');
    },

    async lookupInvoice(paymentHash: string): Promise<InvoiceState> {
      const hash = paymentHash.toLowerCase();
      await recall(hash);
      const s = settled.get(hash);
      if (s)
        return { state: 'settled', amountReceivedMsat: s.amountReceivedMsat, settledAtSec: s.settledAtSec };
      if (canceled.has(hash)) return { state: 'canceled', amountReceivedMsat: null, settledAtSec: null };
      if (issued.has(hash)) return { state: 'open', amountReceivedMsat: null, settledAtSec: null };
      // Never issued here, or issued before a restart (outcomes live in memory only).
      return { state: 'not_found', amountReceivedMsat: null, settledAtSec: null };
    },

    async cancelInvoice(paymentHash: string): Promise<CancelInvoiceResult> {
      const hash = paymentHash.toLowerCase();
      await recall(hash);
      const s = settled.get(hash);
      if (s)
        return { status: 'settled', amountReceivedMsat: s.amountReceivedMsat, settledAtSec: s.settledAtSec };
      if (canceled.has(hash)) return { status: 'canceled' };
      if (!issued.has(hash) && opts.invoiceStore === undefined) return { status: 'not_found' };
      // A payment being delivered right now wins, as an accepted HTLC does on a real node.
      if (settling.has(hash)) return { status: 'unknown', reason: 'a payment of this invoice is in flight' };
      // With a store the node knows its invoices of before a restart too (any invoice it signed).
      canceled.set(hash, true);
      await opts.invoiceStore?.put(hash, { state: 'canceled' });
      return { status: 'canceled' };
    },

    async nodeBalance() {
      return sawFlow ? { channelLocalMsat, onchainConfirmedMsat: 0n } : null;
    },

    subscribeSettlements(onSettled, signal) {
      if (signal.aborted) return;
      listeners.add(onSettled);
      signal.addEventListener('abort', () => listeners.delete(onSettled), { once: true });
    },

    async simulateExternalPayment(payreq: string, amountMsat?: bigint): Promise<ExternalPaymentResult> {
      const decoded = decodeInvoice(payreq);
      if (!decoded.ok) return { ok: false, reason: 'invalid_invoice', message: decoded.message };
      const inv = decoded.invoice;
      if (inv.payeePubkey !== pubkey) {
        return { ok: false, reason: 'not_this_node', message: 'the invoice is not of this node' };
      }
      if (inv.network !== network) {
        return { ok: false, reason: 'wrong_network', message: `the invoice is for ${inv.network}` };
      }
      if (inv.expiresAtSec <= nowSec())
        return { ok: false, reason: 'expired', message: 'the invoice has expired' };
      let received: bigint;
      if (inv.amountMsat === null) {
        if (amountMsat === undefined || amountMsat <= 0n) {
          return { ok: false, reason: 'amount_required', message: 'the invoice has no amount; give one' };
        }
        received = amountMsat;
      } else {
        if (amountMsat !== undefined && amountMsat < inv.amountMsat) {
          return {
            ok: false,
            reason: 'amount_too_low',
            message: `the invoice asks for ${inv.amountMsat} msat`,
          };
        }
        received = amountMsat ?? inv.amountMsat;
      }
      await recall(inv.paymentHash);
      if (settled.has(inv.paymentHash) || settling.has(inv.paymentHash)) {
        return { ok: false, reason: 'already_paid', message: 'the invoice is already paid' };
      }
      if (canceled.has(inv.paymentHash)) {
        return { ok: false, reason: 'canceled', message: 'the invoice was cancelled at the node' };
      }
      if (listeners.size === 0) {
        return { ok: false, reason: 'no_listener', message: 'nothing is listening for settlements' };
      }
      const settlement: InvoiceSettlement = {
        paymentHash: inv.paymentHash,
        amountReceivedMsat: received,
        settledAtSec: nowSec(),
      };
      settling.add(inv.paymentHash);
      try {
        await Promise.all([...listeners].map((l) => l(settlement)));
      } catch (e) {
        return { ok: false, reason: 'listener_failed', message: e instanceof Error ? e.message : String(e) };
      } finally {
        settling.delete(inv.paymentHash);
      }
      settled.set(inv.paymentHash, settlement);
      await opts.invoiceStore?.put(inv.paymentHash, {
        state: 'settled',
        amountReceivedMsat: received,
        settledAtSec: settlement.settledAtSec,
      });
      channelLocalMsat += received;
      sawFlow = true;
      return { ok: true, settlement };
    },

    resolvePendingPayment(paymentHash: string, outcome: 'succeeded' | 'failed'): boolean {
      const hash = paymentHash.toLowerCase();
      if (payments.get(hash)?.status !== 'pending') return false;
      recordOutcome(
        hash,
        outcome === 'succeeded'
          ? { status: 'succeeded', feeMsat: feeBaseMsat, preimage: hex(random(32)) }
          : failed('payment failed at the destination'),
        amountsOut.get(hash) ?? 0n,
      );
      return true;
    },

    async close() {
      listeners.clear();
    },
  };
  return backend;
}
