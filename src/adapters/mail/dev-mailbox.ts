import type { DevMailboxStore, Logger, Mailer, OutgoingMail } from '../../app/ports.ts';

/**
 * Without SMTP_URL e-mail goes to the dev mailbox: stored in the database (readable with
 * `GET /sandbox/v1/mailbox?to=` and `paytag mail list`) and printed to the log, so a developer can read
 * a verification code without any mail set-up. Never used when SMTP is configured.
 */
export function createDevMailbox(store: DevMailboxStore, log: Logger): Mailer {
  return {
    kind: 'dev',
    async send(mail: OutgoingMail) {
      await store.save(mail);
      log.info(
        { mail: { to: mail.to, subject: mail.subject, text: mail.text } },
        'dev mailbox: message stored',
      );
      return { ok: true, code: null, response: 'stored in the dev mailbox' };
    },
    async close() {},
  };
}
