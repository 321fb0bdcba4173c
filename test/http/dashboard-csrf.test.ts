import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { sendEmailConfirmation } from '../../src/app/accounts/email-confirmation.ts';
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
  path: string | ((x: Context) => string);
  /** Signed in before the post (the forms of a session) or not (sign-in, sign-up). */
  session: boolean;
  /** The page whose token the form carries. */
  page: string;
  fields: (a: TestAccount, x: Context) => Record<string, string>;
  /** Made before the forgeries (a payment to change, a delivery to send again). */
  prepare?: (rt: TestRuntime, a: TestAccount) => Promise<Context>;
  /** A post that changes nothing even when it goes through (the send form's review step). */
  readOnly?: boolean;
  /** What a successful post changes: read before and after, must be equal after a refusal. */
  probe: (rt: TestRuntime, a: TestAccount, c: DashboardClient) => Promise<unknown>;
}

type Context = Record<string, string>;
const pathOf = (f: Form, x: Context) => (typeof f.path === 'string' ? f.path : f.path(x));
const keyHashes = async (rt: TestRuntime, a: TestAccount) =>
  (
    await rt.deps.db.read
      .selectFrom('api_keys')
      .select('key_hash')
      .where('account_id', '=', a.id)
      .where('revoked_at_ms', 'is', null)
      .orderBy('key_hash')
      .execute()
  ).map((r) => r.key_hash);
const balance = async (rt: TestRuntime, a: TestAccount) =>
  (
    await rt.app.inject({ method: 'GET', url: '/lapi/v1/wallet', headers: { 'x-api-key': a.invoiceKey } })
  ).json().data.balance_lbtc;
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
  {
    path: '/dashboard/receive',
    session: true,
    page: '/dashboard/receive',
    fields: () => ({ amount: '0.0001' }),
    probe: async (rt) => (await rt.deps.db.read.selectFrom('payments').select('id').execute()).length,
  },
  {
    path: '/dashboard/send/review',
    session: true,
    page: '/dashboard/send',
    fields: () => ({ to: 'csrf_payee', amount: '0.0001' }),
    probe: (rt, a) => balance(rt, a),
    readOnly: true,
  },
  {
    path: '/dashboard/send',
    session: true,
    page: '/dashboard/send',
    fields: () => ({
      to: 'csrf_payee',
      amount: '0.0001',
      password: PASSWORD,
      idempotency_key: randomBytes(16).toString('hex'),
    }),
    probe: (rt, a) => balance(rt, a),
  },
  {
    path: (x) => `/dashboard/payments/${x['tid']}/status`,
    session: true,
    page: '/dashboard/receive',
    prepare: async (rt, a) => {
      const r = await rt.app.inject({
        method: 'POST',
        url: '/lapi/v1/receive',
        headers: { 'x-api-key': a.invoiceKey },
        payload: { amount: '0.0001' },
      });
      return { tid: r.json().data.tid as string };
    },
    fields: () => ({ status_payee: 'paid', password: PASSWORD }),
    probe: async (rt, a) =>
      (
        await rt.deps.db.read
          .selectFrom('payments')
          .select('status_payee')
          .where('account_id', '=', a.id)
          .execute()
      ).map((r) => r.status_payee),
  },
  ...(['invoice', 'admin'] as const).map(
    (kind): Form => ({
      path: `/dashboard/developers/keys/${kind}`,
      session: true,
      page: '/dashboard/developers',
      fields: () => ({ password: PASSWORD }),
      probe: (rt, a) => keyHashes(rt, a),
    }),
  ),
  {
    path: '/dashboard/developers/webhook-secret',
    session: true,
    page: '/dashboard/developers',
    fields: () => ({ password: PASSWORD }),
    probe: async (rt, a) =>
      (
        await rt.deps.db.read
          .selectFrom('accounts')
          .select('webhook_secret')
          .where('id', '=', a.id)
          .executeTakeFirst()
      )?.webhook_secret,
  },
  {
    path: '/dashboard/developers/redeliver',
    session: true,
    page: '/dashboard/developers',
    prepare: async (rt, a) => {
      await sendEmailConfirmation(rt.deps, a.usertag);
      const row = await rt.deps.db.read
        .selectFrom('outbox')
        .select('event_id')
        .where('account_id', '=', a.id)
        .executeTakeFirstOrThrow();
      // Delivered already, so that a redelivery is a visible change.
      await rt.deps.db.write((trx) =>
        trx.updateTable('outbox').set({ state: 'delivered' }).where('event_id', '=', row.event_id).execute(),
      );
      return { delivery: row.event_id };
    },
    fields: (_a, x) => ({ delivery_id: x['delivery'] ?? '', password: PASSWORD }),
    probe: async (rt, a) =>
      await rt.deps.db.read
        .selectFrom('outbox')
        .select(['state', 'next_attempt_at_ms'])
        .where('account_id', '=', a.id)
        .execute(),
  },
];

async function setUp(dialect: Dialect) {
  const rt = await testRuntime(dialect);
  runtimes.push(rt);
  const a = await makeAccount(rt.deps, { fund: { lbtc: '0.01' } });
  await setPassword(rt.deps, a.usertag, PASSWORD);
  await makeAccount(rt.deps, { usertag: 'csrf_payee' });
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
  it.each(
    FORMS.map((f) => [typeof f.path === 'string' ? f.path : '/dashboard/payments/<tid>/status', f] as const),
  )('%s', async (_path, form) => {
    const { rt, a } = await setUp(dialect);
    const x = (await form.prepare?.(rt, a)) ?? {};
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
        url: pathOf(form, x),
        payload: new URLSearchParams({ ...form.fields(a, x), ...fields }).toString(),
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
    const res = await c.post(pathOf(form, x), form.fields(a, x));
    expect(res.statusCode).toBeLessThan(400);
    if (form.readOnly) expect(await form.probe(rt, a, c)).toEqual(before);
    else expect(await form.probe(rt, a, c)).not.toEqual(before);
  });

  it('a signed-in form refuses the sign-in page’s token: only the session’s own token passes', async () => {
    const { rt, a } = await setUp(dialect);
    const c = new DashboardClient(rt.app);
    // The sign-in page leaves its pre-session cookie in the browser, next to the session's.
    await c.get('/dashboard/sign-in');
    const preToken = c.token;
    await c.post('/dashboard/sign-in', { login: a.usertag, password: PASSWORD });
    expect(c.cookies.has('paytag_pre')).toBe(true);
    const res = await c.post('/dashboard/sign-out-everywhere', { _csrf: preToken });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('Nothing was changed');
    expect(await signedIn(c)).toBe(200);
    // The sign-in form of an older tab still signs in (its token is the pre-session one).
    const again = await c.post('/dashboard/sign-in', {
      _csrf: preToken,
      login: a.usertag,
      password: PASSWORD,
    });
    expect(again.statusCode).toBe(303);
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
