import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { availableBalance, type SystemAccount, systemAccountTotals } from '../../src/db/repos/ledger.ts';
import { sendLapi } from '../fixtures/lapi.ts';
import { FakeLightning, foreignInvoice } from '../fixtures/lightning/fake-node.ts';
import {
  callerOf,
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

describe.each(DIALECTS)('routing fees above the reserve on %s', (dialect) => {
  let t: TestRuntime;
  let node: FakeLightning;
  let alice: TestAccount;

  beforeEach(async () => {
    node = new FakeLightning();
    t = await testRuntime(dialect, {}, { lightning: node });
    alice = await makeAccount(t.deps, { fund: { lbtc: '0.1' } });
  });
  afterEach(async () => {
    await t.close();
  });

  /** A system account's totals, summed over its stripes. */
  async function systemAccount(code: SystemAccount) {
    return systemAccountTotals(t.deps.db.read, code, 'lbtc');
  }

  it('a routing fee above the reserve is booked exactly: the excess goes to fee_overrun', async () => {
    const inv = foreignInvoice(100_000_000n);
    node.payOutcomes.push({ status: 'succeeded', feeMsat: 5_000_000n, preimage: 'cd'.repeat(32) });
    const r = await sendLapi(t.deps, callerOf(alice), {
      body: { payment_mode: 'lightning', lightning_invoice: inv.payreq },
      idempotencyKey: null,
    });
    if (!r.ok) throw new Error(r.error.message);
    const reserve = r.value.fee_reserve_msat; // 1 % of the amount: 1,000,000 msat
    expect(reserve).toBe(1_000_000n);
    expect(r.value).toMatchObject({ status: 'paid', network_fee_msat: reserve });
    // The account pays what it was told at most; the node's real outflow is in the ledger.
    expect(await availableBalance(t.deps.db.read, alice.id, 'lbtc')).toBe(
      10_000_000_000n - 100_000_000n - reserve,
    );
    const nodeAccount = await systemAccount('lightning_node');
    expect(nodeAccount.credits_posted - nodeAccount.debits_posted).toBe(100_000_000n + 5_000_000n);
    const overrun = await systemAccount('fee_overrun');
    expect(overrun.debits_posted - overrun.credits_posted).toBe(5_000_000n - reserve);
    expect(t.deps.moneyCounters.feeOverruns).toBe(1);
    expect((await auditLedger(t.deps)).violations).toEqual([]);
  });
});
