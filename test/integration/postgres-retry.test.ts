import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe.each(DIALECTS.filter((d) => d === 'postgres'))('write units on %s', (dialect) => {
  let t: TestRuntime;
  afterEach(async () => t?.close());

  it('a unit that loses a deadlock is retried after a pause and both units commit', async () => {
    t = await testRuntime(dialect);
    const db = t.deps.db;
    await db.write(async (trx) => {
      await sql`CREATE TABLE deadlock_probe (id int PRIMARY KEY, v int NOT NULL)`.execute(trx);
      await sql`INSERT INTO deadlock_probe VALUES (1, 0), (2, 0)`.execute(trx);
    });
    const aHolds = deferred();
    const bHolds = deferred();
    const attempts = { a: 0, b: 0 };
    // a locks row 1 then 2, b locks row 2 then 1: PostgreSQL aborts one of them with 40P01.
    const a = db.write(async (trx) => {
      attempts.a += 1;
      await sql`UPDATE deadlock_probe SET v = v + 1 WHERE id = 1`.execute(trx);
      aHolds.resolve();
      await bHolds.promise;
      await sql`UPDATE deadlock_probe SET v = v + 1 WHERE id = 2`.execute(trx);
    });
    const b = db.write(async (trx) => {
      attempts.b += 1;
      await sql`UPDATE deadlock_probe SET v = v + 10 WHERE id = 2`.execute(trx);
      bHolds.resolve();
      await aHolds.promise;
      await sql`UPDATE deadlock_probe SET v = v + 10 WHERE id = 1`.execute(trx);
    });
    await Promise.all([a, b]);
    expect(attempts.a + attempts.b).toBe(3);
    const rows = await sql<{ id: number; v: number }>`SELECT id, v FROM deadlock_probe ORDER BY id`.execute(
      db.read,
    );
    expect(rows.rows).toEqual([
      { id: 1, v: 11 },
      { id: 2, v: 11 },
    ]);
  });
});
