import { afterEach, describe, expect, it } from 'vitest';
import { setPassword } from '../../src/app/accounts/password.ts';
import { sweepSessions } from '../../src/app/sessions/sessions.ts';
import type { Env } from '../../src/config/index.ts';
import type { Dialect } from '../../src/db/database.ts';
import { DashboardClient, PASSWORD } from '../fixtures/dashboard.ts';
import { DIALECTS, ManualClock, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

const runtimes: TestRuntime[] = [];
afterEach(async () => {
  for (const rt of runtimes.splice(0)) await rt.close();
});

async function start(dialect: Dialect, env: Env = {}, clock?: ManualClock) {
  const rt = await testRuntime(dialect, env, clock ? { clock } : {});
  runtimes.push(rt);
  return rt;
}

async function holder(rt: TestRuntime) {
  const a = await makeAccount(rt.deps);
  const set = await setPassword(rt.deps, a.usertag, PASSWORD);
  if (!set.ok) throw new Error(set.error.message);
  return a;
}

const signedIn = async (c: DashboardClient) => (await c.get('/dashboard')).statusCode === 200;

describe.each(DIALECTS)('dashboard sessions (%s)', (dialect) => {
  it('signs in with usertag or e-mail; the cookie is HttpOnly, SameSite=Lax, not Secure over http', async () => {
    const rt = await start(dialect);
    const a = await holder(rt);
    const c = new DashboardClient(rt.app);
    const res = await c.signIn(a.usertag, PASSWORD);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dashboard?done=signed_in');
    const set = String(res.headers['set-cookie']);
    expect(set).toMatch(/paytag_session=[A-Za-z0-9_-]{32}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200/);
    expect(set).not.toMatch(/Secure/);
    expect(await signedIn(c)).toBe(true);
    const byEmail = new DashboardClient(rt.app);
    expect((await byEmail.signIn(`${a.usertag}@example.com`, PASSWORD)).statusCode).toBe(303);
    expect(await signedIn(byEmail)).toBe(true);
  });

  it('over https the cookie is a Secure __Host- cookie', async () => {
    const rt = await start(dialect, { PUBLIC_URL: 'https://pay.example' });
    const a = await holder(rt);
    const c = new DashboardClient(rt.app, { origin: 'https://pay.example' });
    const res = await c.signIn(a.usertag, PASSWORD);
    expect(String(res.headers['set-cookie'])).toMatch(
      /__Host-paytag_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Secure/,
    );
    expect(await signedIn(c)).toBe(true);
  });

  it('a wrong password, an unknown name and an account without password are one refusal', async () => {
    const rt = await start(dialect);
    const a = await holder(rt);
    const none = await makeAccount(rt.deps);
    for (const [login, pw] of [
      [a.usertag, 'wrong password!!'],
      ['nobody_here', PASSWORD],
      [none.usertag, PASSWORD],
    ] as const) {
      const c = new DashboardClient(rt.app);
      const res = await c.signIn(login, pw);
      expect(res.statusCode).toBe(401);
      expect(res.body).toContain('the usertag, e-mail or password is wrong');
      expect(res.body).toContain('aria-invalid="true"');
      expect(res.headers['set-cookie'] ?? '').not.toMatch(/paytag_session=[A-Za-z0-9]/);
    }
  });

  it('a session ends after DASHBOARD_SESSION_IDLE_S without use, and at DASHBOARD_SESSION_MAX_S whatever its use', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const rt = await start(
      dialect,
      { DASHBOARD_SESSION_IDLE_S: '600', DASHBOARD_SESSION_MAX_S: '3600' },
      clock,
    );
    const a = await holder(rt);
    const idle = new DashboardClient(rt.app);
    await idle.signIn(a.usertag, PASSWORD);
    clock.advance(599_000);
    expect(await signedIn(idle)).toBe(true);
    // Used at 599 s: idle expiry counts from there.
    clock.advance(599_000);
    expect(await signedIn(idle)).toBe(true);
    clock.advance(601_000);
    const gone = await idle.get('/dashboard');
    expect(gone.statusCode).toBe(303);
    expect(gone.headers.location).toBe('/dashboard/sign-in?next=%2Fdashboard');

    const busy = new DashboardClient(rt.app);
    await busy.signIn(a.usertag, PASSWORD);
    for (let t = 0; t < 3500; t += 500) {
      clock.advance(500_000);
      expect(await signedIn(busy)).toBe(t + 500 < 3600);
    }
  });

  it('sign-out ends the session on the server: the old cookie no longer works', async () => {
    const rt = await start(dialect);
    const a = await holder(rt);
    const c = new DashboardClient(rt.app);
    await c.signIn(a.usertag, PASSWORD);
    await c.get('/dashboard');
    const stolen = new Map(c.cookies);
    const out = await c.post('/dashboard/sign-out');
    expect(out.headers.location).toBe('/dashboard/sign-in?done=signed_out');
    expect(await signedIn(c)).toBe(false);
    const replay = new DashboardClient(rt.app);
    for (const [k, v] of stolen) replay.cookies.set(k, v);
    expect(await signedIn(replay)).toBe(false);
  });

  it('sign-out everywhere ends every session of the account, and no other account’s', async () => {
    const rt = await start(dialect);
    const a = await holder(rt);
    const b = await holder(rt);
    const [one, two, other] = [
      new DashboardClient(rt.app),
      new DashboardClient(rt.app),
      new DashboardClient(rt.app),
    ];
    await one.signIn(a.usertag, PASSWORD);
    await two.signIn(a.usertag, PASSWORD);
    await other.signIn(b.usertag, PASSWORD);
    await two.get('/dashboard/account');
    const res = await two.post('/dashboard/sign-out-everywhere');
    expect(res.headers.location).toBe('/dashboard/sign-in?done=signed_out_everywhere');
    expect(await signedIn(one)).toBe(false);
    expect(await signedIn(two)).toBe(false);
    expect(await signedIn(other)).toBe(true);
  });

  it('a password change ends every other session; the new password signs in, the old one not', async () => {
    const rt = await start(dialect);
    const a = await holder(rt);
    const [me, elsewhere] = [new DashboardClient(rt.app), new DashboardClient(rt.app)];
    await me.signIn(a.usertag, PASSWORD);
    await elsewhere.signIn(a.usertag, PASSWORD);
    await me.get('/dashboard/account');
    const fresh = 'a brand new long password';
    const wrong = await me.post('/dashboard/account/password', {
      current_password: 'not my password',
      new_password: fresh,
      repeat_password: fresh,
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toMatch(/id="f-current_password"[^>]*aria-invalid="true"/);
    expect(await signedIn(elsewhere)).toBe(true);
    const res = await me.post('/dashboard/account/password', {
      current_password: PASSWORD,
      new_password: fresh,
      repeat_password: fresh,
    });
    expect(res.headers.location).toBe('/dashboard/account?done=password_changed');
    expect(await signedIn(me)).toBe(true);
    expect(await signedIn(elsewhere)).toBe(false);
    expect((await new DashboardClient(rt.app).signIn(a.usertag, PASSWORD)).statusCode).toBe(401);
    expect((await new DashboardClient(rt.app).signIn(a.usertag, fresh)).statusCode).toBe(303);
  });

  it('the sweep deletes sessions past their absolute end, and only those', async () => {
    const clock = new ManualClock();
    const rt = await start(
      dialect,
      { DASHBOARD_SESSION_MAX_S: '3600', DASHBOARD_SESSION_IDLE_S: '3600' },
      clock,
    );
    const a = await holder(rt);
    await new DashboardClient(rt.app).signIn(a.usertag, PASSWORD);
    clock.advance(1800_000);
    const late = new DashboardClient(rt.app);
    await late.signIn(a.usertag, PASSWORD);
    clock.advance(1801_000);
    const count = async () => (await rt.deps.db.read.selectFrom('sessions').select('id').execute()).length;
    expect(await count()).toBe(2);
    expect(await sweepSessions(rt.deps, new AbortController().signal)).toBe(1);
    expect(await count()).toBe(1);
    expect(await signedIn(late)).toBe(true);
  });

  it('`paytag account password` ends every session of the account', async () => {
    const rt = await start(dialect);
    const a = await holder(rt);
    const c = new DashboardClient(rt.app);
    await c.signIn(a.usertag, PASSWORD);
    expect(await signedIn(c)).toBe(true);
    expect((await setPassword(rt.deps, a.usertag, 'another long password')).ok).toBe(true);
    expect(await signedIn(c)).toBe(false);
  });
});

describe.each(DIALECTS)('sign-in limits (%s)', (dialect) => {
  it('per account: beyond DASHBOARD_SIGNIN_PER_ACCOUNT attempts even the right password is refused, from any address and instance', async () => {
    const rt = await start(dialect, { DASHBOARD_SIGNIN_PER_ACCOUNT: '3', DASHBOARD_SIGNIN_WINDOW_S: '900' });
    const a = await holder(rt);
    for (let i = 0; i < 3; i++) {
      const r = await new DashboardClient(rt.app, { remoteAddress: `198.51.100.${i + 1}` }).signIn(
        a.usertag,
        'bad password 123',
      );
      expect(r.statusCode).toBe(401);
    }
    const right = await new DashboardClient(rt.app, { remoteAddress: '198.51.100.9' }).signIn(
      `${a.usertag}@example.com`,
      PASSWORD,
    );
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(right.headers['set-cookie'] ?? '').not.toMatch(/paytag_session=[A-Za-z0-9]/);
    // Counted in the database: a second instance on it refuses as well.
    const second = await testRuntime(
      dialect,
      { DASHBOARD_SIGNIN_PER_ACCOUNT: '3' },
      { databaseUrl: rt.databaseUrl },
    );
    runtimes.push(second);
    expect((await new DashboardClient(second.app).signIn(a.usertag, PASSWORD)).statusCode).toBe(429);
    // Another account is not affected.
    const b = await holder(rt);
    expect((await new DashboardClient(rt.app).signIn(b.usertag, PASSWORD)).statusCode).toBe(303);
  });

  it('password confirmations count per session: wrong sign-ins elsewhere never block them, their own wrong ones do, right ones are free', async () => {
    const rt = await start(dialect, { DASHBOARD_SIGNIN_PER_ACCOUNT: '3', DASHBOARD_SIGNIN_WINDOW_S: '900' });
    const a = await holder(rt);
    const mine = new DashboardClient(rt.app);
    const other = new DashboardClient(rt.app, { remoteAddress: '198.51.100.20' });
    expect((await mine.signIn(a.usertag, PASSWORD)).statusCode).toBe(303);
    expect((await other.signIn(a.usertag, PASSWORD)).statusCode).toBe(303);
    // A stranger who knows only the usertag locks the sign-in …
    for (let i = 0; i < 4; i++) {
      await new DashboardClient(rt.app, { remoteAddress: `203.0.113.${i + 1}` }).signIn(
        a.usertag,
        'guess 1234',
      );
    }
    expect((await new DashboardClient(rt.app).signIn(a.usertag, PASSWORD)).statusCode).toBe(429);
    // … but not what the signed-in holder confirms with the password.
    const secret = async () =>
      (
        await rt.deps.db.read
          .selectFrom('accounts')
          .select('webhook_secret')
          .where('id', '=', a.id)
          .executeTakeFirstOrThrow()
      ).webhook_secret;
    const rotate = async (c: DashboardClient, password: string) => {
      await c.get('/dashboard/developers');
      return (await c.post('/dashboard/developers/webhook-secret', { password })).statusCode;
    };
    const before = await secret();
    expect(await rotate(mine, PASSWORD)).toBe(200);
    expect(await secret()).not.toBe(before);
    // Right passwords never use the limit up: an operator may confirm all day.
    for (let i = 0; i < 5; i++) expect(await rotate(mine, PASSWORD)).toBe(200);
    // A session's wrong confirmations are limited, in that session only.
    for (let i = 0; i < 3; i++) expect(await rotate(mine, 'wrong password 1')).toBe(401);
    expect(await rotate(mine, PASSWORD)).toBe(429);
    const rotated = await secret();
    expect(await rotate(other, PASSWORD)).toBe(200);
    expect(await secret()).not.toBe(rotated);
  });

  it('the window ends: after DASHBOARD_SIGNIN_WINDOW_S the right password signs in again', async () => {
    const clock = new ManualClock();
    const rt = await start(
      dialect,
      { DASHBOARD_SIGNIN_PER_ACCOUNT: '2', DASHBOARD_SIGNIN_WINDOW_S: '60' },
      clock,
    );
    const a = await holder(rt);
    await new DashboardClient(rt.app).signIn(a.usertag, 'bad password 123');
    await new DashboardClient(rt.app).signIn(a.usertag, 'bad password 123');
    expect((await new DashboardClient(rt.app).signIn(a.usertag, PASSWORD)).statusCode).toBe(429);
    clock.advance(61_000);
    expect((await new DashboardClient(rt.app).signIn(a.usertag, PASSWORD)).statusCode).toBe(303);
  });

  it('per client address behind the trusted proxy: the forwarded client counts, not the proxy', async () => {
    const rt = await start(dialect, { DASHBOARD_SIGNIN_PER_ADDRESS: '3', TRUST_PROXY: '10.0.0.1' });
    const names = await Promise.all([holder(rt), holder(rt), holder(rt), holder(rt)]);
    const via = (client: string) =>
      new DashboardClient(rt.app, { remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': client } });
    for (const n of names.slice(0, 3))
      expect((await via('203.0.113.7').signIn(n.usertag, 'guess guess guess')).statusCode).toBe(401);
    // The fourth attempt from that client is refused before any password is checked, whatever the name.
    expect((await via('203.0.113.7').signIn(names[3]!.usertag, PASSWORD)).statusCode).toBe(429);
    // Another client behind the same proxy has its own count.
    expect((await via('203.0.113.8').signIn(names[3]!.usertag, PASSWORD)).statusCode).toBe(303);
  });
});
