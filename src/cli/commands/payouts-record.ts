import { recordUsdtWithdrawal } from '../../app/withdrawals/usdt.ts';
import { formatAssetAmount } from '../../domain/money.ts';
import { type Command, fail, json, opts, print, UsageError, withRuntime } from '../command.ts';

export const payoutsRecord: Command = {
  name: 'payouts record',
  help: `Usage: paytag payouts record <withdrawal id> <transaction_hash> [--json]

You paid the queued USDT withdrawal <id> from your own wallet: this records the transaction. Its receipt
(eth_getTransactionReceipt on the withdrawal's network) must show status 0x1 and a Transfer log of the
configured USDT contract to the withdrawal's address for exactly its amount. In a final block (at or
below the node's finalized block, or EVM_DEPTH_<NET> deep) the withdrawal is confirmed and posted at
once; otherwise it is broadcast, and the service confirms it when the block is final. A hash that does
not match is refused with what differs; nothing is recorded. Exit code 1 on a refusal.`,
  async run(args) {
    const { values, positionals } = opts(args, {});
    const [id, txHash] = positionals;
    if (id === undefined || txHash === undefined) {
      throw new UsageError('give the withdrawal and the transaction: paytag payouts record <id> <hash>');
    }
    const r = await withRuntime((rt) => recordUsdtWithdrawal(rt.deps, { id, txHash }));
    if (!r.ok) fail(r.error);
    const w = r.value.withdrawal;
    const amount = formatAssetAmount('usdt', w.amount_units ?? 0n);
    if (values['json']) {
      json({
        id: w.public_id,
        status: w.status,
        outcome: r.value.outcome,
        chain_network: w.chain_network,
        address: w.address,
        amount,
        transaction_hash: w.tx_hash,
      });
    } else if (r.value.outcome === 'broadcast') {
      print(
        `recorded: withdrawal ${w.public_id} (${amount} USDT to ${w.address} on ${w.chain_network}) is broadcast; ` +
          `its block ${w.tx_block_number} is not final yet, it is confirmed when it is`,
      );
    } else {
      print(
        `${r.value.outcome === 'already' ? 'already confirmed' : 'confirmed'}: withdrawal ${w.public_id} ` +
          `(${amount} USDT to ${w.address} on ${w.chain_network}) paid by ${w.tx_hash}`,
      );
    }
    return 0;
  },
};
