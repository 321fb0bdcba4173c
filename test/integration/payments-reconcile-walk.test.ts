import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { recheckDeclinedOutgoing } from '../../src/app/payments/engine/late-success.ts';
import { reconcileOutgoing } from '../../src/app/payments/settlement/reconcile-outgoing.ts';
import { availableBalance } from '../../src/db/repos/ledger.ts';
import { findPaymentById, type PaymentRow } from '../../src/db/repos/payments.ts';
import { sendLapi } from '../fixtures/lapi.ts';
import { type FakeLightning, fakeNodeRuntime, foreignInvoice } from '../fixtures/lightning/fake-node.ts';
import {
  callerOf,
  DIALECTS,
  type ManualClock,
  makeAccount,
  type TestAccount,
  type TestRuntime,
} from '../fixtures/runtime.ts';

describe.each(DIALECTS)('the payments reconciler on %s', (dialect) => {
  let t: TestRuntime;
  let clock: ManualClock;
  let node: FakeLightning;
  let alice: TestAccount;

  beforeEach(async () => {
    ({ t, clock, node } = await fakeNodeRuntime(dialect));
    alice = await makeAccount(t.deps, { fund: { lbtc: '0.1' } });
  });
  afterEach(async () => {
    await t.close();
  });

  const balance = (a: TestAccount = alice) => availableBalance(t.deps.db.read, a.id, 'lbtc');
  const reread = async (p: PaymentRow) => (await findPaymentById(t.deps.db.read, p.id))!;
  async function pay(payer: TestAccount, payreq: string): Promise<PaymentRow> {
    const r = await sendLapi(t.deps, callerOf(payer), {
      body: { payment_mode: 'lightning', lightning_invoice: payreq },
      idempotencyKey: null,
    });
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    return r.value;
  }

  it('100 payments stuck pending at the node do not stop a later one from being resolved', async () => {
    for (let i = 0; i < 100; i++) {
      node.payOutcomes.push({ status: 'pending' });
      await pay(alice, foreignInvoice(10_000n).payreq); // the node never learns their outcome
    }
    clock.advance(1);
    const victim = foreignInvoice(1_000_000n);
    node.payOutcomes.push({ status: 'pending' });
    const v = await pay(alice, victim.payreq);
    const before = await balance();
    node.lookups.set(victim.paymentHash, { status: 'failed', reason: 'no route' });
    clock.advance(60 * 60_000);
    const rounds = [];
    for (let i = 0; i < 3 && (await reread(v)).status === 'pending'; i++) {
      rounds.push(await reconcileOutgoing(t.deps));
      clock.advance(60 * 60_000);
    }
    expect((await reread(v)).status).toBe('declined');
    expect(rounds.length).toBeLessThanOrEqual(2);
    expect(await balance()).toBe(before + 1_000_000n + v.fee_reserve_msat);
    expect((await auditLedger(t.deps)).violations).toEqual([]);
  });

  it('a declined payment is checked once more after the timeout, and a late success is booked exactly', async () => {
    const inv = foreignInvoice(2_000_000n);
    node.payOutcomes.push({ status: 'failed', reason: 'unknown gRPC error read as a failure' });
    const r = await sendLapi(t.deps, callerOf(alice), {
      body: { payment_mode: 'lightning', lightning_invoice: inv.payreq },
      idempotencyKey: null,
    });
    expect(!r.ok && r.error.code).toBe('payment_failed');
    const [row] = await t.deps.db.read
      .selectFrom('payments')
      .selectAll()
      .where('direction', '=', 'out')
      .execute();
    expect(row!.status).toBe('declined');
    expect(row!.recheck_at_ms).not.toBeNull();
    expect(await balance()).toBe(10_000_000_000n);

    // The node knew better: the payment went through.
    node.lookups.set(inv.paymentHash, { status: 'succeeded', feeMsat: 700n, preimage: 'ab'.repeat(32) });
    expect(await recheckDeclinedOutgoing(t.deps)).toEqual({ checked: 0, booked: 0 }); // not due yet
    clock.advance(5 * 60_000);
    expect(await recheckDeclinedOutgoing(t.deps)).toEqual({ checked: 1, booked: 1 });
    expect(await reread(row!)).toMatchObject({ status: 'paid', network_fee_msat: 700n, recheck_at_ms: null });
    expect(await balance()).toBe(10_000_000_000n - 2_000_000n - 700n);
    expect(t.deps.moneyCounters.lateSuccesses).toBe(1);
    expect(await recheckDeclinedOutgoing(t.deps)).toEqual({ checked: 0, booked: 0 }); // once only
    expect((await auditLedger(t.deps)).violations).toEqual([]);
  });

  it('a decline the node confirms is not asked about again', async () => {
    const inv = foreignInvoice(2_000_000n);
    node.payOutcomes.push({ status: 'failed', reason: 'no route' });
    await sendLapi(t.deps, callerOf(alice), {
      body: { payment_mode: 'lightning', lightning_invoice: inv.payreq },
      idempotencyKey: null,
    });
    node.lookups.set(inv.paymentHash, { status: 'failed', reason: 'no route' });
    clock.advance(5 * 60_000);
    expect(await recheckDeclinedOutgoing(t.deps)).toEqual({ checked: 1, booked: 0 });
    expect(await recheckDeclinedOutgoing(t.deps)).toEqual({ checked: 0, booked: 0 });
    expect(await balance()).toBe(10_000_000_000n);
    expect((await auditLedger(t.deps)).violations).toEqual([]);
  });
});
