import { afterEach, describe, expect, it } from 'vitest';
import { setPassword } from '../../src/app/accounts/password.ts';
import type { Dialect } from '../../src/db/database.ts';
import { DashboardClient, PASSWORD } from '../fixtures/dashboard.ts';
import { DIALECTS, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';
import { balanceOf } from '../fixtures/vouchers.ts';

const runtimes: TestRuntime[] = [];
afterEach(async () => {
  for (const rt of runtimes.splice(0)) await rt.close();
});

async function setUp(dialect: Dialect) {
  const rt = await testRuntime(dialect);
  runtimes.push(rt);
  const a = await makeAccount(rt.deps, { fund: { lbtc: '0.01' } });
  await setPassword(rt.deps, a.usertag, PASSWORD);
  const c = new DashboardClient(rt.app);
  expect((await c.signIn(a.usertag, PASSWORD)).statusCode).toBe(303);
  return { rt, a, c };
}

const batches = async (rt: TestRuntime) =>
  rt.deps.db.read.selectFrom('voucher_batches').selectAll().orderBy('created_at_ms').execute();

/** Creates a batch through the form; answers its tid. */
async function createBatch(c: DashboardClient, fields: Record<string, string> = {}): Promise<string> {
  await c.get('/dashboard/vouchers/new');
  const res = await c.post('/dashboard/vouchers/new', {
    amount: '0.0001',
    voucher_count: '2',
    title: 'Team lunch',
    password: PASSWORD,
    ...fields,
  });
  expect(res.statusCode).toBe(303);
  const m = /^\/dashboard\/vouchers\/([A-Za-z0-9]+)\?done=created$/.exec(String(res.headers.location));
  expect(m).not.toBeNull();
  return m?.[1] ?? '';
}

/** The error text tied to a field: the input names it in aria-describedby and is marked invalid. */
function fieldError(body: string, name: string): string | null {
  const input = new RegExp(`<input id="f-${name}"[^>]*>`).exec(body)?.[0] ?? '';
  if (!input.includes('aria-invalid="true"') || !input.includes(`f-${name}-err`)) return null;
  return new RegExp(`<span class="err" id="f-${name}-err">([^<]*)</span>`).exec(body)?.[1] ?? null;
}

describe.each(DIALECTS)('dashboard vouchers (%s)', (dialect) => {
  it('sends a visitor without a session to sign in', async () => {
    const rt = await testRuntime(dialect);
    runtimes.push(rt);
    const c = new DashboardClient(rt.app);
    const res = await c.get('/dashboard/vouchers');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dashboard/sign-in?next=%2Fdashboard%2Fvouchers');
  });

  it('lists no batch at first, creates one with the password, shows every voucher and escrows the amount', async () => {
    const { rt, a, c } = await setUp(dialect);
    const empty = await c.get('/dashboard/vouchers');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('No voucher batches yet');
    expect(empty.headers['content-security-policy']).toContain("script-src 'self'");
    const before = await balanceOf(rt, a);

    const tid = await createBatch(c);
    const page = await c.get(`/dashboard/vouchers/${tid}?done=created`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('The voucher batch is created');
    const [batch] = await batches(rt);
    expect(batch?.account_id).toBe(a.id);
    expect(batch?.voucher_count).toBe(2n);
    expect(batch?.amount_msat).toBe(10_000_000n);
    const vouchers = await rt.deps.db.read
      .selectFrom('vouchers')
      .select('code')
      .where('batch_id', '=', tid)
      .execute();
    expect(vouchers).toHaveLength(2);
    for (const v of vouchers) expect(page.body).toContain(v.code);
    expect(
      page.body.match(/<span class="pill redeemable">redeemable<\/span>/g)?.length,
    ).toBeGreaterThanOrEqual(2);
    expect(page.body).toContain(`href="/voucher/${tid}/print?token=${batch?.print_token}"`);
    // The escrow: count × (amount + fee reserve) left the balance, as requestVoucher moves it.
    const escrowed = 2n * ((batch?.amount_msat ?? 0n) + (batch?.fee_reserve_msat ?? 0n));
    expect(await balanceOf(rt, a)).toBe(before - escrowed);
    // The print sheet the link opens is the existing page.
    expect((await c.get(`/voucher/${tid}/print?token=${batch?.print_token}`)).statusCode).toBe(200);

    const list = await c.get('/dashboard/vouchers');
    expect(list.body).toContain(`href="/dashboard/vouchers/${tid}"`);
    expect(list.body).toContain('Team lunch');
    expect(list.body).toContain('0 / 2');

    // The API sees the same batch.
    const api = await rt.app.inject({
      method: 'GET',
      url: `/lapi/v1/checkVoucher?tid=${tid}`,
      headers: { 'x-api-key': a.invoiceKey },
    });
    expect(api.statusCode).toBe(200);
  });

  it('ties each error to its field and creates nothing: a bad amount, a count too big, a wrong password', async () => {
    const { rt, c } = await setUp(dialect);
    await c.get('/dashboard/vouchers/new');
    const bad = await c.post('/dashboard/vouchers/new', {
      amount: 'lots',
      voucher_count: '1',
      password: PASSWORD,
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldError(bad.body, 'amount')).toMatch(/amount/);
    const many = await c.post('/dashboard/vouchers/new', {
      amount: '0.0001',
      voucher_count: '100000',
      password: PASSWORD,
    });
    expect(many.statusCode).toBe(400);
    expect(fieldError(many.body, 'voucher_count')).toMatch(/voucher_count/);
    const wrong = await c.post('/dashboard/vouchers/new', {
      amount: '0.0001',
      voucher_count: '1',
      password: 'not the password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(fieldError(wrong.body, 'password')).toBe('the password is wrong');
    // The fields typed are kept, the password never echoed.
    expect(wrong.body).toContain('value="0.0001"');
    expect(wrong.body).not.toContain('not the password');
    const missing = await c.post('/dashboard/vouchers/new', { amount: '0.0001', voucher_count: '1' });
    expect(missing.statusCode).toBe(400);
    expect(fieldError(missing.body, 'password')).toBe('enter your password to confirm');
    const broke = await c.post('/dashboard/vouchers/new', {
      amount: '1',
      voucher_count: '1',
      password: PASSWORD,
    });
    expect(broke.statusCode).toBe(422);
    expect(broke.body).toMatch(/class="problem" role="alert"/);
    expect(await batches(rt)).toHaveLength(0);
  });

  it('makes one batch of a form sent twice (its key is the Idempotency-Key)', async () => {
    const { rt, a, c } = await setUp(dialect);
    const page = await c.get('/dashboard/vouchers/new');
    const key = /name="form_key" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    expect(key).toMatch(/^dash-/);
    const fields = { form_key: key, amount: '0.0002', voucher_count: '1', password: PASSWORD };
    const first = await c.post('/dashboard/vouchers/new', fields);
    const afterFirst = await balanceOf(rt, a);
    const second = await c.post('/dashboard/vouchers/new', fields);
    expect(first.statusCode).toBe(303);
    expect(second.headers.location).toBe(first.headers.location);
    expect(await batches(rt)).toHaveLength(1);
    expect(await balanceOf(rt, a)).toBe(afterFirst);
  });

  it('revokes a batch only with the password: its vouchers stop working and the escrow returns', async () => {
    const { rt, a, c } = await setUp(dialect);
    const before = await balanceOf(rt, a);
    const tid = await createBatch(c);
    await c.get(`/dashboard/vouchers/${tid}`);
    const wrong = await c.post(`/dashboard/vouchers/${tid}/revoke`, { password: 'wrong password here' });
    expect(wrong.statusCode).toBe(401);
    expect(fieldError(wrong.body, 'password')).toBe('the password is wrong');
    expect((await batches(rt))[0]?.revoked_at_ms).toBeNull();

    const ok = await c.post(`/dashboard/vouchers/${tid}/revoke`, { password: PASSWORD });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe(`/dashboard/vouchers/${tid}?done=revoked`);
    const page = await c.get(String(ok.headers.location));
    expect(page.body).toContain('The batch is revoked.');
    expect(page.body).toContain('<span class="pill revoked">revoked</span>');
    expect(page.body).not.toContain(`action="/dashboard/vouchers/${tid}/revoke"`);
    expect((await batches(rt))[0]?.revoked_at_ms).not.toBeNull();
    expect(await balanceOf(rt, a)).toBe(before);
    const code = (
      await rt.deps.db.read
        .selectFrom('vouchers')
        .select('code')
        .where('batch_id', '=', tid)
        .executeTakeFirst()
    )?.code;
    const redeem = await rt.app.inject({
      method: 'POST',
      url: '/lapi/v1/redeemVoucher',
      headers: { 'x-api-key': a.invoiceKey, 'content-type': 'application/json' },
      payload: JSON.stringify({ voucher_code: code }),
    });
    expect(redeem.statusCode).toBeGreaterThanOrEqual(400);
    expect(redeem.statusCode).toBeLessThan(500);
  });

  it('one account never sees nor revokes another account’s batch', async () => {
    const { rt, a, c } = await setUp(dialect);
    const tid = await createBatch(c);
    const b = await makeAccount(rt.deps);
    await setPassword(rt.deps, b.usertag, PASSWORD);
    const other = new DashboardClient(rt.app);
    await other.signIn(b.usertag, PASSWORD);
    const list = await other.get('/dashboard/vouchers');
    expect(list.body).not.toContain(tid);
    expect(list.body).toContain('No voucher batches yet');
    const seen = await other.get(`/dashboard/vouchers/${tid}`);
    expect(seen.statusCode).toBe(404);
    expect(seen.body).not.toContain('Team lunch');
    const revoke = await other.post(`/dashboard/vouchers/${tid}/revoke`, { password: PASSWORD });
    expect(revoke.statusCode).toBe(404);
    expect((await batches(rt))[0]?.revoked_at_ms).toBeNull();
    expect((await batches(rt))[0]?.account_id).toBe(a.id);
  });

  it('refuses forged posts of both forms and changes nothing', async () => {
    const { rt, c } = await setUp(dialect);
    const tid = await createBatch(c);
    await c.get(`/dashboard/vouchers/${tid}`);
    const forms: Array<[string, Record<string, string>]> = [
      ['/dashboard/vouchers/new', { amount: '0.0001', voucher_count: '1', password: PASSWORD }],
      [`/dashboard/vouchers/${tid}/revoke`, { password: PASSWORD }],
    ];
    for (const [path, fields] of forms) {
      const noToken = await c.post(path, { ...fields, _csrf: '' });
      expect(noToken.statusCode, path).toBe(403);
      expect(noToken.body).toContain('Nothing was changed');
      const crossSite = await c.post(path, fields, {
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      });
      expect(crossSite.statusCode, path).toBe(403);
      const crossOrigin = await rt.app.inject({
        method: 'POST',
        url: path,
        payload: new URLSearchParams({ ...fields, _csrf: c.token }).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          origin: 'https://evil.example',
        },
      });
      expect(crossOrigin.statusCode, path).toBe(403);
    }
    const rows = await batches(rt);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.revoked_at_ms).toBeNull();
  });

  it('shows the batch list and a batch in Hindi', async () => {
    const { c } = await setUp(dialect);
    const tid = await createBatch(c);
    const list = await c.get('/dashboard/vouchers?lang=hi');
    expect(list.body).toContain('आपके बैच');
    expect((await c.get(`/dashboard/vouchers/${tid}`)).body).toContain('प्रिंट शीट');
  });
});
