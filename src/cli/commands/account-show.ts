import { findAccountByUsertag } from '../../db/repos/accounts.ts';
import { availableBalances } from '../../db/repos/ledger.ts';
import { ASSET_CODES, formatAssetBalance } from '../../domain/money.ts';
import { normalizeUsertag } from '../../domain/usertag.ts';
import { type Command, json, opts, print, UsageError, withRuntime } from '../command.ts';

export const accountShow: Command = {
  name: 'account show',
  synopsis: 'account show U',
  summary: 'show an account and its balances',
  help: 'Usage: paytag account show <usertag> [--json]',
  async run(args) {
    const { values, positionals } = opts(args, {});
    const tag = normalizeUsertag(positionals[0]);
    if (!tag.ok) throw new UsageError('give the usertag: paytag account show <usertag>');
    return withRuntime(async (rt) => {
      const account = await findAccountByUsertag(rt.deps.db.read, tag.value);
      if (!account) throw new Error(`no account with usertag "${tag.value}"`);
      const balances = await availableBalances(rt.deps.db.read, account.id);
      const view = {
        usertag: account.usertag,
        email: account.email,
        email_confirmed: account.email_confirmed_at_ms !== null,
        full_name: account.full_name,
        created_at: new Date(Number(account.created_at_ms)).toISOString(),
        role: account.role,
        disabled_at:
          account.disabled_at_ms === null ? null : new Date(Number(account.disabled_at_ms)).toISOString(),
        disabled_reason: account.disabled_reason,
        balances: Object.fromEntries(
          ASSET_CODES.map((a) => [a, formatAssetBalance(a, balances.get(a) ?? 0n)]),
        ),
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
