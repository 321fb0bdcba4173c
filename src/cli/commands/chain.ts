import { exportChainAddresses } from '../../app/chain/export-addresses.ts';
import {
  sandboxDeposit,
  sandboxDepositChange,
  sandboxRequestDepositsChange,
} from '../../app/chain/sandbox-deposit.ts';
import { watchRound } from '../../app/chain/watch-round.ts';
import { type Command, fail, json, opts, print, UsageError, withRuntime } from '../command.ts';

export const sandboxDepositCommand: Command = {
  name: 'sandbox deposit',
  help: `Usage: paytag sandbox deposit <tid> [--amount X] [--confirmations N] [--json]

Deposits X (BTC or USDT, the request's asset; default: what is still missing) to the address of the
on-chain request <tid> on the sandbox's chain, with a fake transaction hash and N confirmations (default
SANDBOX_CHAIN_CONFIRMATIONS, so it is final at once), then runs one watcher round: the deposit is booked
as a node's would be. Refused unless the request's network is watched by the sandbox watcher.`,
  async run(args) {
    const { values, positionals } = opts(args, {
      amount: { type: 'string' },
      confirmations: { type: 'string' },
    });
    const tid = positionals[0];
    if (tid === undefined) throw new UsageError('give the request: paytag sandbox deposit <tid>');
    const c = values['confirmations'];
    if (c !== undefined && (typeof c !== 'string' || !/^\d{1,4}$/.test(c))) {
      throw new UsageError('--confirmations must be a whole number');
    }
    const amount = typeof values['amount'] === 'string' ? values['amount'] : undefined;
    const r = await withRuntime((rt) =>
      sandboxDeposit(rt.deps, { tid, amount, confirmations: c === undefined ? undefined : Number(c) }),
    );
    if (!r.ok) fail(r.error);
    const d = r.value;
    if (values['json']) {
      json({
        transaction_hash: d.txHash,
        confirmations: d.confirmations,
        status: d.status,
        received_units: String(d.receivedUnits),
      });
    } else {
      print(
        `deposited: transaction ${d.txHash} (${d.confirmations} confirmations); the request is ${d.status}`,
      );
    }
    return 0;
  },
};

export const sandboxConfirmCommand: Command = {
  name: 'sandbox confirm',
  help: `Usage: paytag sandbox confirm <transaction_hash | tid> [--confirmations N | --reorg] [--json]

Sets the confirmations of a transaction on the sandbox's chain (a deposit made by 'paytag sandbox
deposit', the checkout's sandbox form or 'paytag sandbox usdt-transfer', or a Bitcoin transaction it
accepted by broadcast, e.g. a withdrawal's), or of every sandbox deposit to the address of the request
<tid>, to N (default SANDBOX_CHAIN_CONFIRMATIONS, so it becomes final), or with --reorg removes it from
the sandbox chain as a reorganisation would (with the broadcast transactions spending its outputs; the
outputs it spent are spendable again), then runs one watcher round for the addresses it pays: a deposit
that is now final is credited once; one removed before it was credited is dropped, one credited is
reversed.`,
  async run(args) {
    const { values, positionals } = opts(args, {
      confirmations: { type: 'string' },
      reorg: { type: 'boolean' },
    });
    const target = positionals[0]?.trim().toLowerCase();
    if (target === undefined || target === '') {
      throw new UsageError(
        'give the transaction or the request: paytag sandbox confirm <transaction_hash | tid>',
      );
    }
    const c = values['confirmations'];
    if (c !== undefined && (typeof c !== 'string' || !/^\d{1,4}$/.test(c) || Number(c) > 1000)) {
      throw new UsageError('--confirmations must be a whole number from 0 to 1000');
    }
    if (c !== undefined && values['reorg']) throw new UsageError('give --confirmations or --reorg, not both');
    const isTx = /^(0x)?[0-9a-f]{64}$/.test(target);
    const r = await withRuntime(async (rt) => {
      const change = values['reorg']
        ? ({ removed: true } as const)
        : { confirmations: c === undefined ? rt.deps.config.chainWatch.sandboxConfirmations : Number(c) };
      const done = isTx
        ? await sandboxDepositChange(rt.deps, target, change)
        : await sandboxRequestDepositsChange(rt.deps, target, change);
      return done.ok ? { ok: true as const, value: change } : done;
    });
    if (!r.ok) fail(r.error);
    const what =
      'removed' in r.value ? 'removed (reorganised away)' : `at ${r.value.confirmations} confirmations`;
    if (values['json']) json({ target, ...r.value });
    else print(`sandbox deposit${isTx ? ` ${target}` : `s of ${target}`} ${what}`);
    return 0;
  },
};

export const chainRescan: Command = {
  name: 'chain rescan',
  help: `Usage: paytag chain rescan [--json]

Scans every on-chain address this service has handed out, including those no longer polled
(CHAIN_WATCH_AFTER_EXPIRY_MIN after their request's expiry), and books what it finds once, as the
watcher job does. A node that is down is reported; run it again later.`,
  async run(args) {
    const { values } = opts(args, {});
    const r = await withRuntime((rt) => watchRound(rt.deps, { rescan: true }));
    if (values['json'])
      json({ credited: r.credited, dropped: r.dropped, reversed: r.reversed, unavailable: r.unavailable });
    else {
      print(`rescan: ${r.credited} deposit(s) credited, ${r.dropped} dropped`);
      for (const u of r.unavailable) print(`  not reachable: ${u}`);
    }
    return r.unavailable.length > 0 ? 1 : 0;
  },
};

export const chainAddresses: Command = {
  name: 'chain addresses',
  help: `Usage: paytag chain addresses --export [--json]

Prints every address handed out with its derivation path, one per line as "path,address,network",
ordered by index, for importing into a watch-only wallet (Electrum, Sparrow). The highest index tells
the gap limit such a wallet needs (see docs/chain-deposits.md).`,
  async run(args) {
    const { values } = opts(args, { export: { type: 'boolean' } });
    if (!values['export'] && !values['json']) throw new UsageError('give --export (or --json)');
    const rows = await withRuntime((rt) => exportChainAddresses(rt.deps));
    if (values['json']) json(rows);
    else for (const r of rows) print(`${r.path},${r.address},${r.network}`);
    return 0;
  },
};
