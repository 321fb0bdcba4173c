import { acceptChainKeys, type ChainKeyReport, chainKeysReport } from '../../app/chain/verify-keys.ts';
import { type Command, json, opts, print, UsageError, withRuntime } from '../command.ts';

const line = (r: ChainKeyReport) =>
  `${r.variable.padEnd(9)} configured ${r.configured ?? '(none)'}  database ${r.recorded ?? '(none yet)'}${
    r.configured !== null && r.recorded !== null && r.configured !== r.recorded ? '  DIFFERENT' : ''
  }`;

export const chainKeys: Command = {
  name: 'chain keys',
  help: `Usage: paytag chain keys [--accept --confirm] [--json]

Prints the public fingerprints of this configuration's on-chain account keys (BTC_XPUB and EVM_XPUB,
or the hot seed file DATA_DIR/chain-seed.txt when neither is set) next to those the database keeps.
'paytag serve' refuses to start while they differ: instances sharing a database must derive addresses
from the same keys.

With --accept --confirm, records this configuration's keys as the database's, after you changed the
keys on purpose. Addresses handed out before stay watched and credited, but their funds are in the old
wallet: keep it (and its seed file) as long as payments to them may arrive. See docs/operations.md.`,
  async run(args) {
    const { values } = opts(args, { accept: { type: 'boolean' }, confirm: { type: 'boolean' } });
    if (values['accept'] && !values['confirm']) {
      throw new UsageError(
        'give --accept --confirm: the database then takes these keys, and addresses handed out before stay in the old wallet',
      );
    }
    const report = await withRuntime((rt) =>
      values['accept'] ? acceptChainKeys(rt.deps) : chainKeysReport(rt.deps),
    );
    if (values['json']) json(report);
    else {
      for (const r of report) print(line(r));
      if (values['accept']) print('recorded: these keys are now the database’s');
    }
    return 0;
  },
};
