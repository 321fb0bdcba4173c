import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import {
  HISTORY_PAGE_SIZE,
  historyPage,
  PAGE_SCAN_MAX,
  sessionCaller,
} from '../../src/app/dashboard/views.ts';
import type { HistoryFilter } from '../../src/db/repos/payment-pages.ts';
import { historyPageQuery } from '../../src/db/repos/payment-pages.ts';
import { decodeHistoryFilter } from '../../src/http/web/dashboard/payment-pages.ts';
import { DIALECTS, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

const runtimes: TestRuntime[] = [];
afterEach(async () => {
  for (const rt of runtimes.splice(0)) await rt.close();
});

const N = 100_000;
const none: HistoryFilter = { direction: null, status: null, wallet: null, fromMs: null, toMs: null };

/**
 * The dashboard's history pages stay fast at 100,000 payments of one account: the wallet and date
 * filters read a range of an index in page order (no sort of the account's rows); direction and status,
 * which have no index, read at most PAGE_SCAN_MAX rows per page; keyset pages walk the whole history
 * exactly once.
 */
describe.each(DIALECTS)('dashboard history at 100,000 payments (%s)', (dialect) => {
  it('every filter reads a page from an index in page order, and pages cover the history once', async () => {
    const rt = await testRuntime(dialect, { SANDBOX_NODE_KEY: '11'.repeat(32) });
    runtimes.push(rt);
    const a = await makeAccount(rt.deps);
    const other = await makeAccount(rt.deps);
    const r = await rt.app.inject({
      method: 'POST',
      url: '/lapi/v1/receive',
      headers: { 'x-api-key': a.invoiceKey },
      payload: { amount: '0.0001' },
    });
    expect(r.statusCode).toBe(200);
    const db = rt.deps.db.read;
    const template = await db.selectFrom('payments').selectAll().executeTakeFirstOrThrow();
    const cols = Object.keys(template).filter(
      (c) =>
        c !== 'id' &&
        c !== 'public_id' &&
        c !== 'created_at_ms' &&
        c !== 'direction' &&
        c !== 'status' &&
        c !== 'account_id' &&
        c !== 'payment_hash' &&
        c !== 'payreq',
    );
    const list = sql.join(cols.map((c) => sql.ref(c)));
    // 100,000 payments: half of them the other account's, directions and statuses mixed.
    await rt.deps.db.write(async (trx) => {
      const series =
        dialect === 'postgres'
          ? sql`select g as n from generate_series(1, ${sql.raw(String(N))}) g`
          : sql`with recursive s(n) as (select 1 union all select n + 1 from s where n < ${sql.raw(String(N))}) select n from s`;
      await sql`insert into payments (id, public_id, account_id, direction, status, created_at_ms, payment_hash, payreq, ${list})
        select ${sql.raw(String(template.id))} + n, ${dialect === 'postgres' ? sql`'p' || lpad(n::text, 15, '0')` : sql`'p' || substr('000000000000000' || n, -15, 15)`},
          case when n % 2 = 0 then ${sql.raw(String(a.id))} else ${sql.raw(String(other.id))} end,
          case when n % 3 = 0 then 'out' else 'in' end,
          case when n % 7 = 0 then 'declined' when n % 5 = 0 then 'pending' else 'paid' end,
          ${sql.raw(String(template.created_at_ms))} + n * 1000, null, null, ${list}
        from (${series}) s, payments t where t.id = ${sql.raw(String(template.id))}`.execute(trx);
      if (dialect === 'postgres') await sql`analyze payments`.execute(trx);
      else await sql`analyze`.execute(trx);
    });
    const filters: Array<[string, HistoryFilter]> = [
      ['none', none],
      ['wallet', { ...none, wallet: 'lbtc' }],
      [
        'dates',
        {
          ...none,
          fromMs: Number(template.created_at_ms) + 10_000_000,
          toMs: Number(template.created_at_ms) + 20_000_000,
        },
      ],
    ];
    for (const [name, f] of filters) {
      for (const after of [
        null,
        { createdAtMs: template.created_at_ms + 50_000_000n, id: template.id + 50_000n },
      ]) {
        const q = historyPageQuery(db, a.id, f, after, 26).compile();
        if (dialect === 'sqlite') {
          const plan = await db.executeQuery({ ...q, sql: `explain query plan ${q.sql}` } as never);
          const detail = (plan.rows as Array<{ detail: string }>).map((p) => p.detail).join('\n');
          expect(detail, name).toMatch(/USING (COVERING )?INDEX payments_history/);
          expect(detail, name).not.toMatch(/TEMP B-TREE/);
        } else {
          const bound = await db.executeQuery({ ...q, sql: `explain (format json) ${q.sql}` } as never);
          const plan = JSON.stringify(bound.rows);
          expect(plan, name).toMatch(/Index Scan|Index Only Scan/);
          expect(plan, name).toMatch(/payments_history/);
          expect(plan, name).not.toMatch(/"Node Type":"Sort"|"Node Type": "Sort"|Seq Scan/);
        }
      }
    }
    const caller = sessionCaller({ accountId: a.id, usertag: a.usertag }, 'invoice');
    // A filter that matches nothing answers after PAGE_SCAN_MAX rows, empty, with a cursor to go on.
    const nothing = await historyPage(rt.deps, caller, { ...none, status: 'undefined' }, null);
    expect(nothing.rows).toEqual([]);
    expect(nothing.next).not.toBeNull();
    expect(nothing.searchedToMs).not.toBeNull();
    // The account's rows are every second one, one second apart: PAGE_SCAN_MAX of them span that long.
    const newest = template.created_at_ms + BigInt(N) * 1000n;
    expect(newest - (nothing.searchedToMs ?? 0n)).toBe(BigInt((PAGE_SCAN_MAX - 1) * 2) * 1000n);
    // A common match fills its page from the first rows read.
    const outgoing = await historyPage(rt.deps, caller, { ...none, direction: 'out' }, null);
    expect(outgoing.rows).toHaveLength(HISTORY_PAGE_SIZE);
    expect(outgoing.rows.every((p) => p.direction === 'out')).toBe(true);
    expect(outgoing.searchedToMs).toBeNull();
    // Keyset pages of one filter: each row once, newest first, to the end, whether a page is full or
    // cut short by PAGE_SCAN_MAX (a match every 42 payments of the whole table, every 21 of the account's).
    const filter = decodeHistoryFilter({ direction: 'out', status: 'declined' });
    expect(filter.ok).toBe(true);
    if (!filter.ok) return;
    const seen = new Set<string>();
    let after = null;
    let last = Number.POSITIVE_INFINITY;
    for (;;) {
      const page = await historyPage(rt.deps, caller, filter.value, after);
      for (const row of page.rows) {
        expect(seen.has(row.public_id)).toBe(false);
        seen.add(row.public_id);
        expect(Number(row.created_at_ms)).toBeLessThan(last);
        last = Number(row.created_at_ms);
      }
      if (page.next === null) break;
      const [c, id] = page.next.split('.');
      after = { createdAtMs: BigInt(c ?? '0'), id: BigInt(id ?? '0') };
    }
    // n even, n % 3 = 0 and n % 7 = 0: n a multiple of 42.
    expect(seen.size).toBe(Math.floor(N / 42));
  }, 300_000);
});
