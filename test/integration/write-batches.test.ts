import { type Kysely, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { loadConfig } from '../../src/config/index.ts';
import { availableBalance } from '../../src/db/repos/ledger.ts';
import type { DB } from '../../src/db/schema.ts';
import type { Database } from '../../src/db/types.ts';
import { Abort } from '../../src/domain/errors.ts';
import { openRuntime, type Runtime } from '../../src/main.ts';
import { sendLapi } from '../fixtures/lapi.ts';
import {
  callerOf,
  DIALECTS,
  freshDatabase,
  itWhere,
  makeAccount,
  type TestDatabase,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

const silent = { info() {}, warn() {}, error() {}, debug() {} };

// Write units that arrive together share one transaction and one commit (group commit: SQLite's
// writer, and on PostgreSQL `db/postgres/group-commit.ts`); each unit still gets its own answer.
describe.each(DIALECTS)('write units batched on %s', (dialect) => {
  let t: TestRuntime;
  let db: Database;
  beforeAll(async () => {
    t = await testRuntime(dialect);
    db = t.deps.db;
    await db.write(async (trx) => {
      await sql`CREATE TABLE batch_probe (k text PRIMARY KEY, v integer NOT NULL)`.execute(trx);
    });
  });
  afterAll(async () => t?.close());
  afterEach(async () => {
    await db.write(async (trx) => {
      await sql`DELETE FROM batch_probe`.execute(trx);
    });
  });

  const put = (trx: Kysely<DB>, k: string, v = 1) =>
    sql`INSERT INTO batch_probe (k, v) VALUES (${k}, ${v})`.execute(trx);
  const keys = async () =>
    (await sql<{ k: string }>`SELECT k FROM batch_probe ORDER BY k`.execute(db.read)).rows.map((r) => r.k);

  itWhere(dialect === 'postgres')('units that arrive together commit in one transaction', async () => {
    // Issued in one turn of the event loop, as concurrent requests' units are.
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        db.write(async (trx) => {
          await put(trx, `u${String(i).padStart(2, '0')}`);
          const r = await sql<{ x: string }>`SELECT txid_current()::text AS x`.execute(trx);
          return r.rows[0]!.x;
        }),
      ),
    );
    expect(new Set(ids).size).toBe(1);
    expect(await keys()).toHaveLength(12);
  });

  it('a refusing unit rolls back only itself: the others of its batch commit', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        db.write(async (trx) => {
          await put(trx, `r${i}`);
          if (i === 2 || i === 4) throw new Abort({ code: 'insufficient_balance', message: `no ${i}` });
          return i;
        }),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    const refused = outcomes[2] as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(Abort);
    expect((refused.reason as Abort).error.message).toBe('no 2');
    expect(((outcomes[4] as PromiseRejectedResult).reason as Abort).error.message).toBe('no 4');
    expect(outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []))).toEqual([0, 1, 3, 5]);
    expect(await keys()).toEqual(['r0', 'r1', 'r3', 'r5']);
  });

  it('an error thrown by a unit (a bug) reaches only its caller, the same object', async () => {
    const bug = new TypeError('a bug in one unit');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) =>
        db.write(async (trx) => {
          await put(trx, `b${i}`);
          if (i === 3) throw bug;
          return `ok ${i}`;
        }),
      ),
    );
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : o.reason))).toEqual([
      'ok 0',
      'ok 1',
      'ok 2',
      bug,
      'ok 4',
    ]);
    expect((outcomes[3] as PromiseRejectedResult).reason).toBe(bug);
    expect(await keys()).toEqual(['b0', 'b1', 'b2', 'b4']);
  });

  it('a statement the database refuses fails only its own unit', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 4 }, (_, i) =>
        db.write(async (trx) => {
          await put(trx, `s${i}`);
          if (i === 1) await put(trx, 's0'); // duplicate key
          return i;
        }),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(await keys()).toEqual(['s0', 's2', 's3']);
  });

  it('a unit sees what an earlier unit of its batch wrote', async () => {
    const [, seen] = await Promise.all([
      db.write((trx) => put(trx, 'w1', 41)),
      db.write(async (trx) => {
        const r = await sql<{ v: number | bigint }>`SELECT v FROM batch_probe WHERE k = 'w1'`.execute(trx);
        const v = Number(r.rows[0]?.v ?? 0);
        await put(trx, 'w2', v + 1);
        return v;
      }),
    ]);
    expect(seen).toBe(41);
    expect(await keys()).toEqual(['w1', 'w2']);
  });

  itWhere(dialect === 'postgres')(
    'a unit that swallows a failed statement is answered an error, never a silent rollback of its batch',
    async () => {
      const outcomes = await Promise.allSettled(
        Array.from({ length: 4 }, (_, i) =>
          db.write(async (trx) => {
            await put(trx, `q${i}`);
            if (i === 1) await put(trx, 'q0').catch(() => undefined); // the transaction is now aborted
            return i;
          }),
        ),
      );
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
      expect(((outcomes[1] as PromiseRejectedResult).reason as { code?: string }).code).toBe('25P02');
      expect(await keys()).toEqual(['q0', 'q2', 'q3']);
    },
  );

  itWhere(dialect === 'postgres')(
    'a unit whose violation shows only at COMMIT fails alone; the others of its batch commit',
    async () => {
      await db.write(async (trx) => {
        await sql`CREATE TABLE IF NOT EXISTS deferred_probe (k text NOT NULL, CONSTRAINT deferred_probe_k UNIQUE (k) DEFERRABLE INITIALLY DEFERRED)`.execute(
          trx,
        );
      });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 4 }, (_, i) =>
          db.write(async (trx) => {
            await put(trx, `d${i}`);
            // Twice the same key: accepted now, refused when the transaction commits.
            if (i === 2) await sql`INSERT INTO deferred_probe (k) VALUES ('x'), ('x')`.execute(trx);
            return i;
          }),
        ),
      );
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
      expect(((outcomes[2] as PromiseRejectedResult).reason as { code?: string }).code).toBe('23505');
      expect(await keys()).toEqual(['d0', 'd1', 'd3']);
    },
  );
});

// Two instances (two pools) batch their units independently: their batches must not deadlock each
// other into a failure a caller sees, and no send may overdraw.
describe.each(DIALECTS)('sends between the same accounts from two instances on %s', (dialect) => {
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

  it('every send is answered paid or refused for its balance, and the ledger balances', async () => {
    // Four accounts in a ring, 0.0001 BTC (10,000 sat) each; 400 sends of 1,000 sat.
    const ring = await Promise.all(
      Array.from({ length: 4 }, () => makeAccount(one.deps, { fund: { lbtc: '0.0001' } })),
    );
    const results = await Promise.all(
      Array.from({ length: 400 }, (_, i) => {
        const rt = i % 2 === 0 ? one : two;
        const from = ring[i % 4]!;
        const to = ring[(i + 1 + (Math.floor(i / 4) % 3)) % 4]!;
        return sendLapi(rt.deps, callerOf(from), {
          body: { payment_mode: 'usertag', usertag: to.usertag, amount: 0.00001 },
          idempotencyKey: null,
        });
      }),
    );
    for (const r of results) if (!r.ok) expect(r.error.code).toBe('insufficient_balance');
    expect(results.filter((r) => r.ok).length).toBeGreaterThan(0);
    let total = 0n;
    for (const a of ring) {
      const b = await availableBalance(two.deps.db.read, a.id, 'lbtc');
      expect(b).toBeGreaterThanOrEqual(0n);
      total += b;
    }
    expect(total).toBe(4n * 10_000_000n);
    expect((await auditLedger(one.deps)).violations).toEqual([]);
  });
});
