import { fundAccount } from '../../app/sandbox/fund-account.ts';
import { type Command, fail, json, opts, print, required, withRuntime } from '../command.ts';

export const sandboxFund: Command = {
  name: 'sandbox fund',
  help: `Usage: paytag sandbox fund --usertag U --asset A --amount X

Credits X of asset A (lbtc, btc, usdt, eth, sol, ltc, matic, inr; amounts in whole units, e.g. 0.5 BTC)
to U from the sandbox faucet through a ledger transfer. Refused unless LIGHTNING_BACKEND=sandbox.`,
  async run(args) {
    const { values } = opts(args, {
      usertag: { type: 'string' },
      asset: { type: 'string' },
      amount: { type: 'string' },
    });
    const input = {
      usertag: required(values, 'usertag'),
      asset: required(values, 'asset'),
      amount: required(values, 'amount'),
    };
    const r = await withRuntime((rt) => fundAccount(rt.deps, input));
    if (!r.ok) fail(r.error);
    if (values['json']) json({ transfer_id: r.value.transferId });
    else
      print(
        `funded ${input.usertag} with ${input.amount} ${input.asset.toLowerCase()} (transfer ${r.value.transferId})`,
      );
    return 0;
  },
};
