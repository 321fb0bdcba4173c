import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { runWrite } from '../../src/app/write.ts';
import {
  availableBalance,
  createTransfer,
  resolvePending,
  type TransferInput,
} from '../../src/db/repos/ledger.ts';
import { DIALECTS, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

describe.each(DIALECTS)('ledger on %s', (dialect) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await testRuntime(dialect);
  });
  afterAll(async () => {
    await rt?.close();
  });

  const now = () => rt.deps.clock.nowMs();
  const transfer = (t: TransferInput) => runWrite(rt.deps.db, (trx) => createTransfer(trx, t, now()));
  const balance = (owner: bigint, asset: 'lbtc' | 'usdt' = 'lbtc') =>
    availableBalance(rt.deps.db.read, owner, asset);

  it('200 concurrent transfers out of an account funded for 100 leave exactly 100 posted', async () => {
    const from = await makeAccount(rt.deps, { fund: { lbtc: '0.00100000' } }); // 100,000 sat
    const to = await makeAccount(rt.deps);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        transfer({
          id: `race-${dialect}-${i}`,
          debit: { owner: from.id },
          credit: { owner: to.id },
          asset: 'lbtc',
          amount: 1_000_000n, // 1,000 sat
          code: 'test',
        }),
      ),
    );
    const okCount = results.filter((r) => r.ok).length;
    const refused = results.filter((r) => !r.ok);
    expect(okCount).toBe(100);
    expect(refused).toHaveLength(100);
    for (const r of refused) if (!r.ok) expect(r.error.code).toBe('insufficient_balance');
    expect(await balance(from.id)).toBe(0n);
    expect(await balance(to.id)).toBe(100_000_000n);
    const posted = await sql<{
      n: bigint;
    }>`SELECT COUNT(*) AS n FROM ledger_transfers WHERE id LIKE ${`race-${dialect}-%`}`.execute(
      rt.deps.db.read,
    );
    expect(BigInt(posted.rows[0]!.n)).toBe(100n);
    expect((await auditLedger(rt.deps)).violations).toEqual([]);
  });

  it('replaying a transfer id with the same fields moves nothing again; different fields conflict', async () => {
    const a = await makeAccount(rt.deps, { fund: { lbtc: '0.001' } });
    const b = await makeAccount(rt.deps);
    const t: TransferInput = {
      id: `idem-${dialect}`,
      debit: { owner: a.id },
      credit: { owner: b.id },
      asset: 'lbtc',
      amount: 5_000n,
      code: 'test',
    };
    expect(await transfer(t)).toEqual({ ok: true, value: 'created' });
    expect(await transfer(t)).toEqual({ ok: true, value: 'exists' });
    expect(await balance(b.id)).toBe(5_000n);
    const conflict = await transfer({ ...t, amount: 6_000n });
    expect(conflict.ok).toBe(false);
    if (!conflict.ok) expect(conflict.error.code).toBe('transfer_exists_different');
    expect(await balance(b.id)).toBe(5_000n);
  });

  it('reserves with a pending transfer, then posts part of it or voids it', async () => {
    const a = await makeAccount(rt.deps, { fund: { lbtc: '0.00001' } }); // 1,000,000 msat
    const reserve = (id: string, amount: bigint) =>
      transfer({
        id: `${id}-${dialect}`,
        debit: { owner: a.id },
        credit: { system: 'lightning_node' },
        asset: 'lbtc',
        amount,
        code: 'reserve',
        pending: true,
      });
    const resolve = (id: string, pendingId: string, action: 'post' | 'void', amount?: bigint) =>
      runWrite(rt.deps.db, (trx) =>
        resolvePending(
          trx,
          {
            id: `${id}-${dialect}`,
            pendingId: `${pendingId}-${dialect}`,
            action,
            code: action,
            ...(amount ? { amount } : {}),
          },
          now(),
        ),
      );

    expect((await reserve('res', 600_000n)).ok).toBe(true);
    expect(await balance(a.id)).toBe(400_000n);
    // The reservation counts against the balance: a second reservation beyond what is left fails.
    expect((await reserve('res2', 500_000n)).ok).toBe(false);
    // Post less than reserved: the rest returns.
    expect(await resolve('post', 'res', 'post', 550_000n)).toEqual({ ok: true, value: 'created' });
    expect(await balance(a.id)).toBe(450_000n);
    // A pending transfer resolves once: a void after the post is refused.
    const late = await resolve('void', 'res', 'void');
    expect(late.ok).toBe(false);
    if (!late.ok) expect(late.error.code).toBe('transfer_not_pending');
    // Replaying the same post is answered, not applied twice.
    expect(await resolve('post', 'res', 'post', 550_000n)).toEqual({ ok: true, value: 'exists' });
    expect(await balance(a.id)).toBe(450_000n);

    expect((await reserve('res3', 450_000n)).ok).toBe(true);
    expect(await balance(a.id)).toBe(0n);
    expect((await resolve('void3', 'res3', 'void')).ok).toBe(true);
    expect(await balance(a.id)).toBe(450_000n);
    expect((await auditLedger(rt.deps)).violations).toEqual([]);
  });

  it('a failing unit in a batch rolls back only itself', async () => {
    const a = await makeAccount(rt.deps, { fund: { lbtc: '0.00000100' } }); // 100,000 msat
    const b = await makeAccount(rt.deps);
    const [good, bad] = await Promise.all([
      transfer({
        id: `g-${dialect}`,
        debit: { owner: a.id },
        credit: { owner: b.id },
        asset: 'lbtc',
        amount: 60_000n,
        code: 't',
      }),
      runWrite(rt.deps.db, async (trx) => {
        await createTransfer(
          trx,
          {
            id: `b1-${dialect}`,
            debit: { owner: a.id },
            credit: { owner: b.id },
            asset: 'lbtc',
            amount: 10_000n,
            code: 't',
          },
          now(),
        );
        // the second leg overdraws whatever ran first: the whole unit, first leg included, must roll back
        await createTransfer(
          trx,
          {
            id: `b2-${dialect}`,
            debit: { owner: a.id },
            credit: { owner: b.id },
            asset: 'lbtc',
            amount: 200_000n,
            code: 't',
          },
          now(),
        );
      }),
    ]);
    expect(good.ok).toBe(true);
    expect(bad.ok).toBe(false);
    expect(await balance(a.id)).toBe(40_000n);
    expect(await balance(b.id)).toBe(60_000n);
    const leftovers = await rt.deps.db.read
      .selectFrom('ledger_transfers')
      .select('id')
      .where('id', 'in', [`b1-${dialect}`, `b2-${dialect}`])
      .execute();
    expect(leftovers).toEqual([]);
  });

  it('audit finds a balance that does not match its transfers', async () => {
    const a = await makeAccount(rt.deps, { fund: { usdt: '5' } });
    await rt.deps.db.write(async (trx) => {
      await trx
        .updateTable('ledger_accounts')
        .set({ credits_posted: sql`credits_posted + 1` })
        .where('owner_account_id', '=', a.id)
        .where('asset', '=', 'usdt')
        .execute();
    });
    const report = await auditLedger(rt.deps);
    expect(report.violations.some((v) => v.includes('credits_posted') && v.includes('usdt'))).toBe(true);
    expect(report.violations.some((v) => v.includes('asset usdt: posted balances sum to 1'))).toBe(true);
    await rt.deps.db.write(async (trx) => {
      await trx
        .updateTable('ledger_accounts')
        .set({ credits_posted: sql`credits_posted - 1` })
        .where('owner_account_id', '=', a.id)
        .where('asset', '=', 'usdt')
        .execute();
    });
    expect((await auditLedger(rt.deps)).violations).toEqual([]);
  });
});
