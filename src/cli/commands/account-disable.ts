import { disableAccount, enableAccount } from '../../app/operator/disable-account.ts';
import { type Command, fail, json, opts, print, required, UsageError, withRuntime } from '../command.ts';
import { operatorName } from './operator.ts';

export const accountDisable: Command = {
  name: 'account disable',
  help: `Usage: paytag account disable <usertag> --reason TEXT [--json]

Disables the account: its invoice and admin keys are refused on every API family (403
account_disabled) by every instance from now on, and so are its trade credentials and access tokens;
its resting orders stay open but do not fill; its dashboard sessions end, and its Lightning address,
LNURL and usertag stop receiving. Nothing is deleted; 'paytag account enable' undoes it.
Recorded as an operator action (who, when, the reason).`,
  async run(args) {
    const { values, positionals } = opts(args, { reason: { type: 'string' } });
    const usertag = positionals[0];
    if (usertag === undefined)
      throw new UsageError('give the usertag: paytag account disable <usertag> --reason …');
    const reason = required(values, 'reason');
    const r = await withRuntime((rt) =>
      disableAccount(rt.deps, { accountId: null, name: operatorName() }, usertag, reason),
    );
    if (!r.ok) fail(r.error);
    if (values['json']) json({ usertag: r.value.usertag, disabled: true });
    else print(`${r.value.usertag}: disabled`);
    return 0;
  },
};

export const accountEnable: Command = {
  name: 'account enable',
  help: `Usage: paytag account enable <usertag> [--json]

Enables a disabled account: its keys, trade credentials, Lightning address and usertag work again,
and its resting orders may fill (sessions that were ended stay ended). Recorded as an operator action.`,
  async run(args) {
    const { values, positionals } = opts(args, {});
    const usertag = positionals[0];
    if (usertag === undefined) throw new UsageError('give the usertag: paytag account enable <usertag>');
    const r = await withRuntime((rt) =>
      enableAccount(rt.deps, { accountId: null, name: operatorName() }, usertag),
    );
    if (!r.ok) fail(r.error);
    if (values['json']) json({ usertag: r.value.usertag, disabled: false });
    else print(`${r.value.usertag}: enabled`);
    return 0;
  },
};
