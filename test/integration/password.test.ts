import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hashPassword,
  hashPasswordGated,
  passwordGateOf,
  setPassword,
  verifyPassword,
} from '../../src/app/accounts/password.ts';
import { findOpenSession } from '../../src/app/sessions/sessions.ts';
import { confirmPassword } from '../../src/app/sessions/sign-in.ts';
import { sessionCookieName } from '../../src/http/web/kit/session.ts';
import { DashboardClient, PASSWORD } from '../fixtures/dashboard.ts';
import { makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

describe('dashboard passwords', () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    // The production cost (the other tests run at PASSWORD_SCRYPT_LOG_N=10).
    rt = await testRuntime('sqlite', { PASSWORD_SCRYPT_LOG_N: '15' });
  });
  afterAll(async () => {
    await rt?.close();
  });

  it('are stored only as salted scrypt hashes that verify', async () => {
    const a = await makeAccount(rt.deps);
    expect(await setPassword(rt.deps, a.usertag, 'correct horse battery')).toEqual({ ok: true, value: null });
    const row = await rt.deps.db.read
      .selectFrom('accounts')
      .select('password_hash')
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(row.password_hash).not.toContain('horse');
    expect(await verifyPassword('correct horse battery', row.password_hash!)).toBe(true);
    expect(await verifyPassword('correct horse batterY', row.password_hash!)).toBe(false);
    // Same password, different salt.
    expect(await hashPassword('correct horse battery', 15)).not.toBe(row.password_hash);
  });

  it('new hashes take PASSWORD_SCRYPT_LOG_N; a hash of another cost still verifies by its own parameters', async () => {
    const cheap = await testRuntime('sqlite', { PASSWORD_SCRYPT_LOG_N: '11' });
    try {
      const a = await makeAccount(cheap.deps);
      expect(await setPassword(cheap.deps, a.usertag, 'correct horse battery')).toEqual({
        ok: true,
        value: null,
      });
      const row = await cheap.deps.db.read
        .selectFrom('accounts')
        .select('password_hash')
        .where('id', '=', a.id)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^scrypt\$2048\$8\$1\$/);
      expect(await verifyPassword('correct horse battery', row.password_hash!)).toBe(true);
      const costly = await hashPassword('correct horse battery', 15);
      expect(await verifyPassword('correct horse battery', costly)).toBe(true);
      expect(await verifyPassword('correct horse batterY', costly)).toBe(false);
    } finally {
      await cheap.close();
    }
    await expect(testRuntime('sqlite', { PASSWORD_SCRYPT_LOG_N: '9' })).rejects.toThrow(
      /PASSWORD_SCRYPT_LOG_N/,
    );
  });

  it('refuses short passwords and unknown accounts', async () => {
    const a = await makeAccount(rt.deps);
    expect(await setPassword(rt.deps, a.usertag, 'short')).toMatchObject({
      ok: false,
      error: { field: 'password' },
    });
    expect(await setPassword(rt.deps, 'nobody_at_all', 'long enough password')).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  });
});

describe('password hashing shares the thread pool with the database: a bounded number run at once', () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await testRuntime('sqlite', { PASSWORD_HASH_CONCURRENCY: '2', PASSWORD_HASH_QUEUE: '3' });
  });
  afterAll(async () => {
    await rt?.close();
  });

  it('at most PASSWORD_HASH_CONCURRENCY hashes run at once, PASSWORD_HASH_QUEUE wait; beyond, rate_limited with a retry time', async () => {
    const gate = passwordGateOf(rt.deps);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => hashPasswordGated(rt.deps, `password number ${i}`)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    const refused = results.filter((r) => !r.ok);
    expect(refused).toHaveLength(5);
    expect(refused[0]).toMatchObject({ ok: false, error: { code: 'rate_limited' } });
    expect(refused[0]?.ok === false && refused[0].error.retryAfterSec).toBeGreaterThan(0);
    expect(gate.peak).toBe(2);
    expect(gate.active).toBe(0);
    // Those that ran hashed for real.
    const first = results.find((r) => r.ok);
    if (first?.ok) expect(await verifyPassword('password number 0', first.value)).toBe(true);
  });

  it('sign-in, sign-up and a password confirmation wait for the gate; past its queue they answer 429 with Retry-After', async () => {
    const gate = passwordGateOf(rt.deps);
    const a = await makeAccount(rt.deps);
    await setPassword(rt.deps, a.usertag, PASSWORD);
    const c = new DashboardClient(rt.app);
    expect((await c.signIn(a.usertag, PASSWORD)).statusCode).toBe(303);
    // Five slow hashes hold the gate: two running, three queued.
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const holders = Array.from({ length: 5 }, () => gate.run(() => held));
    expect(gate.active).toBe(2);

    const other = new DashboardClient(rt.app);
    const signIn = await other.signIn(a.usertag, PASSWORD);
    expect(signIn.statusCode).toBe(429);
    expect(Number(signIn.headers['retry-after'])).toBeGreaterThan(0);
    const signUp = await other.post('/dashboard/sign-up', {
      usertag: 'gate_test_user',
      email: 'gate_test_user@example.com',
      password: PASSWORD,
      repeat_password: PASSWORD,
    });
    expect(signUp.statusCode).toBe(429);
    expect(
      await rt.deps.db.read
        .selectFrom('accounts')
        .select('id')
        .where('usertag', '=', 'gate_test_user')
        .execute(),
    ).toEqual([]);
    const s = await findOpenSession(rt.deps, c.cookies.get(sessionCookieName(rt.deps)) ?? '', {
      touch: false,
    });
    if (s === null) throw new Error('no session');
    expect(await confirmPassword(rt.deps, s, PASSWORD)).toMatchObject({
      ok: false,
      error: { code: 'rate_limited' },
    });

    release();
    await Promise.all(holders);
    expect(gate.peak).toBe(2);
    expect((await new DashboardClient(rt.app).signIn(a.usertag, PASSWORD)).statusCode).toBe(303);
    expect(await confirmPassword(rt.deps, s, PASSWORD)).toEqual({ ok: true, value: null });
  });
});
