import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentIds } from '../../src/adapters/runtime/system.ts';
import { DIALECTS, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

/**
 * New payments land at the end of the payment indexes (src/adapters/runtime/system.ts): on SQLite
 * their ids and tids follow time; on PostgreSQL the tids do (ids stay random there).
 */
describe.each(DIALECTS)('payment ids of successive sends on %s', (dialect) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await testRuntime(dialect);
  });
  afterAll(async () => {
    await rt?.close();
  });

  it('follow the order the payments were made in', async () => {
    const payer = await makeAccount(rt.deps, { fund: { lbtc: '0.001' } });
    const payee = await makeAccount(rt.deps);
    const tids: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await rt.app.inject({
        method: 'POST',
        url: '/lapi/v1/send',
        headers: { 'x-api-key': payer.adminKey, 'content-type': 'application/json' },
        payload: JSON.stringify({ payment_mode: 'usertag', usertag: payee.usertag, amount: '0.00000001' }),
      });
      expect(res.statusCode, res.body).toBe(200);
      tids.push(res.json().data.tid);
    }
    const rows = await rt.deps.db.read
      .selectFrom('payments')
      .select(['id', 'public_id', 'direction'])
      .where('public_id', 'in', tids)
      .execute();
    const byTid = new Map(rows.map((r) => [r.public_id, r.id]));
    const ids = tids.map((t) => byTid.get(t)!);
    // A tid starts with the second it was made in (the order across seconds: test/unit/payment-ids.test.ts).
    const second = Math.floor((Date.now() - Date.UTC(2020, 0, 1)) / 1000);
    for (const tid of tids) expect(Number.parseInt(tid.slice(0, 6), 36)).toBeGreaterThan(second - 60);
    for (let i = 1; i < tids.length; i += 1)
      expect(tids[i]!.slice(0, 6) >= tids[i - 1]!.slice(0, 6)).toBe(true);
    if (dialect === 'sqlite') {
      for (let i = 1; i < ids.length; i += 1) expect(ids[i]!).toBeGreaterThan(ids[i - 1]!);
    }
  });
});

describe('a service started again on its SQLite file', () => {
  it('makes ids after the newest of the last day, even one made with a clock ahead of now', async () => {
    const first = await testRuntime('sqlite');
    let again: TestRuntime | undefined;
    try {
      const account = await makeAccount(first.deps);
      const res = await first.app.inject({
        method: 'POST',
        url: '/lapi/v1/receive',
        headers: { 'x-api-key': account.adminKey, 'content-type': 'application/json' },
        payload: JSON.stringify({ amount: '0.00001' }),
      });
      expect(res.statusCode, res.body).toBe(200);
      // An id made an hour ahead of this clock (the previous run's clock was set back since).
      const ahead = paymentIds.recentRange().from + 2 * 24 * 3600 * 250 * 2 ** 14 - 3600 * 250 * 2 ** 14;
      await first.deps.db.write((trx) =>
        trx
          .updateTable('payments')
          .set({ id: BigInt(ahead) })
          .where('account_id', '=', account.id)
          .execute(),
      );
      again = await testRuntime('sqlite', {}, { databaseUrl: first.databaseUrl });
      const payer = await makeAccount(again.deps, { fund: { lbtc: '0.001' } });
      const sent = await again.app.inject({
        method: 'POST',
        url: '/lapi/v1/send',
        headers: { 'x-api-key': payer.adminKey, 'content-type': 'application/json' },
        payload: JSON.stringify({ payment_mode: 'usertag', usertag: account.usertag, amount: '0.00000001' }),
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const ids = await again.deps.db.read
        .selectFrom('payments')
        .select('id')
        .where('public_id', '=', sent.json().data.tid)
        .execute();
      expect(ids.length).toBeGreaterThan(0);
      for (const { id } of ids) expect(Number(id)).toBeGreaterThan(ahead);
    } finally {
      await again?.close();
      await first.close();
    }
  });
});
