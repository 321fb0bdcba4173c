import { rotateKey } from '../../app/accounts/rotate-key.ts';
import { type Command, fail, json, opts, print, required, UsageError, withRuntime } from '../command.ts';

export const keysRotate: Command = {
  name: 'keys rotate',
  help: `Usage: paytag keys rotate <usertag> --kind invoice|admin [--json]

Replaces the key of that kind; the old key stops working immediately. Prints the new key once.`,
  async run(args) {
    const { values, positionals } = opts(args, { kind: { type: 'string' } });
    const kind = required(values, 'kind');
    if (kind !== 'invoice' && kind !== 'admin') throw new UsageError('--kind must be invoice or admin');
    const usertag = positionals[0];
    if (usertag === undefined)
      throw new UsageError('give the usertag: paytag keys rotate <usertag> --kind invoice|admin');
    const r = await withRuntime((rt) => rotateKey(rt.deps, usertag, kind));
    if (!r.ok) fail(r.error);
    if (values['json']) json({ usertag, kind, key: r.value });
    else print(`new ${kind} key: ${r.value}\nThe previous ${kind} key no longer works.`);
    return 0;
  },
};
