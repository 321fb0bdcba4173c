import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxBackend } from '../../src/adapters/lightning/sandbox.ts';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { payFromOutside } from '../../src/app/sandbox/pay-from-outside.ts';
import { resolvePending } from '../../src/db/repos/ledger.ts';
import type { PaymentRow } from '../../src/db/repos/payments.ts';
import { receiveLapi, sendLapi } from '../fixtures/lapi.ts';
import { FakeLightning, foreignInvoice } from '../fixtures/lightning/fake-node.ts';
import {
  callerOf,
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

// The audit must see what the ledger's own sums cannot: reserves that outlive or predecease their
// payment, the money events an operator must look at, and the node's balance against the ledger.

function value<T>(r: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }): T {
  if (!r.ok) throw new Error(`expected success, got ${r.error.code}: ${r.error.message}`);
  return r.value;
}

describe.each(DIALECTS)('paytag audit of payments on %s', (dialect) => {
  let t: TestRuntime;
  afterEach(async () => {
    await t.close();
  });

  const payExternal = async (payer: TestAccount, payreq: string): Promise<PaymentRow> =>
    value(
      await sendLapi(t.deps, callerOf(payer), {
        body: { payment_mode: 'lightning', lightning_invoice: payreq },
        idempotencyKey: null,
      }),
    );

  it('sees a declined payment whose reserve is stuck and a pending one whose reserve was released', async () => {
    const node = new FakeLightning();
    t = await testRuntime(dialect, {}, { lightning: node });
    const alice = await makeAccount(t.deps, { fund: { lbtc: '0.1' } });
    node.payOutcomes.push({ status: 'pending' }, { status: 'pending' });
    const stuck = await payExternal(alice, foreignInvoice(1_000_000n).payreq);
    const early = await payExternal(alice, foreignInvoice(2_000_000n).payreq);
    expect((await auditLedger(t.deps)).violations).toEqual([]);

    // Damage as a bug could: one declined without voiding its reserve (money stuck for good), one
    // whose reserve was voided while it is still pending at the node (the node may still pay it).
    await t.deps.db.write((trx) =>
      trx.updateTable('payments').set({ status: 'declined' }).where('id', '=', stuck.id).execute(),
    );
    await t.deps.db.write((trx) =>
      resolvePending(
        trx,
        {
          id: `pay:${early.id}:void`,
          pendingId: `pay:${early.id}:reserve`,
          action: 'void',
          code: 'payment_lightning_out',
        },
        Date.now(),
      ),
    );
    const report = await auditLedger(t.deps);
    expect(report.violations).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`payment ${stuck.id} is declined but its reserve is still held`),
        expect.stringContaining(`payment ${early.id} is pending but its reserve was released`),
      ]),
    );
    const group = report.groups.find((g) => g.name === 'payment_reserves_match_status');
    expect(group).toMatchObject({ checked: 2, violations: 2 });
  });

  it('lists fee overruns, and names every group of checks with its counts', async () => {
    const node = new FakeLightning();
    t = await testRuntime(dialect, {}, { lightning: node });
    const alice = await makeAccount(t.deps, { fund: { lbtc: '0.1' } });
    node.payOutcomes.push({ status: 'succeeded', feeMsat: 5_000_000n, preimage: 'cd'.repeat(32) });
    const paid = await payExternal(alice, foreignInvoice(100_000_000n).payreq);
    const report = await auditLedger(t.deps);
    expect(report.violations).toEqual([]);
    expect(report.notes).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`payment ${paid.id}: routing fee overran its reserve by 4000000 msat`),
      ]),
    );
    const names = report.groups.map((g) => g.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'asset_sums',
        'account_columns',
        'guarded_accounts_not_negative',
        'transfers_within_one_asset',
        'payments_have_their_transfers',
        'payment_reserves_match_status',
        'payment_events',
        'node_balance_matches_ledger',
        'vouchers_have_their_transfers',
      ]),
    );
    expect(report.groups.find((g) => g.name === 'payments_have_their_transfers')!.checked).toBe(1);
    // This backend cannot tell its balance: the comparison is named, and checked nothing.
    expect(report.groups.find((g) => g.name === 'node_balance_matches_ledger')!.checked).toBe(0);
  });

  it('lists second payments and compares the sandbox node’s balance with the ledger', async () => {
    t = await testRuntime(dialect);
    const node = t.deps.lightning as SandboxBackend;
    const alice = await makeAccount(t.deps, { fund: { lbtc: '0.1' } });
    const bob = await makeAccount(t.deps);
    node.cancelInvoice = async () => ({ status: 'unknown', reason: 'node busy' });
    const inv = value(
      await receiveLapi(
        t.deps,
        { ...callerOf(bob), kind: 'invoice' },
        { body: { amount: '0.001' }, idempotencyKey: null },
      ),
    );
    value(
      await sendLapi(t.deps, callerOf(alice), {
        body: { payment_mode: 'lightning', lightning_invoice: inv.payreq },
        idempotencyKey: null,
      }),
    );
    await t.deps.background.drain(5000);
    value(await payFromOutside(t.deps, inv.payreq));
    let report = await auditLedger(t.deps);
    expect(report.violations).toEqual([]);
    expect(report.notes).toEqual(
      expect.arrayContaining([expect.stringContaining(`second payment of invoice ${inv.id}`)]),
    );
    expect(report.groups.find((g) => g.name === 'node_balance_matches_ledger')).toMatchObject({
      checked: 1,
      violations: 0,
    });

    // A payment the node accepted while nobody listened: the node holds money the ledger does not know.
    const other = value(
      await receiveLapi(
        t.deps,
        { ...callerOf(bob), kind: 'invoice' },
        { body: { amount: '0.0005' }, idempotencyKey: null },
      ),
    );
    const deaf = new AbortController();
    node.subscribeSettlements(async () => {}, deaf.signal);
    expect((await node.simulateExternalPayment(other.payreq!)).ok).toBe(true);
    deaf.abort();
    report = await auditLedger(t.deps);
    expect(report.violations).toEqual([
      expect.stringContaining(
        'the node holds 150000000 msat, the ledger’s lightning_node account 100000000 msat',
      ),
    ]);
  });
});
