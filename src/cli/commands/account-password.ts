import { setPassword } from '../../app/accounts/password.ts';
import { type Command, fail, opts, print, readStdin, UsageError, withRuntime } from '../command.ts';

export const accountPassword: Command = {
  name: 'account password',
  help: `Usage: paytag account password <usertag>

Sets the account's dashboard password, read from the first line of standard input (at least 12
characters). Only an scrypt hash is stored.`,
  async run(args) {
    const { positionals } = opts(args, {});
    const usertag = positionals[0];
    if (usertag === undefined) throw new UsageError('give the usertag: paytag account password <usertag>');
    const line = (await readStdin()).split(/\r?\n/)[0] ?? '';
    const r = await withRuntime((rt) => setPassword(rt.deps, usertag, line));
    if (!r.ok) fail(r.error);
    print(`password set for ${usertag}`);
    return 0;
  },
};
