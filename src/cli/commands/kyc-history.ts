import { kycHistory } from '../../app/accounts/kyc.ts';
import { type Command, fail, json, opts, print, UsageError, withRuntime } from '../command.ts';

export const kycHistoryCommand: Command = {
  name: 'kyc history',
  help: 'Usage: paytag kyc history <usertag> [--json]',
  async run(args) {
    const { values, positionals } = opts(args, {});
    const usertag = positionals[0];
    if (usertag === undefined) throw new UsageError('give the usertag: paytag kyc history <usertag>');
    const r = await withRuntime((rt) => kycHistory(rt.deps, usertag));
    if (!r.ok) fail(r.error);
    if (values['json']) json(r.value);
    else
      for (const h of r.value) {
        const what = Object.entries(h.changes)
          .map(([k, [a, b]]) => `${k}: "${a}" -> "${b}"`)
          .join('; ');
        print(`${h.at} ${h.actor} ${what}${h.reason === null ? '' : ` (${h.reason})`}`);
      }
    return 0;
  },
};
