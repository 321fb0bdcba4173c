import { accountDetail } from '../../app/operator/accounts.ts';
import { ASSET_CODES, formatAssetBalance } from '../../domain/money.ts';
import { normalizeUsertag } from '../../domain/usertag.ts';
import { type Command, fail, json, opts, print, UsageError, withRuntime } from '../command.ts';

export const accountShow: Command = {
  name: 'account show',
  help: 'Usage: paytag account show <usertag> [--json]',
  async run(args) {
    const { values, positionals } = opts(args, {});
    const tag = normalizeUsertag(positionals[0]);
    if (!tag.ok) throw new UsageError('give the usertag: paytag account show <usertag>');
    return withRuntime(async (rt) => {
      const found = await accountDetail(rt.deps, tag.value);
      if (!found.ok) fail(found.error);
      const account = found.value;
      const view = {
        usertag: account.usertag,
        email: account.email,
        email_confirmed: account.emailConfirmed,
        full_name: account.fullName,
        created_at: new Date(account.createdAtMs).toISOString(),
        role: account.role,
        disabled_at: account.disabledAtMs === null ? null : new Date(account.disabledAtMs).toISOString(),
        disabled_reason: account.disabledReason,
        balances: Object.fromEntries(ASSET_CODES.map((a) => [a, formatAssetBalance(a, account.balances[a])])),
      };
      if (values['json']) json(view);
      else {
        print(`${view.usertag} <${view.email}>  created ${view.created_at}`);
        if (!view.email_confirmed) {
          print(
            '  e-mail not confirmed: no verification codes are sent to it until the holder follows the ' +
              'confirmation link (sent again from the dashboard)',
          );
        }
        if (view.role === 'operator') print('  operator');
        if (view.disabled_at !== null) print(`  disabled ${view.disabled_at}: ${view.disabled_reason ?? ''}`);
        for (const [asset, amount] of Object.entries(view.balances)) print(`  ${asset.padEnd(6)} ${amount}`);
      }
      return 0;
    });
  },
};
