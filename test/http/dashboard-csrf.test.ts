import { afterEach, describe, expect, it } from 'vitest';
import { setPassword } from '../../src/app/accounts/password.ts';
import type { Dialect } from '../../src/db/database.ts';
import { DashboardClient, PASSWORD } from '../fixtures/dashboard.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

const runtimes: TestRuntime[] = [];
afterEach(async () => {
  for (const rt of runtimes.splice(0)) await rt.close();
});

/**
 * Every form of the dashboard, with what a successful post would change. A forged post is made four ways:
 * without the token, with a wrong one, with the right token from another site's Origin, and with the
 * right token but Sec-Fetch-Site cross-site; each is refused with 403 and changes nothing.
 */
interface Form {
  path: string;
  /** Signed in before the post (the forms of a session) or not (sign-in, sign-up). */
  session: boolean;
  /** The page whose token the form carries. */
  page: string;
  fields: (a: TestAccount) => Record<string, string>;
  /** What a successful post changes: read before and after, must be equal after a refusal. */
  probe: (rt: TestRuntime, a: TestAccount, c: DashboardClient) => Promise<unknown>;
}

const signedIn = async (c: DashboardClient) => (await c.get('/dashboard')).statusCode;
const mails = async (rt: TestRuntime) =>
  (await rt.deps.db.read.selectFrom('outbox').select('id').execute()).length;
const sessions = async (rt: TestRuntime) =>
  (await rt.deps.db.read.selectFrom('sessions').select('id').where('ended_at_ms', 'is', null).execute())
    .length;

const FORMS: Form[] = [
  {
    path: '/dashboard/sign-in',
    session: false,
    page: '/dashboard/sign-in',
    fields: (a) => ({ login: a.usertag, password: PASSWORD }),
    probe: (rt) => sessions(rt),
  },
  {
    path: '/dashboard/sign-up',
    session: false,
    page: '/dashboard/sign-up',
    fields: () => ({
      usertag: 'forged_one',
      email: 'forged@example.com',
      password: PASSWORD,
      repeat_password: PASSWORD,
    }),
    probe: async (rt) => (await rt.deps.db.read.selectFrom('accounts').select('id').execute()).length,
  },
  {
    path: '/dashboard/sign-out',
    session: true,
    page: '/dashboard',
    fields: () => ({}),
    probe: (rt) => sessions(rt),
  },
  {
    path: '/dashboard/sign-out-everywhere',
    session: true,
    page: '/dashboard/account',
    fields: () => ({}),
    probe: (rt) => sessions(rt),
  },
  {
    path: '/dashboard/account/password',
    session: true,
    page: '/dashboard/account',
    fields: () => ({
      current_password: PASSWORD,
      new_password: 'forged new password',
      repeat_password: 'forged new password',
    }),
    probe: async (rt, a) =>
      (
        await rt.deps.db.read
          .selectFrom('accounts')
          .select('password_hash')
          .where('id', '=', a.id)
          .executeTakeFirst()
      )?.password_hash,
  },
  {
    path: '/dashboard/confirm-email',
    session: true,
    page: '/dashboard/account',
    fields: () => ({}),
    probe: (rt) => mails(rt),
  },
];

async function setUp(dialect: Dialect) {
  const rt = await testRuntime(dialect);
  runtimes.push(rt);
  const a = await makeAccount(rt.deps);
  await setPassword(rt.deps, a.usertag, PASSWORD);
  return { rt, a };
}

const FORGERIES: Array<
  [string, (c: DashboardClient) => { fields: Record<string, string>; headers: Record<string, string> }]
> = [
  ['no token', () => ({ fields: { _csrf: '' }, headers: {} })],
  ['a wrong token', () => ({ fields: { _csrf: 'ab'.repeat(32) }, headers: {} })],
  [
    'a cross-site Origin',
    (c) => ({
      fields: { _csrf: c.token },
      headers: { origin: 'https://evil.example', 'sec-fetch-site': '' },
    }),
  ],
  [
    'Sec-Fetch-Site: cross-site',
    (c) => ({ fields: { _csrf: c.token }, headers: { 'sec-fetch-site': 'cross-site' } }),
  ],
];

describe.each(DIALECTS)('CSRF refusal on every dashboard form (%s)', (dialect) => {
  it.each(FORMS.map((f) => [f.path, f] as const))('%s', async (_path, form) => {
    const { rt, a } = await setUp(dialect);
    for (const [how, forge] of FORGERIES) {
      const c = new DashboardClient(rt.app);
      if (form.session) expect((await c.signIn(a.usertag, PASSWORD)).statusCode).toBe(303);
      await c.get(form.page);
      expect(c.token, how).toMatch(/^[0-9a-f]{64}$/);
      const before = await form.probe(rt, a, c);
      const { fields, headers } = forge(c);
      const h = Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== ''));
      const res = await rt.app.inject({
        method: 'POST',
        url: form.path,
        payload: new URLSearchParams({ ...form.fields(a), ...fields }).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(headers['sec-fetch-site'] === '' ? {} : { 'sec-fetch-site': 'same-origin' }),
          ...h,
        },
      });
      expect(res.statusCode, how).toBe(403);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body, how).toContain('Nothing was changed');
      expect(await form.probe(rt, a, c), how).toEqual(before);
      if (form.session) expect(await signedIn(c), how).toBe(200);
    }
    // The same post from the page itself goes through (so the refusals above were the checks' doing).
    const c = new DashboardClient(rt.app);
    if (form.session) await c.signIn(a.usertag, PASSWORD);
    await c.get(form.page);
    const before = await form.probe(rt, a, c);
    const res = await c.post(form.path, form.fields(a));
    expect(res.statusCode).toBe(303);
    expect(await form.probe(rt, a, c)).not.toEqual(before);
  });

  it('a token of one session does not pass for another', async () => {
    const { rt, a } = await setUp(dialect);
    const mine = new DashboardClient(rt.app);
    await mine.signIn(a.usertag, PASSWORD);
    await mine.get('/dashboard/account');
    const other = new DashboardClient(rt.app);
    await other.signIn(a.usertag, PASSWORD);
    await other.get('/dashboard/account');
    expect(other.token).not.toBe(mine.token);
    const res = await other.post('/dashboard/sign-out-everywhere', { _csrf: mine.token });
    expect(res.statusCode).toBe(403);
    expect(await signedIn(mine)).toBe(200);
  });
});
