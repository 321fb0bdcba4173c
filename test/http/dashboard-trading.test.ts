import { afterEach, describe, expect, it } from 'vitest';
import { setPassword } from '../../src/app/accounts/password.ts';
import { createTradeCredential } from '../../src/app/trading/credentials.ts';
import type { Dialect } from '../../src/db/database.ts';
import { DashboardClient, PASSWORD } from '../fixtures/dashboard.ts';
import { DIALECTS, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

const runtimes: TestRuntime[] = [];
afterEach(async () => {
  for (const rt of runtimes.splice(0)) await rt.close();
});

async function setUp(dialect: Dialect) {
  const rt = await testRuntime(dialect);
  runtimes.push(rt);
  const a = await makeAccount(rt.deps);
  await setPassword(rt.deps, a.usertag, PASSWORD);
  const c = new DashboardClient(rt.app);
  expect((await c.signIn(a.usertag, PASSWORD)).statusCode).toBe(303);
  return { rt, a, c };
}

const credentials = (rt: TestRuntime) =>
  rt.deps.db.read.selectFrom('trade_credentials').selectAll().orderBy('id').execute();

const nonceOf = (body: string): string => /name="form_nonce" value="([^"]+)"/.exec(body)?.[1] ?? '';

function fieldError(body: string, name: string): string | null {
  const input = new RegExp(`<input id="f-${name}"[^>]*>`).exec(body)?.[0] ?? '';
  if (!input.includes('aria-invalid="true"') || !input.includes(`f-${name}-err`)) return null;
  return new RegExp(`<span class="err" id="f-${name}-err">([^<]*)</span>`).exec(body)?.[1] ?? null;
}

const token = (rt: TestRuntime, apiKey: string, apiSecret: string) =>
  rt.app.inject({
    method: 'POST',
    url: '/trade/v1/auth/token',
    payload: { api_key: apiKey, api_secret: apiSecret },
  });

describe.each(DIALECTS)('dashboard trade credentials (%s)', (dialect) => {
  it('creates a credential with the password, shows its secret once, and the secret works on the trade API', async () => {
    const { rt, c } = await setUp(dialect);
    const page = await c.get('/dashboard/trading');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('No trade credentials yet.');
    const res = await c.post('/dashboard/trading/credentials', {
      form_nonce: nonceOf(page.body),
      label: 'my bot',
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const apiKey = /id="api-key">([^<]+)</.exec(res.body)?.[1] ?? '';
    const apiSecret = /id="api-secret">([^<]+)</.exec(res.body)?.[1] ?? '';
    expect(apiKey).toMatch(/^tk_[A-Za-z0-9]{24}$/);
    expect(apiSecret).toMatch(/^[A-Za-z0-9]{48}$/);
    expect((await token(rt, apiKey, apiSecret)).statusCode).toBe(200);
    // Never again: not on the list, and only a keyed hash is stored.
    const list = await c.get('/dashboard/trading');
    expect(list.body).toContain(apiKey);
    expect(list.body).toContain('my bot');
    expect(list.body).not.toContain(apiSecret);
    const rows = await credentials(rt);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).not.toContain(apiSecret);
  });

  it('the same form sent again (a reload) makes no second credential and shows no secret', async () => {
    const { rt, c } = await setUp(dialect);
    const page = await c.get('/dashboard/trading');
    const fields = { form_nonce: nonceOf(page.body), label: 'once', password: PASSWORD };
    const first = await c.post('/dashboard/trading/credentials', fields);
    expect(first.statusCode).toBe(200);
    const again = await c.post('/dashboard/trading/credentials', fields);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/dashboard/trading?done=resent');
    expect((await c.get('/dashboard/trading?done=resent')).body).toContain('This form was already sent');
    expect(await credentials(rt)).toHaveLength(1);
  });

  it('ties a wrong password and a long label to their fields and creates nothing', async () => {
    const { rt, c } = await setUp(dialect);
    let page = await c.get('/dashboard/trading');
    const wrong = await c.post('/dashboard/trading/credentials', {
      form_nonce: nonceOf(page.body),
      label: 'x',
      password: 'not my password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(fieldError(wrong.body, 'password')).toBe('the password is wrong');
    expect(wrong.body).not.toContain('id="api-secret"');
    page = wrong;
    const long = await c.post('/dashboard/trading/credentials', {
      form_nonce: nonceOf(page.body),
      label: 'l'.repeat(65),
      password: PASSWORD,
    });
    expect(long.statusCode).toBe(400);
    expect(fieldError(long.body, 'label')).toMatch(/label is longer than 64/);
    expect(await credentials(rt)).toHaveLength(0);
  });

  it('revokes a credential: the list says so and the trade API refuses it at once', async () => {
    const { rt, a, c } = await setUp(dialect);
    const made = await createTradeCredential(rt.deps, { usertag: a.usertag, label: 'cli' });
    if (!made.ok) throw new Error(made.error.message);
    await c.get('/dashboard/trading');
    const res = await c.post('/dashboard/trading/credentials/revoke', { api_key: made.value.apiKey });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dashboard/trading?done=revoked');
    const page = await c.get('/dashboard/trading?done=revoked');
    expect(page.body).toContain('The credential is revoked');
    expect(page.body).toContain('<span class="pill expired">revoked</span>');
    expect((await token(rt, made.value.apiKey, made.value.apiSecret)).statusCode).toBe(401);
  });

  it('one account never sees nor revokes another account’s credential', async () => {
    const { rt, c } = await setUp(dialect);
    const b = await makeAccount(rt.deps);
    const theirs = await createTradeCredential(rt.deps, { usertag: b.usertag, label: 'theirs' });
    if (!theirs.ok) throw new Error(theirs.error.message);
    const page = await c.get('/dashboard/trading');
    expect(page.body).not.toContain(theirs.value.apiKey);
    const res = await c.post('/dashboard/trading/credentials/revoke', { api_key: theirs.value.apiKey });
    expect(res.statusCode).toBe(404);
    expect(res.body).toMatch(/class="problem" role="alert"/);
    expect((await credentials(rt))[0]?.revoked_at_ms).toBeNull();
    expect((await token(rt, theirs.value.apiKey, theirs.value.apiSecret)).statusCode).toBe(200);
  });

  it('refuses forged posts of both forms and changes nothing', async () => {
    const { rt, a, c } = await setUp(dialect);
    const made = await createTradeCredential(rt.deps, { usertag: a.usertag });
    if (!made.ok) throw new Error(made.error.message);
    const forms: Array<[string, () => Promise<Record<string, string>>]> = [
      [
        '/dashboard/trading/credentials',
        async () => ({ form_nonce: nonceOf((await c.get('/dashboard/trading')).body), password: PASSWORD }),
      ],
      ['/dashboard/trading/credentials/revoke', async () => ({ api_key: made.value.apiKey })],
    ];
    for (const [path, fieldsOf] of forms) {
      const noToken = await c.post(path, { ...(await fieldsOf()), _csrf: '' });
      expect(noToken.statusCode, path).toBe(403);
      expect(noToken.body).toContain('Nothing was changed');
      await c.get('/dashboard/trading');
      const crossOrigin = await rt.app.inject({
        method: 'POST',
        url: path,
        payload: new URLSearchParams({ ...(await fieldsOf()), _csrf: c.token }).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          origin: 'https://evil.example',
        },
      });
      expect(crossOrigin.statusCode, path).toBe(403);
      const crossSite = await c.post(path, await fieldsOf(), { 'sec-fetch-site': 'cross-site' });
      expect(crossSite.statusCode, path).toBe(403);
    }
    const rows = await credentials(rt);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.revoked_at_ms).toBeNull();
  });

  it('speaks Hindi', async () => {
    const { c } = await setUp(dialect);
    expect((await c.get('/dashboard/trading?lang=hi')).body).toContain('ट्रेड API क्रेडेंशियल');
  });
});
