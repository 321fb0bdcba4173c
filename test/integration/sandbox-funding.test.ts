import { afterEach, describe, expect, it } from 'vitest';
import { fundAccount } from '../../src/app/sandbox/fund-account.ts';
import { availableBalance } from '../../src/db/repos/ledger.ts';
import { DIALECTS, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

describe.each(DIALECTS)('sandbox faucet on %s', (dialect) => {
  let t: TestRuntime;
  afterEach(async () => {
    await t.close();
  });

  it('the faucet issues at most SANDBOX_FUND_MAX_UNITS of an asset in all, so no ledger column can overflow', async () => {
    t = await testRuntime(dialect);
    const a = await makeAccount(t.deps);
    // Five credits of 21 million BTC overflowed int64 msat columns; the faucet refuses long before.
    const results = [];
    for (let i = 0; i < 5; i++) {
      results.push(await fundAccount(t.deps, { usertag: a.usertag, asset: 'lbtc', amount: '21000000' }));
    }
    expect(results[0]!.ok).toBe(true);
    for (const r of results.slice(1)) {
      expect(!r.ok && r.error).toMatchObject({ code: 'invalid_request', field: 'amount' });
    }
    expect(await availableBalance(t.deps.db.read, a.id, 'lbtc')).toBe(21_000_000n * 100_000_000_000n);
  });

  it('the cap is configurable, and what is left can still be issued', async () => {
    t = await testRuntime(dialect, { SANDBOX_FUND_MAX_UNITS: '10' });
    const a = await makeAccount(t.deps);
    const b = await makeAccount(t.deps);
    expect((await fundAccount(t.deps, { usertag: a.usertag, asset: 'lbtc', amount: '6' })).ok).toBe(true);
    const over = await fundAccount(t.deps, { usertag: b.usertag, asset: 'lbtc', amount: '5' });
    expect(!over.ok && over.error.message).toMatch(/at most 10 lbtc in all; 4 left/);
    expect((await fundAccount(t.deps, { usertag: b.usertag, asset: 'lbtc', amount: '4' })).ok).toBe(true);
    // Per asset: other assets have their own allowance.
    expect((await fundAccount(t.deps, { usertag: b.usertag, asset: 'usdt', amount: '10' })).ok).toBe(true);
  });
});
