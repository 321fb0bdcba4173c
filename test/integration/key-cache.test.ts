import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate } from '../../src/app/accounts/authenticate.ts';
import { rotateKey } from '../../src/app/accounts/rotate-key.ts';
import { disableAccount, enableAccount } from '../../src/app/operator/disable-account.ts';
import { sqlitePath } from '../../src/db/sqlite/open.ts';
import { hashApiKey } from '../../src/domain/api-keys.ts';
import { DIALECTS, itWhere, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

const CLI = { accountId: null, name: 'operator:root' };

/**
 * API-key lookups are cached on SQLite (src/db/sqlite/key-cache.ts); every test first makes the key
 * known to the instance (so it is cached there), then changes it elsewhere and asks again at once.
 */
describe.each(DIALECTS)('the API-key lookup after a key or account changes, on %s', (dialect) => {
  let rt: TestRuntime;
  let second: TestRuntime;
  beforeAll(async () => {
    rt = await testRuntime(dialect);
    second = await testRuntime(dialect, {}, { databaseUrl: rt.databaseUrl });
  });
  afterAll(async () => {
    await second?.close();
    await rt?.close();
  });

  const sendStatus = async (t: TestRuntime, key: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/lapi/v1/send',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        payload: '{}',
      })
    ).statusCode;

  it('a rotated key is refused (401) on the next request of the same instance', async () => {
    const a = await makeAccount(rt.deps);
    // 400: the key passed, the empty body did not; twice, so the second answer came from the cache.
    expect(await sendStatus(rt, a.adminKey)).toBe(400);
    expect(await sendStatus(rt, a.adminKey)).toBe(400);
    const fresh = await rotateKey(rt.deps, a.usertag, 'admin');
    expect(fresh.ok).toBe(true);
    expect(await sendStatus(rt, a.adminKey)).toBe(401);
    if (fresh.ok) expect(await sendStatus(rt, fresh.value)).toBe(400);
  });

  it('a key rotated by another instance is refused at once', async () => {
    const a = await makeAccount(rt.deps);
    expect((await authenticate(rt.deps, a.invoiceKey, 'invoice')).ok).toBe(true);
    expect((await authenticate(rt.deps, a.invoiceKey, 'invoice')).ok).toBe(true);
    expect((await rotateKey(second.deps, a.usertag, 'invoice')).ok).toBe(true);
    expect(await authenticate(rt.deps, a.invoiceKey, 'invoice')).toMatchObject({
      ok: false,
      error: { code: 'unauthorized' },
    });
  });

  it('an account disabled on this instance or another is refused at once, and works again when enabled', async () => {
    const a = await makeAccount(rt.deps);
    for (const t of [rt, second]) expect((await authenticate(t.deps, a.adminKey, 'admin')).ok).toBe(true);
    expect(await disableAccount(rt.deps, CLI, a.usertag, 'fraud')).toMatchObject({ ok: true });
    for (const t of [rt, second]) {
      expect(await authenticate(t.deps, a.adminKey, 'admin')).toMatchObject({
        ok: false,
        error: { code: 'account_disabled' },
      });
    }
    expect(await enableAccount(second.deps, CLI, a.usertag)).toMatchObject({ ok: true });
    for (const t of [rt, second]) expect((await authenticate(t.deps, a.adminKey, 'admin')).ok).toBe(true);
    expect(await disableAccount(second.deps, CLI, a.usertag, 'fraud again')).toMatchObject({ ok: true });
    expect(await authenticate(rt.deps, a.adminKey, 'admin')).toMatchObject({
      ok: false,
      error: { code: 'account_disabled' },
    });
  });

  itWhere(dialect === 'sqlite')(
    'a key revoked or an account disabled by another connection to the file (a paytag command) is refused at once',
    async () => {
      const a = await makeAccount(rt.deps);
      const b = await makeAccount(rt.deps);
      expect((await authenticate(rt.deps, a.adminKey, 'admin')).ok).toBe(true);
      expect((await authenticate(rt.deps, b.adminKey, 'admin')).ok).toBe(true);
      const other = new BetterSqlite3(sqlitePath(rt.databaseUrl));
      try {
        other.pragma('busy_timeout = 5000');
        other.prepare('UPDATE api_keys SET revoked_at_ms = 1 WHERE key_hash = ?').run(hashApiKey(a.adminKey));
        expect(await authenticate(rt.deps, a.adminKey, 'admin')).toMatchObject({
          ok: false,
          error: { code: 'unauthorized' },
        });
        other.prepare('UPDATE accounts SET disabled_at_ms = 1 WHERE id = ?').run(b.id);
        expect(await authenticate(rt.deps, b.adminKey, 'admin')).toMatchObject({
          ok: false,
          error: { code: 'account_disabled' },
        });
      } finally {
        other.close();
      }
    },
  );

  it('a changed usertag is what the next lookup answers', async () => {
    const a = await makeAccount(rt.deps);
    expect(await authenticate(rt.deps, a.adminKey, 'admin')).toMatchObject({
      ok: true,
      value: { usertag: a.usertag },
    });
    await rt.deps.db.write((trx) =>
      trx
        .updateTable('accounts')
        .set({ usertag: `${a.usertag}_x` })
        .where('id', '=', a.id)
        .execute(),
    );
    expect(await authenticate(rt.deps, a.adminKey, 'admin')).toMatchObject({
      ok: true,
      value: { usertag: `${a.usertag}_x` },
    });
  });
});
