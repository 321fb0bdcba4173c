import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate } from '../../src/app/accounts/authenticate.ts';
import { createAccount } from '../../src/app/accounts/create-account.ts';
import { rotateKey } from '../../src/app/accounts/rotate-key.ts';
import { fundAccount } from '../../src/app/sandbox/fund-account.ts';
import { hashApiKey } from '../../src/domain/api-keys.ts';
import { httpStatusOf } from '../../src/http/errors.ts';
import { DIALECTS, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

describe.each(DIALECTS)('accounts and keys on %s', (dialect) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await testRuntime(dialect);
  });
  afterAll(async () => {
    await rt?.close();
  });

  it('creates an account with two 40-character keys stored only as hashes', async () => {
    const r = await createAccount(rt.deps, {
      usertag: 'Carol_1',
      email: 'carol@example.com',
      fullName: 'Carol',
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.usertag).toBe('carol_1');
    expect(r.value.invoiceKey).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(r.value.adminKey).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(r.value.invoiceKey).not.toBe(r.value.adminKey);
    const stored = await rt.deps.db.read
      .selectFrom('api_keys')
      .selectAll()
      .where('account_id', '=', r.value.id)
      .execute();
    expect(stored.map((k) => k.key_hash).sort()).toEqual(
      [hashApiKey(r.value.invoiceKey), hashApiKey(r.value.adminKey)].sort(),
    );
    const everything = JSON.stringify(stored, (_k, v) => (typeof v === 'bigint' ? String(v) : v));
    expect(everything).not.toContain(r.value.invoiceKey);
    expect(everything).not.toContain(r.value.adminKey);
  });

  it('refuses a taken usertag (any case) and a taken e-mail', async () => {
    await makeAccount(rt.deps, { usertag: 'dave' });
    const sameTag = await createAccount(rt.deps, { usertag: 'DAVE', email: 'other@example.com' });
    expect(sameTag).toMatchObject({ ok: false, error: { code: 'usertag_taken' } });
    const sameEmail = await createAccount(rt.deps, { usertag: 'dave2', email: 'DAVE@example.com' });
    expect(sameEmail).toMatchObject({ ok: false, error: { code: 'email_taken' } });
  });

  it('an invoice key may not do what needs the admin key (403 naming the kind)', async () => {
    const a = await makeAccount(rt.deps);
    const r = await authenticate(rt.deps, a.invoiceKey, 'admin');
    expect(r).toMatchObject({ ok: false, error: { code: 'forbidden_key_kind' } });
    if (!r.ok) {
      expect(r.error.message).toContain('needs the admin key');
      expect(httpStatusOf(r.error.code)).toBe(403);
    }
    expect(await authenticate(rt.deps, a.adminKey, 'admin')).toMatchObject({
      ok: true,
      value: { accountId: a.id, kind: 'admin' },
    });
  });

  it('rotating a key stops the old one at once', async () => {
    const a = await makeAccount(rt.deps);
    const r = await rotateKey(rt.deps, a.usertag, 'invoice');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect((await authenticate(rt.deps, a.invoiceKey, 'invoice')).ok).toBe(false);
    expect(await authenticate(rt.deps, r.value, 'invoice')).toMatchObject({
      ok: true,
      value: { accountId: a.id },
    });
    expect((await authenticate(rt.deps, a.adminKey, 'admin')).ok).toBe(true);
    expect(await rotateKey(rt.deps, 'nobody_here', 'admin')).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('sandbox funding is refused unless the backend is the sandbox', async () => {
    const a = await makeAccount(rt.deps);
    const deps = {
      ...rt.deps,
      config: { ...rt.deps.config, lightning: { ...rt.deps.config.lightning, backend: 'lnd' as const } },
    };
    expect(await fundAccount(deps, { usertag: a.usertag, asset: 'lbtc', amount: '1' })).toMatchObject({
      ok: false,
      error: { code: 'sandbox_only' },
    });
    expect(await fundAccount(rt.deps, { usertag: a.usertag, asset: 'doge', amount: '1' })).toMatchObject({
      ok: false,
      error: { field: 'asset' },
    });
    expect(await fundAccount(rt.deps, { usertag: a.usertag, asset: 'lbtc', amount: '0' })).toMatchObject({
      ok: false,
      error: { field: 'amount' },
    });
  });
});
