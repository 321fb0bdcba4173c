import { afterEach, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { runWrite } from '../../src/app/write.ts';
import {
  availableBalance,
  createTransfer,
  ensureSystemAccounts,
  lockAccountsInOrder,
  SYSTEM_STRIPES,
  stripeCode,
  systemAccountTotals,
} from '../../src/db/repos/ledger.ts';
import { sendLapi } from '../fixtures/lapi.ts';
import { callerOf, DIALECTS, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

/** Each stripe row of a system account with what it holds (credits minus debits, posted). */
async function stripes(t: TestRuntime, code: 'service_fees' | 'gst' | 'lightning_node') {
  const rows = await t.deps.db.read
    .selectFrom('ledger_accounts')
    .select(['system_code', 'credits_posted', 'debits_posted'])
    .where('asset', '=', 'lbtc')
    .where('owner_account_id', 'is', null)
    .execute();
  return rows.filter((r) => r.system_code === code || r.system_code?.startsWith(`${code}/`));
}

// The hot system accounts are striped: several rows, each an exact double-entry account, whose sum is
// the account's balance.
describe.each(DIALECTS)('striped system accounts on %s', (dialect) => {
  let t: TestRuntime;
  afterEach(async () => {
    await t?.close();
  });

  it('each striped account has its stripes for every asset, created once however often start-up runs', async () => {
    t = await testRuntime(dialect);
    await t.deps.db.write((trx) => ensureSystemAccounts(trx, Date.now()));
    for (const code of ['service_fees', 'gst', 'lightning_node'] as const) {
      const rows = await stripes(t, code);
      expect(rows.map((r) => r.system_code).sort()).toEqual(
        Array.from({ length: SYSTEM_STRIPES }, (_, k) => stripeCode(code, k)).sort(),
      );
    }
    expect(stripeCode('voucher_escrow', 5)).toBe('voucher_escrow');
    const escrow = await t.deps.db.read
      .selectFrom('ledger_accounts')
      .select('system_code')
      .where('system_code', 'like', 'voucher_escrow%')
      .where('asset', '=', 'lbtc')
      .execute();
    expect(escrow).toHaveLength(1);
  });

  it('concurrent fee-bearing sends of many payers spread over the stripes; the fee accounts sum exactly and the audit is clean', async () => {
    t = await testRuntime(dialect, { SERVICE_FEE_SEND_PERCENT: '1', GST_PERCENT: '18' });
    const payers = await Promise.all(
      Array.from({ length: 8 }, () => makeAccount(t.deps, { fund: { lbtc: '0.01' } })),
    );
    // 0.0001 BTC = 10,000 sat: fee 100 sat, GST 18 sat.
    const sends = payers.flatMap((from, i) =>
      Array.from({ length: 6 }, () =>
        sendLapi(t.deps, callerOf(from), {
          body: {
            payment_mode: 'usertag',
            usertag: payers[(i + 1) % payers.length]!.usertag,
            amount: '0.0001',
          },
          idempotencyKey: null,
        }),
      ),
    );
    const results = await Promise.all(sends);
    for (const r of results) expect(r.ok).toBe(true);
    const fees = await systemAccountTotals(t.deps.db.read, 'service_fees', 'lbtc');
    const gst = await systemAccountTotals(t.deps.db.read, 'gst', 'lbtc');
    expect(fees.credits_posted - fees.debits_posted).toBe(48n * 100_000n);
    expect(gst.credits_posted - gst.debits_posted).toBe(48n * 18_000n);
    // Stripes are chosen by payer: eight payers land on more than one stripe.
    const used = (await stripes(t, 'service_fees')).filter((r) => r.credits_posted > 0n);
    expect(used.length).toBeGreaterThan(1);
    let sum = 0n;
    for (const r of used) sum += r.credits_posted;
    expect(sum).toBe(48n * 100_000n);
    // Every payer sent 6 × (10,000 + 118) sat and received 6 × 10,000.
    for (const p of payers) {
      expect(await availableBalance(t.deps.db.read, p.id, 'lbtc')).toBe(1_000_000_000n - 6n * 118_000n);
    }
    const audit = await auditLedger(t.deps);
    expect(audit.violations).toEqual([]);
    expect(audit.groups.find((g) => g.name === 'asset_sums')?.violations).toBe(0);
  });

  it('a transfer replayed in a unit of another stripe is answered as existing, and moves nothing again', async () => {
    t = await testRuntime(dialect);
    const a = await makeAccount(t.deps, { fund: { lbtc: '0.001' } });
    const b = await makeAccount(t.deps);
    // Find a second account whose stripe differs from a's.
    let other = await makeAccount(t.deps);
    while (other.id % BigInt(SYSTEM_STRIPES) === a.id % BigInt(SYSTEM_STRIPES))
      other = await makeAccount(t.deps);
    const transfer = {
      id: 'fee-replay',
      debit: { owner: a.id },
      credit: { system: 'service_fees' as const },
      asset: 'lbtc' as const,
      amount: 7_000n,
      code: 'test',
    };
    const first = await runWrite(t.deps.db, async (trx) => {
      await lockAccountsInOrder(trx, [{ owner: a.id }, { system: 'service_fees' }]);
      return createTransfer(trx, transfer, Date.now());
    });
    expect(first).toEqual({ ok: true, value: 'created' });
    const again = await runWrite(t.deps.db, async (trx) => {
      // This unit's stripe is other's, not a's.
      await lockAccountsInOrder(trx, [{ owner: other.id }, { owner: a.id }, { system: 'service_fees' }]);
      return createTransfer(trx, transfer, Date.now());
    });
    expect(again).toEqual({ ok: true, value: 'exists' });
    const different = await runWrite(t.deps.db, (trx) =>
      createTransfer(trx, { ...transfer, credit: { system: 'gst' } }, Date.now()),
    );
    expect(different.ok ? 'ok' : different.error.code).toBe('transfer_exists_different');
    const fees = await systemAccountTotals(t.deps.db.read, 'service_fees', 'lbtc');
    expect(fees.credits_posted).toBe(7_000n);
    expect(await availableBalance(t.deps.db.read, a.id, 'lbtc')).toBe(100_000_000n - 7_000n);
    void b;
    expect((await auditLedger(t.deps)).violations).toEqual([]);
  });

  it('the audit still finds a stripe whose columns do not match its transfers', async () => {
    t = await testRuntime(dialect, { SERVICE_FEE_SEND_PERCENT: '1' });
    const a = await makeAccount(t.deps, { fund: { lbtc: '0.001' } });
    const b = await makeAccount(t.deps);
    const r = await sendLapi(t.deps, callerOf(a), {
      body: { payment_mode: 'usertag', usertag: b.usertag, amount: '0.0001' },
      idempotencyKey: null,
    });
    expect(r.ok).toBe(true);
    const [used] = (await stripes(t, 'service_fees')).filter((x) => x.credits_posted > 0n);
    expect(used).toBeDefined();
    await t.deps.db.write((trx) =>
      trx
        .updateTable('ledger_accounts')
        .set({ credits_posted: 1n })
        .where('system_code', '=', used!.system_code)
        .where('asset', '=', 'lbtc')
        .execute(),
    );
    const audit = await auditLedger(t.deps);
    expect(
      audit.violations.some((v) => v.includes('credits_posted is 1 but its transfers sum to 100000')),
    ).toBe(true);
  });
});
