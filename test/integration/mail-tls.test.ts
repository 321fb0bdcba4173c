import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../../src/adapters/mail/smtp.ts';
import type { Mailer, OutgoingMail } from '../../src/app/ports.ts';
import { ConfigError, loadConfig } from '../../src/config/index.ts';
import { SMTP_USER, startSmtpServer, type TestSmtpServer } from '../fixtures/smtp.ts';
import { type SelfSignedCert, selfSignedCert } from '../fixtures/tls.ts';

let n = 0;
function mail(): OutgoingMail {
  n += 1;
  return {
    eventId: `tls_${process.pid}_${n}`,
    from: 'Paytag <no-reply@paytag.test>',
    to: 'carol@example.com',
    subject: 'Your voucher',
    text: 'Redeem it at https://paytag.test/v/1',
    html: '<p>Redeem it at <a href="https://paytag.test/v/1">paytag.test</a></p>',
  };
}

describe('SMTP over STARTTLS, against a real server with a self-signed certificate', () => {
  let tls: SelfSignedCert;
  let secure: TestSmtpServer;
  let plain: TestSmtpServer;
  const mailers: Mailer[] = [];
  const mailer = (o: { url: string; caFile?: string; requireTls?: boolean }): Mailer => {
    const m = createSmtpMailer({ timeoutMs: 5000, maxConnections: 1, ...o });
    mailers.push(m);
    return m;
  };

  beforeAll(async () => {
    tls = selfSignedCert();
    secure = await startSmtpServer({ tls });
    plain = await startSmtpServer();
  });
  afterAll(async () => {
    for (const m of mailers) await m.close();
    await secure?.close();
    await plain?.close();
    tls?.remove();
  });

  it('upgrades with STARTTLS, verifies the certificate against SMTP_CA_FILE, then logs in and sends', async () => {
    const r = await mailer({ url: secure.url, caFile: tls.certFile }).send(mail());
    expect(r).toMatchObject({ ok: true, code: 250 });
    expect(secure.logins).toEqual([{ user: SMTP_USER, secure: true }]);
    expect(secure.messages).toHaveLength(1);
    expect(secure.messages[0]).toMatchObject({ to: ['carol@example.com'], secure: true, user: SMTP_USER });
  });

  it('refuses a certificate nobody vouches for: nothing is sent, no password goes out, and it retries', async () => {
    const logins = secure.logins.length;
    const messages = secure.messages.length;
    const r = await mailer({ url: secure.url }).send(mail());
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.permanent).toBe(false);
    expect(r.error).toMatch(/certificate/i);
    expect(secure.logins).toHaveLength(logins);
    expect(secure.messages).toHaveLength(messages);
  });

  it('with SMTP_REQUIRE_TLS, a server that offers no STARTTLS gets neither the login nor the message', async () => {
    const r = await mailer({ url: plain.url, requireTls: true }).send(mail());
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatch(/STARTTLS/i);
    expect(plain.logins).toEqual([]);
    expect(plain.messages).toEqual([]);
    // Without it the same server is used in plain text (some local relays offer nothing else).
    expect(await mailer({ url: plain.url }).send(mail())).toMatchObject({ ok: true });
    expect(plain.messages).toHaveLength(1);
    expect(plain.messages[0]?.secure).toBe(false);
  });

  it('checks SMTP_CA_FILE at start-up', () => {
    const problems = (env: Record<string, string>): string[] => {
      try {
        loadConfig({ SMTP_URL: secure.url, ...env });
        return [];
      } catch (e) {
        return e instanceof ConfigError ? e.problems : [String(e)];
      }
    };
    expect(problems({ SMTP_CA_FILE: tls.certFile, SMTP_REQUIRE_TLS: 'true' })).toEqual([]);
    expect(problems({ SMTP_CA_FILE: '/nonexistent/ca.pem' })).toEqual([
      expect.stringMatching(/^SMTP_CA_FILE \/nonexistent\/ca\.pem cannot be read/),
    ]);
    const notPem = join(tls.certFile, '..', 'not-a-cert.txt');
    writeFileSync(notPem, 'hello');
    expect(problems({ SMTP_CA_FILE: notPem })).toEqual([`SMTP_CA_FILE ${notPem} holds no PEM certificate`]);
    expect(problems({ SMTP_REQUIRE_TLS: 'maybe' })).toEqual([
      'SMTP_REQUIRE_TLS must be true or false (got "maybe")',
    ]);
  });
});
