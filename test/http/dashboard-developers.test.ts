import { afterEach, describe, expect, it } from 'vitest';
import { setPassword } from '../../src/app/accounts/password.ts';
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
  await c.signIn(a.usertag, PASSWORD);
  return { rt, a, c };
}

const wallet = (rt: TestRuntime, key: string) =>
  rt.app.inject({ method: 'GET', url: '/lapi/v1/wallet', headers: { 'x-api-key': key } });

describe.each(DIALECTS)('dashboard developers page (%s)', (dialect) => {
  it.each(['invoice', 'admin'] as const)(
    'replacing the %s key shows the new key once; the old one is refused by the API at once',
    async (kind) => {
      const { rt, a, c } = await setUp(dialect);
      const old = kind === 'invoice' ? a.invoiceKey : a.adminKey;
      expect((await wallet(rt, old)).statusCode).toBe(200);
      await c.get('/dashboard/developers');
      const wrong = await c.post(`/dashboard/developers/keys/${kind}`, { password: 'not my password' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.body).toMatch(new RegExp(`id="f-password-${kind}"[^>]*aria-invalid="true"`));
      expect((await wallet(rt, old)).statusCode).toBe(200);
      const res = await c.post(`/dashboard/developers/keys/${kind}`, { password: PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const fresh = new RegExp(`id="new-${kind}">([A-Za-z0-9]+)<`).exec(res.body)?.[1] ?? '';
      expect(fresh.length).toBeGreaterThan(20);
      expect((await wallet(rt, old)).statusCode).toBe(401);
      expect((await wallet(rt, fresh)).statusCode).toBe(200);
      // Shown once: the page itself never shows it again.
      expect((await c.get('/dashboard/developers')).body).not.toContain(fresh);
    },
  );

  it('the webhook secret is replaced and shown once; deliveries are listed and delivered again', async () => {
    const { rt, c } = await setUp(dialect);
    await c.get('/dashboard/developers');
    const res = await c.post('/dashboard/developers/webhook-secret', { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/id="new-webhook">whsec_[A-Za-z0-9+/=]+</);
    // The account's own e-mail (its confirmation link) is in the log.
    await c.post('/dashboard/confirm-email');
    const page = await c.get('/dashboard/developers');
    const id = /<option value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    expect(id).toMatch(/^email\.confirm\./);
    const again = await c.post('/dashboard/developers/redeliver', { delivery_id: id, password: PASSWORD });
    expect([303, 409]).toContain(again.statusCode);
    const unknown = await c.post('/dashboard/developers/redeliver', {
      delivery_id: 'nope',
      password: PASSWORD,
    });
    expect(unknown.statusCode).toBe(404);
    expect(rt.deps).toBeDefined();
  });
});
