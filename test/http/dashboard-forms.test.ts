import { afterEach, describe, expect, it } from 'vitest';
import { setPassword } from '../../src/app/accounts/password.ts';
import { VOUCHER_COUNT_MAX, VOUCHER_COUNT_MIN } from '../../src/domain/vouchers.ts';
import { DashboardClient, PASSWORD } from '../fixtures/dashboard.ts';
import { DIALECTS, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

const runtimes: TestRuntime[] = [];
afterEach(async () => {
  for (const rt of runtimes.splice(0)) await rt.close();
});

/** The error text tied to a field: the input names it in aria-describedby and is marked invalid. */
function fieldError(body: string, name: string): string | null {
  const input = new RegExp(`<input id="f-${name}"[^>]*>`).exec(body)?.[0] ?? '';
  if (!input.includes('aria-invalid="true"') || !input.includes(`f-${name}-err`)) return null;
  return new RegExp(`<span class="err" id="f-${name}-err">([^<]*)</span>`).exec(body)?.[1] ?? null;
}

describe.each(DIALECTS)('dashboard forms (%s)', (dialect) => {
  it('the voucher form states the same count limit as the API, in English and Hindi', async () => {
    const rt = await testRuntime(dialect);
    runtimes.push(rt);
    const a = await makeAccount(rt.deps, { fund: { lbtc: '0.01' } });
    await setPassword(rt.deps, a.usertag, PASSWORD);
    const c = new DashboardClient(rt.app);
    expect((await c.signIn(a.usertag, PASSWORD)).statusCode).toBe(303);
    const en = await c.get('/dashboard/vouchers/new?lang=en');
    expect(en.body).toContain(`From ${VOUCHER_COUNT_MIN} to ${VOUCHER_COUNT_MAX}.`);
    expect(en.body).not.toContain('1000.');
    const hi = await c.get('/dashboard/vouchers/new?lang=hi');
    expect(hi.body).toContain(`${VOUCHER_COUNT_MIN} से ${VOUCHER_COUNT_MAX} तक।`);
    // The API's own answer to one more than the limit names the same number.
    const over = await c.post('/dashboard/vouchers/new?lang=en', {
      amount: '0.00001',
      voucher_count: String(VOUCHER_COUNT_MAX + 1),
      password: PASSWORD,
    });
    expect(fieldError(over.body, 'voucher_count')).toContain(
      `from ${VOUCHER_COUNT_MIN} to ${VOUCHER_COUNT_MAX}`,
    );
  });

  it('sign-up reports every field error at once and creates nothing', async () => {
    const rt = await testRuntime(dialect);
    runtimes.push(rt);
    const c = new DashboardClient(rt.app);
    await c.get('/dashboard/sign-up');
    const res = await c.post('/dashboard/sign-up', {
      usertag: 'Dave Shop',
      email: 'dave@example',
      password: 'short',
      repeat_password: 'shorter',
    });
    expect(res.statusCode).toBe(400);
    for (const f of ['usertag', 'email', 'password', 'repeat_password'])
      expect(fieldError(res.body, f), f).not.toBeNull();
    expect(fieldError(res.body, 'password')).toContain('12');
    expect(res.body).toContain('value="Dave Shop"');
    const n = await rt.deps.db.read
      .selectFrom('accounts')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('email', '=', 'dave@example')
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(0);
    // One bad field: only that one is marked.
    await c.get('/dashboard/sign-up');
    const one = await c.post('/dashboard/sign-up', {
      usertag: `dave_${dialect}`,
      email: 'dave@example.com',
      password: 'short',
      repeat_password: 'short',
    });
    expect(one.statusCode).toBe(400);
    expect(fieldError(one.body, 'password')).not.toBeNull();
    for (const f of ['usertag', 'email', 'repeat_password']) expect(fieldError(one.body, f), f).toBeNull();
  });
});
