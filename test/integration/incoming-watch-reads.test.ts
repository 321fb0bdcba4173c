import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppDeps } from '../../src/app/deps.ts';
import { newPaymentRow } from '../../src/app/payments/engine/rows.ts';
import { createIncomingWatch } from '../../src/app/payments/incoming-watch.ts';
import { insertPayments, type PaymentRow, transitionPayment } from '../../src/db/repos/payments.ts';
import { DIALECTS, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';
import { type CapturedStatement, captureStatements } from '../fixtures/statement-capture.ts';

/**
 * What a live stream (LNbits WebSocket/SSE) reads of the database does not grow with the account's
 * history: at a shop with a long history and few open invoices, its start and every round read only
 * rows made within a bounded time (the longest an invoice stays open, or since the last round) and the
 * invoices it watches, by id. The statements the watch sends are captured at the driver and explained:
 * SQLite (EXPLAIN QUERY PLAN, no statistics, as the service runs) must show every read of payments by
 * id or along payments_history_wallet bounded by created_at_ms; PostgreSQL (EXPLAIN ANALYZE, sequential
 * scans priced out) counts the rows each statement actually read from payments.
 */

const { captured, start, stop } = captureStatements(/payments/);

/** The database, counting the watch's rounds where each ends: it waits for what it read to be on disk. */
function countingRounds(inner: AppDeps['db']): { db: AppDeps['db']; rounds: () => number } {
  let n = 0;
  const db = new Proxy(inner, {
    get(target, prop, receiver) {
      if (prop === 'durable') {
        return async () => {
          await target.durable();
          n += 1;
        };
      }
      const v: unknown = Reflect.get(target, prop, receiver);
      return typeof v === 'function' ? (v as (...x: unknown[]) => unknown).bind(target) : v;
    },
  });
  return { db, rounds: () => n };
}

const runtimes: TestRuntime[] = [];
afterEach(async () => {
  for (const rt of runtimes.splice(0)) await rt.close();
});

const HISTORY = 3000;
const DAY_MS = 86_400_000;

describe.each(DIALECTS)('a live stream’s reads of payments (%s)', (dialect) => {
  it('a round reads the rows made since the last one and the watched invoices, not the account’s history', async () => {
    const rt = await testRuntime(dialect);
    runtimes.push(rt);
    const a = await makeAccount(rt.deps);
    const nowMs = rt.deps.clock.nowMs();
    // A long history of paid invoices, all older than any invoice may stay open, and one open invoice.
    const old = Array.from({ length: HISTORY }, (_, i) => {
      const at = nowMs - 90 * DAY_MS - i * 1000;
      return newPaymentRow(
        rt.deps,
        {
          account_id: a.id,
          requester_account_id: a.id,
          direction: 'in',
          route: 'lightning',
          amount_msat: 1000n,
          amount_units: 1000n,
          wallet: 'lbtc',
          status: 'paid',
          paid_at_ms: BigInt(at),
          invoice_expires_at_ms: BigInt(at + 3_600_000),
        },
        at,
      );
    });
    const open = newPaymentRow(
      rt.deps,
      {
        account_id: a.id,
        requester_account_id: a.id,
        direction: 'in',
        route: 'lightning',
        amount_msat: 1000n,
        amount_units: 1000n,
        wallet: 'lbtc',
        invoice_expires_at_ms: BigInt(nowMs + 3_600_000),
      },
      nowMs - 60_000,
    );
    await rt.deps.db.write((trx) => insertPayments(trx, [...old, open]));

    const { db, rounds } = countingRounds(rt.deps.db);
    const deps: AppDeps = { ...rt.deps, db };
    const watch = createIncomingWatch(deps, { pollMs: 50, watched: 200 });
    start();
    try {
      const stop = await watch.watch(a.id, () => {});
      await vi.waitFor(() => expect(rounds()).toBeGreaterThanOrEqual(3), { timeout: 10_000, interval: 20 });
      stop();
    } finally {
      stop();
      watch.close();
    }
    const statements = captured.filter((c) => !/^\s*(begin|commit|savepoint|release|rollback)/i.test(c.text));
    expect(statements.length).toBeGreaterThan(0);
    for (const s of statements) {
      if (dialect === 'sqlite') {
        const plan = await explainSqlite(rt, s.text);
        expect(plan, s.text).toMatch(
          /sqlite_autoindex_payments_1|payments_history_wallet \(account_id=\? AND wallet=\? AND created_at_ms[<>]/,
        );
        expect(plan, s.text).not.toMatch(/SCAN payments\b/);
      } else {
        // Rows read from payments: those an index scan returned and those its filter removed.
        const read = await rowsReadPg(rt, s);
        expect(read, s.text).toBeLessThanOrEqual(10);
      }
    }
  });
});

describe.each(DIALECTS)('a live stream’s announcements, from rows any process writes (%s)', (dialect) => {
  it('announces once: invoices paid after they were watched, rows arriving paid or committed late; not what was paid before', async () => {
    const rt = await testRuntime(dialect);
    runtimes.push(rt);
    const a = await makeAccount(rt.deps);
    const nowMs = rt.deps.clock.nowMs();
    const row = (createdMs: number, paidMs: number | null, more: Partial<PaymentRow> = {}) =>
      newPaymentRow(
        rt.deps,
        {
          account_id: a.id,
          requester_account_id: a.id,
          direction: 'in',
          route: 'lightning',
          amount_msat: 1000n,
          amount_units: 1000n,
          wallet: 'lbtc',
          invoice_expires_at_ms: BigInt(createdMs + 40 * DAY_MS),
          ...(paidMs === null ? {} : { status: 'paid', paid_at_ms: BigInt(paidMs) }),
          ...more,
        },
        createdMs,
      );
    // Open before the watch: one made 20 days ago (an invoice may stay open up to 30), one a minute ago.
    const openOld = row(nowMs - 20 * DAY_MS, null);
    const openNew = row(nowMs - 60_000, null);
    // Paid before the watch: never announced.
    const paidBefore = row(nowMs - 5000, nowMs - 4000);
    const outgoing = row(nowMs - 1000, null, { direction: 'out', purpose: 'send' });
    await rt.deps.db.write((trx) => insertPayments(trx, [openOld, openNew, paidBefore, outgoing]));

    const { db, rounds } = countingRounds(rt.deps.db);
    const watch = createIncomingWatch({ ...rt.deps, db }, { pollMs: 50, watched: 200 });
    const heard: bigint[] = [];
    const stop = await watch.watch(a.id, (p) => heard.push(p.id));
    const roundsFrom = async (n: number) => {
      const target = rounds() + n;
      await vi.waitFor(() => expect(rounds()).toBeGreaterThanOrEqual(target), {
        timeout: 10_000,
        interval: 20,
      });
    };
    try {
      await roundsFrom(2);
      expect(heard).toEqual([]);
      // Paid by another process: both watched invoices (one settled by its node an hour ago, and learnt
      // of only now: it was watched, so it is announced all the same).
      const t = rt.deps.clock.nowMs();
      await rt.deps.db.write(async (trx) => {
        await transitionPayment(trx, openOld.id, ['pending'], {
          status: 'paid',
          paid_at_ms: t - 3_600_000,
          updated_at_ms: t,
        });
        await transitionPayment(trx, openNew.id, ['pending'], {
          status: 'paid',
          paid_at_ms: t,
          updated_at_ms: t,
        });
      });
      await roundsFrom(2);
      expect(new Set(heard)).toEqual(new Set([openOld.id, openNew.id]));
      // Arriving paid (another account of this service paid it), and one stamped 5 s ago (committed
      // late, or by an instance whose clock runs behind); an invoice made now and paid between rounds.
      const arrived = row(rt.deps.clock.nowMs(), rt.deps.clock.nowMs());
      const late = row(rt.deps.clock.nowMs() - 5000, rt.deps.clock.nowMs());
      const made = row(rt.deps.clock.nowMs(), null);
      await rt.deps.db.write((trx) => insertPayments(trx, [arrived, late, made]));
      await roundsFrom(2);
      const t2 = rt.deps.clock.nowMs();
      await rt.deps.db.write((trx) =>
        transitionPayment(trx, made.id, ['pending'], { status: 'paid', paid_at_ms: t2, updated_at_ms: t2 }),
      );
      await roundsFrom(3);
      expect(heard).toHaveLength(5);
      expect(new Set(heard)).toEqual(new Set([openOld.id, openNew.id, arrived.id, late.id, made.id]));
    } finally {
      stop();
      watch.close();
    }
  });
});

async function explainSqlite(rt: TestRuntime, text: string): Promise<string> {
  const n = (text.match(/\?/g) ?? []).length;
  const q = { sql: `explain query plan ${text}`, parameters: Array(n).fill(null), query: null };
  const r = await rt.deps.db.read.executeQuery(q as never);
  return (r.rows as Array<{ detail: string }>).map((p) => p.detail).join('\n');
}

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

async function rowsReadPg(rt: TestRuntime, s: CapturedStatement): Promise<number> {
  return rt.deps.db.read.connection().execute(async (c) => {
    await sql`set enable_seqscan = off`.execute(c);
    try {
      const q = { sql: `explain (analyze, format json) ${s.text}`, parameters: s.values, query: null };
      const r = await c.executeQuery(q as never);
      const row = (r.rows as Array<Record<string, unknown>>)[0] ?? {};
      const json = Object.values(row)[0];
      const plans = (typeof json === 'string' ? JSON.parse(json) : json) as Array<{ Plan: PlanNode }>;
      let read = 0;
      const walk = (n: PlanNode): void => {
        if (n['Relation Name'] === 'payments') {
          read +=
            ((n['Actual Rows'] ?? 0) +
              (n['Rows Removed by Filter'] ?? 0) +
              (n['Rows Removed by Index Recheck'] ?? 0)) *
            (n['Actual Loops'] ?? 1);
        }
        for (const p of n.Plans ?? []) walk(p);
      };
      for (const p of plans) walk(p.Plan);
      return read;
    } finally {
      await sql`reset enable_seqscan`.execute(c);
    }
  });
}
