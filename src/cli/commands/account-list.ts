import { listAccountSummaries } from '../../app/operator/accounts.ts';
import { type Command, json, opts, print, withRuntime } from '../command.ts';

export const accountList: Command = {
  name: 'account list',
  help: 'Usage: paytag account list [--json] [--limit N]',
  async run(args) {
    const { values } = opts(args, { limit: { type: 'string' } });
    const limit = Math.min(Math.max(Number(values['limit'] ?? 1000) || 1000, 1), 100_000);
    return withRuntime(async (rt) => {
      const rows = await listAccountSummaries(rt.deps, limit);
      const view = rows.map((r) => ({
        usertag: r.usertag,
        email: r.email,
        created_at: new Date(r.createdAtMs).toISOString(),
      }));
      if (values['json']) json(view);
      else for (const v of view) print(`${v.usertag.padEnd(33)} ${v.email.padEnd(40)} ${v.created_at}`);
      if (!values['json']) print(`${view.length} account(s)`);
      return 0;
    });
  },
};
