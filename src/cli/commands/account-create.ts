import { createAccount } from '../../app/accounts/create-account.ts';
import { sendEmailConfirmation } from '../../app/accounts/email-confirmation.ts';
import type { Config } from '../../config/index.ts';
import { type Command, fail, json, optionalStrings, opts, print, required, withRuntime } from '../command.ts';
import { operatorName } from './operator.ts';

/**
 * What the holder must do before verification codes reach the address: the API's start answer is the
 * same for every usertag (it tells an application nothing), so the holder learns it here.
 */
function confirmationNote(email: string, sent: boolean, config: Config): string[] {
  const lines = [
    '',
    `The e-mail address ${email} is not confirmed yet: no verification codes go to it until it is.`,
    sent
      ? 'Follow the link in the e-mail "Confirm your e-mail address" just sent to it.'
      : 'Ask for the link again on the dashboard (Home or Account: "Send the link again").',
  ];
  if (sent && config.mail.smtpUrl === null) {
    const web =
      config.lightning.backend === 'sandbox'
        ? `, or open ${config.publicUrl}/sandbox/v1/mailbox?to=${encodeURIComponent(email)}`
        : '';
    lines.push(`Without SMTP_URL e-mail stays in the dev mailbox: paytag mail list --to ${email}${web}`);
  }
  return lines;
}

export const accountCreate: Command = {
  name: 'account create',
  help: `Usage: paytag account create --usertag U --email E [--full-name NAME] [--phone P] [--country C]
       [--email-confirmed] [--operator] [--json]

Creates an account with an invoice key and an admin key. The keys are shown only now; only their
hashes are stored. --email-confirmed: the operator vouches for the e-mail address (it counts as
confirmed now, so verification codes may go to it); without it a confirmation link is e-mailed
and the address gets no verification codes until it is followed (an address that had
MAIL_PER_RECIPIENT_PER_HOUR e-mails this hour gets no link: the account is made all the same and the
command says so on standard error). --operator: the account may use the
operator console (/admin) once it has a password (paytag account password); recorded as an operator
action. --json prints one JSON object {usertag, email, invoice_key, admin_key, webhook_secret}.`,
  async run(args) {
    const { values } = opts(args, {
      usertag: { type: 'string' },
      email: { type: 'string' },
      'full-name': { type: 'string' },
      phone: { type: 'string' },
      country: { type: 'string' },
      'email-confirmed': { type: 'boolean' },
      operator: { type: 'boolean' },
    });
    const usertag = required(values, 'usertag');
    const email = required(values, 'email');
    const emailConfirmed = values['email-confirmed'] === true;
    let howToConfirm: string[] = [];
    const r = await withRuntime(async (rt) => {
      const created = await createAccount(rt.deps, {
        usertag,
        email,
        ...optionalStrings(values, { fullName: 'full-name', phone: 'phone', country: 'country' }),
        emailConfirmed,
        ...(values['operator'] === true ? { operatorGrantedBy: operatorName() } : {}),
      });
      // An unconfirmed address gets its confirmation link (through the outbox, sent by the server).
      // The account exists either way, so its keys are printed even when the link is refused (an
      // address past its hourly e-mail cap): they are shown only now.
      if (created.ok && !emailConfirmed) {
        const sent = await sendEmailConfirmation(rt.deps, created.value.usertag);
        if (!sent.ok) {
          process.stderr.write(
            `confirmation link not sent: ${sent.error.message} (the holder can ask for it again on the dashboard)\n`,
          );
        }
        howToConfirm = confirmationNote(created.value.email, sent.ok, rt.deps.config);
      }
      return created;
    });
    if (!r.ok) fail(r.error);
    const a = r.value;
    if (values['json']) {
      json({
        usertag: a.usertag,
        email: a.email,
        invoice_key: a.invoiceKey,
        admin_key: a.adminKey,
        webhook_secret: a.webhookSecret,
      });
    } else {
      print(`account created: ${a.usertag} <${a.email}>${values['operator'] === true ? ' (operator)' : ''}`);
      print(`invoice key:    ${a.invoiceKey}`);
      print(`admin key:      ${a.adminKey}`);
      print(`webhook secret: ${a.webhookSecret}`);
      print('Store the keys now: they are not shown again (only their hashes are kept).');
      for (const line of howToConfirm) print(line);
    }
    return 0;
  },
};
