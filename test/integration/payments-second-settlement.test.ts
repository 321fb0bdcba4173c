import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SandboxBackend } from '../../src/adapters/lightning/sandbox.ts';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { settleIncomingInvoice } from '../../src/app/payments/settlement/settle-incoming.ts';
import { payFromOutside } from '../../src/app/sandbox/pay-from-outside.ts';
import { availableBalance, systemAccountTotals } from '../../src/db/repos/ledger.ts';
import type { PaymentRow } from '../../src/db/repos/payments.ts';
import { receiveLapi, sendLapi } from '../fixtures/lapi.ts';
import {
  callerOf,
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

// An invoice of this service settled inside the ledger (another account paid it) stays open at the node
// until it is cancelled there, and a payer outside may pay it meanwhile. Every payment the node accepts
// must be booked: these run on the real sandbox node, which pays any invoice still open at it.

function value<T>(r: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }): T {
  if (!r.ok) throw new Error(`expected success, got ${r.error.code}: ${r.error.message}`);
  return r.value;
}

describe.each(DIALECTS)(
  'payments the node accepts for invoices settled inside the ledger, on %s',
  (dialect) => {
    let t: TestRuntime;
    let node: SandboxBackend;
    let alice: TestAccount;
    let bob: TestAccount;

    beforeEach(async () => {
      t = await testRuntime(dialect);
      node = t.deps.lightning as SandboxBackend;
      alice = await makeAccount(t.deps, { fund: { lbtc: '0.1' } });
      bob = await makeAccount(t.deps);
    });
    afterEach(async () => {
      await t.close();
    });

    const balance = (a: TestAccount) => availableBalance(t.deps.db.read, a.id, 'lbtc');
    const invoiceOf = async (owner: TestAccount, amount: string): Promise<PaymentRow> =>
      value(
        await receiveLapi(
          t.deps,
          { ...callerOf(owner), kind: 'invoice' },
          { body: { amount }, idempotencyKey: null },
        ),
      );
    const payInside = (payer: TestAccount, inv: PaymentRow) =>
      sendLapi(t.deps, callerOf(payer), {
        body: { payment_mode: 'lightning', lightning_invoice: inv.payreq },
        idempotencyKey: null,
      });
    /** What the node holds by the ledger: paid out of lightning_node to accounts, less paid into it. */
    async function ledgerNodeMsat(): Promise<bigint> {
      const a = await systemAccountTotals(t.deps.db.read, 'lightning_node', 'lbtc');
      return a.debits_posted - a.credits_posted;
    }
    async function nodeMsat(): Promise<bigint> {
      const b = await node.nodeBalance(); // null: nothing moved through the node yet
      return b === null ? 0n : b.channelLocalMsat + b.onchainConfirmedMsat;
    }
    const secondRows = () =>
      t.deps.db.read.selectFrom('payments').selectAll().where('second_payment_of', 'is not', null).execute();

    it('an invoice paid inside the ledger and then from outside credits both payments, once each', async () => {
      // The node cannot cancel (as when it is unreachable for a moment): the invoice stays open there.
      node.cancelInvoice = async () => ({ status: 'unknown', reason: 'node busy' });
      const inv = await invoiceOf(bob, '0.001');
      value(await payInside(alice, inv));
      await t.deps.background.drain(5000);
      expect(await balance(bob)).toBe(100_000_000n);

      const outside = await payFromOutside(t.deps, inv.payreq);
      expect(outside.ok).toBe(true);
      expect(await balance(bob)).toBe(200_000_000n);
      const [second] = await secondRows();
      expect(second).toMatchObject({
        account_id: bob.id,
        direction: 'in',
        status: 'paid',
        amount_msat: 100_000_000n,
        second_payment_of: inv.id,
      });
      expect(second!.public_id).not.toBe(inv.public_id);
      // The answer names the row this payment was credited on, not the invoice's.
      expect(outside.ok && outside.value.public_id).toBe(second!.public_id);
      expect(t.deps.moneyCounters.secondPayments).toBe(1);

      // The settlement arrives again (a replayed stream, the expiry sweeper's lookup): booked once.
      const again = { paymentHash: inv.payment_hash!, amountReceivedMsat: 100_000_000n, settledAtSec: 1 };
      expect(await settleIncomingInvoice(t.deps, again)).toBe('already_paid');
      expect(
        await Promise.all([settleIncomingInvoice(t.deps, again), settleIncomingInvoice(t.deps, again)]),
      ).toEqual(['already_paid', 'already_paid']);
      expect(await balance(bob)).toBe(200_000_000n);
      expect(await secondRows()).toHaveLength(1);
      expect((await auditLedger(t.deps)).violations).toEqual([]);
      expect(await nodeMsat()).toBe(100_000_000n);
      expect(await ledgerNodeMsat()).toBe(await nodeMsat());
    });

    it('an invoice settled inside the ledger is cancelled at the node, so no outside payer can pay it', async () => {
      const inv = await invoiceOf(bob, '0.001');
      value(await payInside(alice, inv));
      await t.deps.background.drain(5000);
      expect((await node.lookupInvoice(inv.payment_hash!)).state).toBe('canceled');
      const outside = await payFromOutside(t.deps, inv.payreq);
      expect(!outside.ok && outside.error.code).toBe('invoice_already_paid');
      expect(await balance(bob)).toBe(100_000_000n);
      expect(await nodeMsat()).toBe(0n);
      expect(await ledgerNodeMsat()).toBe(0n);
    });

    it('the node remembers a cancelled and a paid invoice across a restart (a new runtime on the same database)', async () => {
      const inside = await invoiceOf(bob, '0.001');
      value(await payInside(alice, inside));
      await t.deps.background.drain(5000);
      expect((await node.lookupInvoice(inside.payment_hash!)).state).toBe('canceled');
      const outsidePaid = await invoiceOf(bob, '0.0003');
      value(await payFromOutside(t.deps, outsidePaid.payreq));

      const restarted = await testRuntime(dialect, {}, { databaseUrl: t.databaseUrl });
      try {
        const node2 = restarted.deps.lightning as SandboxBackend;
        expect((await node2.lookupInvoice(inside.payment_hash!)).state).toBe('canceled');
        expect((await node2.lookupInvoice(outsidePaid.payment_hash!)).state).toBe('settled');
        const again = await payFromOutside(restarted.deps, inside.payreq);
        expect(!again.ok && again.error.code).toBe('invoice_already_paid');
        const twice = await payFromOutside(restarted.deps, outsidePaid.payreq);
        expect(!twice.ok && twice.error.code).toBe('invoice_already_paid');
        expect(await balance(bob)).toBe(130_000_000n);
        expect(await secondRows()).toHaveLength(0);
      } finally {
        await restarted.close();
      }
    });

    it('a payment the node accepted unheard is booked when the cancel finds the invoice settled', async () => {
      const inv = await invoiceOf(bob, '0.0005');
      // A payer outside pays while the service is not listening (its settlement is never delivered).
      const deaf = new AbortController();
      node.subscribeSettlements(async () => {}, deaf.signal);
      expect((await node.simulateExternalPayment(inv.payreq!)).ok).toBe(true);
      deaf.abort();
      value(await payInside(alice, inv));
      await t.deps.background.drain(5000);
      expect(await balance(bob)).toBe(100_000_000n);
      expect(await secondRows()).toHaveLength(1);
      expect((await auditLedger(t.deps)).violations).toEqual([]);
      expect(await ledgerNodeMsat()).toBe(await nodeMsat());
    });

    it('an inside payment racing an outside one: every payment that succeeded is credited', async () => {
      let succeeded = 0;
      for (let i = 0; i < 15; i++) {
        const inv = await invoiceOf(bob, '0.0001');
        const [inside, outside] = await Promise.all([
          payInside(alice, inv),
          payFromOutside(t.deps, inv.payreq),
        ]);
        await t.deps.background.drain(5000);
        succeeded += (inside.ok ? 1 : 0) + (outside.ok ? 1 : 0);
        if (!inside.ok) expect(inside.error.code).toBe('invoice_already_paid');
        if (!outside.ok) expect(outside.error.code).toBe('invoice_already_paid');
      }
      expect(await balance(bob)).toBe(BigInt(succeeded) * 10_000_000n);
      expect((await auditLedger(t.deps)).violations).toEqual([]);
      expect(await ledgerNodeMsat()).toBe(await nodeMsat());
    });
  },
);
