import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/app/accounts/create-account.ts';
import { sendEmailConfirmation } from '../../src/app/accounts/email-confirmation.ts';
import type { AppDeps } from '../../src/app/deps.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

let seq = 0;

/** A person with a confirmed e-mail, a profile and (unless told otherwise) KYC data on file. */
async function person(deps: AppDeps, kyc = true): Promise<{ usertag: string; email: string }> {
  seq += 1;
  const usertag = `vp_${process.pid}_${seq}`;
  const email = `${usertag}@example.org`;
  const r = await createAccount(deps, {
    usertag,
    email,
    fullName: 'Asha Verma',
    country: 'IN',
    emailConfirmed: true,
  });
  if (!r.ok) throw new Error(r.error.message);
  if (kyc) {
    await deps.db.write((trx) =>
      trx
        .updateTable('accounts')
        .set({
          id_type: 'passport',
          personal_kyc: JSON.stringify({
            id1: 'https://files.example.net/kyc/2026/asha-passport-front.pdf?X-Amz-Signature=deadbeefcafe',
            id2: '',
          }),
          company_kyc: JSON.stringify({ company_name: 'Verma Traders', country: 'IN', company_phone: '' }),
        })
        .where('usertag', '=', usertag)
        .execute(),
    );
  }
  return { usertag, email };
}

describe.each(DIALECTS)('KYC consent and e-mail confirmation pages on %s', (dialect) => {
  let rt: TestRuntime;
  let app: TestAccount;

  beforeEach(async () => {
    rt = await testRuntime(dialect);
    app = await makeAccount(rt.deps);
  });
  afterEach(async () => {
    await rt.close();
  });

  /** Starts a KYC verification for `usertag`; answers the consent link's path from the e-mail. */
  const consentPath = async (usertag: string, email: string): Promise<string> => {
    const res = await rt.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      headers: { 'x-api-key': app.invoiceKey, 'content-type': 'application/json' },
      payload: JSON.stringify({ usertag, kyc: true }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await rt.deps.db.read
      .selectFrom('outbox')
      .select('payload')
      .where('destination', '=', email)
      .where('event_type', '=', 'verification_otp')
      .execute();
    const text = (JSON.parse(rows.at(-1)?.payload ?? '{}') as { text?: string }).text ?? '';
    const path = /\/verify\/consent\/[A-Za-z0-9_-]{32}/.exec(text)?.[0];
    if (path === undefined) throw new Error(`no consent link in ${text}`);
    return path;
  };

  it('the consent page shows the values shared, by human labels, without empty fields, and two distinct buttons', async () => {
    const p = await person(rt.deps);
    const path = await consentPath(p.usertag, p.email);
    const res = await rt.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    const body = res.body;
    // The values, as the verification record will carry them.
    expect(body).toContain('<dt>Identity document type</dt><dd>passport</dd>');
    expect(body).toContain('<dt>Company name</dt><dd>Verma Traders</dd>');
    expect(body).toContain('<dt>Company country</dt><dd>India (IN)</dd>');
    expect(body).toContain('<dt>Name</dt><dd>Asha Verma</dd>');
    expect(body).toContain('<dt>Country</dt><dd>India (IN)</dd>');
    // A document link is shortened: its host and file, never its signature.
    expect(body).toContain(
      '<dt>Identity document 1</dt><dd>files.example.net/…/asha-passport-front.pdf</dd>',
    );
    expect(body).not.toContain('X-Amz-Signature');
    // No internal field names, no empty fields.
    expect(body).not.toContain('personal_kyc.');
    expect(body).not.toContain('company_kyc.');
    expect(body).not.toContain('Identity document 2');
    expect(body).not.toContain('Company phone');
    expect(body).not.toContain('Company document 1');
    // Approve is the primary button, Decline a secondary one.
    expect(body).toMatch(
      /<button type="submit" name="decision" value="approve" class="primary">Approve sharing<\/button>/,
    );
    expect(body).toMatch(
      /<button type="submit" name="decision" value="decline" class="secondary">Decline<\/button>/,
    );
    // The header of the other pages: brand, language switch, icon; the Devanagari font allowed.
    expect(body).toContain('<span class="brand">');
    expect(body).toContain(`href="${path}?lang=hi"`);
    expect(body).toMatch(
      /<link rel="icon" type="image\/svg\+xml" href="\/checkout\/assets\/icon-[0-9a-f]{16}\.svg">/,
    );
    expect(res.headers['content-security-policy']).toContain("font-src 'self'");
    expect(body).toMatch(/@font-face\{font-family:"paytag Devanagari"/);
  });

  it('the consent page speaks Hindi from ?lang=hi and keeps the language through the answer', async () => {
    const p = await person(rt.deps);
    const path = await consentPath(p.usertag, p.email);
    const res = await rt.app.inject({ method: 'GET', url: `${path}?lang=hi` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="hi">');
    expect(res.body).toContain('<dt>पहचान दस्तावेज़ का प्रकार</dt><dd>passport</dd>');
    expect(res.body).toContain('<dt>कंपनी का नाम</dt><dd>Verma Traders</dd>');
    expect(res.body).toContain('>साझा करने की स्वीकृति दें</button>');
    expect(res.body).toContain('>अस्वीकार करें</button>');
    expect(res.body).toContain(`action="${path}?lang=hi"`);
    expect(res.body).not.toContain('Share your KYC data');
    const answered = await rt.app.inject({
      method: 'POST',
      url: `${path}?lang=hi`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=decline',
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.body).toContain('साझा करना अस्वीकार किया गया');
  });

  it('a person without KYC data is told that approving shares nothing more', async () => {
    const p = await person(rt.deps, false);
    const path = await consentPath(p.usertag, p.email);
    const res = await rt.app.inject({ method: 'GET', url: path });
    expect(res.body).toContain('id="consent-kyc-none"');
    expect(res.body).not.toContain('id="consent-kyc"');
    expect(res.body).toContain('<dt>Name</dt><dd>Asha Verma</dd>');
  });

  it('the e-mail confirmation page names the account and the (masked) address it confirms', async () => {
    const a = await makeAccount(rt.deps, { usertag: `confirm_${dialect}` });
    await rt.deps.db.write((trx) =>
      trx.updateTable('accounts').set({ email_confirmed_at_ms: null }).where('id', '=', a.id).execute(),
    );
    expect((await sendEmailConfirmation(rt.deps, a.usertag)).ok).toBe(true);
    const row = await rt.deps.db.read
      .selectFrom('outbox')
      .select('payload')
      .where('event_type', '=', 'email_confirmation')
      .where('destination', '=', `${a.usertag}@example.com`)
      .executeTakeFirstOrThrow();
    const path = /\/verify\/email\/[A-Za-z0-9_-]{32}/.exec(row.payload)?.[0] ?? '';
    const res = await rt.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    // confirm_sqlite@example.com → c***e@example.com
    expect(res.body).toContain(`Confirm that c***${a.usertag.slice(-1)}@example.com is the e-mail address`);
    expect(res.body).toContain(`@${a.usertag}`);
    expect(res.body).not.toContain(`${a.usertag}@example.com`);
    const hi = await rt.app.inject({ method: 'GET', url: `${path}?lang=hi` });
    expect(hi.body).toContain('ई-मेल पता है।');
    // Opening the page confirmed nothing; the button does.
    const before = await rt.deps.db.read
      .selectFrom('accounts')
      .select('email_confirmed_at_ms')
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(before.email_confirmed_at_ms).toBeNull();
    const done = await rt.app.inject({ method: 'POST', url: path });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(`is confirmed for @${a.usertag}`);
    expect((await rt.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
  });
});
