import { readFileSync } from 'node:fs';
import { bool, int, optional, string, url } from './fields.ts';
import { section } from './section.ts';

export interface MailConfig {
  /** SMTP server (a secret: it may carry a password); null sends to the dev mailbox. */
  smtpUrl: string | null;
  /** PEM file of certificate authorities trusted for the SMTP server, besides the system's. */
  smtpCaFile: string | null;
  /** Refuse to send (and to log in) over a connection that STARTTLS did not secure. */
  smtpRequireTls: boolean;
  from: string;
  /** One SMTP submission at most, connect to the server's reply. */
  timeoutMs: number;
}

export const mail = section(
  {
    SMTP_URL: url(null, ['smtp:', 'smtps:']),
    SMTP_CA_FILE: optional(),
    SMTP_REQUIRE_TLS: bool(false),
    MAIL_FROM: string('paytag <no-reply@localhost>'),
    MAIL_TIMEOUT_MS: int(30_000, 100, 300_000),
  },
  (v): MailConfig => ({
    smtpUrl: v.SMTP_URL,
    smtpCaFile: v.SMTP_CA_FILE,
    smtpRequireTls: v.SMTP_REQUIRE_TLS,
    from: v.MAIL_FROM,
    timeoutMs: v.MAIL_TIMEOUT_MS,
  }),
  (c) => {
    if (c.smtpCaFile === null) return [];
    try {
      if (!readFileSync(c.smtpCaFile, 'utf8').includes('-----BEGIN CERTIFICATE-----')) {
        return [`SMTP_CA_FILE ${c.smtpCaFile} holds no PEM certificate`];
      }
    } catch (e) {
      return [`SMTP_CA_FILE ${c.smtpCaFile} cannot be read: ${(e as Error).message}`];
    }
    return [];
  },
);
