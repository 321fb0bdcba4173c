import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/app/accounts/create-account.ts';
import { dispatchDue } from '../../src/app/outbox/dispatch.ts';
import {
  DIALECTS,
  ManualClock,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp.ts';

const never = new AbortController().signal;

describe.each(DIALECTS)('verify with paytag end to end, real SMTP and HTTP, on %s', (dialect) => {
  let smtp: TestSmtpServer;
  let rt: TestRuntime;
  let base: string;
  let shop: TestAccount;
  let usertag: string;
  let email: string;
  let seq = 0;

  beforeEach(async () => {
    smtp = await startSmtpServer();
    rt = await testRuntime(
      dialect,
      { SMTP_URL: smtp.url, MAIL_FROM: 'Paytag <no-reply@paytag.test>' },
      { clock: new ManualClock(Date.now()) },
    );
    await rt.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(rt.app.server.address() as AddressInfo).port}`;
    shop = await makeAccount(rt.deps);
    await rt.deps.db.write((trx) =>
      trx.updateTable('accounts').set({ full_name: 'Corner Shop' }).where('id', '=', shop.id).execute(),
    );
    seq += 1;
    usertag = `holder_${process.pid}_${seq}`;
    email = `${usertag}@example.net`;
    const r = await createAccount(rt.deps, {
      usertag,
      email,
      fullName: 'Grace Hopper',
      emailConfirmed: true,
    });
    if (!r.ok) throw new Error(r.error.message);
    await rt.deps.db.write((trx) =>
      trx
        .updateTable('accounts')
        .set({
          id_type: 'passport',
          personal_kyc: JSON.stringify({ id1: 'https://docs.example/p1.pdf', id2: '', id3: '' }),
          company_kyc: JSON.stringify({ company_name: 'Hopper Ltd', country: 'US' }),
          kyc_level: 2,
          kyc_status: 'verified',
        })
        .where('usertag', '=', usertag)
        .execute(),
    );
  });
  afterEach(async () => {
    await rt.close();
    await smtp.close();
  });

  const post = async (path: string, body: unknown, key = shop.invoiceKey) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      body: (await res.json()) as { status: boolean; data: Record<string, unknown> & { secret: string } },
    };
  };

  /** Starts the flow over HTTP and reads the OTP (and consent link) from the message the SMTP server got. */
  async function startAndRead(kyc: boolean) {
    const started = await post('/api/v1/auth', { usertag, kyc });
    expect(started.status).toBe(200);
    expect(await dispatchDue(rt.deps, never)).toMatchObject({ delivered: 1 });
    const received = smtp.messages.at(-1);
    expect(received?.to).toEqual([email]);
    const parsed = await simpleParser(received?.raw ?? '');
    const text = parsed.text ?? '';
    expect(parsed.subject).toContain('Corner Shop');
    expect(text).toContain(`Corner Shop (@${shop.usertag})`);
    expect(text).toContain('Never share this code');
    const otp = /^(\d{6})$/m.exec(text)?.[1];
    expect(otp).toBeDefined();
    const link = /https?:\/\/\S+\/verify\/consent\/[A-Za-z0-9_-]{32}/.exec(text)?.[0] ?? null;
    return { secret: started.body.data.secret, otp: otp ?? '', text, link };
  }

  const local = (link: string) => `${base}${new URL(link).pathname}`;

  it('reads the OTP from the received message, verifies, and gets the record without KYC', async () => {
    const { secret, otp, link } = await startAndRead(false);
    expect(link).toBeNull();
    const v = await post('/api/v1/auth/verify', { secret, OTP: otp });
    expect(v.status).toBe(200);
    expect(v.body).toMatchObject({
      status: true,
      data: {
        usertag,
        profile: { full_name: 'Grace Hopper', email },
        kyc_level: 2,
        kyc_status: 'verified',
        is_verified: true,
        id_type: '',
        personal_kyc: null,
        company_kyc: null,
        message: 'verified; KYC data was not requested',
      },
    });
  });

  it('KYC: the consent link opened over HTTP shows who asks for which fields; approved, the record carries them', async () => {
    const { secret, otp, text, link } = await startAndRead(true);
    expect(text).toContain('KYC');
    expect(link).not.toBeNull();
    const page = await fetch(local(link ?? ''));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('Corner Shop (@');
    // The values shared, as a person reads them: a document by its host and file name, the company's name.
    for (const v of ['docs.example', 'p1.pdf', 'Hopper Ltd']) expect(html).toContain(v);
    const approve = await fetch(local(link ?? ''), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=approve',
    });
    expect(approve.status).toBe(200);
    expect(await approve.text()).toContain('Sharing approved');
    // The link works once.
    expect((await fetch(local(link ?? ''))).status).toBe(404);
    const again = await fetch(local(link ?? ''), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=decline',
    });
    expect(again.status).toBe(404);
    const consents = await rt.deps.db.read.selectFrom('kyc_consents').selectAll().execute();
    expect(consents).toHaveLength(1);
    expect(consents[0]).toMatchObject({ decision: 'approved', app_account_id: shop.id });
    expect(JSON.parse(consents[0]?.fields ?? '[]')).toContain('company_kyc.doc1');

    const v = await post('/api/v1/auth/verify', { secret, otp: Number(otp) });
    expect(v.status).toBe(200);
    expect(v.body.data).toMatchObject({
      id_type: 'passport',
      personal_kyc: { id1: 'https://docs.example/p1.pdf', id2: '', id3: '' },
      company_kyc: { company_name: 'Hopper Ltd', country: 'US', doc1: '' },
      message: 'verified; KYC data shared with the account holder’s approval',
    });
  });

  it('KYC declined: null KYC blocks and the reason', async () => {
    const { secret, otp, link } = await startAndRead(true);
    const decline = await fetch(local(link ?? ''), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=decline',
    });
    expect(decline.status).toBe(200);
    const v = await post('/api/v1/auth/verify', { secret, otp });
    expect(v.body.data).toMatchObject({
      personal_kyc: null,
      company_kyc: null,
      id_type: '',
      message: 'verified; the account holder declined to share KYC data',
    });
    const consents = await rt.deps.db.read.selectFrom('kyc_consents').selectAll().execute();
    expect(consents[0]).toMatchObject({ decision: 'declined' });
  });

  it('KYC not answered: null KYC blocks and the reason; the link is dead after verification', async () => {
    const { secret, otp, link } = await startAndRead(true);
    const v = await post('/api/v1/auth/verify', { secret, otp });
    expect(v.body.data).toMatchObject({
      personal_kyc: null,
      company_kyc: null,
      message: 'verified; the account holder did not answer the KYC request before verification',
    });
    expect((await fetch(local(link ?? ''))).status).toBe(404);
  });

  it('the consent link dies when the secret expires', async () => {
    const { link } = await startAndRead(true);
    (rt.deps.clock as ManualClock).advance(60_000);
    expect((await fetch(local(link ?? ''))).status).toBe(404);
  });
});
