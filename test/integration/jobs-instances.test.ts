import { afterEach, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/app/accounts/authenticate.ts';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { getBalances } from '../../src/app/balances/get-balances.ts';
import { expireInvoicesRound } from '../../src/app/payments/settlement/expire-invoices.ts';
import { expireVouchers } from '../../src/app/vouchers/expire-vouchers.ts';
import { DIALECTS, ManualClock, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

/**
 * The expiry sweeps run in every instance. Two runtimes on one database (as two processes would be),
 * sweeping the same due vouchers and invoices at the same time, must refund each escrow once and
 * decline each invoice once: no double refund, nothing left behind.
 */
describe.each(DIALECTS)('expiry sweeps of two instances on %s', (dialect) => {
  const open: TestRuntime[] = [];
  afterEach(async () => {
    for (const rt of open.splice(0).reverse()) await rt.close();
  });

  it('refund every expired voucher batch once and decline every expired invoice once', {
    timeout: 120_000,
  }, async () => {
    const clock = new ManualClock(Date.now());
    const a = await testRuntime(dialect, {}, { clock });
    open.push(a);
    const b = await testRuntime(dialect, {}, { clock, databaseUrl: a.databaseUrl });
    open.push(b);
    const issuer = await makeAccount(a.deps, { fund: { lbtc: '0.1' } });
    const shop = await makeAccount(a.deps);
    const lbtcOf = async (id: bigint) =>
      (await getBalances(a.deps, { accountId: id } as Caller)).byAsset.lbtc;
    const before = await lbtcOf(issuer.id);

    const batches: string[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await a.app.inject({
        method: 'POST',
        url: '/lapi/v1/requestVoucher',
        headers: { 'x-api-key': issuer.adminKey },
        payload: { amount: '0.00001', voucher_count: 3, expiry: 1 },
      });
      expect(res.statusCode, res.body).toBe(200);
      batches.push(res.json().data.tid);
    }
    const invoices: string[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await b.app.inject({
        method: 'POST',
        url: '/lapi/v1/receive',
        headers: { 'x-api-key': shop.invoiceKey },
        payload: { amount: '0.00001', expires_in: 60 },
      });
      expect(res.statusCode, res.body).toBe(200);
      invoices.push(res.json().data.tid);
    }
    const escrowed = await lbtcOf(issuer.id);
    expect(escrowed).toBeLessThan(before);

    clock.advance(2 * 60 * 60_000);
    // Both instances sweep at once, twice over, as their jobs would on their own timers.
    for (let round = 0; round < 2; round++) {
      await Promise.all([
        expireVouchers(a.deps),
        expireVouchers(b.deps),
        expireInvoicesRound(a.deps),
        expireInvoicesRound(b.deps),
      ]);
    }

    // Every escrow came back exactly once: the issuer holds what it held before the batches.
    expect(await lbtcOf(issuer.id)).toBe(before);
    const closed = await a.deps.db.read
      .selectFrom('voucher_batches')
      .select(['id', 'closed_at_ms'])
      .where('id', 'in', batches)
      .execute();
    expect(closed.filter((r) => r.closed_at_ms !== null)).toHaveLength(batches.length);
    const declined = await a.deps.db.read
      .selectFrom('payments')
      .select(['public_id', 'status'])
      .where('public_id', 'in', invoices)
      .execute();
    expect(declined.map((r) => r.status)).toEqual(invoices.map(() => 'declined'));
    expect((await auditLedger(a.deps)).violations).toEqual([]);
  });
});
