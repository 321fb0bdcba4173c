import { sandboxUsdtTransfer } from '../../app/chain/sandbox-usdt-transfer.ts';
import { type Command, fail, json, opts, print, UsageError, withRuntime } from '../command.ts';

export const sandboxUsdtTransferCommand: Command = {
  name: 'sandbox usdt-transfer',
  help: `Usage: paytag sandbox usdt-transfer <address> <amount> --network ERC20|BEP20|MATIC [--confirmations N] [--json]

Writes a USDT transfer of <amount> (at most 6 decimals) to <address> from the operator's wallet on the
sandbox's chain, with a fake transaction hash, at N confirmations (default SANDBOX_CHAIN_CONFIRMATIONS,
so it is final at once; 0: pending, no receipt yet). Its hash is what 'paytag payouts record' takes to
pay a USDT withdrawal in the sandbox; 'paytag sandbox confirm <hash>' deepens it or reorganises it
away. Refused unless EVM_WATCHER is sandbox.`,
  async run(args) {
    const { values, positionals } = opts(args, {
      network: { type: 'string' },
      confirmations: { type: 'string' },
    });
    const [address, amount] = positionals;
    if (address === undefined || amount === undefined) {
      throw new UsageError(
        'give the address and the amount: paytag sandbox usdt-transfer <address> <amount>',
      );
    }
    const network = values['network'];
    if (typeof network !== 'string') throw new UsageError('give the network: --network ERC20|BEP20|MATIC');
    const c = values['confirmations'];
    if (c !== undefined && (typeof c !== 'string' || !/^\d{1,4}$/.test(c))) {
      throw new UsageError('--confirmations must be a whole number');
    }
    const r = await withRuntime((rt) =>
      sandboxUsdtTransfer(rt.deps, {
        network,
        address,
        amount,
        confirmations: c === undefined ? undefined : Number(c),
      }),
    );
    if (!r.ok) fail(r.error);
    if (values['json']) {
      json({
        transaction_hash: r.value.txHash,
        confirmations: r.value.confirmations,
        amount_raw: r.value.amountRaw,
      });
    } else {
      print(
        `sent: transaction ${r.value.txHash} (${r.value.confirmations} confirmations) on ${network.toUpperCase()}`,
      );
    }
    return 0;
  },
};
