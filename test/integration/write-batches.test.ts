import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { disableAccount } from '../../src/app/operator/disable-account.ts';
import { newPaymentRow } from '../../src/app/payments/engine/rows.ts';
import { loadConfig } from '../../src/config/index.ts';
import { WRITE_BATCH_LOCK } from '../../src/db/postgres/group-commit.ts';
import { availableBalance, systemAccountTotals } from '../../src/db/repos/ledger.ts';
import { findPaymentById, insertPayments, type PaymentRow } from '../../src/db/repos/payments.ts';
import type { DB } from '../../src/db/schema.ts';
import type { Database } from '../../src/db/types.ts';
import { Abort } from '../../src/domain/errors.ts';
import type { Result } from '../../src/domain/result.ts';
import { openRuntime, type Runtime } from '../../src/main.ts';
import { sendLapi } from '../fixtures/lapi.ts';
import {
  callerOf,
  DIALECTS,
  freshDatabase,
  itWhere,
  makeAccount,
  type TestAccount,
  type TestDatabase,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';
import { captureStatements } from '../fixtures/statement-capture.ts';

// Installed before any runtime opens its connections (they bind the driver's query when made).
const batchStatements = captureStatements(/^(BEGIN|SELECT 1; COMMIT|ROLLBACK)|paytag_send_batch/);
const OPERATOR = { accountId: null, name: 'operator:root' };
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

  itWhere(dialect === 'postgres')(
    'a unit whose backend the server ends while it holds it fails alone, and the next units are written',
    async () => {
      const pidOf = async (trx: Kysely<DB>) =>
        (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx)).rows[0]!.pid;
      let pid = 0;
      const admin = new pg.Client({ connectionString: t.databaseUrl });
      await admin.connect();
      try {
        const cut = db.write(async (trx) => {
          await put(trx, 'cut');
          pid = await pidOf(trx);
          // Its connection is closed under it between two statements (the socket ends while no query runs).
          await admin.query('SELECT pg_terminate_backend($1)', [pid]);
          await new Promise((done) => setTimeout(done, 200));
          await put(trx, 'cut2');
        });
        await expect(cut).rejects.toThrow();
      } finally {
        await admin.end();
      }
      const after = await Promise.all(['n1', 'n2', 'n3'].map((k) => db.write((trx) => put(trx, k))));
      expect(after).toHaveLength(3);
      expect(await keys()).toEqual(['n1', 'n2', 'n3']);
    },
  );

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

// A plain usertag send lets its batch write its two payment rows together with the other sends' of the
// batch, in one statement before the commit (db/deferred.ts). Every send still gets its own answer.
describe.each(DIALECTS)('usertag sends of one batch on %s', (dialect) => {
  let t: TestRuntime;
  beforeAll(async () => {
    t = await testRuntime(dialect);
  });
  afterAll(async () => t?.close());

  const send = (from: TestAccount, usertag: string, sat: number, idempotencyKey: string | null = null) =>
    sendLapi(t.deps, callerOf(from), {
      body: { payment_mode: 'usertag', usertag, amount: (sat / 1e8).toFixed(8) },
      idempotencyKey,
    });
  const code = (r: Result<unknown>) => (r.ok ? 'ok' : r.error.code);
  const rowsOf = (a: TestAccount) =>
    t.deps.db.read
      .selectFrom('payments')
      .select(['direction', 'amount_msat', 'status'])
      .where('account_id', '=', a.id)
      .execute();
  const sat = (a: TestAccount) => availableBalance(t.deps.db.read, a.id, 'lbtc');

  it('a refused send inside a batch moves nothing and does not fail its neighbours', async () => {
    const rich = await makeAccount(t.deps, { fund: { lbtc: '0.0001' } });
    const poor = await makeAccount(t.deps, { fund: { lbtc: '0.000005' } }); // 500 sat
    const payee = await makeAccount(t.deps);
    const off = await makeAccount(t.deps);
    expect(await disableAccount(t.deps, OPERATOR, off.usertag, 'test')).toMatchObject({ ok: true });
    const outcomes = await Promise.all([
      send(rich, payee.usertag, 1000),
      send(poor, payee.usertag, 1000), // more than it has
      send(rich, payee.usertag, 2000),
      send(rich, 'nobody_has_this_tag', 1000),
      send(rich, rich.usertag, 1000),
      send(rich, off.usertag, 1000),
      send(rich, payee.usertag, 3000),
    ]);
    expect(outcomes.map(code)).toEqual([
      'ok',
      'insufficient_balance',
      'ok',
      'usertag_not_found',
      'self_payment',
      'account_disabled',
      'ok',
    ]);
    expect(await sat(rich)).toBe(4_000_000n);
    expect(await sat(poor)).toBe(500_000n);
    expect(await sat(payee)).toBe(6_000_000n);
    expect(await rowsOf(poor)).toEqual([]);
    expect(await rowsOf(off)).toEqual([]);
    expect((await rowsOf(payee)).map((r) => r.amount_msat).sort()).toEqual([
      1_000_000n,
      2_000_000n,
      3_000_000n,
    ]);
    expect((await rowsOf(rich)).filter((r) => r.direction === 'out')).toHaveLength(3);
    expect((await auditLedger(t.deps)).violations).toEqual([]);
  });

  it('a usertag paid before and disabled since is refused at once, also inside a batch', async () => {
    const payer = await makeAccount(t.deps, { fund: { lbtc: '0.0001' } });
    const payee = await makeAccount(t.deps);
    const other = await makeAccount(t.deps);
    expect(
      (await Promise.all([send(payer, payee.usertag, 1000), send(payer, payee.usertag, 1000)])).map(code),
    ).toEqual(['ok', 'ok']);
    expect(await disableAccount(t.deps, OPERATOR, payee.usertag, 'test')).toMatchObject({ ok: true });
    const outcomes = await Promise.all([
      send(payer, payee.usertag, 1000),
      send(payer, other.usertag, 1000),
      send(payer, payee.usertag, 1000),
      send(payer, other.usertag, 1000),
    ]);
    expect(outcomes.map(code)).toEqual(['account_disabled', 'ok', 'account_disabled', 'ok']);
    expect(await sat(payee)).toBe(2_000_000n);
    expect(await sat(other)).toBe(2_000_000n);
    expect(await sat(payer)).toBe(6_000_000n);
    expect(await rowsOf(payee)).toHaveLength(2);
    expect((await auditLedger(t.deps)).violations).toEqual([]);
  });

  it('sends with one Idempotency-Key in one batch: one payment, every same request answered it, another body refused, the neighbours paid', async () => {
    const payer = await makeAccount(t.deps, { fund: { lbtc: '0.0001' } });
    const other = await makeAccount(t.deps, { fund: { lbtc: '0.0001' } });
    const payee = await makeAccount(t.deps);
    const outcomes = await Promise.all([
      send(other, payee.usertag, 100),
      send(payer, payee.usertag, 1000, 'same-key'),
      send(payer, payee.usertag, 1000, 'same-key'),
      send(other, payee.usertag, 200),
      send(payer, payee.usertag, 1000, 'same-key'),
      send(payer, payee.usertag, 5000, 'same-key'), // another request with the key
      send(other, payee.usertag, 300),
    ]);
    const keyed = [outcomes[1]!, outcomes[2]!, outcomes[4]!, outcomes[5]!];
    const won = keyed.filter((r) => r.ok);
    const tids = new Set(won.map((r) => (r.ok ? r.value.public_id : '')));
    expect(tids.size).toBe(1);
    // Whichever body was written first, every request with the other body is a conflict.
    const winner = won[0]!;
    const paid = winner.ok ? winner.value.amount_msat : 0n;
    for (const r of keyed) {
      if (!r.ok) expect(r.error.code).toBe('idempotency_conflict');
    }
    expect(keyed.filter((r) => r.ok)).toHaveLength(paid === 1_000_000n ? 3 : 1);
    expect([outcomes[0], outcomes[3], outcomes[6]].map((r) => code(r!))).toEqual(['ok', 'ok', 'ok']);
    expect(await sat(payer)).toBe(10_000_000n - paid);
    expect(await sat(payee)).toBe(paid + 600_000n);
    expect((await rowsOf(payer)).filter((r) => r.direction === 'out')).toHaveLength(1);
    expect((await auditLedger(t.deps)).violations).toEqual([]);
  });
});

// On PostgreSQL the sends of one batch are decided together (db/repos/internal-sends.ts): each in queue
// order against the running balances, a refused one writing nothing. These cases hold on both databases.
describe.each(DIALECTS)('sends of one batch decided in turn on %s', (dialect) => {
  let t: TestRuntime;
  let fees: TestRuntime;
  beforeAll(async () => {
    t = await testRuntime(dialect);
    fees = await testRuntime(dialect, {
      SERVICE_FEE_SEND_PERCENT: '1',
      SERVICE_FEE_RECEIVE_PERCENT: '1',
      GST_PERCENT: '10',
    });
  });
  afterAll(async () => {
    await t?.close();
    await fees?.close();
  });

  const sendOn = (rt: TestRuntime, from: TestAccount, usertag: string, sat: number) =>
    sendLapi(rt.deps, callerOf(from), {
      body: { payment_mode: 'usertag', usertag, amount: (sat / 1e8).toFixed(8) },
      idempotencyKey: null,
    });
  const code = (r: Result<unknown>) => (r.ok ? 'ok' : r.error.code);
  const balance = (rt: TestRuntime, a: TestAccount) => availableBalance(rt.deps.db.read, a.id, 'lbtc');
  const outRows = (rt: TestRuntime, a: TestAccount) =>
    rt.deps.db.read
      .selectFrom('payments')
      .select(['amount_msat'])
      .where('account_id', '=', a.id)
      .where('direction', '=', 'out')
      .execute();

  /** Another session (another instance's batch) in the middle of a transaction that ran `hold`. */
  const otherSession = async (hold: string) => {
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    await client.query('BEGIN');
    await client.query(hold);
    return {
      client,
      async release() {
        await client.query('COMMIT');
        await client.end();
      },
    };
  };

  it('each send is decided against the balance the sends before it left: exactly to zero lands, one sat more is refused, money received earlier in the batch is spent', async () => {
    const a = await makeAccount(t.deps, { fund: { lbtc: '0.00005' } }); // 5,000 sat
    const b = await makeAccount(t.deps);
    const c = await makeAccount(t.deps);
    const outcomes = await Promise.all([
      sendOn(t, a, b.usertag, 2000),
      sendOn(t, a, b.usertag, 3000), // exactly what is left
      sendOn(t, a, b.usertag, 1), // nothing left
      sendOn(t, b, a.usertag, 1000), // b holds only what a sent it in this batch
      sendOn(t, a, c.usertag, 1000), // a spends what b just sent back
      sendOn(t, a, c.usertag, 1), // nothing left again
      sendOn(t, c, b.usertag, 1001), // c got 1,000 in this batch: one sat short
      sendOn(t, c, b.usertag, 1000),
    ]);
    expect(outcomes.map(code)).toEqual([
      'ok',
      'ok',
      'insufficient_balance',
      'ok',
      'ok',
      'insufficient_balance',
      'insufficient_balance',
      'ok',
    ]);
    expect(await balance(t, a)).toBe(0n);
    expect(await balance(t, b)).toBe(5_000_000n);
    expect(await balance(t, c)).toBe(0n);
    expect((await outRows(t, a)).map((r) => r.amount_msat).sort()).toEqual([
      1_000_000n,
      2_000_000n,
      3_000_000n,
    ]);
    expect(await outRows(t, c)).toHaveLength(1);
    const refs = await t.deps.db.read
      .selectFrom('ledger_transfers')
      .select(['amount'])
      .where('code', '=', 'payment_internal')
      .where(
        'ref',
        'in',
        (
          await t.deps.db.read
            .selectFrom('payments')
            .select('id')
            .where('account_id', 'in', [a.id, b.id, c.id])
            .where('direction', '=', 'out')
            .execute()
        ).map((r) => `payment:${r.id}`),
      )
      .execute();
    expect(refs.map((r) => r.amount).sort()).toEqual([
      1_000_000n,
      1_000_000n,
      1_000_000n,
      2_000_000n,
      3_000_000n,
    ]);
    // Each transfer carries its own send's time, as its payment rows do.
    const times = await sql<{ p: string; t: string }>`
      SELECT CAST(p.created_at_ms AS TEXT) AS p, CAST(t.created_at_ms AS TEXT) AS t
      FROM payments p JOIN ledger_transfers t ON t.ref = 'payment:' || CAST(p.id AS TEXT)
      WHERE p.account_id IN (${a.id}, ${b.id}, ${c.id}) AND p.direction = 'out'`.execute(t.deps.db.read);
    expect(times.rows).toHaveLength(5);
    for (const r of times.rows) expect(r.t).toBe(r.p);
    expect((await auditLedger(t.deps)).violations).toEqual([]);
  });

  it('fee-bearing sends of one batch: the payer pays amount and its fees, to the sat; one sat past the balance is refused', async () => {
    // 1 % send fee, 1 % receive fee, 10 % GST on each: 1,000 sat costs the payer 1,011, the payee
    // keeps 989, the fee accounts get 20 and the tax 2.
    const payer = await makeAccount(fees.deps, { fund: { lbtc: '0.00002022' } });
    const other = await makeAccount(fees.deps, { fund: { lbtc: '0.0001' } });
    const payee = await makeAccount(fees.deps);
    const before = {
      fees: await systemAccountTotals(fees.deps.db.read, 'service_fees', 'lbtc'),
      gst: await systemAccountTotals(fees.deps.db.read, 'gst', 'lbtc'),
    };
    const outcomes = await Promise.all([
      sendOn(fees, payer, payee.usertag, 1000),
      sendOn(fees, other, payee.usertag, 1000),
      sendOn(fees, payer, payee.usertag, 1000), // exactly the 1,011 left
      sendOn(fees, payer, payee.usertag, 1),
      sendOn(fees, other, payee.usertag, 1000),
    ]);
    expect(outcomes.map(code)).toEqual(['ok', 'ok', 'ok', 'insufficient_balance', 'ok']);
    expect(await balance(fees, payer)).toBe(0n);
    expect(await balance(fees, other)).toBe(10_000_000n - 2n * 1_011_000n);
    expect(await balance(fees, payee)).toBe(4n * 989_000n);
    const after = {
      fees: await systemAccountTotals(fees.deps.db.read, 'service_fees', 'lbtc'),
      gst: await systemAccountTotals(fees.deps.db.read, 'gst', 'lbtc'),
    };
    expect(after.fees.credits_posted - before.fees.credits_posted).toBe(4n * 20_000n);
    expect(after.gst.credits_posted - before.gst.credits_posted).toBe(4n * 2_000n);
    expect(await outRows(fees, payer)).toHaveLength(2);
    expect((await auditLedger(fees.deps)).violations).toEqual([]);
  });

  itWhere(dialect === 'postgres')(
    'batches of plain sends hold the batch lock shared: they run while another instance holds it shared, and the money is exact',
    async () => {
      const payer = await makeAccount(t.deps, { fund: { lbtc: '0.0001' } });
      const payee = await makeAccount(t.deps);
      // Another instance's batch of sends, in the middle of its transaction.
      const other = await otherSession(`SELECT pg_advisory_xact_lock_shared(${WRITE_BATCH_LOCK})`);
      try {
        // With the lock taken exclusive, none of these would be answered before the other commits.
        const outcomes = await Promise.all([
          sendOn(t, payer, payee.usertag, 1000),
          sendOn(t, payer, payee.usertag, 2000),
          sendOn(t, payer, payee.usertag, 3000),
        ]);
        expect(outcomes.map(code)).toEqual(['ok', 'ok', 'ok']);
        const alone = await sendOn(t, payer, payee.usertag, 4000);
        expect(code(alone)).toBe('ok');
      } finally {
        await other.release();
      }
      expect(await balance(t, payer)).toBe(0n);
      expect(await balance(t, payee)).toBe(10_000_000n);
      expect((await auditLedger(t.deps)).violations).toEqual([]);
    },
  );

  itWhere(dialect === 'postgres')(
    'a batch of plain sends is its one deciding statement, which commits on its own: no transaction is held across round trips',
    async () => {
      const payer = await makeAccount(t.deps, { fund: { lbtc: '0.0001' } });
      const payee = await makeAccount(t.deps);
      const other = await makeAccount(t.deps);
      batchStatements.start();
      const outcomes = await Promise.all([
        sendOn(t, payer, payee.usertag, 1000),
        sendOn(t, payer, other.usertag, 2000),
        sendOn(t, payer, payee.usertag, 8000), // one sat-thousand past what is left
        sendOn(t, payer, payee.usertag, 7000),
      ]);
      batchStatements.stop();
      expect(outcomes.map(code)).toEqual(['ok', 'ok', 'insufficient_balance', 'ok']);
      expect(batchStatements.captured).toHaveLength(1);
      expect(batchStatements.captured[0]?.text).toMatch(/pg_advisory_xact_lock_shared/);
      expect(await balance(t, payer)).toBe(0n);
      expect(await balance(t, payee)).toBe(8_000_000n);
      expect((await auditLedger(t.deps)).violations).toEqual([]);
    },
  );

  itWhere(dialect === 'postgres')(
    'a batch of plain sends still waits for a batch of other units holding the batch lock',
    async () => {
      const payer = await makeAccount(t.deps, { fund: { lbtc: '0.0001' } });
      const payee = await makeAccount(t.deps);
      const other = await otherSession(`SELECT pg_advisory_xact_lock(${WRITE_BATCH_LOCK})`);
      let answered = 0;
      let sends: Promise<Array<Result<unknown>>> | undefined;
      try {
        sends = Promise.all(
          [1000, 2000, 3000].map((sat) =>
            sendOn(t, payer, payee.usertag, sat).then((r) => {
              answered++;
              return r;
            }),
          ),
        );
        await new Promise((done) => setTimeout(done, 400));
        expect(answered).toBe(0);
        expect(await balance(t, payer)).toBe(10_000_000n);
      } finally {
        await other.release();
      }
      expect((await sends!).map(code)).toEqual(['ok', 'ok', 'ok']);
      expect(await balance(t, payee)).toBe(6_000_000n);
      expect((await auditLedger(t.deps)).violations).toEqual([]);
    },
  );

  itWhere(dialect === 'postgres')(
    'a deciding statement the server cut off committed nothing: each of its sends runs again, paid once',
    async () => {
      const payer = await makeAccount(t.deps, { fund: { lbtc: '0.0001' } });
      const payee = await makeAccount(t.deps);
      // Holds the payer's ledger row, so the batch's statement waits on it.
      const other = await otherSession(
        `SELECT 1 FROM ledger_accounts WHERE owner_account_id = ${payer.id} AND asset = 'lbtc' FOR UPDATE`,
      );
      let sends: Promise<Array<Result<unknown>>> | undefined;
      try {
        sends = Promise.all([1000, 2000, 3000].map((sat) => sendOn(t, payer, payee.usertag, sat)));
        let pid: number | undefined;
        for (let i = 0; i < 100 && pid === undefined; i++) {
          await new Promise((done) => setTimeout(done, 20));
          const r = await other.client.query<{ pid: number }>(
            `SELECT pid FROM pg_stat_activity WHERE query LIKE '%paytag_send_batch(%' AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
          );
          pid = r.rows[0]?.pid;
        }
        expect(pid).toBeDefined();
        await other.client.query('SELECT pg_terminate_backend($1)', [pid]);
      } finally {
        await other.release();
      }
      expect((await sends!).map(code)).toEqual(['ok', 'ok', 'ok']);
      expect(await balance(t, payer)).toBe(4_000_000n);
      expect(await balance(t, payee)).toBe(6_000_000n);
      expect(await outRows(t, payer)).toHaveLength(3);
      expect((await auditLedger(t.deps)).violations).toEqual([]);
    },
  );

  it('a send that would carry the payee past the 64-bit range of its credits is refused alone', async () => {
    const payer = await makeAccount(t.deps, { fund: { lbtc: '0.0001' } });
    const full = await makeAccount(t.deps);
    const payee = await makeAccount(t.deps);
    // The payee's credits 500 sat short of the column's range (undone before the audit).
    const near = 9_223_372_036_854_775_807n - 500_000n;
    const setCredits = (v: bigint | null) =>
      t.deps.db.write(async (trx) => {
        await sql`UPDATE ledger_accounts SET credits_posted = ${v === null ? sql`credits_posted - ${near}` : sql`credits_posted + ${v}`}
          WHERE owner_account_id = ${full.id} AND asset = 'lbtc'`.execute(trx);
      });
    await setCredits(near);
    const outcomes = await Promise.all([
      sendOn(t, payer, payee.usertag, 1000),
      sendOn(t, payer, full.usertag, 1000),
      sendOn(t, payer, payee.usertag, 2000),
    ]);
    await setCredits(null);
    expect(outcomes.map(code)).toEqual(['ok', 'balance_limit_exceeded', 'ok']);
    expect(await balance(t, payer)).toBe(7_000_000n);
    expect(await balance(t, full)).toBe(0n);
    expect(await balance(t, payee)).toBe(3_000_000n);
    expect((await auditLedger(t.deps)).violations).toEqual([]);
  });
});

// The batch's side of deferred inserts, with units written for the test (db/deferred.ts).
describe.each(DIALECTS)('deferred payment rows on %s', (dialect) => {
  let t: TestRuntime;
  let payer: TestAccount;
  let payee: TestAccount;
  beforeAll(async () => {
    t = await testRuntime(dialect);
    payer = await makeAccount(t.deps);
    payee = await makeAccount(t.deps);
  });
  afterAll(async () => t?.close());

  const pair = (key: string | null): [PaymentRow, PaymentRow] => {
    const now = t.deps.clock.nowMs();
    const out = newPaymentRow(
      t.deps,
      {
        account_id: payer.id,
        requester_account_id: payer.id,
        direction: 'out',
        route: 'internal',
        amount_msat: 1000n,
        idempotency_key: key,
      },
      now,
    );
    const inc = newPaymentRow(
      t.deps,
      {
        account_id: payee.id,
        requester_account_id: payee.id,
        direction: 'in',
        route: 'internal',
        amount_msat: 1000n,
        counterpart_id: out.id,
      },
      now,
    );
    return [out, inc];
  };
  // What the send unit does with the answer: a row not inserted is a concurrent request's key.
  const sendUnit = (rows: PaymentRow[]) => async (trx: Kysely<DB>) => {
    const [inserted] = await insertPayments(trx, rows);
    if (inserted !== true) throw new Abort({ code: 'idempotency_conflict', message: 'key used' });
    return rows[0]!.id;
  };
  const exists = async (id: bigint) => (await findPaymentById(t.deps.db.read, id)) !== undefined;
  const xminOf = async (id: bigint) =>
    (await sql<{ x: string }>`SELECT xmin::text AS x FROM payments WHERE id = ${id}`.execute(t.deps.db.read))
      .rows[0]?.x;

  it('a unit whose row meets a used Idempotency-Key fails alone; the other units of its batch commit', async () => {
    const rows = [pair('k-a'), pair(null), pair('k-a'), pair('k-b'), pair('k-b')];
    const outcomes = await Promise.allSettled(
      rows.map((r) => t.deps.db.write(sendUnit(r), { defersInserts: true })),
    );
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
    ]);
    for (const i of [2, 4]) {
      const reason = (outcomes[i] as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(Abort);
      expect((reason as Abort).error.code).toBe('idempotency_conflict');
    }
    const present = await Promise.all(rows.flatMap(([o, i]) => [exists(o.id), exists(i.id)]));
    expect(present).toEqual([true, true, true, true, false, false, true, true, false, false]);
    if (dialect === 'postgres') {
      // The three that did not conflict committed together, their rows written by their batch.
      const xmins = new Set(await Promise.all([0, 1, 3].map((i) => xminOf(rows[i]![0].id))));
      expect(xmins.size).toBe(1);
    }
  });

  it('a unit that did not defer sees the rows earlier units of its batch deferred', async () => {
    const rows = pair(null);
    const [, seen] = await Promise.all([
      t.deps.db.write(sendUnit(rows), { defersInserts: true }),
      t.deps.db.write(async (trx) => (await findPaymentById(trx, rows[1].id))?.counterpart_id),
    ]);
    expect(seen).toBe(rows[0].id);
  });

  it('a deferred row the database refuses outright (not a key conflict) fails only its unit', async () => {
    const bad = pair(null);
    bad[1] = { ...bad[1], account_id: 999_999_999n, requester_account_id: 999_999_999n }; // no such account
    const rows = [pair(null), bad, pair(null)];
    const outcomes = await Promise.allSettled(
      rows.map((r) => t.deps.db.write(sendUnit(r), { defersInserts: true })),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await Promise.all(rows.map(([o]) => exists(o.id)))).toEqual([true, false, true]);
  });
});
