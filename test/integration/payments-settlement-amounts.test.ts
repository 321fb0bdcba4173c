import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { expireInvoices } from '../../src/app/payments/settlement/expire-invoices.ts';
import { settleIncomingInvoice } from '../../src/app/payments/settlement/settle-incoming.ts';
import { availableBalance } from '../../src/db/repos/ledger.ts';
import { findPaymentById, type PaymentRow } from '../../src/db/repos/payments.ts';
import { receiveLapi } from '../fixtures/lapi.ts';
import {
  callerOf,
  DIALECTS,
  ManualClock,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

// What the node reports as received is what is booked: never the invoice's amount in its place.

describe.each(DIALECTS)('settlement amounts on %s', (dialect) => {
  let t: TestRuntime;
  let clock: ManualClock;
  let bob: TestAccount;

  beforeEach(async () => {
    clock = new ManualClock(Date.now());
    t = await testRuntime(dialect, {}, { clock });
    bob = await makeAccount(t.deps);
  });
  afterEach(async () => {
    await t.close();
  });

  const balance = () => availableBalance(t.deps.db.read, bob.id, 'lbtc');
  async function invoice(amount: string): Promise<PaymentRow> {
    const r = await receiveLapi(t.deps, callerOf(bob, 'invoice'), {
      body: { amount, expires_in: 5 },
      idempotencyKey: null,
    });
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  }
  const reread = async (p: PaymentRow) => (await findPaymentById(t.deps.db.read, p.id))!;
  const settlement = (p: PaymentRow, amountReceivedMsat: bigint) => ({
    paymentHash: p.payment_hash!,
    amountReceivedMsat,
    settledAtSec: 1,
  });

  it('a short settlement is credited what the node received, flagged, and leaves the request unpaid', async () => {
    const p = await invoice('0.001'); // 100,000,000 msat
    expect(await settleIncomingInvoice(t.deps, settlement(p, 1000n))).toBe('short_payment');
    expect(await balance()).toBe(1000n);
    const row = await reread(p);
    expect(row.status).toBe('pending');
    expect(row.failure_reason).toMatch(/short payment: the node received 1000 msat of 100000000 msat/);
    const booked = await t.deps.db.read
      .selectFrom('payments')
      .selectAll()
      .where('second_payment_of', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(booked).toMatchObject({ status: 'paid', amount_msat: 1000n, account_id: bob.id });
    expect(t.deps.moneyCounters.shortSettlements).toBe(1);

    // Delivered again, or looked up at expiry: booked once, and the request is declined at its expiry.
    expect(await settleIncomingInvoice(t.deps, settlement(p, 1000n))).toBe('already_paid');
    clock.advance(10 * 60_000);
    await expireInvoices(t.deps);
    expect((await reread(p)).status).toBe('declined');
    expect(await balance()).toBe(1000n);
    expect((await auditLedger(t.deps)).violations).toEqual([]);
  });

  it('a settlement without an amount is not credited as the invoice amount; it is flagged', async () => {
    const p = await invoice('0.001');
    expect(await settleIncomingInvoice(t.deps, settlement(p, 0n))).toBe('no_amount');
    expect(await balance()).toBe(0n);
    const row = await reread(p);
    expect(row.status).toBe('pending');
    expect(row.failure_reason).toMatch(/without an amount/);
    expect(t.deps.moneyCounters.settlementsWithoutAmount).toBe(1);
    // The node's real report, with its amount, is credited as usual.
    expect(await settleIncomingInvoice(t.deps, settlement(p, 100_000_000n))).toBe('credited');
    expect(await reread(p)).toMatchObject({
      status: 'paid',
      amount_msat: 100_000_000n,
      failure_reason: null,
    });
    expect(await balance()).toBe(100_000_000n);
    expect((await auditLedger(t.deps)).violations).toEqual([]);
  });

  it('an overpayment is credited in full, as received', async () => {
    const p = await invoice('0.001');
    expect(await settleIncomingInvoice(t.deps, settlement(p, 100_000_123n))).toBe('credited');
    expect(await reread(p)).toMatchObject({ status: 'paid', amount_msat: 100_000_123n });
    expect(await balance()).toBe(100_000_123n);
    expect((await auditLedger(t.deps)).violations).toEqual([]);
  });
});
