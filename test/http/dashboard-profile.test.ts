import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/app/accounts/create-account.ts';
import { reviewKyc, submitKyc } from '../../src/app/accounts/kyc.ts';
import { setPassword } from '../../src/app/accounts/password.ts';
import { answerConsent } from '../../src/app/verification/consent.ts';
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

let seq = 0;
/** An account holder with a confirmed e-mail and a password, signed in on the dashboard. */
async function holder(rt: TestRuntime) {
  seq += 1;
  const usertag = `holder_${process.pid}_${seq}`;
  const email = `${usertag}@example.org`;
  const r = await createAccount(rt.deps, { usertag, email, fullName: 'Ada Lovelace', emailConfirmed: true });
  if (!r.ok) throw new Error(r.error.message);
  await setPassword(rt.deps, usertag, PASSWORD);
  const c = new DashboardClient(rt.app);
  expect((await c.signIn(usertag, PASSWORD)).statusCode).toBe(303);
  return { id: r.value.id, usertag, email, c };
}

async function setUp(dialect: Dialect) {
  const rt = await testRuntime(dialect);
  runtimes.push(rt);
  return { rt, h: await holder(rt) };
}

function fieldError(body: string, name: string): string | null {
  const input = new RegExp(`<input id="f-${name}"[^>]*>`).exec(body)?.[0] ?? '';
  if (!input.includes('aria-invalid="true"') || !input.includes(`f-${name}-err`)) return null;
  return new RegExp(`<span class="err" id="f-${name}-err">([^<]*)</span>`).exec(body)?.[1] ?? null;
}

const accountRow = (rt: TestRuntime, id: bigint) =>
  rt.deps.db.read.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/**
 * A verification of `usertag` by the application `app`, through the public API (POST /api/v1/auth and
 * /auth/verify with the e-mailed OTP); with kyc, the holder answers the consent page first.
 */
async function verifiedBy(
  rt: TestRuntime,
  app: TestAccount,
  h: { usertag: string; email: string },
  kyc: 'approved' | 'declined' | null,
) {
  const call = (path: string, body: unknown): Promise<LightMyRequestResponse> =>
    rt.app.inject({
      method: 'POST',
      url: `/api/v1/${path}`,
      headers: { 'x-api-key': app.invoiceKey, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const started = await call(
    'auth',
    kyc === null ? { usertag: h.usertag } : { usertag: h.usertag, kyc: true },
  );
  expect(started.statusCode, started.body).toBe(200);
  const secret = started.json().data.secret as string;
  const mails = await rt.deps.db.read
    .selectFrom('outbox')
    .select('payload')
    .where('event_type', '=', 'verification_otp')
    .where('destination', '=', h.email)
    .orderBy('id', 'desc')
    .execute();
  const text = (JSON.parse(mails[0]?.payload ?? '{}') as { text?: string }).text ?? '';
  const otp = /^(\d{6})$/m.exec(text)?.[1] ?? '';
  if (kyc !== null) {
    const token = /\/verify\/consent\/([A-Za-z0-9_-]{32})/.exec(text)?.[1] ?? '';
    expect((await answerConsent(rt.deps, token, kyc)).ok).toBe(true);
  }
  const verified = await call('auth/verify', { secret, otp });
  expect(verified.statusCode, verified.body).toBe(200);
  return verified.json().data as { id_type: string; personal_kyc: unknown };
}

describe.each(DIALECTS)('dashboard profile and verification (%s)', (dialect) => {
  it('edits the profile through the account update use case, recorded as the holder’s change', async () => {
    const { rt, h } = await setUp(dialect);
    const page = await h.c.get('/dashboard/profile');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('value="Ada Lovelace"');
    expect(page.body).toContain('nothing submitted');
    const res = await h.c.post('/dashboard/profile', {
      full_name: 'Ada King',
      phone: '+91 98765 43210',
      country: 'in',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dashboard/profile?done=profile_saved');
    expect((await h.c.get(String(res.headers.location))).body).toContain('Your profile is saved.');
    const a = await accountRow(rt, h.id);
    expect([a.full_name, a.phone, a.country]).toEqual(['Ada King', '+919876543210', 'IN']);
    const history = await rt.deps.db.read
      .selectFrom('kyc_history')
      .selectAll()
      .where('account_id', '=', h.id)
      .execute();
    expect(history.map((x) => x.actor)).toEqual(['holder']);
    const same = await h.c.post('/dashboard/profile', {
      full_name: 'Ada King',
      phone: '+919876543210',
      country: 'IN',
    });
    expect(same.headers.location).toBe('/dashboard/profile?done=unchanged');
  });

  it('changing a verified identity tells the holder beforehand and after that the verification is back in review', async () => {
    const { rt, h } = await setUp(dialect);
    await submitKyc(rt.deps, h.usertag, { id1: 'https://docs.example/p.png' }, 'holder');
    await reviewKyc(rt.deps, h.usertag, { level: 2, status: 'verified', reason: null }, 'operator:x');
    const page = await h.c.get('/dashboard/profile');
    expect(page.body).toMatch(
      /id="identity-reviewed">Your name, phone and country are part of your verified identity/,
    );
    const saved = await h.c.post('/dashboard/profile', {
      full_name: 'Amazon Payments Ltd',
      phone: '',
      country: 'US',
    });
    expect(saved.headers.location).toBe('/dashboard/profile?done=profile_saved_review');
    const after = await h.c.get(saved.headers.location as string);
    expect(after.body).toMatch(/verification is waiting for review again/);
    expect(after.body).toMatch(/id="kyc-status">waiting for review</);
    expect(after.body).not.toContain('id="identity-reviewed"');
    expect(await accountRow(rt, h.id)).toMatchObject({ kyc_status: 'pending', kyc_level: 2n });
  });

  it('publishes, shows and clears the Nostr key of the Lightning address (NIP-05); a bad key is refused at its field', async () => {
    const { rt, h } = await setUp(dialect);
    expect((await h.c.get('/dashboard/profile')).body).toContain('Publish your Nostr public key as');
    const bad = await h.c.post('/dashboard/profile/nostr', { pubkey: 'npub1nonsense', relays: '' });
    expect(bad.statusCode, bad.body.slice(0, 3000)).toBe(400);
    expect(bad.body).toContain('pubkey must be 64 hex digits or an npub1… key');
    expect(bad.body).toContain('value="npub1nonsense"');
    const pub = '79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798';
    const saved = await h.c.post('/dashboard/profile/nostr', {
      pubkey: pub.toUpperCase(),
      relays: 'wss://relay.example, wss://two.example',
    });
    expect(saved.headers.location).toBe('/dashboard/profile?done=nostr_saved');
    const page = await h.c.get(String(saved.headers.location));
    expect(page.body).toContain('Your Nostr key is published.');
    expect(page.body).toContain(`value="${pub}"`);
    const doc = await rt.app.inject({ url: `/.well-known/nostr.json?name=${h.usertag}` });
    expect(doc.json()).toEqual({
      names: { [h.usertag]: pub },
      relays: { [pub]: ['wss://relay.example/', 'wss://two.example/'] },
    });
    const cleared = await h.c.post('/dashboard/profile/nostr', { pubkey: '', relays: '' });
    expect(cleared.headers.location).toBe('/dashboard/profile?done=nostr_cleared');
    expect((await rt.app.inject({ url: `/.well-known/nostr.json?name=${h.usertag}` })).json()).toEqual({
      names: {},
    });
  });

  it('ties profile errors to their fields and changes nothing', async () => {
    const { rt, h } = await setUp(dialect);
    await h.c.get('/dashboard/profile');
    const phone = await h.c.post('/dashboard/profile', { full_name: 'Ada', phone: '12345', country: 'IN' });
    expect(phone.statusCode).toBe(400);
    expect(fieldError(phone.body, 'phone')).toMatch(/E\.164/);
    expect(phone.body).toContain('value="12345"');
    const country = await h.c.post('/dashboard/profile', { full_name: 'Ada', phone: '', country: 'QQ' });
    expect(country.statusCode).toBe(400);
    expect(fieldError(country.body, 'country')).toMatch(/country/);
    const name = await h.c.post('/dashboard/profile', { full_name: 'x'.repeat(201), phone: '', country: '' });
    expect(fieldError(name.body, 'full_name')).toMatch(/200/);
    expect((await accountRow(rt, h.id)).full_name).toBe('Ada Lovelace');
  });

  it('submits KYC document URLs: the status becomes waiting for review; a bad URL is refused at its field', async () => {
    const { rt, h } = await setUp(dialect);
    await h.c.get('/dashboard/profile');
    const bad = await h.c.post('/dashboard/profile/kyc', {
      id_type: 'passport',
      id1: 'ftp://docs.example/id.png',
    });
    expect(bad.statusCode, bad.body.slice(0, 3000)).toBe(400);
    expect(fieldError(bad.body, 'id1')).toMatch(/id1/);
    expect((await accountRow(rt, h.id)).kyc_status).toBe('none');
    const res = await h.c.post('/dashboard/profile/kyc', {
      id_type: 'passport',
      id1: 'https://docs.example/passport.png',
      doc2: 'https://docs.example/registry.pdf',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dashboard/profile?done=kyc_submitted');
    const page = await h.c.get(String(res.headers.location));
    expect(page.body).toContain('waiting for review');
    expect(page.body).toContain('value="https://docs.example/passport.png"');
    const a = await accountRow(rt, h.id);
    expect(a.kyc_status).toBe('pending');
    expect(JSON.parse(a.personal_kyc)).toMatchObject({ id1: 'https://docs.example/passport.png' });
    expect(JSON.parse(a.company_kyc)).toMatchObject({ doc2: 'https://docs.example/registry.pdf' });
  });

  it('lists the applications that verified the account with whether KYC was shared, and withdraws an approval', async () => {
    const { rt, h } = await setUp(dialect);
    const appA = await makeAccount(rt.deps);
    const appB = await makeAccount(rt.deps);
    const appC = await makeAccount(rt.deps);
    await verifiedBy(rt, appA, h, 'approved');
    await verifiedBy(rt, appB, h, null);
    await verifiedBy(rt, appC, h, 'declined');
    const page = await h.c.get('/dashboard/profile');
    const row = (app: string) =>
      new RegExp(`<tr><td[^>]*>@${app}</td><td[^>]*>[^<]*</td><td[^>]*>([^<]*)</td></tr>`).exec(
        page.body,
      )?.[1];
    expect(row(appA.usertag)).toBe('shared with your approval');
    expect(row(appB.usertag)).toBe('not requested');
    expect(row(appC.usertag)).toBe('you declined');
    const consentId = /name="consent_id" value="(\d+)"/.exec(page.body)?.[1] ?? '';
    expect(page.body.match(/name="consent_id"/g)).toHaveLength(1);
    const res = await h.c.post('/dashboard/profile/consents/revoke', { consent_id: consentId });
    expect(res.statusCode).toBe(303);
    const after = await h.c.get('/dashboard/profile?done=consent_revoked');
    expect(after.body).toContain('The approval is withdrawn.');
    expect(after.body).toContain('approval withdrawn');
    expect(after.body).not.toContain('name="consent_id"');
    const consent = await rt.deps.db.read
      .selectFrom('kyc_consents')
      .selectAll()
      .where('id', '=', BigInt(consentId))
      .executeTakeFirstOrThrow();
    expect(consent.revoked_at_ms).not.toBeNull();
  });

  it('one account never sees nor withdraws another account’s verifications and approvals', async () => {
    const { rt, h } = await setUp(dialect);
    const app = await makeAccount(rt.deps);
    await verifiedBy(rt, app, h, 'approved');
    const other = await holder(rt);
    const page = await other.c.get('/dashboard/profile');
    expect(page.body).not.toContain(`@${app.usertag}`);
    expect(page.body).toContain('No application has verified your account yet.');
    const consent = await rt.deps.db.read.selectFrom('kyc_consents').selectAll().executeTakeFirstOrThrow();
    const res = await other.c.post('/dashboard/profile/consents/revoke', { consent_id: String(consent.id) });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('There is no approval of yours with this number.');
    const still = await rt.deps.db.read.selectFrom('kyc_consents').selectAll().executeTakeFirstOrThrow();
    expect(still.revoked_at_ms).toBeNull();
  });

  it('refuses forged posts of every form and changes nothing', async () => {
    const { rt, h } = await setUp(dialect);
    const app = await makeAccount(rt.deps);
    await verifiedBy(rt, app, h, 'approved');
    const consent = await rt.deps.db.read.selectFrom('kyc_consents').selectAll().executeTakeFirstOrThrow();
    const forms: Array<[string, Record<string, string>]> = [
      ['/dashboard/profile', { full_name: 'Forged', phone: '', country: '' }],
      ['/dashboard/profile/kyc', { id_type: 'forged', id1: 'https://evil.example/x.png' }],
      ['/dashboard/profile/consents/revoke', { consent_id: String(consent.id) }],
    ];
    const before = await accountRow(rt, h.id);
    await h.c.get('/dashboard/profile');
    for (const [path, fields] of forms) {
      const noToken = await h.c.post(path, { ...fields, _csrf: '' });
      expect(noToken.statusCode, path).toBe(403);
      expect(noToken.body).toContain('Nothing was changed');
      const crossOrigin = await rt.app.inject({
        method: 'POST',
        url: path,
        payload: new URLSearchParams({ ...fields, _csrf: h.c.token }).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: [...h.c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          origin: 'https://evil.example',
        },
      });
      expect(crossOrigin.statusCode, path).toBe(403);
      const crossSite = await h.c.post(path, fields, { 'sec-fetch-site': 'cross-site' });
      expect(crossSite.statusCode, path).toBe(403);
    }
    expect(await accountRow(rt, h.id)).toEqual(before);
    expect(
      (await rt.deps.db.read.selectFrom('kyc_consents').selectAll().executeTakeFirstOrThrow()).revoked_at_ms,
    ).toBeNull();
  });

  it('speaks Hindi', async () => {
    const { h } = await setUp(dialect);
    expect((await h.c.get('/dashboard/profile?lang=hi')).body).toContain('प्रोफ़ाइल और सत्यापन');
  });
});
