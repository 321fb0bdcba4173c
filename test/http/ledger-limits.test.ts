import { afterEach, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { runWrite } from '../../src/app/write.ts';
import { createTransfer } from '../../src/db/repos/ledger.ts';
import { DIALECTS, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

// A ledger column holds a 64-bit integer. A movement that would carry a running total past that range
// is refused in the statement that moves the money, with a clear code and no database text.

describe.each(DIALECTS)('ledger columns never overflow on %s', (dialect) => {
  let t: TestRuntime;
  afterEach(async () => t?.close());

  it('five receipts of 21,000,000 BTC paid from outside: the fifth is refused with 422, the audit stays clean', async () => {
    t = await testRuntime(dialect, { SANDBOX_NODE_KEY: '11'.repeat(32) });
    const bob = await makeAccount(t.deps);
    const statuses: number[] = [];
    let last: { code?: string; message?: string } = {};
    for (let i = 0; i < 5; i++) {
      const receive = await t.app.inject({
        method: 'POST',
        url: '/lapi/v1/receive',
        headers: { 'x-api-key': bob.invoiceKey },
        payload: { amount: '21000000' },
      });
      expect(receive.statusCode).toBe(200);
      const pay = await t.app.inject({
        method: 'POST',
        url: '/sandbox/v1/pay',
        payload: { invoice: receive.json().data.lightning_invoice.payreq },
      });
      statuses.push(pay.statusCode);
      last = pay.json();
    }
    expect(statuses).toEqual([200, 200, 200, 200, 422]);
    expect(last.code).toBe('balance_limit_exceeded');
    expect(last.message).not.toMatch(/bigint|integer|overflow|out of range|sql/i);

    const wallet = await t.app.inject({
      method: 'GET',
      url: '/lapi/v1/wallet',
      headers: { 'x-api-key': bob.invoiceKey },
    });
    expect(wallet.statusCode).toBe(200);
    expect(wallet.json().data.balance_lbtc).toBe('84000000.00000000');
    const types = await t.deps.db.read
      .selectFrom('ledger_accounts')
      .select(['credits_posted', 'debits_posted'])
      .execute();
    for (const r of types) {
      expect(typeof r.credits_posted).toBe('bigint');
      expect(typeof r.debits_posted).toBe('bigint');
    }
    expect((await auditLedger(t.deps)).violations).toEqual([]);
  });

  it('a transfer past the range is refused by the ledger itself, and the audit sums several full accounts exactly', async () => {
    t = await testRuntime(dialect);
    const a = await makeAccount(t.deps);
    const b = await makeAccount(t.deps);
    // The sandbox faucet is capped (SANDBOX_FUND_MAX_UNITS), so the ledger is driven directly here: no
    // caller's own cap stands between these movements and the column's range.
    // A column holds about 92,233,720 BTC (2^63 - 1 msat); 21,000,000 BTC is 2.1e18 msat.
    const big = 2_100_000_000_000_000_000n;
    let n = 0;
    const move = (owner: bigint) =>
      runWrite(t.deps.db, (trx) =>
        createTransfer(
          trx,
          {
            id: `limit-test:${n++}`,
            debit: { system: 'sandbox_faucet' },
            credit: { owner },
            asset: 'lbtc',
            amount: big,
            code: 'sandbox_faucet',
          },
          t.deps.clock.nowMs(),
        ),
      );
    for (let i = 0; i < 4; i++) expect((await move(a.id)).ok).toBe(true);
    const refused = await move(a.id);
    expect(refused).toMatchObject({ ok: false, error: { code: 'balance_limit_exceeded' } });
    // b's credit fits its own column, but the faucet's debits would pass the range.
    const faucetFull = await move(b.id);
    expect(faucetFull).toMatchObject({ ok: false, error: { code: 'balance_limit_exceeded' } });
    expect((await auditLedger(t.deps)).violations).toEqual([]);
  });
});
