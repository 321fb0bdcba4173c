import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { runWrite } from '../../src/app/write.ts';
import { loadConfig } from '../../src/config/index.ts';
import { availableBalance, createTransfer } from '../../src/db/repos/ledger.ts';
import { openRuntime, type Runtime } from '../../src/main.ts';
import { DIALECTS, freshDatabase, makeAccount, type TestDatabase } from '../fixtures/runtime.ts';

const silent = { info() {}, warn() {}, error() {}, debug() {} };

// Two service instances (two pools, or two SQLite connections sets) on one database, as in production.
describe.each(DIALECTS)('two instances on one %s database', (dialect) => {
  let db: TestDatabase;
  let one: Runtime;
  let two: Runtime;
  beforeAll(async () => {
    db = await freshDatabase(dialect);
    const config = loadConfig({ DATABASE_URL: db.url });
    one = await openRuntime(config, silent);
    two = await openRuntime(config, silent);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await db?.drop();
  });

  it('never overdraw an account and keep every invariant under concurrent load', async () => {
    const from = await makeAccount(one.deps, { fund: { lbtc: '0.0005' } }); // 50,000 sat
    const sinks = await Promise.all([makeAccount(one.deps), makeAccount(two.deps), makeAccount(one.deps)]);
    const attempts = Array.from({ length: 240 }, (_, i) => {
      const rt = i % 2 === 0 ? one : two;
      const to = sinks[i % sinks.length]!;
      return runWrite(rt.deps.db, (trx) =>
        createTransfer(
          trx,
          {
            id: `multi-${i}`,
            debit: { owner: from.id },
            credit: { owner: to.id },
            asset: 'lbtc',
            amount: 500_000n,
            code: 'test',
          },
          Date.now(),
        ),
      );
    });
    const results = await Promise.all(attempts);
    expect(results.filter((r) => r.ok)).toHaveLength(100);
    for (const r of results) if (!r.ok) expect(r.error.code).toBe('insufficient_balance');
    expect(await availableBalance(two.deps.db.read, from.id, 'lbtc')).toBe(0n);
    let received = 0n;
    for (const s of sinks) received += await availableBalance(one.deps.db.read, s.id, 'lbtc');
    expect(received).toBe(50_000_000n);
    expect((await auditLedger(two.deps)).violations).toEqual([]);
  });
});
