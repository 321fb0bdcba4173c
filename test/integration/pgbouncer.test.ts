import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { openDatabase } from '../../src/db/database.ts';
import { PGBOUNCER_BIN, startPgbouncer, type ThrowawayPgbouncer } from '../fixtures/pgbouncer.ts';
import {
  freshDatabase,
  makeAccount,
  type TestDatabase,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

// Production PostgreSQL usually sits behind PgBouncer in transaction pooling mode: a server connection
// belongs to a client for one transaction only. Debian's PgBouncer (1.18) does not track protocol-level
// prepared statements, so the service runs with POSTGRES_PREPARED_STATEMENTS=false there; everything
// else it does (transactions, row locks, advisory transaction locks) is transaction-scoped and works.

const pgAdminUrl = inject('pgAdminUrl');
const required = process.env['PAYTAG_REQUIRE_POSTGRES'] === '1';
const run = pgAdminUrl !== undefined && (PGBOUNCER_BIN !== null || required);

const call = (t: TestRuntime, method: 'GET' | 'POST', url: string, key: string, payload?: object) =>
  t.app.inject({ method, url, headers: { 'x-api-key': key }, ...(payload ? { payload } : {}) });

describe.runIf(run)('behind PgBouncer in transaction pooling mode', () => {
  let bouncer: ThrowawayPgbouncer;
  let db: TestDatabase;
  let one: TestRuntime;
  let two: TestRuntime;
  beforeAll(async () => {
    bouncer = await startPgbouncer(pgAdminUrl!, { poolSize: 8 });
    db = await freshDatabase('postgres');
    const env = { POSTGRES_PREPARED_STATEMENTS: 'false', SANDBOX_NODE_KEY: '21'.repeat(32) };
    // The first instance runs the migrations through the pooler too.
    one = await testRuntime('postgres', env, { databaseUrl: bouncer.urlFor(db.url) });
    two = await testRuntime('postgres', env, { databaseUrl: bouncer.urlFor(db.url) });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await db?.drop();
    bouncer?.stop();
  });

  it('runs the money paths on two instances: receive and pay, sends that never overdraw, check, history; the audit stays clean', async () => {
    const payer = await makeAccount(one.deps);
    const payee = await makeAccount(two.deps);
    const receive = await call(one, 'POST', '/lapi/v1/receive', payer.invoiceKey, { amount: '0.0005' });
    expect(receive.statusCode, receive.body).toBe(200);
    const pay = await one.app.inject({
      method: 'POST',
      url: '/sandbox/v1/pay',
      payload: { invoice: receive.json().data.lightning_invoice.payreq },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const check = await call(
      two,
      'GET',
      `/lapi/v1/checkPayment?tid=${receive.json().data.tid}`,
      payer.invoiceKey,
    );
    expect(check.json().data.status).toBe('paid');

    // 50,000 sat funded; 70 sends of 1,000 sat over both instances at once: exactly 50 pass.
    const sends = await Promise.all(
      Array.from({ length: 70 }, (_, i) =>
        call(i % 2 === 0 ? one : two, 'POST', '/lapi/v1/send', payer.adminKey, {
          payment_mode: 'usertag',
          usertag: payee.usertag,
          amount: '0.00001',
        }),
      ),
    );
    const codes = sends.map((s) => s.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(50);
    for (const s of sends.filter((x) => x.statusCode !== 200)) {
      expect(s.statusCode, s.body).toBe(422);
      expect(s.json().code).toBe('insufficient_balance');
    }
    const wallet = await call(two, 'GET', '/lapi/v1/wallet', payee.invoiceKey);
    expect(wallet.json().data.balance_lbtc).toBe('0.00050000');
    const history = await call(one, 'GET', '/lapi/v1/history?limit=100', payee.invoiceKey);
    expect(history.statusCode).toBe(200);
    expect(history.json().data).toHaveLength(50);
    for (const t of [one, two]) expect((await auditLedger(t.deps)).violations).toEqual([]);
  });
});

describe.runIf(run)('prepared statements behind a pooler that cannot keep them', () => {
  let bouncer: ThrowawayPgbouncer;
  let db: TestDatabase;
  beforeAll(async () => {
    // One server connection for every client: what one client prepared is there when the next comes.
    bouncer = await startPgbouncer(pgAdminUrl!, { poolSize: 1 });
    db = await freshDatabase('postgres');
  });
  afterAll(async () => {
    await db?.drop();
    bouncer?.stop();
  });

  it('fails with a message naming POSTGRES_PREPARED_STATEMENTS, and works with it off', async () => {
    const url = bouncer.urlFor(db.url);
    const statement = (d: ReturnType<typeof openDatabase>) =>
      sql<{ n: number }>`select ${41}::int + 1 as n`.execute(d.read);
    const first = openDatabase({ url });
    const second = openDatabase({ url });
    try {
      expect((await statement(first)).rows[0]?.n).toBe(42);
      await expect(statement(second)).rejects.toThrow(/POSTGRES_PREPARED_STATEMENTS=false/);
    } finally {
      await first.close();
      await second.close();
    }
    const plain = [
      openDatabase({ url, postgresPreparedStatements: false }),
      openDatabase({ url, postgresPreparedStatements: false }),
    ];
    try {
      for (const d of plain) expect((await statement(d)).rows[0]?.n).toBe(42);
    } finally {
      for (const d of plain) await d.close();
    }
  });
});
