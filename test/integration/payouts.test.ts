import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { disableAccount } from '../../src/app/operator/disable-account.ts';
import { recheckDeclinedOutgoing } from '../../src/app/payments/engine/late-success.ts';
import { reconcileOutgoing } from '../../src/app/payments/settlement/reconcile-outgoing.ts';
import { createPayouts } from '../../src/app/payouts/create-payouts.ts';
import { payDueItems } from '../../src/app/payouts/pay-items.ts';
import { getPayout, type PayoutView } from '../../src/app/payouts/view.ts';
import { availableBalance } from '../../src/db/repos/ledger.ts';
import { claimPayoutItem } from '../../src/db/repos/payouts.ts';
import { decodeCreatePayouts } from '../../src/http/lapi/payouts.contract.ts';
import { fakeNodeRuntime, foreignInvoice } from '../fixtures/lightning/fake-node.ts';
import { DIALECTS, makeAccount, type TestAccount } from '../fixtures/runtime.ts';
import {
  auditViolations,
  balanceOf,
  callerOf,
  outsideInvoice,
  type VoucherWorld,
  value,
  voucherWorld,
} from '../fixtures/vouchers.ts';

describe.each(DIALECTS)('payout items settle exactly once on %s', (dialect) => {
  let w: VoucherWorld;
  let payer: TestAccount;
  let alice: TestAccount;

  beforeEach(async () => {
    w = await voucherWorld(dialect);
    payer = await makeAccount(w.deps, { fund: { lbtc: '0.1' } });
    alice = await makeAccount(w.deps);
  });
  afterEach(async () => {
    await w.close();
  });

  /** A payout as POST /lapi/v1/payouts asks it: the body decoded by the /lapi contract, then the use case. */
  const payout = async (items: Array<Record<string, unknown>>): Promise<PayoutView> =>
    value(
      await createPayouts(
        w.deps,
        callerOf(payer),
        value(decodeCreatePayouts({ items, callback_url: null }, null)),
      ),
    );
  const now = async (p: PayoutView): Promise<PayoutView> =>
    value(await getPayout(w.deps, callerOf(payer, 'invoice'), p.batch.public_id));
  const payoutPayments = async (): Promise<number> =>
    (await w.deps.db.read.selectFrom('payments').select('id').where('purpose', '=', 'payout').execute())
      .length;
  const pastTheSendTimeout = () => w.clock.advance((w.deps.config.payments.payTimeoutSec + 31) * 1000);

  it('a payment the network has not decided keeps its item paying until the reconciler learns the outcome', async () => {
    const ok = await outsideInvoice(w, 10_000_000n, 'sandbox:pending');
    const ko = await outsideInvoice(w, 20_000_000n, 'sandbox:pending');
    const before = await balanceOf(w, payer);
    const p = await payout([{ destination: ok.payreq }, { destination: ko.payreq }]);
    await payDueItems(w.deps);
    let seen = await now(p);
    expect(seen.items.map((i) => [i.status, i.payment_status])).toEqual([
      ['paying', 'pending'],
      ['paying', 'pending'],
    ]);
    // Another round leaves them alone: each has a payment, which decides.
    expect((await payDueItems(w.deps)).picked).toBe(0);
    expect(await auditViolations(w)).toEqual([]);

    expect(w.node.resolvePendingPayment(ok.paymentHash, 'succeeded')).toBe(true);
    expect(w.node.resolvePendingPayment(ko.paymentHash, 'failed')).toBe(true);
    pastTheSendTimeout();
    expect((await reconcileOutgoing(w.deps)).resolved).toBe(2);
    await payDueItems(w.deps);
    seen = await now(p);
    // The failed one waits for the node's re-check before it is called failed.
    expect(seen.items.map((i) => i.status)).toEqual(['paid', 'paying']);
    expect(seen.batch.status).toBe('open');
    pastTheSendTimeout();
    expect((await recheckDeclinedOutgoing(w.deps)).checked).toBe(1);
    await payDueItems(w.deps);
    seen = await now(p);
    expect(seen.batch.status).toBe('done');
    expect(seen.items.map((i) => i.status)).toEqual(['paid', 'failed']);
    expect(seen.items[0]!.preimage).toMatch(/^[0-9a-f]{64}$/);
    // The failed item's reserve came back; the paid one cost its amount and routing fee.
    const paid = seen.items[0]!;
    expect(before - (await balanceOf(w, payer))).toBe(
      paid.amount_msat + (paid.network_fee_msat ?? 0n) + paid.service_fee_msat + paid.gst_fee_msat,
    );
    expect(await payoutPayments()).toBe(2);
    expect(await auditViolations(w)).toEqual([]);
  });

  it('an item claimed by a worker that stopped before paying is taken again once its lease has passed, and paid once', async () => {
    const p = await payout([{ destination: alice.usertag, amount: '0.001' }]);
    const item = p.items[0]!;
    const t = w.clock.nowMs();
    // A worker claimed it and stopped (SIGKILL) before its payment's unit.
    expect(
      await w.deps.db.write((trx) =>
        claimPayoutItem(trx, item.id, t, t + w.deps.config.payouts.claimLeaseMs),
      ),
    ).toBe(true);
    expect((await payDueItems(w.deps)).picked).toBe(0);
    expect(await auditViolations(w)).toEqual([]);
    w.clock.advance(w.deps.config.payouts.claimLeaseMs + 1);
    expect((await payDueItems(w.deps)).picked).toBe(1);
    const seen = await now(p);
    expect(seen.items[0]!.status).toBe('paid');
    expect(await payoutPayments()).toBe(1);
    expect(await auditViolations(w)).toEqual([]);
  });

  it('workers running at once pay every item exactly once', async () => {
    const invoices = await Promise.all(
      Array.from({ length: 10 }, (_, i) => outsideInvoice(w, BigInt(1_000_000 + i * 1000), `item ${i}`)),
    );
    const p = await payout([
      ...invoices.map((inv) => ({ destination: inv.payreq })),
      ...Array.from({ length: 30 }, () => ({ destination: alice.usertag, amount: '0.00001' })),
    ]);
    await Promise.all([payDueItems(w.deps), payDueItems(w.deps), payDueItems(w.deps)]);
    for (let i = 0; i < 10 && (await payDueItems(w.deps)).picked > 0; i += 1);
    const seen = await now(p);
    expect(seen.counts).toEqual({ queued: 0, paying: 0, paid: 40, failed: 0 });
    expect(await payoutPayments()).toBe(40);
    const webhooks = await w.deps.db.read.selectFrom('outbox').select('event_id').execute();
    expect(webhooks).toHaveLength(0); // no callback_url: nothing queued
    expect(await auditViolations(w)).toEqual([]);
  });

  it('an account disabled while its payout is queued pays nothing more: its items fail and the escrow comes back', async () => {
    const before = await balanceOf(w, payer);
    const p = await payout([
      { destination: alice.usertag, amount: '0.001' },
      { destination: alice.usertag, amount: '0.002' },
    ]);
    const operator = { accountId: null, name: 'operator:root' };
    expect((await disableAccount(w.deps, operator, payer.usertag, 'under investigation')).ok).toBe(true);
    await payDueItems(w.deps);
    const seen = await now(p);
    expect(seen.batch.status).toBe('done');
    expect(seen.items.map((i) => [i.status, i.error_code])).toEqual([
      ['failed', 'account_disabled'],
      ['failed', 'account_disabled'],
    ]);
    expect(await balanceOf(w, payer)).toBe(before);
    expect(await payoutPayments()).toBe(0);
    expect(await auditViolations(w)).toEqual([]);
  });

  it('the audit names an item ended without its payment and an escrow that no longer matches its items', async () => {
    const p = await payout([{ destination: alice.usertag, amount: '0.001' }]);
    const item = p.items[0]!;
    expect(await auditViolations(w)).toEqual([]);
    // Tampered by hand: the item claims to be paid, though no payment exists and its escrow never left.
    await w.deps.db.write((trx) =>
      trx
        .updateTable('payout_items')
        .set({ status: 'paid', ended_at_ms: w.clock.nowMs() })
        .where('id', '=', item.id)
        .execute(),
    );
    const found = await auditViolations(w);
    expect(found.some((f) => f.startsWith(`payout item ${item.id} is paid`))).toBe(true);
    expect(found.some((f) => f.startsWith('payout escrow holds'))).toBe(true);
    expect(found.some((f) => f.startsWith(`payout item ${item.id}: its release`))).toBe(true);
  });
});

describe.each(DIALECTS)('a payout item whose payment the node misreported on %s', (dialect) => {
  it('a payment declined and then found paid by the re-check ends its item paid, never failed', async () => {
    const { t, clock, node } = await fakeNodeRuntime(dialect);
    try {
      const payer = await makeAccount(t.deps, { fund: { lbtc: '0.1' } });
      const inv = foreignInvoice(2_000_000n);
      const before = await availableBalance(t.deps.db.read, payer.id, 'lbtc');
      node.payOutcomes.push({ status: 'failed', reason: 'unknown gRPC error read as a failure' });
      const p = value(
        await createPayouts(
          t.deps,
          callerOf(payer),
          value(
            decodeCreatePayouts(
              { items: [{ destination: inv.payreq }], callback_url: 'http://127.0.0.1:9/h' },
              null,
            ),
          ),
        ),
      );
      await payDueItems(t.deps);
      const seen = async () => value(await getPayout(t.deps, callerOf(payer, 'invoice'), p.batch.public_id));
      expect((await seen()).items[0]).toMatchObject({ status: 'paying', payment_status: 'declined' });
      // The node knew better: the payment went through.
      node.lookups.set(inv.paymentHash, { status: 'succeeded', feeMsat: 700n, preimage: 'ab'.repeat(32) });
      clock.advance(5 * 60_000);
      expect(await recheckDeclinedOutgoing(t.deps)).toEqual({ checked: 1, booked: 1 });
      await payDueItems(t.deps);
      const after = await seen();
      expect(after.batch.status).toBe('done');
      expect(after.items[0]).toMatchObject({
        status: 'paid',
        preimage: 'ab'.repeat(32),
        network_fee_msat: 700n,
      });
      expect(before - (await availableBalance(t.deps.db.read, payer.id, 'lbtc'))).toBe(2_000_000n + 700n);
      const events = await t.deps.db.read.selectFrom('outbox').select('event_type').execute();
      expect(events.map((e) => e.event_type).sort()).toEqual(['payout.done', 'payout.item.paid']);
      expect((await auditLedger(t.deps)).violations).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
