import { decode as independentDecode } from 'light-bolt11-decoder';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { checkPayment } from '../../src/app/payments/check-payment.ts';
import { paymentHistory } from '../../src/app/payments/history.ts';
import { expireInvoices } from '../../src/app/payments/settlement/expire-invoices.ts';
import { reconcileOutgoing } from '../../src/app/payments/settlement/reconcile-outgoing.ts';
import { settleIncomingInvoice } from '../../src/app/payments/settlement/settle-incoming.ts';
import { availableBalance } from '../../src/db/repos/ledger.ts';
import type { PaymentRow } from '../../src/db/repos/payments.ts';
import { historyLapi, receiveLapi, sendLapi } from '../fixtures/lapi.ts';
import { type FakeLightning, fakeNodeRuntime, foreignInvoice } from '../fixtures/lightning/fake-node.ts';
import {
  callerOf,
  DIALECTS,
  type ManualClock,
  makeAccount,
  type TestAccount,
  type TestRuntime,
} from '../fixtures/runtime.ts';

const BTC = 100_000_000_000n; // msat

function value<T>(r: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }): T {
  if (!r.ok) throw new Error(`expected success, got ${r.error.code}: ${r.error.message}`);
  return r.value;
}

function errorCode(r: { ok: boolean; error?: { code: string } }): string | undefined {
  return r.ok ? undefined : r.error?.code;
}

describe.each(DIALECTS)('Lightning payments on %s', (dialect) => {
  let t: TestRuntime;
  let node: FakeLightning;
  let clock: ManualClock;
  let alice: TestAccount;
  let bob: TestAccount;

  const balance = (a: TestAccount) => availableBalance(t.deps.db.read, a.id, 'lbtc');
  const audit = async () => (await auditLedger(t.deps)).violations;
  const outboxRows = () => t.deps.db.read.selectFrom('outbox').selectAll().execute();

  async function setUp(env: Record<string, string> = {}) {
    ({ t, clock, node } = await fakeNodeRuntime(dialect, { env }));
    alice = await makeAccount(t.deps, { fund: { lbtc: '0.01' } });
    bob = await makeAccount(t.deps);
  }

  async function request(owner: TestAccount, body: Record<string, unknown>): Promise<PaymentRow> {
    return value(await receiveLapi(t.deps, callerOf(owner, 'invoice'), { body, idempotencyKey: null }));
  }

  afterEach(async () => {
    await t.close();
  });

  describe('with no fees', () => {
    beforeEach(() => setUp());

    it('receive issues a real BOLT11 invoice that an independent decoder reads back', async () => {
      const p = await request(bob, {
        amount: '0.00012345',
        description: 'order 42',
        callback_url: 'https://example.com/hook',
      });
      expect(p.status).toBe('pending');
      expect(p.amount_msat).toBe(12_345_000n);
      const d = independentDecode(p.payreq!);
      const section = (name: string) =>
        d.sections.find((s) => s.name === name) as { value: unknown } | undefined;
      expect(section('amount')?.value).toBe('12345000');
      expect(section('payment_hash')?.value).toBe(p.payment_hash);
      expect(section('description')?.value).toBe('order 42');
      const decoded = t.deps.decodeInvoice(p.payreq!);
      expect(decoded.ok && decoded.invoice.payeePubkey).toMatch(/^0[23][0-9a-f]{64}$/);
      expect(Number(p.invoice_expires_at_ms) - Number(p.created_at_ms)).toBeGreaterThanOrEqual(3599_000);
    });

    it('an invoice of this service paid by another account settles inside the ledger, once', async () => {
      const p = await request(bob, { amount: '0.001', callback_url: 'https://example.com/hook' });
      const out = value(
        await sendLapi(t.deps, callerOf(alice), {
          body: { payment_mode: 'lightning', lightning_invoice: p.payreq },
          idempotencyKey: null,
        }),
      );
      expect(out.status).toBe('paid');
      expect(out.route).toBe('internal');
      expect(out.network_fee_msat).toBe(0n);
      expect(node.paid).toHaveLength(0);
      expect(await balance(alice)).toBe(BTC / 100n - BTC / 1000n);
      expect(await balance(bob)).toBe(BTC / 1000n);

      const bobView = value(await checkPayment(t.deps, callerOf(bob), p.public_id));
      expect(bobView.status).toBe('paid');
      const aliceHistory = value(await paymentHistory(t.deps, callerOf(alice), 10));
      expect(aliceHistory.map((h) => [h.direction, h.amount_msat, h.status])).toEqual([
        ['out', BTC / 1000n, 'paid'],
      ]);
      const bobHistory = value(await paymentHistory(t.deps, callerOf(bob), 10));
      expect(bobHistory.map((h) => h.public_id)).toEqual([p.public_id]);

      const webhooks = await outboxRows();
      expect(webhooks).toHaveLength(1);
      expect(JSON.parse(webhooks[0]!.payload)).toEqual({
        tid: p.public_id,
        status: 'paid',
        amount: 0.001,
        order_id: null,
        description: null,
      });
      expect(webhooks[0]!.target_kind).toBe('payment');
      expect(webhooks[0]!.target_id).toBe(String(p.id));

      const again = await sendLapi(t.deps, callerOf(alice), {
        body: { payment_mode: 'lightning', lightning_invoice: p.payreq },
        idempotencyKey: null,
      });
      expect(errorCode(again)).toBe('invoice_already_paid');
      expect(await balance(alice)).toBe(BTC / 100n - BTC / 1000n);
      expect(await audit()).toEqual([]);
    });

    it('a usertag send is instant, free of network fee, and shows in both histories', async () => {
      const out = value(
        await sendLapi(t.deps, callerOf(alice), {
          body: { payment_mode: 'usertag', usertag: bob.usertag, amount: 0.0025, description: 'rent' },
          idempotencyKey: null,
        }),
      );
      expect(out.status).toBe('paid');
      expect(await balance(alice)).toBe(BTC / 100n - (BTC * 25n) / 10_000n);
      expect(await balance(bob)).toBe((BTC * 25n) / 10_000n);
      const [received] = value(await paymentHistory(t.deps, callerOf(bob), 5));
      expect(received).toMatchObject({
        direction: 'in',
        status: 'paid',
        amount_msat: (BTC * 25n) / 10_000n,
        description: 'rent',
      });
      expect(errorCode(await checkPayment(t.deps, callerOf(bob), out.public_id))).toBe('not_found');
      expect(await audit()).toEqual([]);
    });

    it('refuses bad sends with their own errors and moves no money', async () => {
      const before = await balance(alice);
      const sendBody = (body: Record<string, unknown>) =>
        sendLapi(t.deps, callerOf(alice), { body, idempotencyKey: null });
      expect(errorCode(await sendBody({ payment_mode: 'usertag', usertag: bob.usertag, amount: '1' }))).toBe(
        'insufficient_balance',
      );
      expect(
        errorCode(await sendBody({ payment_mode: 'usertag', usertag: alice.usertag, amount: '0.001' })),
      ).toBe('self_payment');
      expect(
        errorCode(await sendBody({ payment_mode: 'usertag', usertag: 'nobody_here', amount: '0.001' })),
      ).toBe('usertag_not_found');
      expect(
        errorCode(await sendBody({ payment_mode: 'usertag', usertag: bob.usertag, amount: '0.000000001' })),
      ).toBe('invalid_request');
      expect(
        errorCode(await sendBody({ payment_mode: 'lightning', lightning_invoice: 'lnbcrt1garbage' })),
      ).toBe('invoice_invalid');
      const own = await request(alice, { amount: '0.0001' });
      expect(errorCode(await sendBody({ payment_mode: 'lightning', lightning_invoice: own.payreq }))).toBe(
        'self_payment',
      );
      const expired = foreignInvoice(1000n, {
        expirySec: 60,
        createdAtSec: Math.floor(clock.nowMs() / 1000) - 120,
      });
      expect(
        errorCode(await sendBody({ payment_mode: 'lightning', lightning_invoice: expired.payreq })),
      ).toBe('invoice_expired');
      const mainnet = foreignInvoice(1000n, { network: 'bitcoin' });
      expect(
        errorCode(await sendBody({ payment_mode: 'lightning', lightning_invoice: mainnet.payreq })),
      ).toBe('invoice_invalid');
      const fixed = foreignInvoice(100_000n);
      expect(
        errorCode(
          await sendBody({
            payment_mode: 'lightning',
            lightning_invoice: fixed.payreq,
            amount: '0.00000002',
          }),
        ),
      ).toBe('amount_mismatch');
      const open = foreignInvoice(null);
      expect(errorCode(await sendBody({ payment_mode: 'lightning', lightning_invoice: open.payreq }))).toBe(
        'invalid_request',
      );
      expect(errorCode(await sendBody({ payment_mode: 'carrier_pigeon' }))).toBe('invalid_request');
      expect(await balance(alice)).toBe(before);
      expect(node.paid).toHaveLength(0);
      expect(await audit()).toEqual([]);
    });

    it('pays an external invoice through the backend, charging the actual routing fee', async () => {
      const inv = foreignInvoice(5_000_000n);
      node.payOutcomes.push({ status: 'succeeded', feeMsat: 1234n, preimage: 'ab'.repeat(32) });
      const out = value(
        await sendLapi(t.deps, callerOf(alice), {
          body: { payment_mode: 'lightning', lightning_invoice: inv.payreq },
          idempotencyKey: null,
        }),
      );
      expect(out).toMatchObject({ status: 'paid', route: 'lightning', network_fee_msat: 1234n });
      expect(node.paid[0]).toMatchObject({ amountMsat: 5_000_000n });
      expect(node.paid[0]!.maxFeeMsat).toBe(out.fee_reserve_msat);
      expect(await balance(alice)).toBe(BTC / 100n - 5_000_000n - 1234n);
      expect(
        errorCode(
          await sendLapi(t.deps, callerOf(alice), {
            body: { payment_mode: 'lightning', lightning_invoice: inv.payreq },
            idempotencyKey: null,
          }),
        ),
      ).toBe('invoice_already_paid');
      expect(await audit()).toEqual([]);
    });

    it('ten concurrent sends of one external invoice pay it once', async () => {
      const inv = foreignInvoice(1_000_000n);
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          sendLapi(t.deps, callerOf(alice), {
            body: { payment_mode: 'lightning', lightning_invoice: inv.payreq },
            idempotencyKey: null,
          }),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      for (const r of results) if (!r.ok) expect(r.error.code).toBe('invoice_already_paid');
      expect(node.paid.filter((p) => p.payreq === inv.payreq)).toHaveLength(1);
      expect(await audit()).toEqual([]);
    });

    it('a failed external payment releases the reserve and answers payment_failed', async () => {
      node.payOutcomes.push({ status: 'failed', reason: 'no route' });
      const r = await sendLapi(t.deps, callerOf(alice), {
        body: { payment_mode: 'lightning', lightning_invoice: foreignInvoice(5_000_000n).payreq },
        idempotencyKey: null,
      });
      expect(errorCode(r)).toBe('payment_failed');
      expect(await balance(alice)).toBe(BTC / 100n);
      const [row] = value(await paymentHistory(t.deps, callerOf(alice), 1));
      expect(row).toMatchObject({ status: 'declined', failure_reason: 'no route' });
      expect(await audit()).toEqual([]);
    });

    it('an unknown outcome stays reserved until the reconciler learns it, never voided on a guess', async () => {
      const inv = foreignInvoice(2_000_000n);
      node.payOutcomes.push({ status: 'pending' });
      const out = value(
        await sendLapi(t.deps, callerOf(alice), {
          body: { payment_mode: 'lightning', lightning_invoice: inv.payreq },
          idempotencyKey: null,
        }),
      );
      expect(out.status).toBe('pending');
      const reserved = 2_000_000n + out.fee_reserve_msat;
      expect(await balance(alice)).toBe(BTC / 100n - reserved);

      clock.advance(10 * 60_000);
      expect(await reconcileOutgoing(t.deps)).toEqual({ checked: 1, resolved: 0 }); // backend: still pending
      expect(await balance(alice)).toBe(BTC / 100n - reserved);

      node.lookups.set(inv.paymentHash, { status: 'succeeded', feeMsat: 700n, preimage: 'cd'.repeat(32) });
      expect(await reconcileOutgoing(t.deps)).toEqual({ checked: 1, resolved: 1 });
      expect(await balance(alice)).toBe(BTC / 100n - 2_000_000n - 700n);
      expect(value(await checkPayment(t.deps, callerOf(alice), out.public_id)).status).toBe('paid');
      expect(await reconcileOutgoing(t.deps)).toEqual({ checked: 0, resolved: 0 });
      expect(await audit()).toEqual([]);
    });

    it('an invoice paid from outside is credited exactly once, with its webhook', async () => {
      const p = await request(bob, { amount: '0.0002', callback_url: 'https://example.com/paid' });
      const s = { paymentHash: p.payment_hash!, amountReceivedMsat: p.amount_msat, settledAtSec: 1 };
      expect(await settleIncomingInvoice(t.deps, s)).toBe('credited');
      expect(await settleIncomingInvoice(t.deps, s)).toBe('already_paid');
      expect(await Promise.all([settleIncomingInvoice(t.deps, s), settleIncomingInvoice(t.deps, s)])).toEqual(
        ['already_paid', 'already_paid'],
      );
      expect(await balance(bob)).toBe(20_000_000n);
      expect(await outboxRows()).toHaveLength(1);
      expect(await settleIncomingInvoice(t.deps, { ...s, paymentHash: 'ff'.repeat(32) })).toBe(
        'unknown_invoice',
      );
      expect(await audit()).toEqual([]);
    });

    it('an unpaid invoice is declined at expiry, and a late payment is still credited', async () => {
      const p = await request(bob, { amount: '0.0001', expires_in: 5 });
      expect(await expireInvoices(t.deps)).toBe(0);
      clock.advance(5 * 60_000);
      expect(await expireInvoices(t.deps)).toBe(1);
      expect(value(await checkPayment(t.deps, callerOf(bob), p.public_id)).status).toBe('declined');
      expect(
        errorCode(
          await sendLapi(t.deps, callerOf(alice), {
            body: { payment_mode: 'lightning', lightning_invoice: p.payreq },
            idempotencyKey: null,
          }),
        ),
      ).toBe('invoice_expired');

      await settleIncomingInvoice(t.deps, {
        paymentHash: p.payment_hash!,
        amountReceivedMsat: p.amount_msat,
        settledAtSec: 2,
      });
      expect(value(await checkPayment(t.deps, callerOf(bob), p.public_id)).status).toBe('paid');
      expect(await balance(bob)).toBe(10_000_000n);
      expect(await audit()).toEqual([]);
    });

    it('Idempotency-Key: a retry answers the first payment and moves nothing; another body is a conflict', async () => {
      const body = { payment_mode: 'usertag', usertag: bob.usertag, amount: '0.001' };
      const first = value(await sendLapi(t.deps, callerOf(alice), { body, idempotencyKey: 'k-1' }));
      const again = value(
        await sendLapi(t.deps, callerOf(alice), { body: { ...body }, idempotencyKey: 'k-1' }),
      );
      expect(again.public_id).toBe(first.public_id);
      const raced = await Promise.all(
        Array.from({ length: 5 }, () => sendLapi(t.deps, callerOf(alice), { body, idempotencyKey: 'k-2' })),
      );
      expect(new Set(raced.map((r) => value(r).public_id)).size).toBe(1);
      expect(await balance(bob)).toBe(2n * (BTC / 1000n));
      expect(
        errorCode(
          await sendLapi(t.deps, callerOf(alice), {
            body: { ...body, amount: '0.002' },
            idempotencyKey: 'k-1',
          }),
        ),
      ).toBe('idempotency_conflict');

      const r1 = value(
        await receiveLapi(t.deps, callerOf(bob), { body: { amount: 1 }, idempotencyKey: 'r' }),
      );
      const r2 = value(
        await receiveLapi(t.deps, callerOf(bob), { body: { amount: 1 }, idempotencyKey: 'r' }),
      );
      expect(r2.public_id).toBe(r1.public_id);
      expect(
        errorCode(await receiveLapi(t.deps, callerOf(bob), { body: { amount: 2 }, idempotencyKey: 'r' })),
      ).toBe('idempotency_conflict');
      expect(await audit()).toEqual([]);
    });

    it('100 concurrent sends from one account never overdraw it', async () => {
      const payer = await makeAccount(t.deps, { fund: { lbtc: '0.0005' } }); // covers exactly 50 of 0.00001
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          sendLapi(t.deps, callerOf(payer), {
            body:
              i % 2 === 0
                ? { payment_mode: 'usertag', usertag: bob.usertag, amount: '0.00001' }
                : { payment_mode: 'usertag', usertag: alice.usertag, amount: '0.00001' },
            idempotencyKey: null,
          }),
        ),
      );
      const ok = results.filter((r) => r.ok).length;
      expect(ok).toBe(50);
      expect(results.filter((r) => !r.ok).every((r) => errorCode(r) === 'insufficient_balance')).toBe(true);
      expect(await balance(payer)).toBe(0n);
      expect(await audit()).toEqual([]);
    });

    it('a Lightning node that cannot create an invoice is a lightning_unavailable error, not a crash', async () => {
      node.createInvoice = async () => {
        throw new Error('connection refused');
      };
      const r = await receiveLapi(t.deps, callerOf(bob, 'invoice'), {
        body: { amount: '0.0001' },
        idempotencyKey: null,
      });
      expect(errorCode(r)).toBe('lightning_unavailable');
      expect(value(await paymentHistory(t.deps, callerOf(bob), 10))).toEqual([]);
    });

    it('an expired invoice the node reports settled (a missed event) is credited instead of declined', async () => {
      const p = await request(bob, { amount: '0.0001', expires_in: 1 });
      node.invoices.get(p.payment_hash!)!.settled = true;
      node.lookupInvoice = async () => ({
        state: 'settled',
        amountReceivedMsat: p.amount_msat,
        settledAtSec: 5,
      });
      clock.advance(2 * 60_000);
      expect(await expireInvoices(t.deps)).toBe(1);
      expect(value(await checkPayment(t.deps, callerOf(bob), p.public_id)).status).toBe('paid');
      expect(await balance(bob)).toBe(10_000_000n);
      expect(await audit()).toEqual([]);
    });

    it('expired invoices stay pending while the node does not answer, and are decided once it does', async () => {
      const p = await request(bob, { amount: '0.0001', expires_in: 1 });
      const original = node.lookupInvoice.bind(node);
      node.lookupInvoice = async () => {
        throw new Error('connection refused');
      };
      clock.advance(2 * 60_000);
      expect(await expireInvoices(t.deps)).toBe(0);
      expect(value(await checkPayment(t.deps, callerOf(bob), p.public_id)).status).toBe('pending');
      // The node comes back and says the invoice was paid while the service could not hear it.
      node.lookupInvoice = async () => ({
        state: 'settled',
        amountReceivedMsat: p.amount_msat,
        settledAtSec: 5,
      });
      expect(await expireInvoices(t.deps)).toBe(1);
      expect(value(await checkPayment(t.deps, callerOf(bob), p.public_id)).status).toBe('paid');
      expect(await balance(bob)).toBe(10_000_000n);
      node.lookupInvoice = original;
      expect(await audit()).toEqual([]);
    });

    it('history is newest first, bounded, and checkPayment shows only the caller’s own payments', async () => {
      for (let i = 0; i < 3; i++) {
        clock.advance(1000);
        await request(bob, { amount: `0.0000${i + 1}` });
      }
      const h = value(await paymentHistory(t.deps, callerOf(bob), 2));
      expect(h.map((p) => p.amount_msat)).toEqual([3_000_000n, 2_000_000n]);
      expect(errorCode(await historyLapi(t.deps, callerOf(bob), 0))).toBe('invalid_request');
      expect(errorCode(await historyLapi(t.deps, callerOf(bob), 1001))).toBe('invalid_request');
      expect(errorCode(await checkPayment(t.deps, callerOf(alice), h[0]!.public_id))).toBe('not_found');
      // A request made for another account is visible to its creator and its receiver.
      const forBob = await request(alice, { amount: '0.0001', receiver_usertag: bob.usertag });
      expect(forBob.account_id).toBe(bob.id);
      expect(value(await checkPayment(t.deps, callerOf(alice), forBob.public_id)).public_id).toBe(
        forBob.public_id,
      );
      expect(value(await checkPayment(t.deps, callerOf(bob), forBob.public_id)).public_id).toBe(
        forBob.public_id,
      );
    });
  });

  describe('with service fees and GST', () => {
    beforeEach(() =>
      setUp({ SERVICE_FEE_SEND_PERCENT: '1', SERVICE_FEE_RECEIVE_PERCENT: '0.5', GST_PERCENT: '18' }),
    );

    it('takes each direction’s fee and its GST into the fee and tax accounts, exactly', async () => {
      // 0.001 BTC = 100,000 sat: send fee 1,000 sat + GST 180 sat; receive fee 500 sat + GST 90 sat.
      const out = value(
        await sendLapi(t.deps, callerOf(alice), {
          body: { payment_mode: 'usertag', usertag: bob.usertag, amount: '0.001' },
          idempotencyKey: null,
        }),
      );
      expect(out).toMatchObject({
        service_fee_msat: 1_000_000n,
        gst_fee_msat: 180_000n,
        service_fee_ppm: 10_000n,
      });
      expect(await balance(alice)).toBe(BTC / 100n - 100_000_000n - 1_180_000n);
      expect(await balance(bob)).toBe(100_000_000n - 590_000n);

      const p = await request(bob, { amount: '0.001' });
      await settleIncomingInvoice(t.deps, {
        paymentHash: p.payment_hash!,
        amountReceivedMsat: p.amount_msat,
        settledAtSec: 1,
      });
      expect(await balance(bob)).toBe(2n * (100_000_000n - 590_000n));

      node.payOutcomes.push({ status: 'succeeded', feeMsat: 2000n, preimage: '11'.repeat(32) });
      value(
        await sendLapi(t.deps, callerOf(alice), {
          body: { payment_mode: 'lightning', lightning_invoice: foreignInvoice(100_000_000n).payreq },
          idempotencyKey: null,
        }),
      );
      expect(await balance(alice)).toBe(BTC / 100n - 2n * (100_000_000n + 1_180_000n) - 2000n);
      expect(await audit()).toEqual([]);
    });
  });
});
