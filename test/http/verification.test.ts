import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/app/accounts/create-account.ts';
import { setPassword } from '../../src/app/accounts/password.ts';
import type { AppDeps } from '../../src/app/deps.ts';
import { disableAccount } from '../../src/app/operator/disable-account.ts';
import { answerConsent } from '../../src/app/verification/consent.ts';
import { accountConsents, revokeAccountConsent } from '../../src/app/verification/consents.ts';
import { DashboardClient, PASSWORD } from '../fixtures/dashboard.ts';
import {
  DIALECTS,
  ManualClock,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

let seq = 0;
async function person(
  deps: AppDeps,
  confirmed = true,
): Promise<{ usertag: string; email: string; adminKey: string }> {
  seq += 1;
  const usertag = `person_${process.pid}_${seq}`;
  const email = `${usertag}@example.org`;
  const r = await createAccount(deps, {
    usertag,
    email,
    fullName: 'Ada Lovelace',
    emailConfirmed: confirmed,
  });
  if (!r.ok) throw new Error(r.error.message);
  return { usertag, email, adminKey: r.value.adminKey };
}

/** The OTP e-mails queued in the outbox for `to`, newest last. */
async function otpMails(deps: AppDeps, to?: string) {
  let q = deps.db.read
    .selectFrom('outbox')
    .select(['destination', 'payload', 'event_type'])
    .where('event_type', '=', 'verification_otp');
  if (to !== undefined) q = q.where('destination', '=', to);
  const rows = await q.orderBy('id').execute();
  return rows.map((r) => JSON.parse(r.payload) as { subject: string; text: string; html: string });
}

const otpOf = (text: string): string => {
  const m = /^(\d{6})$/m.exec(text);
  if (m?.[1] === undefined) throw new Error(`no OTP in ${text}`);
  return m[1];
};

describe.each(DIALECTS)('account verification API on %s', (dialect) => {
  let rt: TestRuntime;
  let clock: ManualClock;
  let appA: TestAccount;
  let appB: TestAccount;

  beforeEach(async () => {
    clock = new ManualClock();
    rt = await testRuntime(dialect, {}, { clock });
    appA = await makeAccount(rt.deps);
    appB = await makeAccount(rt.deps);
  });
  afterEach(async () => {
    await rt.close();
  });

  const call = (path: string, key: string | undefined, body: unknown): Promise<LightMyRequestResponse> =>
    rt.app.inject({
      method: 'POST',
      url: `/api/v1/${path}`,
      headers: { ...(key === undefined ? {} : { 'x-api-key': key }), 'content-type': 'application/json' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });

  const start = async (usertag: string, key = appA.invoiceKey, kyc?: boolean) => {
    const res = await call('auth', key, kyc === undefined ? { usertag } : { usertag, kyc });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe(true);
    return body.data.secret as string;
  };

  const expectGenericFailure = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      status: false,
      success: false,
      data: null,
      message: 'the secret or the OTP is wrong, expired or used up; start again with POST /api/v1/auth',
    });
  };

  it('e-mails a six-digit OTP naming the application and verifies it once, for the record', async () => {
    const p = await person(rt.deps);
    const secret = await start(p.usertag);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    const [mail] = await otpMails(rt.deps, p.email);
    expect(mail?.text).toContain(`@${appA.usertag}`);
    expect(mail?.text).toContain('Never share this code');
    expect(mail?.text).toContain('will learn');
    const otp = otpOf(mail?.text ?? '');
    const ok = await call('auth/verify', appA.invoiceKey, { secret, otp: Number(otp) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      status: true,
      data: {
        usertag: p.usertag,
        profile: { full_name: 'Ada Lovelace', email: p.email, phone: '', country: '' },
        kyc_level: 0,
        kyc_status: 'none',
        is_verified: false,
        personal_kyc: null,
        company_kyc: null,
        message: 'verified; KYC data was not requested',
      },
    });
    expect(typeof ok.json().data.user_id).toBe('string');
    // Single use.
    expectGenericFailure(await call('auth/verify', appA.invoiceKey, { secret, otp }));
  });

  it('keeps no secret or OTP in the database, only their keyed hashes', async () => {
    const p = await person(rt.deps);
    const secret = await start(p.usertag);
    const otp = otpOf((await otpMails(rt.deps, p.email))[0]?.text ?? '');
    const row = await rt.deps.db.read
      .selectFrom('verification_requests')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).not.toContain(secret);
    expect(row.otp_hash).not.toContain(otp);
  });

  it('a secret expires after VERIFY_SECRET_TTL_S', async () => {
    const p = await person(rt.deps);
    const secret = await start(p.usertag);
    const otp = otpOf((await otpMails(rt.deps, p.email))[0]?.text ?? '');
    clock.advance(60_000);
    expectGenericFailure(await call('auth/verify', appA.invoiceKey, { secret, otp }));
  });

  it('works just before expiry', async () => {
    const p = await person(rt.deps);
    const secret = await start(p.usertag);
    const otp = otpOf((await otpMails(rt.deps, p.email))[0]?.text ?? '');
    clock.advance(59_000);
    expect((await call('auth/verify', appA.invoiceKey, { secret, OTP: otp })).statusCode).toBe(200);
  });

  it('five wrong OTPs kill the secret, even for the right one after', async () => {
    const p = await person(rt.deps);
    const secret = await start(p.usertag);
    const otp = otpOf((await otpMails(rt.deps, p.email))[0]?.text ?? '');
    const wrong = String((Number(otp) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++)
      expectGenericFailure(await call('auth/verify', appA.invoiceKey, { secret, otp: wrong }));
    expectGenericFailure(await call('auth/verify', appA.invoiceKey, { secret, otp }));
  });

  it('four wrong OTPs leave the secret alive', async () => {
    const p = await person(rt.deps);
    const secret = await start(p.usertag);
    const otp = otpOf((await otpMails(rt.deps, p.email))[0]?.text ?? '');
    const wrong = String((Number(otp) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 4; i++)
      expectGenericFailure(await call('auth/verify', appA.invoiceKey, { secret, otp: wrong }));
    expect((await call('auth/verify', appA.invoiceKey, { secret, otp })).statusCode).toBe(200);
  });

  it("application A's secret cannot be verified by application B, and B's try does not use it up", async () => {
    const p = await person(rt.deps);
    const secret = await start(p.usertag, appA.invoiceKey);
    const otp = otpOf((await otpMails(rt.deps, p.email))[0]?.text ?? '');
    expectGenericFailure(await call('auth/verify', appB.invoiceKey, { secret, otp }));
    expectGenericFailure(await call('auth/verify', appB.adminKey, { secret, otp }));
    // A's admin key is the same application.
    expect((await call('auth/verify', appA.adminKey, { secret, otp })).statusCode).toBe(200);
  });

  it('an unknown secret gets the same generic failure', async () => {
    expectGenericFailure(
      await call('auth/verify', appA.invoiceKey, { secret: 'A'.repeat(32), otp: '123456' }),
    );
  });

  it('accepts otp and OTP, numbers and numeric strings, with leading zeros', async () => {
    const p = await person(rt.deps);
    // Every form, each on a code with a leading zero (about one code in ten has one: ask until it comes).
    const forms = [
      (otp: string) => ({ otp }),
      (otp: string) => ({ OTP: otp }),
      (otp: string) => ({ otp: Number(otp) }),
      (otp: string) => ({ OTP: Number(otp) }),
    ];
    let verified = 0;
    for (let round = 0; round < 800 && verified < forms.length; round++) {
      clock.advance(16 * 60_000); // past the e-mail limit's window
      const secret = await start(p.usertag);
      const mails = await otpMails(rt.deps, p.email);
      const otp = otpOf(mails[mails.length - 1]?.text ?? '');
      if (!otp.startsWith('0')) continue;
      const body = forms[verified]?.(otp);
      const res = await call('auth/verify', appA.invoiceKey, { secret, ...body });
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(200);
      verified += 1;
    }
    expect(verified, 'codes with a leading zero in 800 rounds').toBe(forms.length);
  }, 120_000);

  it('an OTP as a string of digits, as a number and in both spellings', async () => {
    for (const form of ['otp-string', 'OTP-string', 'otp-number', 'OTP-number', 'both'] as const) {
      const p = await person(rt.deps);
      const secret = await start(p.usertag);
      const otp = otpOf((await otpMails(rt.deps, p.email))[0]?.text ?? '');
      const body =
        form === 'otp-string'
          ? { otp }
          : form === 'OTP-string'
            ? { OTP: otp }
            : form === 'otp-number'
              ? { otp: Number(otp) }
              : form === 'OTP-number'
                ? { OTP: Number(otp) }
                : { otp, OTP: Number(otp) };
      const res = await call('auth/verify', appA.invoiceKey, { secret, ...body });
      expect(res.statusCode, `${form}: ${res.body}`).toBe(200);
    }
  });

  it('answers the same for an unknown usertag and one without a confirmed e-mail, and sends nothing', async () => {
    const unconfirmed = await person(rt.deps, false);
    const known = await person(rt.deps);
    const answers: Array<Record<string, unknown>> = [];
    const secrets: string[] = [];
    const rows = async () =>
      Number(
        (
          await rt.deps.db.read
            .selectFrom('verification_requests')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (const usertag of ['nobody_here_at_all', unconfirmed.usertag, known.usertag]) {
      const before = await rows();
      const res = await call('auth', appA.invoiceKey, { usertag });
      expect(res.statusCode, res.body).toBe(200);
      const b = res.json();
      answers.push({ ...b, data: { ...b.data, secret: typeof b.data.secret } });
      expect(b.data.secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
      secrets.push(b.data.secret);
      // Every answer comes after the same kind of write (a decoy row when nobody gets a code), so its
      // timing does not tell accounts apart either.
      expect(await rows()).toBe(before + 1);
    }
    expect(answers[0]).toEqual(answers[2]);
    expect(answers[1]).toEqual(answers[2]);
    // A decoy secret fails as a wrong code does, whatever is guessed.
    for (const secret of secrets.slice(0, 2)) {
      for (const otp of ['000000', '123456']) {
        const v = await call('auth/verify', appA.invoiceKey, { secret, otp });
        expect(v.statusCode).toBe(400);
        expect(v.json().message).toMatch(/wrong, expired or used up/);
      }
    }
    const mails = await otpMails(rt.deps);
    expect(mails).toHaveLength(1);
    expect(await otpMails(rt.deps, unconfirmed.email)).toHaveLength(0);
  });

  it('missing or malformed fields get a clear 400 in the envelope', async () => {
    const cases: Array<[string, unknown, string]> = [
      ['auth', {}, 'usertag'],
      ['auth', { usertag: 42 }, 'usertag'],
      ['auth', { usertag: 'x' }, 'usertag'],
      ['auth', { usertag: 'someone_ok', kyc: 'yes' }, 'kyc'],
      ['auth/verify', {}, 'secret'],
      ['auth/verify', { secret: 'A'.repeat(32) }, 'otp'],
      ['auth/verify', { secret: 5, otp: '123456' }, 'secret'],
      ['auth/verify', { secret: 'has spaces in it!!', otp: '123456' }, 'secret'],
      ['auth/verify', { secret: 'A'.repeat(32), otp: '12a456' }, 'otp'],
      ['auth/verify', { secret: 'A'.repeat(32), otp: 1234567 }, 'otp'],
      ['auth/verify', { secret: 'A'.repeat(32), otp: 12.5 }, 'otp'],
      ['auth/verify', { secret: 'A'.repeat(32), otp: -1 }, 'otp'],
      ['auth/verify', { secret: 'A'.repeat(32), otp: true }, 'otp'],
      ['auth/verify', { secret: 'A'.repeat(32), OTP: [1] }, 'OTP'],
      ['auth/verify', { secret: 'A'.repeat(32), otp: '123456', OTP: '654321' }, 'otp'],
    ];
    for (const [path, body, field] of cases) {
      const res = await call(path, appA.invoiceKey, body);
      expect(res.statusCode, `${path} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
      const b = res.json();
      expect(b).toMatchObject({ status: false, success: false, data: null, field });
      expect(typeof b.message).toBe('string');
    }
    for (const body of ['not json', '[1,2]']) {
      const res = await call('auth', appA.invoiceKey, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ status: false, success: false, data: null });
    }
    const noKey = await call('auth', undefined, { usertag: 'someone_ok' });
    expect(noKey.statusCode).toBe(401);
    expect(noKey.json()).toMatchObject({ status: false, success: false, data: null });
  });

  it('limits OTP e-mails per usertag, for every caller, known or not, across a restart, until the window ends', async () => {
    const p = await person(rt.deps);
    for (let i = 0; i < 5; i++) await start(p.usertag, i % 2 === 0 ? appA.invoiceKey : appB.invoiceKey);
    const over = await call('auth', appB.adminKey, { usertag: p.usertag });
    expect(over.statusCode, over.body).toBe(429);
    expect(over.json()).toMatchObject({ status: false, success: false, data: null, code: 'rate_limited' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(await otpMails(rt.deps, p.email)).toHaveLength(5);
    // An unknown usertag is limited the same way (the limit tells nothing about existence).
    for (let i = 0; i < 5; i++) await start('nobody_knows_me');
    expect((await call('auth', appA.invoiceKey, { usertag: 'nobody_knows_me' })).statusCode).toBe(429);
    // Another instance on the same database (as after a restart) keeps counting.
    const second = await testRuntime(dialect, {}, { clock, databaseUrl: rt.databaseUrl });
    try {
      const res = await second.app.inject({
        method: 'POST',
        url: '/api/v1/auth',
        headers: { 'x-api-key': appA.invoiceKey, 'content-type': 'application/json' },
        payload: JSON.stringify({ usertag: p.usertag }),
      });
      expect(res.statusCode, res.body).toBe(429);
    } finally {
      await second.close();
    }
    clock.advance(15 * 60_000);
    await start(p.usertag);
    expect(await otpMails(rt.deps, p.email)).toHaveLength(6);
  });

  it('limits OTP e-mails per calling account, whoever they go to', async () => {
    await rt.close();
    rt = await testRuntime(dialect, { VERIFY_MAIL_PER_CALLER: '3' }, { clock });
    appA = await makeAccount(rt.deps);
    appB = await makeAccount(rt.deps);
    const people = [
      await person(rt.deps),
      await person(rt.deps),
      await person(rt.deps),
      await person(rt.deps),
    ];
    for (const p of people.slice(0, 3)) await start(p.usertag, appA.invoiceKey);
    const over = await call('auth', appA.adminKey, { usertag: people[3]?.usertag });
    expect(over.statusCode, over.body).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect(await otpMails(rt.deps, people[3]?.email)).toHaveLength(0);
    // Another caller is not held back by A's traffic.
    await start(people[3]?.usertag ?? '', appB.invoiceKey);
    expect(await otpMails(rt.deps, people[3]?.email)).toHaveLength(1);
  });

  it('an approval the holder revoked before verification shares nothing; the consents list shows it', async () => {
    const p = await person(rt.deps);
    const secret = await start(p.usertag, appA.invoiceKey, true);
    const text = (await otpMails(rt.deps, p.email))[0]?.text ?? '';
    const token = /\/verify\/consent\/([A-Za-z0-9_-]{32})/.exec(text)?.[1] ?? '';
    expect((await answerConsent(rt.deps, token, 'approved')).ok).toBe(true);
    const listed = await accountConsents(rt.deps, p.usertag);
    expect(listed.ok && listed.value).toMatchObject([
      { application: appA.usertag, decision: 'approved', revoked_at: null },
    ]);
    const id = listed.ok ? (listed.value[0]?.id ?? '') : '';
    expect((await revokeAccountConsent(rt.deps, p.usertag, id)).ok).toBe(true);
    expect((await revokeAccountConsent(rt.deps, p.usertag, id)).ok).toBe(false);
    const res = await call('auth/verify', appA.invoiceKey, { secret, otp: otpOf(text) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      personal_kyc: null,
      company_kyc: null,
      message: 'verified; the account holder revoked the approval to share KYC data',
    });
  });

  const deliveries = async (adminKey: string) => {
    const res = await rt.app.inject({
      method: 'GET',
      url: '/lapi/v1/webhooks/deliveries?limit=100',
      headers: { 'x-api-key': adminKey },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Array<{ url: string; event_type: string; delivery_id: string }>;
  };

  it("the code's e-mail is not in the calling application's delivery log or dashboard; it is the person's", async () => {
    const p = await person(rt.deps);
    await start(p.usertag, appA.invoiceKey);
    expect(await otpMails(rt.deps, p.email)).toHaveLength(1);
    // The application learns neither the address nor that a code went out.
    const mine = await deliveries(appA.adminKey);
    expect(JSON.stringify(mine)).not.toContain(p.email);
    expect(mine.filter((d) => d.event_type === 'verification_otp')).toEqual([]);
    await setPassword(rt.deps, appA.usertag, PASSWORD);
    const c = new DashboardClient(rt.app);
    await c.signIn(appA.usertag, PASSWORD);
    const page = await c.get('/dashboard/developers');
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(p.email);
    expect(page.body).not.toContain('verification.otp.');
    // Nor can it send the e-mail again.
    const [row] = await rt.deps.db.read
      .selectFrom('outbox')
      .select('event_id')
      .where('event_type', '=', 'verification_otp')
      .execute();
    const again = await rt.app.inject({
      method: 'POST',
      url: '/lapi/v1/webhooks/redeliver',
      headers: { 'x-api-key': appA.adminKey },
      payload: { delivery_id: row?.event_id ?? '' },
    });
    expect(again.statusCode, again.body).toBe(404);
    // The person's own log shows the e-mail sent to them.
    const theirs = await deliveries(p.adminKey);
    expect(theirs).toMatchObject([{ url: `mailto:${p.email}`, event_type: 'verification_otp' }]);
  });

  it('a disabled account is answered as an unknown usertag: no code is sent, none verifies', async () => {
    const operator = { accountId: null, name: 'operator:root' };
    const off = await person(rt.deps);
    expect((await disableAccount(rt.deps, operator, off.usertag, 'fraud')).ok).toBe(true);
    const shape = async (usertag: string) => {
      const res = await call('auth', appA.invoiceKey, { usertag });
      expect(res.statusCode, res.body).toBe(200);
      const b = res.json();
      return { answer: { ...b, data: { ...b.data, secret: typeof b.data.secret } }, secret: b.data.secret };
    };
    const unknown = await shape('nobody_here_at_all');
    const disabled = await shape(off.usertag);
    expect(disabled.answer).toEqual(unknown.answer);
    expect(await otpMails(rt.deps, off.email)).toHaveLength(0);
    for (const otp of ['000000', '123456']) {
      expectGenericFailure(await call('auth/verify', appA.invoiceKey, { secret: disabled.secret, otp }));
    }

    // Disabled between the code and its use: the right code fails as a wrong one does.
    const later = await person(rt.deps);
    const secret = await start(later.usertag);
    const otp = otpOf((await otpMails(rt.deps, later.email))[0]?.text ?? '');
    expect((await disableAccount(rt.deps, operator, later.usertag, 'fraud')).ok).toBe(true);
    expectGenericFailure(await call('auth/verify', appA.invoiceKey, { secret, otp }));
  });

  it('a burst of wrong codes sent at once with the right one gets no more than five comparisons', async () => {
    const limit = rt.deps.config.verification.otpAttemptLimit;
    for (let round = 0; round < 3; round++) {
      clock.advance(16 * 60_000); // past the e-mail limit's window
      const p = await person(rt.deps);
      const secret = await start(p.usertag);
      const otp = otpOf((await otpMails(rt.deps, p.email))[0]?.text ?? '');
      const wrong = (i: number) => String((Number(otp) + 1 + i) % 1_000_000).padStart(6, '0');
      const bodies = [...Array.from({ length: 12 }, (_, i) => ({ secret, otp: wrong(i) })), { secret, otp }];
      const answers = await Promise.all(bodies.map((b) => call('auth/verify', appA.invoiceKey, b)));
      const accepted = answers.filter((a) => a.statusCode === 200);
      expect(accepted.length).toBeLessThanOrEqual(1);
      for (const a of answers) if (a.statusCode !== 200) expectGenericFailure(a);
      const row = await rt.deps.db.read
        .selectFrom('verification_requests')
        .select(['failed_attempts', 'used_at_ms'])
        .where('account_id', 'is not', null)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      // Every code compared was counted before the comparison: at most `limit` of them, the right one
      // included when it was accepted.
      expect(Number(row.failed_attempts), `round ${round}`).toBeLessThanOrEqual(limit);
      expect(row.used_at_ms !== null).toBe(accepted.length === 1);
    }
  });

  it("codes count against the recipient's hourly e-mail cap; past it the answer is the same and nothing is sent", async () => {
    await rt.close();
    rt = await testRuntime(
      dialect,
      { RATE_LIMIT_ENABLED: 'true', MAIL_PER_RECIPIENT_PER_HOUR: '3' },
      { clock },
    );
    appA = await makeAccount(rt.deps, { fund: { lbtc: '0.01' } });
    const p = await person(rt.deps);
    for (let i = 0; i < 3; i++) await start(p.usertag);
    expect(await otpMails(rt.deps, p.email)).toHaveLength(3);
    // The fourth answers as for any usertag (a capped address tells nothing about the account) and
    // sends nothing; its secret verifies with no code.
    const capped = await call('auth', appA.invoiceKey, { usertag: p.usertag });
    const unknown = await call('auth', appA.invoiceKey, { usertag: 'nobody_here_at_all' });
    expect(capped.statusCode, capped.body).toBe(200);
    const shape = (b: { data: { secret: string } }) => ({
      ...b,
      data: { ...b.data, secret: typeof b.data.secret },
    });
    expect(shape(capped.json())).toEqual(shape(unknown.json()));
    expect(await otpMails(rt.deps, p.email)).toHaveLength(3);
    expectGenericFailure(
      await call('auth/verify', appA.invoiceKey, { secret: capped.json().data.secret, otp: '123456' }),
    );
    // Other e-mails to that address are refused by the same count.
    const voucher = await rt.app.inject({
      method: 'POST',
      url: '/lapi/v1/requestVoucher',
      headers: { 'x-api-key': appA.adminKey },
      payload: { amount: '0.0001', voucher_count: 1, receiver_email: p.email },
    });
    expect(voucher.statusCode, voucher.body).toBe(429);
    expect(voucher.json()).toMatchObject({ code: 'rate_limited', field: 'receiver_email' });
    // After the hour the address gets codes again.
    clock.advance(3_600_000);
    await start(p.usertag);
    expect(await otpMails(rt.deps, p.email)).toHaveLength(4);
  });

  it('the OpenAPI document describes both routes', async () => {
    const doc = (await rt.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.paths['/api/v1/auth'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/v1/auth/verify'].post.responses['200']).toBeDefined();
  });
});
