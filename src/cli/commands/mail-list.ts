import { listMailbox } from '../../app/mail/list-mailbox.ts';
import { type Command, json, opts, print, UsageError, withRuntime } from '../command.ts';

export const mailList: Command = {
  name: 'mail list',
  help: `Usage: paytag mail list [--to ADDRESS] [--limit N] [--json]

Lists the newest messages of the dev mailbox, where e-mail goes when SMTP_URL is not set.`,
  async run(args) {
    const { values } = opts(args, { to: { type: 'string' }, limit: { type: 'string' } });
    const limit = values['limit'] === undefined ? 20 : Number(values['limit']);
    const to = typeof values['to'] === 'string' ? values['to'] : undefined;
    const r = await withRuntime((rt) => listMailbox(rt.deps, to === undefined ? { limit } : { to, limit }));
    if (!r.ok) throw new UsageError(r.error.message);
    if (values['json']) json(r.value);
    else {
      for (const m of [...r.value].reverse()) {
        print(`--- #${m.id} ${new Date(m.createdAtMs).toISOString()}`);
        print(`From: ${m.from}\nTo: ${m.to}\nSubject: ${m.subject}\n\n${m.text}\n`);
      }
      print(`${r.value.length} message(s)`);
    }
    return 0;
  },
};
