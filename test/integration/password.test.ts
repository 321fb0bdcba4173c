import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, setPassword, verifyPassword } from '../../src/app/accounts/password.ts';
import { makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

describe('dashboard passwords', () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await testRuntime('sqlite');
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
    expect(await hashPassword('correct horse battery')).not.toBe(row.password_hash);
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
