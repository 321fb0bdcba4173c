import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeInvoice, encodeInvoice } from '../../../src/adapters/lightning/bolt11.ts';
import { createLightningBackend } from '../../../src/adapters/lightning/index.ts';
import {
  createSandboxBackend,
  pooledRandomBytes,
  type SandboxBackend,
} from '../../../src/adapters/lightning/sandbox.ts';
import { secp256k1 } from '../../../src/adapters/lightning/secp256k1.ts';
import type { InvoiceSettlement, LightningNetwork } from '../../../src/app/ports.ts';

const NOW_MS = 1_750_000_000_000;
const clock = { nowMs: () => NOW_MS };
const NODE_KEY = '11'.repeat(32);
const NODE_PUBKEY = Buffer.from(secp256k1().publicKey(Buffer.from(NODE_KEY, 'hex'))).toString('hex');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'paytag-sandbox-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function sandbox(overrides: Parameters<typeof createSandboxBackend>[0] = {}): Promise<SandboxBackend> {
  return createSandboxBackend({
    nodeKeyHex: NODE_KEY,
    clock,
    feeBaseMsat: 1000n,
    feePpm: 1000n,
    ...overrides,
  });
}

/** An invoice of some other node. */
function foreignInvoice(
  opts: {
    amountMsat?: bigint | null;
    description?: string;
    network?: LightningNetwork;
    createdAtSec?: number;
  } = {},
) {
  const paymentHash = randomBytes(32);
  const payreq = encodeInvoice(
    {
      network: opts.network ?? 'regtest',
      amountMsat: opts.amountMsat === undefined ? 250_000n : opts.amountMsat,
      paymentHash,
      paymentSecret: randomBytes(32),
      description: opts.description ?? 'a coffee elsewhere',
      expirySec: 600,
      createdAtSec: opts.createdAtSec ?? NOW_MS / 1000 - 10,
    },
    randomBytes(32),
  );
  return { payreq, paymentHash: paymentHash.toString('hex') };
}

describe('random bytes drawn in blocks', () => {
  it('hands out each byte once: views never overlap and stay as they were across new blocks', () => {
    const random = pooledRandomBytes(256);
    const drawn = Array.from({ length: 40 }, () => random(64));
    const copies = drawn.map((b) => Buffer.from(b).toString('hex'));
    for (let i = 0; i < 10; i += 1) random(64);
    expect(drawn.map((b) => Buffer.from(b).toString('hex'))).toEqual(copies);
    expect(new Set(copies).size).toBe(copies.length);
    expect(drawn.every((b) => b.length === 64)).toBe(true);
    expect(random(1000)).toHaveLength(1000);
  });

  it('gives every invoice its own preimage and payment secret', async () => {
    const sb = await createSandboxBackend({ nodeKeyHex: NODE_KEY, clock });
    const hashes = new Set<string>();
    const secrets = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const inv = await sb.createInvoice({ amountMsat: 1000n, description: 'x', expirySec: 600 });
      const d = decodeInvoice(inv.payreq);
      if (!d.ok) throw new Error(d.message);
      hashes.add(d.invoice.paymentHash);
      secrets.add(String(d.invoice.paymentSecret));
    }
    expect(hashes.size).toBe(200);
    expect(secrets.size).toBe(200);
  });
});

describe('node key', () => {
  it('uses the given key', async () => {
    const sb = await sandbox();
    expect(sb.pubkey).toBe(NODE_PUBKEY);
    expect(await sb.nodeInfo()).toEqual({ pubkey: NODE_PUBKEY, network: 'regtest', alias: 'paytag-sandbox' });
  });

  it('creates a key file with mode 0600 on first start and reuses it', async () => {
    const file = join(dir, 'nested', 'node.key');
    const first = await createSandboxBackend({ nodeKeyFile: file });
    const mode = (await stat(file)).mode & 0o777;
    expect(mode).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toMatch(/^[0-9a-f]{64}$/);
    const second = await createSandboxBackend({ nodeKeyFile: file });
    expect(second.pubkey).toBe(first.pubkey);
  });

  it('reads an existing key file', async () => {
    const file = join(dir, 'existing.key');
    await writeFile(file, `${NODE_KEY}\n`, { mode: 0o600 });
    expect((await createSandboxBackend({ nodeKeyFile: file })).pubkey).toBe(NODE_PUBKEY);
  });

  it('refuses a malformed key', async () => {
    await expect(createSandboxBackend({ nodeKeyHex: 'abc' })).rejects.toThrow(RangeError);
    await expect(createSandboxBackend({ nodeKeyHex: '00'.repeat(32) })).rejects.toThrow(RangeError);
    const file = join(dir, 'bad.key');
    await writeFile(file, 'not a key');
    await expect(createSandboxBackend({ nodeKeyFile: file })).rejects.toThrow(RangeError);
  });
});

describe('createInvoice', () => {
  it('signs a real invoice of this node with the requested fields', async () => {
    const sb = await sandbox({ network: 'signet' });
    const created = await sb.createInvoice({ amountMsat: 123_000n, description: 'order 42', expirySec: 900 });
    const d = decodeInvoice(created.payreq);
    if (!d.ok) throw new Error(d.message);
    expect(d.invoice).toMatchObject({
      network: 'signet',
      amountMsat: 123_000n,
      paymentHash: created.paymentHash,
      description: 'order 42',
      payeePubkey: NODE_PUBKEY,
      createdAtSec: NOW_MS / 1000,
      expiresAtSec: NOW_MS / 1000 + 900,
    });
    expect(d.invoice.paymentSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(created).toMatchObject({ createdAtSec: NOW_MS / 1000, expiresAtSec: NOW_MS / 1000 + 900 });
  });

  it('writes a description hash instead of the description when given, and amountless invoices', async () => {
    const sb = await sandbox();
    const descriptionHash = createHash('sha256').update('[["text/plain","x"]]').digest();
    const created = await sb.createInvoice({
      amountMsat: null,
      description: 'ignored',
      descriptionHash,
      expirySec: 60,
    });
    const d = decodeInvoice(created.payreq);
    expect(d.ok && d.invoice.descriptionHash).toBe(descriptionHash.toString('hex'));
    expect(d.ok && d.invoice.description).toBeNull();
    expect(d.ok && d.invoice.amountMsat).toBeNull();
  });

  it('uses a fresh payment hash every time', async () => {
    const sb = await sandbox();
    const hashes = new Set<string>();
    for (let i = 0; i < 50; i++) {
      hashes.add(
        (await sb.createInvoice({ amountMsat: 1000n, description: 'x', expirySec: 60 })).paymentHash,
      );
    }
    expect(hashes.size).toBe(50);
  });
});

describe('payInvoice against the simulated network', () => {
  it('pays another node with fee = base + amount × ppm / 10^6', async () => {
    const sb = await sandbox();
    const { payreq, paymentHash } = foreignInvoice({ amountMsat: 2_500_000n });
    const r = await sb.payInvoice({ payreq, amountMsat: 2_500_000n, maxFeeMsat: 10_000n, timeoutSec: 30 });
    expect(r).toMatchObject({ status: 'succeeded', feeMsat: 1000n + 2_500n });
    expect(r.status === 'succeeded' && r.preimage).toMatch(/^[0-9a-f]{64}$/);
    expect(await sb.lookupPayment(paymentHash)).toEqual(r);
  });

  it('rounds the proportional fee down', async () => {
    const sb = await sandbox({ feeBaseMsat: 0n, feePpm: 1000n });
    const { payreq } = foreignInvoice({ amountMsat: 1_999n });
    expect(
      await sb.payInvoice({ payreq, amountMsat: 1_999n, maxFeeMsat: 10n, timeoutSec: 30 }),
    ).toMatchObject({
      feeMsat: 1n,
    });
  });

  it('fails when the fee would exceed maxFeeMsat, and a later attempt may succeed', async () => {
    const sb = await sandbox();
    const { payreq } = foreignInvoice({ amountMsat: 1_000_000n });
    expect(
      await sb.payInvoice({ payreq, amountMsat: 1_000_000n, maxFeeMsat: 1_999n, timeoutSec: 30 }),
    ).toEqual({
      status: 'failed',
      reason: 'no route within fee limit',
    });
    expect(
      await sb.payInvoice({ payreq, amountMsat: 1_000_000n, maxFeeMsat: 2_000n, timeoutSec: 30 }),
    ).toMatchObject({
      status: 'succeeded',
      feeMsat: 2_000n,
    });
  });

  it('never pays the same invoice twice', async () => {
    const sb = await sandbox();
    const { payreq } = foreignInvoice();
    const first = await sb.payInvoice({ payreq, amountMsat: 250_000n, maxFeeMsat: 10_000n, timeoutSec: 30 });
    const again = await sb.payInvoice({ payreq, amountMsat: 250_000n, maxFeeMsat: 10_000n, timeoutSec: 30 });
    expect(again).toEqual(first);
  });

  it('pays an amountless invoice the chosen amount', async () => {
    const sb = await sandbox();
    const { payreq } = foreignInvoice({ amountMsat: null });
    expect(
      await sb.payInvoice({ payreq, amountMsat: 5_000_000n, maxFeeMsat: 10_000n, timeoutSec: 30 }),
    ).toMatchObject({
      status: 'succeeded',
      feeMsat: 6_000n,
    });
  });

  it.each([
    ['an invoice of this node', 'own', 'invoice of this node; settle internally'],
    ['an invoice for another network', 'testnet', 'invoice is for testnet, this node is on regtest'],
    ['an expired invoice', 'expired', 'invoice expired'],
    ['a different amount', 'amount', 'amount 1 msat does not match the invoice (250000 msat)'],
    ['sandbox:fail', 'fail', 'payment failed at the destination (sandbox:fail)'],
  ])('fails %s', async (_name, kind, reason) => {
    const sb = await sandbox();
    let payreq: string;
    if (kind === 'own') {
      payreq = (await sb.createInvoice({ amountMsat: 250_000n, description: 'mine', expirySec: 60 })).payreq;
    } else if (kind === 'testnet') payreq = foreignInvoice({ network: 'testnet' }).payreq;
    else if (kind === 'expired') payreq = foreignInvoice({ createdAtSec: NOW_MS / 1000 - 601 }).payreq;
    else if (kind === 'fail') payreq = foreignInvoice({ description: 'sandbox:fail' }).payreq;
    else payreq = foreignInvoice().payreq;
    const amountMsat = kind === 'amount' ? 1n : 250_000n;
    expect(await sb.payInvoice({ payreq, amountMsat, maxFeeMsat: 10_000n, timeoutSec: 30 })).toEqual({
      status: 'failed',
      reason,
    });
  });

  it('fails garbage with the decoder reason', async () => {
    const sb = await sandbox();
    const r = await sb.payInvoice({
      payreq: 'lnbcrt1nonsense',
      amountMsat: 1n,
      maxFeeMsat: 0n,
      timeoutSec: 30,
    });
    expect(r.status === 'failed' && r.reason).toMatch(/^invalid invoice: /);
  });

  it('keeps sandbox:pending payments pending until resolved', async () => {
    const sb = await sandbox();
    const { payreq, paymentHash } = foreignInvoice({ description: 'sandbox:pending' });
    expect(
      await sb.payInvoice({ payreq, amountMsat: 250_000n, maxFeeMsat: 10_000n, timeoutSec: 30 }),
    ).toEqual({
      status: 'pending',
    });
    expect(await sb.lookupPayment(paymentHash)).toEqual({ status: 'pending' });
    expect(
      await sb.payInvoice({ payreq, amountMsat: 250_000n, maxFeeMsat: 10_000n, timeoutSec: 30 }),
    ).toEqual({
      status: 'pending',
    });
    expect(sb.resolvePendingPayment(paymentHash, 'succeeded')).toBe(true);
    expect(await sb.lookupPayment(paymentHash)).toMatchObject({ status: 'succeeded' });
    expect(sb.resolvePendingPayment(paymentHash, 'failed')).toBe(false);
  });

  it('reports an unknown payment as not found', async () => {
    const sb = await sandbox();
    expect(await sb.lookupPayment('ab'.repeat(32))).toEqual({
      status: 'failed',
      reason: 'payment not found at the node',
    });
  });
});

describe('simulateExternalPayment and the settlement stream', () => {
  async function listening(sb: SandboxBackend) {
    const got: InvoiceSettlement[] = [];
    const controller = new AbortController();
    sb.subscribeSettlements(async (s) => {
      got.push(s);
    }, controller.signal);
    return { got, controller };
  }

  it('settles an invoice of this node and tells subscribers', async () => {
    const sb = await sandbox();
    const { got } = await listening(sb);
    const inv = await sb.createInvoice({ amountMsat: 70_000n, description: 'tea', expirySec: 60 });
    const r = await sb.simulateExternalPayment(inv.payreq);
    const expected = {
      paymentHash: inv.paymentHash,
      amountReceivedMsat: 70_000n,
      settledAtSec: NOW_MS / 1000,
    };
    expect(r).toEqual({ ok: true, settlement: expected });
    expect(got).toEqual([expected]);
    expect(await sb.lookupInvoice(inv.paymentHash)).toEqual({
      state: 'settled',
      amountReceivedMsat: 70_000n,
      settledAtSec: NOW_MS / 1000,
    });
    expect(await sb.simulateExternalPayment(inv.payreq)).toMatchObject({ ok: false, reason: 'already_paid' });
    expect(got).toHaveLength(1);
  });

  it('settles one of two simultaneous payments of the same invoice', async () => {
    const sb = await sandbox();
    const { got } = await listening(sb);
    const inv = await sb.createInvoice({ amountMsat: 1_000n, description: 'x', expirySec: 60 });
    const results = await Promise.all([
      sb.simulateExternalPayment(inv.payreq),
      sb.simulateExternalPayment(inv.payreq),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(got).toHaveLength(1);
  });

  it('needs an amount for an amountless invoice, and refuses less than asked', async () => {
    const sb = await sandbox();
    await listening(sb);
    const open = await sb.createInvoice({ amountMsat: null, description: 'tip', expirySec: 60 });
    expect(await sb.simulateExternalPayment(open.payreq)).toMatchObject({
      ok: false,
      reason: 'amount_required',
    });
    expect(await sb.simulateExternalPayment(open.payreq, 42_000n)).toMatchObject({
      ok: true,
      settlement: { amountReceivedMsat: 42_000n },
    });
    const fixed = await sb.createInvoice({ amountMsat: 5_000n, description: 'x', expirySec: 60 });
    expect(await sb.simulateExternalPayment(fixed.payreq, 4_999n)).toMatchObject({
      ok: false,
      reason: 'amount_too_low',
    });
  });

  it('refuses invoices of other nodes, expired invoices and garbage', async () => {
    const sb = await sandbox();
    await listening(sb);
    expect(await sb.simulateExternalPayment(foreignInvoice().payreq)).toMatchObject({
      ok: false,
      reason: 'not_this_node',
    });
    expect(await sb.simulateExternalPayment('junk')).toMatchObject({ ok: false, reason: 'invalid_invoice' });
    const later = await sandbox({ clock: { nowMs: () => NOW_MS + 61_000 } });
    await listening(later);
    const inv = await sb.createInvoice({ amountMsat: 1_000n, description: 'x', expirySec: 60 });
    expect(await later.simulateExternalPayment(inv.payreq)).toMatchObject({ ok: false, reason: 'expired' });
  });

  it('does not mark an invoice paid when nobody listens or the listener fails', async () => {
    const sb = await sandbox();
    const inv = await sb.createInvoice({ amountMsat: 1_000n, description: 'x', expirySec: 60 });
    expect(await sb.simulateExternalPayment(inv.payreq)).toMatchObject({ ok: false, reason: 'no_listener' });

    const controller = new AbortController();
    let fail = true;
    sb.subscribeSettlements(async () => {
      if (fail) throw new Error('database is down');
    }, controller.signal);
    expect(await sb.simulateExternalPayment(inv.payreq)).toMatchObject({
      ok: false,
      reason: 'listener_failed',
      message: 'database is down',
    });
    expect((await sb.lookupInvoice(inv.paymentHash)).state).toBe('open');
    fail = false;
    expect(await sb.simulateExternalPayment(inv.payreq)).toMatchObject({ ok: true });

    controller.abort();
    const other = await sb.createInvoice({ amountMsat: 1_000n, description: 'y', expirySec: 60 });
    expect(await sb.simulateExternalPayment(other.payreq)).toMatchObject({
      ok: false,
      reason: 'no_listener',
    });
  });
});

describe('createLightningBackend', () => {
  it('builds a sandbox or another backend from a plain options object', async () => {
    const backend = await createLightningBackend({
      kind: 'sandbox',
      nodeKeyHex: NODE_KEY,
      network: 'testnet',
    });
    expect(backend.kind).toBe('sandbox');
    expect((await backend.nodeInfo()).network).toBe('testnet');
    const lnd = await createLightningBackend({ kind: 'lnd', url: 'https://127.0.0.1:1', macaroonHex: 'ab' });
    expect(lnd.kind).toBe('lnd');
    await lnd.close();
  });
});

describe('cancelInvoice and nodeBalance', () => {
  it('cancels an open invoice of this node, after which no payer outside can pay it', async () => {
    const sb = await sandbox();
    const controller = new AbortController();
    sb.subscribeSettlements(async () => {}, controller.signal);
    const inv = await sb.createInvoice({ amountMsat: 5_000n, description: 'tea', expirySec: 60 });
    expect(await sb.cancelInvoice(inv.paymentHash)).toEqual({ status: 'canceled' });
    expect(await sb.cancelInvoice(inv.paymentHash)).toEqual({ status: 'canceled' });
    expect((await sb.lookupInvoice(inv.paymentHash)).state).toBe('canceled');
    expect(await sb.simulateExternalPayment(inv.payreq)).toMatchObject({ ok: false, reason: 'canceled' });
    expect(await sb.cancelInvoice('ab'.repeat(32))).toEqual({ status: 'not_found' });
    expect((await sb.lookupInvoice('ab'.repeat(32))).state).toBe('not_found');
  });

  it('answers settled for an invoice paid before the cancel, and counts the net flow through the node', async () => {
    const sb = await sandbox();
    expect(await sb.nodeBalance()).toBeNull(); // nothing has moved through it yet
    const controller = new AbortController();
    sb.subscribeSettlements(async () => {}, controller.signal);
    const inv = await sb.createInvoice({ amountMsat: 500_000n, description: 'tea', expirySec: 60 });
    expect((await sb.simulateExternalPayment(inv.payreq)).ok).toBe(true);
    expect(await sb.cancelInvoice(inv.paymentHash)).toEqual({
      status: 'settled',
      amountReceivedMsat: 500_000n,
      settledAtSec: NOW_MS / 1000,
    });
    const out = foreignInvoice({ amountMsat: 200_000n });
    const paid = await sb.payInvoice({
      payreq: out.payreq,
      amountMsat: 200_000n,
      maxFeeMsat: 10_000n,
      timeoutSec: 5,
    });
    expect(paid).toMatchObject({ status: 'succeeded', feeMsat: 1_200n });
    // Paying the same invoice again repeats the outcome and moves nothing more.
    await sb.payInvoice({ payreq: out.payreq, amountMsat: 200_000n, maxFeeMsat: 10_000n, timeoutSec: 5 });
    expect(await sb.nodeBalance()).toEqual({
      channelLocalMsat: 500_000n - 201_200n,
      onchainConfirmedMsat: 0n,
    });
  });
});
