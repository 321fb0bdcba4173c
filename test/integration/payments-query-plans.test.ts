import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { countPendingPayments } from '../../src/db/repos/metrics.ts';
import {
  findByIdempotencyKey,
  findIncomingByHash,
  findLatestOutgoingByHash,
  findLiveOutgoingByHash,
  findPaymentById,
  findPaymentByPublicId,
  findSecondPayment,
  listAccountPaymentsByHash,
  listDueRechecks,
  listExpiredInvoicesAfter,
  listHistory,
  listHistoryColumns,
  listHistoryOfWallet,
  listIncomingSince,
  listOpenIncomingSince,
  listPendingOutgoingAfter,
  transitionPayment,
} from '../../src/db/repos/payments.ts';
import { STANDARD_RECORD_COLUMNS } from '../../src/http/wire/payment-record.ts';
import { DIALECTS, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';
import { type CapturedStatement, captureStatements } from '../fixtures/statement-capture.ts';

/**
 * Every kind of payments query reads through the index meant for it, never a scan of the table: the
 * statements each repository function sends are captured at the driver and explained (SQLite: EXPLAIN
 * QUERY PLAN, with no statistics, as the service runs; PostgreSQL: EXPLAIN with sequential scans
 * priced out, so the plan shows whether an index can serve the query at all). The indexes of
 * docs/architecture.md ("Indexes of payments") are the ones these plans use.
 */

const { captured, start, stop } = captureStatements(/payments/);

const runtimes: TestRuntime[] = [];
afterEach(async () => {
  for (const rt of runtimes.splice(0)) await rt.close();
});

const ID = /sqlite_autoindex_payments_1|payments_id_key/;
const PUBLIC_ID = /sqlite_autoindex_payments_2|payments_public_id_key/;

describe.each(DIALECTS)('payments queries and their indexes (%s)', (dialect) => {
  it('each kind of query reads through its index, not a scan of payments', async () => {
    const rt = await testRuntime(dialect);
    runtimes.push(rt);
    const a = await makeAccount(rt.deps);
    const db = rt.deps.db.read;
    const hash = 'ab'.repeat(32);
    const cases: Array<[string, () => Promise<unknown>, RegExp[]]> = [
      ['history', () => listHistory(db, a.id, 100), [/payments_history\b/]],
      [
        'history of the record’s columns',
        () => listHistoryColumns(db, a.id, 100, STANDARD_RECORD_COLUMNS),
        [/payments_history\b/],
      ],
      [
        'history of one wallet',
        () => listHistoryOfWallet(db, a.id, 'usdt', 20, 40),
        [/payments_history_wallet/],
      ],
      [
        'a live stream’s open invoices at its start',
        () => listOpenIncomingSince(db, a.id, 'lbtc', 1_000n, 200),
        [
          /payments_history_wallet \(account_id=\? AND wallet=\? AND created_at_ms[<>]|payments_history_wallet.*created_at_ms >=/s,
        ],
      ],
      [
        'a live stream’s round: payments made since the last',
        () => listIncomingSince(db, a.id, 'lbtc', 1_000n),
        [
          /payments_history_wallet \(account_id=\? AND wallet=\? AND created_at_ms[<>]|payments_history_wallet.*created_at_ms >=/s,
        ],
      ],
      ['by id', () => findPaymentById(db, 42n), [ID]],
      ['by tid', () => findPaymentByPublicId(db, 'abcdefghijklmnop'), [PUBLIC_ID]],
      ['invoice by hash', () => findIncomingByHash(db, hash), [/payments_in_hash/]],
      ['live outgoing by hash', () => findLiveOutgoingByHash(db, hash), [/payments_out_hash/]],
      ['latest outgoing by hash', () => findLatestOutgoingByHash(db, hash), [/payments_out_hash/]],
      [
        'an account’s payments of a hash',
        () => listAccountPaymentsByHash(db, a.id, hash),
        [/payments_in_hash/, /payments_out_hash/],
      ],
      ['idempotency key', () => findByIdempotencyKey(db, a.id, 'k-1'), [/payments_idempotency/]],
      [
        'expired invoices',
        () => listExpiredInvoicesAfter(db, 1_000, { atMs: 5n, id: 7n }, 50),
        [/payments_open/],
      ],
      [
        'pending outgoing',
        () => listPendingOutgoingAfter(db, 1_000, { atMs: 5n, id: 7n }, 50),
        [/payments_open/],
      ],
      ['pending counts (/metrics)', () => countPendingPayments(db), [/payments_open/]],
      ['due rechecks', () => listDueRechecks(db, 1_000, 50), [/payments_recheck/]],
      ['second payment of an invoice', () => findSecondPayment(db, 42n), [/payments_second_payment/]],
      [
        'a status change',
        () =>
          rt.deps.db.write((trx) =>
            transitionPayment(trx, 42n, ['pending'], { status: 'paid', updated_at_ms: 1 }),
          ),
        // PostgreSQL prices every index alike on an empty table: any index will do there.
        [dialect === 'sqlite' ? ID : /Index Scan/],
      ],
    ];
    for (const [name, run, indexes] of cases) {
      start();
      try {
        await run();
      } finally {
        stop();
      }
      const statements = captured.filter(
        (c) => !/^\s*(begin|commit|savepoint|release|rollback)/i.test(c.text),
      );
      expect(statements.length, name).toBeGreaterThan(0);
      for (const s of statements) {
        const plan = await explain(rt, s);
        for (const index of indexes) expect(plan, name).toMatch(index);
        expect(plan, name).not.toMatch(/SCAN payments\b(?! USING)|Seq Scan on payments/);
        if (name.includes('hash')) expect(plan, name).not.toMatch(/payments_history/);
      }
    }
  });
});

/** Every index of payments, each documented in docs/architecture.md with the queries it serves. */
const INDEXES = [
  'payments_history',
  'payments_history_wallet',
  'payments_idempotency',
  'payments_in_hash',
  'payments_open',
  'payments_out_hash',
  'payments_out_hash_live',
  'payments_recheck',
  'payments_second_payment',
];

describe.each(DIALECTS)('the indexes of payments (%s)', (dialect) => {
  it('are the id and tid keys and the documented ones: payments_voucher, which no query used, is gone', async () => {
    const rt = await testRuntime(dialect);
    runtimes.push(rt);
    const r =
      dialect === 'sqlite'
        ? await sql<{ name: string }>`select name from sqlite_master
            where type = 'index' and tbl_name = 'payments' and name not like 'sqlite_autoindex_%'`.execute(
            rt.deps.db.read,
          )
        : await sql<{ name: string }>`select indexname as name from pg_indexes
            where tablename = 'payments' and indexname not in ('payments_id_key', 'payments_public_id_key')`.execute(
            rt.deps.db.read,
          );
    expect(r.rows.map((x) => x.name).sort()).toEqual(INDEXES);
  });
});

/** The statement's plan as text. */
async function explain(rt: TestRuntime, s: CapturedStatement): Promise<string> {
  const db = rt.deps.db.read;
  if (rt.dialect === 'sqlite') {
    const n = (s.text.match(/\?/g) ?? []).length;
    const r = await sql
      .raw(`explain query plan ${s.text}`)
      .execute(db)
      .catch(async () => {
        // With parameters: bind NULLs (a plan without statistics does not depend on the values).
        const q = { sql: `explain query plan ${s.text}`, parameters: Array(n).fill(null), query: null };
        return db.executeQuery(q as never);
      });
    return (r.rows as Array<{ detail: string }>).map((p) => p.detail).join('\n');
  }
  return db.connection().execute(async (c) => {
    await sql`set enable_seqscan = off`.execute(c);
    try {
      const q = { sql: `explain ${s.text}`, parameters: s.values, query: null };
      const r = await c.executeQuery(q as never);
      return (r.rows as Array<Record<string, string>>).map((p) => Object.values(p).join(' ')).join('\n');
    } finally {
      await sql`reset enable_seqscan`.execute(c);
    }
  });
}
