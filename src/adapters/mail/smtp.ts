import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { createTransport } from 'nodemailer';
import type { Mailer, MailResult, OutgoingMail } from '../../app/ports.ts';

export interface SmtpMailerOptions {
  /** `smtp://user:pass@host:port` (STARTTLS when the server offers it) or `smtps://…` (TLS from the start). */
  url: string;
  /** One submission at most, connect to the server's final reply. */
  timeoutMs: number;
  /** SMTP connections kept open at most. */
  maxConnections: number;
  /** PEM file of certificate authorities trusted for the server, in addition to the system's. */
  caFile?: string | null;
  /** Send nothing, not even the login, unless STARTTLS secured the connection. */
  requireTls?: boolean;
}

interface SmtpError {
  code?: string;
  responseCode?: number;
  permanent?: boolean;
  message?: string;
}

/** The domain part of an address like `name <user@host>`, for Message-IDs. */
function domainOf(from: string): string {
  const m = /@([^>\s]+)>?\s*$/.exec(from);
  return m?.[1] ?? 'localhost';
}

/**
 * Sends through an SMTP server with nodemailer. Plain `smtp://` upgrades with STARTTLS whenever the
 * server offers it (nodemailer's default), and with `requireTls` refuses to go on without it. The
 * server's certificate must verify, against the system's authorities and those of `caFile`. Message
 * contents are never fetched from files or URLs, so a message cannot make the service read a local file
 * or call a URL.
 */
export function createSmtpMailer(opts: SmtpMailerOptions): Mailer {
  const extraCa = opts.caFile ? readFileSync(opts.caFile, 'utf8') : null;
  const transport = createTransport({
    url: opts.url,
    requireTLS: opts.requireTls === true,
    tls: {
      rejectUnauthorized: true,
      ...(extraCa !== null ? { ca: [...rootCertificates, extraCa] } : {}),
    },
    pool: true,
    maxConnections: opts.maxConnections,
    connectionTimeout: opts.timeoutMs,
    greetingTimeout: opts.timeoutMs,
    socketTimeout: opts.timeoutMs,
    dnsTimeout: opts.timeoutMs,
    disableFileAccess: true,
    disableUrlAccess: true,
    logger: false,
  });

  return {
    kind: 'smtp',
    async send(mail: OutgoingMail, signal?: AbortSignal): Promise<MailResult> {
      const deadline = AbortSignal.timeout(opts.timeoutMs);
      try {
        const info = await transport.sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          // Stable across retries: a receiving system can tell a resend from a new message.
          messageId: `<${mail.eventId}@${domainOf(mail.from)}>`,
          signal: signal === undefined ? deadline : AbortSignal.any([deadline, signal]),
        });
        const response = typeof info.response === 'string' ? info.response : '';
        const code = Number(/^\d{3}/.exec(response)?.[0] ?? Number.NaN);
        if ((info.rejected ?? []).length > 0) {
          return {
            ok: false,
            permanent: true,
            code: Number.isNaN(code) ? null : code,
            error: 'recipient rejected',
          };
        }
        return { ok: true, code: Number.isNaN(code) ? null : code, response };
      } catch (e) {
        const x = e as SmtpError;
        if (x.code === 'EABORT') {
          const why = deadline.aborted ? `no reply within ${opts.timeoutMs} ms` : 'send aborted';
          return { ok: false, permanent: false, code: null, error: why };
        }
        // A failed login is the operator's configuration to fix, not this message's fault: keep retrying.
        const permanent = x.permanent === true && x.code !== 'EAUTH';
        return {
          ok: false,
          permanent,
          code: typeof x.responseCode === 'number' ? x.responseCode : null,
          error: `${x.code ?? 'ERROR'}: ${x.message ?? String(e)}`,
        };
      }
    },
    async close() {
      transport.close();
    },
  };
}
