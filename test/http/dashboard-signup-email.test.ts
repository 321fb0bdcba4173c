import { afterEach, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/app/accounts/create-account.ts';
import { confirmEmail } from '../../src/app/accounts/email-confirmation.ts';
import type { Dialect } from '../../src/db/database.ts';
import { DashboardClient, PASSWORD } from '../fixtures/dashboard.ts';
import { DIALECTS, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

const runtimes: TestRuntime[] = [];
afterEach(async () => {
  for (const rt of runtimes.splice(0)) await rt.close();
});

async function setUp(dialect: Dialect) {
  const rt = await testRuntime(dialect);
  runtimes.push(rt);
  return rt;
}

/** The e-mails queued for `to`: their type and text. */
const mailsTo = async (rt: TestRuntime, to: string) =>
  (
    await rt.deps.db.read
      .selectFrom('outbox')
      .select(['event_type', 'payload'])
      .where('kind', '=', 'email')
      .where('destination', '=', to)
      .orderBy('id')
      .execute()
  ).map((r) => ({ type: r.event_type, text: (JSON.parse(r.payload) as { text: string }).text }));

/** The token of the newest confirmation link sent to `to`. */
const linkTo = async (rt: TestRuntime, to: string): Promise<string> => {
  const links = (await mailsTo(rt, to)).filter((m) => m.type === 'email_confirmation');
  const token = /\/verify\/email\/([A-Za-z0-9_-]+)/.exec(links.at(-1)?.text ?? '')?.[1];
  if (token === undefined) throw new Error(`no link to ${to}`);
  return token;
};

async function signUp(rt: TestRuntime, usertag: string, email: string) {
  const c = new DashboardClient(rt.app);
  await c.get('/dashboard/sign-up');
  const res = await c.post('/dashboard/sign-up', {
    usertag,
    email,
    password: PASSWORD,
    repeat_password: PASSWORD,
  });
  return { c, res };
}

const row = (rt: TestRuntime, usertag: string) =>
  rt.deps.db.read.selectFrom('accounts').selectAll().where('usertag', '=', usertag).executeTakeFirstOrThrow();

describe.each(DIALECTS)('dashboard sign-up and e-mail addresses on %s', (dialect) => {
  it('answers the same whether or not the address has an account; its owner is told, no link goes out for it', async () => {
    const rt = await setUp(dialect);
    const owner = await createAccount(rt.deps, {
      usertag: 'owner_one',
      email: 'owner@example.org',
      emailConfirmed: true,
    });
    expect(owner.ok).toBe(true);
    const taken = await signUp(rt, 'prober_one', 'Owner@Example.org');
    const fresh = await signUp(rt, 'prober_two', 'nobody@example.org');
    for (const r of [taken, fresh]) {
      expect(r.res.statusCode).toBe(303);
      expect(r.res.headers.location).toBe('/dashboard?done=signed_up');
    }
    // Both pages say the same: a link went to the address they gave.
    const takenPage = (await taken.c.get('/dashboard/account')).body;
    const freshPage = (await fresh.c.get('/dashboard/account')).body;
    expect(takenPage).toContain('owner@example.org');
    expect(freshPage).toContain('nobody@example.org');
    expect(
      takenPage
        .replaceAll('owner@example.org', 'X')
        .replaceAll('prober_one', 'U')
        .replace(/value="[0-9a-f]{64}"/g, ''),
    ).toBe(
      freshPage
        .replaceAll('nobody@example.org', 'X')
        .replaceAll('prober_two', 'U')
        .replace(/value="[0-9a-f]{64}"/g, ''),
    );
    // Sending the link again answers the same too.
    for (const r of [taken, fresh]) {
      const again = await r.c.post('/dashboard/confirm-email');
      expect(again.headers.location).toBe('/dashboard/account?done=confirmation_sent');
    }
    // The owner got notices, never a link that could move the address; the new address got links.
    const ownerMails = await mailsTo(rt, 'owner@example.org');
    expect(ownerMails.map((m) => m.type)).toEqual(['signup_address_taken', 'signup_address_taken']);
    expect(ownerMails[0]?.text).toMatch(/someone tried to sign up/i);
    expect(ownerMails[0]?.text).not.toContain('prober_one');
    expect((await mailsTo(rt, 'nobody@example.org')).map((m) => m.type)).toEqual([
      'email_confirmation',
      'email_confirmation',
    ]);
    expect(await row(rt, 'owner_one')).toMatchObject({ email: 'owner@example.org' });
    // A usertag that is taken is still said so (usertags are public).
    const again = await signUp(rt, 'owner_one', 'another@example.org');
    expect(again.res.statusCode).toBe(409);
    expect(again.res.body).toMatch(/usertag (&quot;|&#34;|")owner_one(&quot;|&#34;|") is taken/);
  });

  it('an unconfirmed account does not keep an address from its owner, and nobody takes over a confirmed one', async () => {
    const rt = await setUp(dialect);
    // Someone signs up first with the victim's address (and an account made on the command line
    // without confirmation holds another).
    expect((await signUp(rt, 'squatter', 'victim@example.org')).res.statusCode).toBe(303);
    const squatterLink = await linkTo(rt, 'victim@example.org');
    const cli = await createAccount(rt.deps, { usertag: 'cli_made', email: 'shared@example.org' });
    expect(cli.ok).toBe(true);

    // The owner signs up with their own address, follows their link, and has it.
    const victim = await signUp(rt, 'victim', 'victim@example.org');
    expect(victim.res.headers.location).toBe('/dashboard?done=signed_up');
    const victimLink = await linkTo(rt, 'victim@example.org');
    expect(await confirmEmail(rt.deps, victimLink)).toEqual({ ok: true, value: { usertag: 'victim' } });
    expect(await row(rt, 'victim')).toMatchObject({ email: 'victim@example.org' });
    expect((await row(rt, 'victim')).email_confirmed_at_ms).not.toBeNull();
    // The squatter's link no longer confirms anything; the owner signs in with the address.
    expect(await confirmEmail(rt.deps, squatterLink)).toMatchObject({ ok: false });
    expect((await row(rt, 'squatter')).email_confirmed_at_ms).toBeNull();
    expect((await row(rt, 'squatter')).email).not.toBe('victim@example.org');
    const signIn = await new DashboardClient(rt.app).signIn('victim@example.org', PASSWORD);
    expect(signIn.headers.location).toBe('/dashboard?done=signed_in');

    // A later sign-up with the confirmed address gets the same answer, no link, and never the address.
    const late = await signUp(rt, 'latecomer', 'victim@example.org');
    expect(late.res.headers.location).toBe('/dashboard?done=signed_up');
    expect((await mailsTo(rt, 'victim@example.org')).at(-1)?.type).toBe('signup_address_taken');
    expect(await row(rt, 'victim')).toMatchObject({ email: 'victim@example.org' });

    // The unconfirmed command-line account gives its address up to whoever confirms it.
    expect((await signUp(rt, 'shared_owner', 'shared@example.org')).res.statusCode).toBe(303);
    expect(await confirmEmail(rt.deps, await linkTo(rt, 'shared@example.org'))).toMatchObject({
      ok: true,
      value: { usertag: 'shared_owner' },
    });
    expect((await row(rt, 'shared_owner')).email).toBe('shared@example.org');
    expect((await row(rt, 'cli_made')).email).not.toBe('shared@example.org');
    // The operator's command still says an address is taken.
    const byOperator = await createAccount(rt.deps, { usertag: 'op_made', email: 'victim@example.org' });
    expect(byOperator).toMatchObject({ ok: false, error: { code: 'email_taken' } });
  });
});
