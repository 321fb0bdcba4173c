import { afterEach, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { runWrite } from '../../src/app/write.ts';
import {
  availableBalance,
  createTransfers,
  systemAccountTotals,
  type TransferInput,
} from '../../src/db/repos/ledger.ts';
import { DIALECTS, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

// Several transfers of one unit moved as a batch (on PostgreSQL one statement): the same outcome as
// moving them one after the other.
describe.each(DIALECTS)('a batch of transfers on %s', (dialect) => {
  let t: TestRuntime;
  afterEach(async () => {
    await t?.close();
  });

  const payment = (
    id: string,
    from: bigint,
    to: bigint,
    net: bigint,
    fee: bigint,
    gst: bigint,
  ): [TransferInput, TransferInput, TransferInput] => [
    {
      id: `${id}:net`,
      debit: { owner: from },
      credit: { owner: to },
      asset: 'lbtc',
      amount: net,
      code: 'test',
    },
    {
      id: `${id}:fee`,
      debit: { owner: from },
      credit: { system: 'service_fees' },
      asset: 'lbtc',
      amount: fee,
      code: 'test',
    },
    {
      id: `${id}:gst`,
      debit: { owner: from },
      credit: { system: 'gst' },
      asset: 'lbtc',
      amount: gst,
      code: 'test',
    },
  ];

  it('moves a payment with its fees exactly; replayed whole or in part it moves only what is new', async () => {
    t = await testRuntime(dialect);
    const a = await makeAccount(t.deps, { fund: { lbtc: '0.001' } }); // 100,000,000 msat
    const b = await makeAccount(t.deps);
    const batch = payment('p1', a.id, b.id, 1_000_000n, 10_000n, 1_800n);
    const first = await runWrite(t.deps.db, (trx) => createTransfers(trx, batch, Date.now()));
    expect(first).toEqual({ ok: true, value: ['created', 'created', 'created'] });
    const again = await runWrite(t.deps.db, (trx) => createTransfers(trx, batch, Date.now()));
    expect(again).toEqual({ ok: true, value: ['exists', 'exists', 'exists'] });
    const extra = {
      id: 'p1:extra',
      debit: { owner: a.id },
      credit: { owner: b.id },
      asset: 'lbtc',
      amount: 5n,
      code: 'test',
    } satisfies TransferInput;
    const partly = await runWrite(t.deps.db, (trx) => createTransfers(trx, [...batch, extra], Date.now()));
    expect(partly).toEqual({ ok: true, value: ['exists', 'exists', 'exists', 'created'] });
    expect(await availableBalance(t.deps.db.read, a.id, 'lbtc')).toBe(100_000_000n - 1_011_805n);
    expect(await availableBalance(t.deps.db.read, b.id, 'lbtc')).toBe(1_000_005n);
    expect((await systemAccountTotals(t.deps.db.read, 'service_fees', 'lbtc')).credits_posted).toBe(10_000n);
    expect((await systemAccountTotals(t.deps.db.read, 'gst', 'lbtc')).credits_posted).toBe(1_800n);
    const changed = await runWrite(t.deps.db, (trx) =>
      createTransfers(trx, [{ ...batch[0], amount: 2n }, batch[1], batch[2]], Date.now()),
    );
    expect(changed.ok ? 'ok' : changed.error.code).toBe('transfer_exists_different');
    expect((await auditLedger(t.deps)).violations).toEqual([]);
  });

  it('a payer who covers the first transfer but not the fees moves nothing at all', async () => {
    t = await testRuntime(dialect);
    const a = await makeAccount(t.deps, { fund: { lbtc: '0.00001' } }); // 1,000,000 msat
    const b = await makeAccount(t.deps);
    const r = await runWrite(t.deps.db, (trx) =>
      createTransfers(trx, payment('p2', a.id, b.id, 1_000_000n, 1n, 1n), Date.now()),
    );
    expect(r.ok ? 'ok' : r.error.code).toBe('insufficient_balance');
    expect(await availableBalance(t.deps.db.read, a.id, 'lbtc')).toBe(1_000_000n);
    expect(await availableBalance(t.deps.db.read, b.id, 'lbtc')).toBe(0n);
    const moved = await t.deps.db.read
      .selectFrom('ledger_transfers')
      .select('id')
      .where('id', 'like', 'p2:%')
      .execute();
    expect(moved).toEqual([]);
    expect((await auditLedger(t.deps)).violations).toEqual([]);
  });

  it('a credit past the 64-bit range is refused as balance_limit_exceeded and moves nothing', async () => {
    t = await testRuntime(dialect);
    const a = await makeAccount(t.deps, { fund: { lbtc: '0.001' } });
    const b = await makeAccount(t.deps);
    const max = 9_223_372_036_854_775_807n;
    // b's credits are near the top of the column (with the matching transfer, so the audit stays exact).
    await runWrite(t.deps.db, (trx) =>
      createTransfers(
        trx,
        [
          {
            id: 'near-top-1',
            debit: { system: 'trade_treasury' },
            credit: { owner: b.id },
            asset: 'lbtc',
            amount: 9_000_000_000_000_000_000n,
            code: 'test',
          },
          {
            id: 'near-top-2',
            debit: { system: 'trade_treasury' },
            credit: { owner: b.id },
            asset: 'lbtc',
            amount: max - 10n - 9_000_000_000_000_000_000n,
            code: 'test',
          },
        ],
        Date.now(),
      ),
    );
    const r = await runWrite(t.deps.db, (trx) =>
      createTransfers(trx, payment('p3', a.id, b.id, 11n, 1n, 1n), Date.now()),
    );
    expect(r.ok ? 'ok' : r.error.code).toBe('balance_limit_exceeded');
    expect(await availableBalance(t.deps.db.read, a.id, 'lbtc')).toBe(100_000_000n);
    expect(await availableBalance(t.deps.db.read, b.id, 'lbtc')).toBe(max - 10n);
    expect((await auditLedger(t.deps)).violations).toEqual([]);
  });

  it('payments with fees in both directions between two accounts, all at once, all complete', async () => {
    t = await testRuntime(dialect);
    const a = await makeAccount(t.deps, { fund: { lbtc: '0.01' } });
    const b = await makeAccount(t.deps, { fund: { lbtc: '0.01' } });
    const runs = Array.from({ length: 60 }, (_, i) => {
      const [from, to] = i % 2 === 0 ? [a, b] : [b, a];
      return runWrite(t.deps.db, (trx) =>
        createTransfers(trx, payment(`x${i}`, from.id, to.id, 1_000n, 10n, 2n), Date.now()),
      );
    });
    const results = await Promise.all(runs);
    for (const r of results) expect(r).toEqual({ ok: true, value: ['created', 'created', 'created'] });
    expect(await availableBalance(t.deps.db.read, a.id, 'lbtc')).toBe(1_000_000_000n - 30n * 12n);
    expect(await availableBalance(t.deps.db.read, b.id, 'lbtc')).toBe(1_000_000_000n - 30n * 12n);
    expect((await auditLedger(t.deps)).violations).toEqual([]);
  });
});
