import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { findAccountByUsertag } from '../../src/db/repos/accounts.ts';
import { availableBalance } from '../../src/db/repos/ledger.ts';
import { DIALECTS, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

// The PostgreSQL connection pool: its configured size, and the named (prepared) statements it runs.
describe.each(DIALECTS.filter((d) => d === 'postgres'))('the %s pool', (dialect) => {
  let t: TestRuntime;
  afterEach(async () => {
    await t?.close();
  });

  const sessions = async (url: string, sql: string): Promise<pg.QueryResult> => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return await c.query(sql);
    } finally {
      await c.end();
    }
  };

  it('opens at most POSTGRES_POOL_SIZE connections however many queries wait', async () => {
    t = await testRuntime(dialect, { POSTGRES_POOL_SIZE: '3' });
    const a = await makeAccount(t.deps, { fund: { lbtc: '0.001' } });
    // One watcher connection, polling in turn (it does not count itself).
    const watcher = new pg.Client({ connectionString: t.databaseUrl });
    await watcher.connect();
    let peak = 0;
    let watching = true;
    const watched = (async () => {
      while (watching) {
        const r = await watcher.query(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        );
        peak = Math.max(peak, r.rows[0].n);
      }
    })();
    const reads = await Promise.all(
      Array.from({ length: 200 }, () =>
        t.deps.db.write(async (trx) => {
          await trx.selectNoFrom((eb) => eb.fn('pg_sleep', [eb.val(0.002)]).as('s')).execute();
          return availableBalance(trx, a.id, 'lbtc');
        }),
      ),
    );
    watching = false;
    await watched;
    await watcher.end();
    expect(reads.every((b) => b === 100_000_000n)).toBe(true);
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(3);
  });

  it('statements returning * keep working after a migration adds a column, named ones are prepared once', async () => {
    t = await testRuntime(dialect);
    const a = await makeAccount(t.deps, { fund: { lbtc: '0.001' } });
    for (let i = 0; i < 3; i++)
      expect((await findAccountByUsertag(t.deps.db.read, a.usertag))?.id).toBe(a.id);
    // Another instance's newer migration adds a column while this one runs.
    await sessions(t.databaseUrl, 'ALTER TABLE accounts ADD COLUMN later_column text');
    for (let i = 0; i < 3; i++)
      expect((await findAccountByUsertag(t.deps.db.read, a.usertag))?.id).toBe(a.id);
    // The balance read (explicit columns) runs as a prepared statement of this connection.
    const names = await t.deps.db.write(async (trx) => {
      await availableBalance(trx, a.id, 'lbtc');
      await availableBalance(trx, a.id, 'lbtc');
      const r = await trx
        .selectFrom('pg_prepared_statements' as never)
        .select(['name' as never, 'statement' as never])
        .execute();
      return r as Array<{ name: string; statement: string }>;
    });
    const balance = names.filter((n) => n.statement.includes('"credits_posted"'));
    expect(balance.length).toBeGreaterThan(0);
    expect(names.some((n) => /select \*/i.test(n.statement))).toBe(false);
  });
});
