import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { expireInvoices } from '../../src/app/payments/settlement/expire-invoices.ts';
import { availableBalance } from '../../src/db/repos/ledger.ts';
import { findPaymentById, type PaymentRow } from '../../src/db/repos/payments.ts';
import { receiveLapi } from '../fixtures/lapi.ts';
import { type FakeLightning, fakeNodeRuntime } from '../fixtures/lightning/fake-node.ts';
import {
  callerOf,
  DIALECTS,
  type ManualClock,
  makeAccount,
  type TestAccount,
  type TestRuntime,
} from '../fixtures/runtime.ts';

describe.each(DIALECTS)('invoice expiry and node lookups on %s', (dialect) => {
  let t: TestRuntime;
  let clock: ManualClock;
  let node: FakeLightning;
  let bob: TestAccount;

  beforeEach(async () => {
    ({ t, clock, node } = await fakeNodeRuntime(dialect));
    bob = await makeAccount(t.deps);
  });
  afterEach(async () => {
    await t.close();
  });

  async function invoice(expiresInMin: number): Promise<PaymentRow> {
    const r = await receiveLapi(t.deps, callerOf(bob, 'invoice'), {
      body: { amount: '0.0001', expires_in: expiresInMin },
      idempotencyKey: null,
    });
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  }
  const status = async (p: PaymentRow) => (await findPaymentById(t.deps.db.read, p.id))!.status;

  it('an invoice the node cannot look up does not stop later invoices from expiring', async () => {
    const broken = await invoice(1); // the node answers an error for this one, every time
    const gone = await invoice(2); // the node no longer has this one (LND/CLN: not found)
    const goneByError = await invoice(3); // an adapter that reports not found as an error
    const paid = await invoice(4); // settled at the node while its event was missed
    const open = await invoice(5);
    const lookup = node.lookupInvoice.bind(node);
    node.lookupInvoice = async (hash) => {
      if (hash === broken.payment_hash) throw new Error('node error 500');
      if (hash === gone.payment_hash)
        return { state: 'not_found', amountReceivedMsat: null, settledAtSec: null };
      if (hash === goneByError.payment_hash)
        throw Object.assign(new Error('no such invoice'), { code: 'not_found' });
      if (hash === paid.payment_hash)
        return { state: 'settled', amountReceivedMsat: 10_000_000n, settledAtSec: 7 };
      return lookup(hash);
    };
    clock.advance(10 * 60_000);
    for (let round = 0; round < 3; round++) await expireInvoices(t.deps);
    expect(await status(broken)).toBe('pending');
    expect(await status(gone)).toBe('declined');
    expect(await status(goneByError)).toBe('declined');
    expect(await status(paid)).toBe('paid');
    expect(await status(open)).toBe('declined');
    expect(await availableBalance(t.deps.db.read, bob.id, 'lbtc')).toBe(10_000_000n);
    expect((await auditLedger(t.deps)).violations).toEqual([]);
  });
});
