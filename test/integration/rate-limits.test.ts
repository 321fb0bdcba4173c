import { afterEach, describe, expect, it } from 'vitest';
import { databaseRateCounter, SWEEP_BATCH, sweepRateLimits } from '../../src/app/rate-limits/counters.ts';
import { availableBalance } from '../../src/db/repos/ledger.ts';
import { rateLimitSweepJob } from '../../src/jobs/rate-limit-sweep.ts';
import { DIALECTS, ManualClock, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

const never = new AbortController().signal;

describe.each(DIALECTS)('rate limits counted in the %s database', (dialect) => {
  const runtimes: TestRuntime[] = [];
  const start = async (env: Record<string, string> = {}, databaseUrl?: string) => {
    const t = await testRuntime(
      dialect,
      { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_STORE: 'database', ...env },
      { clock: new ManualClock(), ...(databaseUrl ? { databaseUrl } : {}) },
    );
    runtimes.unshift(t); // the instance that owns the database closes last
    return t;
  };
  afterEach(async () => {
    for (const t of runtimes.splice(0)) await t.close();
  });

  it('counts every one of many concurrent hits exactly once, and starts over when the window ends', async () => {
    const t = await start();
    const counter = databaseRateCounter(t.deps.db);
    const counts = await Promise.all(Array.from({ length: 60 }, () => counter.hit('k', 60_000, 1_000)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 60 }, (_, i) => i + 1),
    );
    expect(new Set(counts.map((c) => c.resetAtMs))).toEqual(new Set([61_000]));
    expect(await counter.hit('k', 60_000, 61_000)).toEqual({ count: 1, resetAtMs: 121_000 });
    expect(await counter.hit('other', 60_000, 61_000)).toEqual({ count: 1, resetAtMs: 121_000 });
  });

  it('the sweeper deletes ended windows only, in bounded units', async () => {
    const t = await start();
    const counter = databaseRateCounter(t.deps.db);
    const clock = t.deps.clock as ManualClock;
    const now = clock.nowMs();
    await Promise.all(Array.from({ length: 30 }, (_, i) => counter.hit(`ended-${i}`, 1000, now)));
    await counter.hit('live', 60_000, now);
    clock.advance(5_000);
    expect(await sweepRateLimits(t.deps.db, clock, never)).toBe(30);
    expect(await sweepRateLimits(t.deps.db, clock, never)).toBe(0);
    expect((await counter.hit('live', 60_000, clock.nowMs())).count).toBe(2);
    expect(await rateLimitSweepJob.run(t.deps, never)).toBe(60_000);
    expect(SWEEP_BATCH).toBeGreaterThan(30);
  });

  it('two instances on one database enforce one limit together', async () => {
    const one = await start({ RATE_LIMIT_PER_10_MINUTES: '4' });
    const two = await start({ RATE_LIMIT_PER_10_MINUTES: '4' }, one.databaseUrl);
    const alice = await makeAccount(one.deps);
    const wallet = (t: TestRuntime) =>
      t.app.inject({ method: 'GET', url: '/lapi/v1/wallet', headers: { 'x-api-key': alice.invoiceKey } });
    const statuses = [];
    for (const t of [one, two, one, two, one, two]) statuses.push((await wallet(t)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const limited = await wallet(two);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Ten minutes later (on both instances' clocks) the key may call again.
    for (const t of [one, two]) (t.deps.clock as ManualClock).advance(10 * 60_000);
    expect((await wallet(two)).statusCode).toBe(200);
  });

  it('one address gets at most MAIL_PER_RECIPIENT_PER_HOUR e-mails, whoever asks', async () => {
    const t = await start({ MAIL_PER_RECIPIENT_PER_HOUR: '2' });
    const ann = await makeAccount(t.deps, { fund: { lbtc: '0.01' } });
    const ben = await makeAccount(t.deps, { fund: { lbtc: '0.01' } });
    const voucherTo = (a: typeof ann, to: string) =>
      t.app.inject({
        method: 'POST',
        url: '/lapi/v1/requestVoucher',
        headers: { 'x-api-key': a.adminKey },
        payload: { amount: '0.00001', voucher_count: 1, receiver_email: to },
      });
    expect((await voucherTo(ann, 'victim@example.com')).statusCode).toBe(200);
    expect((await voucherTo(ben, 'Victim@Example.com')).statusCode).toBe(200);
    const balance = await availableBalance(t.deps.db.read, ann.id, 'lbtc');
    const refused = await voucherTo(ann, 'victim@example.com');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited', field: 'receiver_email' });
    expect(Number(refused.headers['retry-after'])).toBe(3600);
    // Refused before anything moved: no batch, no escrow.
    expect(await availableBalance(t.deps.db.read, ann.id, 'lbtc')).toBe(balance);
    // Another address is not affected, and an hour later the first one is free again.
    expect((await voucherTo(ann, 'friend@example.com')).statusCode).toBe(200);
    (t.deps.clock as ManualClock).advance(3_600_000);
    expect((await voucherTo(ann, 'victim@example.com')).statusCode).toBe(200);
  });

  it('redeem attempts are limited across instances too', async () => {
    const env = { VOUCHER_REDEEM_PER_CODE_PER_MINUTE: '2', VOUCHER_REDEEM_PER_IP_PER_MINUTE: '100' };
    const one = await start(env);
    const two = await start(env, one.databaseUrl);
    const alice = await makeAccount(one.deps);
    const attempt = (t: TestRuntime) =>
      t.app.inject({
        method: 'POST',
        url: '/lapi/v1/redeemVoucher',
        headers: { 'x-api-key': alice.invoiceKey },
        payload: { voucher_code: 'abcdefghjk', redeem_mode: 'usertag', redeem_to: alice.usertag },
      });
    const statuses = [];
    for (const t of [one, two, one]) statuses.push((await attempt(t)).statusCode);
    expect(statuses).toEqual([404, 404, 429]);
  });
});
