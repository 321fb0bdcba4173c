import { sql } from 'kysely';
import pg from 'pg';
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
    // Each unit its own transaction: the two units below wait on each other, which a batch (one unit
    // after the other) cannot do.
    t = await testRuntime(dialect, { POSTGRES_MAX_BATCH: '1' });
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

  it('a batch that loses a deadlock to another session runs again whole, each unit committed once', async () => {
    t = await testRuntime(dialect);
    const db = t.deps.db;
    await db.write(async (trx) => {
      await sql`CREATE TABLE deadlock_probe (id int PRIMARY KEY, v int NOT NULL)`.execute(trx);
      await sql`INSERT INTO deadlock_probe VALUES (1, 0), (2, 0)`.execute(trx);
      await sql`CREATE TABLE deadlock_marks (k text PRIMARY KEY)`.execute(trx);
    });
    const outside = new pg.Client({ connectionString: t.databaseUrl });
    const watcher = new pg.Client({ connectionString: t.databaseUrl });
    await outside.connect();
    await watcher.connect();
    try {
      // Another session (not paytag's batches, which take turns) holds row 2 and will want row 1.
      await outside.query('BEGIN');
      await outside.query("SET LOCAL deadlock_timeout = '10s'"); // so the batch's backend detects it
      await outside.query('UPDATE deadlock_probe SET v = v + 100 WHERE id = 2');
      const runs = { a: 0, b: 0 };
      const units = [
        db.write(async (trx) => {
          runs.a += 1;
          await sql`INSERT INTO deadlock_marks VALUES ('a')`.execute(trx);
        }),
        db.write(async (trx) => {
          runs.b += 1;
          await sql`UPDATE deadlock_probe SET v = v + 1 WHERE id = 1`.execute(trx);
          await sql`UPDATE deadlock_probe SET v = v + 1 WHERE id = 2`.execute(trx);
        }),
      ];
      // Once the batch waits for row 2, the outside session asks for row 1: a deadlock.
      for (;;) {
        const w = await watcher.query(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        if (w.rows[0].n > 0) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      await outside.query('UPDATE deadlock_probe SET v = v + 100 WHERE id = 1');
      await outside.query('COMMIT');
      await Promise.all(units);
      expect(runs).toEqual({ a: 2, b: 2 });
      const rows = await sql<{ id: number; v: number }>`SELECT id, v FROM deadlock_probe ORDER BY id`.execute(
        db.read,
      );
      expect(rows.rows).toEqual([
        { id: 1, v: 101 },
        { id: 2, v: 101 },
      ]);
      const marks = await sql<{ k: string }>`SELECT k FROM deadlock_marks`.execute(db.read);
      expect(marks.rows).toEqual([{ k: 'a' }]);
    } finally {
      await outside.end();
      await watcher.end();
    }
  });
});
