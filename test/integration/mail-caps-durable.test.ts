import { afterEach, describe, expect, it } from 'vitest';
import type { Env } from '../../src/config/index.ts';
import { hitMailCount } from '../../src/db/repos/rate-limits.ts';
import { outboxRetentionJob } from '../../src/jobs/outbox-retention.ts';
import {
  DIALECTS,
  freshDatabase,
  makeAccount,
  type TestAccount,
  type TestDatabase,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

// The e-mail caps (per recipient, per issuing account) are counted in the database: neither a restart
// nor any amount of other rate-limit traffic resets them, whatever RATE_LIMIT_STORE says.

const ENV: Env = {
  RATE_LIMIT_ENABLED: 'true',
  // The in-process store for every other limit: the e-mail caps must not depend on it.
  RATE_LIMIT_STORE: 'memory',
  MAIL_PER_RECIPIENT_PER_HOUR: '2',
  MAIL_PER_ACCOUNT_PER_HOUR: '3',
};

describe.each(DIALECTS)('e-mail caps survive restarts and other traffic on %s', (dialect) => {
  let db: TestDatabase | undefined;
  const open: TestRuntime[] = [];
  const start = async () => {
    if (db === undefined) throw new Error('no database');
    const rt = await testRuntime(dialect, ENV, { databaseUrl: db.url });
    open.push(rt);
    return rt;
  };
  afterEach(async () => {
    for (const rt of open.splice(0)) await rt.close();
    await db?.drop();
    db = undefined;
  });

  const requestVoucher = (rt: TestRuntime, who: TestAccount, to: string) =>
    rt.app.inject({
      method: 'POST',
      url: '/lapi/v1/requestVoucher',
      headers: { 'x-api-key': who.adminKey },
      payload: { amount: '0.00000001', voucher_count: 1, receiver_email: to },
    });

  it('a restart (a new process on the same database) does not reset either cap', async () => {
    db = await freshDatabase(dialect);
    const first = await start();
    const a = await makeAccount(first.deps, { fund: { lbtc: '0.01' } });
    const b = await makeAccount(first.deps, { fund: { lbtc: '0.01' } });
    for (let i = 0; i < 2; i++)
      expect((await requestVoucher(first, a, 'victim@example.com')).statusCode).toBe(200);
    expect((await requestVoucher(first, b, 'victim@example.com')).statusCode).toBe(429);
    expect((await requestVoucher(first, b, 'friend1@example.com')).statusCode).toBe(200);
    expect((await requestVoucher(first, b, 'friend2@example.com')).statusCode).toBe(200);
    // b's 429 counted toward its cap too: it asked for 4 e-mails; a new one is refused.
    expect((await requestVoucher(first, b, 'friend3@example.com')).statusCode).toBe(429);
    await first.close();
    open.splice(open.indexOf(first), 1);

    const second = await start();
    const toVictim = await requestVoucher(second, a, 'victim@example.com');
    expect(toVictim.statusCode, toVictim.body).toBe(429);
    expect(toVictim.json()).toMatchObject({ code: 'rate_limited', field: 'receiver_email' });
    expect(Number(toVictim.headers['retry-after'])).toBeGreaterThan(3000);
    const fromB = await requestVoucher(second, b, 'friend4@example.com');
    expect(fromB.statusCode, fromB.body).toBe(429);
    expect(fromB.json().message).toMatch(/this account/);
  });

  it('101,000 other rate-limit keys do not reset the per-recipient cap', { timeout: 60_000 }, async () => {
    db = await freshDatabase(dialect);
    const rt = await start();
    const a = await makeAccount(rt.deps, { fund: { lbtc: '0.01' } });
    const c = await makeAccount(rt.deps, { fund: { lbtc: '0.01' } });
    for (let i = 0; i < 2; i++)
      expect((await requestVoucher(rt, a, 'victim@example.com')).statusCode).toBe(200);
    expect((await requestVoucher(rt, c, 'victim@example.com')).statusCode).toBe(429);

    // Junk traffic under 101,000 other keys, more than the in-process counter remembers.
    const now = rt.deps.clock.nowMs();
    for (let i = 0; i < 101_000; i++) await rt.deps.rateCounter.hit(`junk:${i}`, 600_000, now);

    expect((await requestVoucher(rt, c, 'victim@example.com')).statusCode).toBe(429);
    expect((await requestVoucher(rt, a, 'someone-else@example.com')).statusCode).toBe(200);
  });

  it('windows that ended are deleted by the retention job; running ones are kept', async () => {
    db = await freshDatabase(dialect);
    const rt = await start();
    const now = rt.deps.clock.nowMs();
    await rt.deps.db.write(async (trx) => {
      await hitMailCount(trx, 'mail-to:old@example.com', 3_600_000, now - 2 * 3_600_000);
      await hitMailCount(trx, 'mail-to:new@example.com', 3_600_000, now);
    });
    await outboxRetentionJob.run(rt.deps, new AbortController().signal);
    const keys = await rt.deps.db.read.selectFrom('mail_counts').select('key').execute();
    expect(keys.map((k) => k.key)).toEqual(['mail-to:new@example.com']);
  });
});
