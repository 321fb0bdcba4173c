import { ConfigError } from '../config/index.ts';
import { type Command, print, UsageError } from './command.ts';
import { accountConsentsCommand } from './commands/account-consents.ts';
import { accountCreate } from './commands/account-create.ts';
import { accountDisable, accountEnable } from './commands/account-disable.ts';
import { accountList } from './commands/account-list.ts';
import { accountPassword } from './commands/account-password.ts';
import { accountShow } from './commands/account-show.ts';
import { accountUpdate } from './commands/account-update.ts';
import { audit } from './commands/audit.ts';
import { backup } from './commands/backup.ts';
import {
  chainAddresses,
  chainRescan,
  sandboxConfirmCommand,
  sandboxDepositCommand,
} from './commands/chain.ts';
import { chainKeys } from './commands/chain-keys.ts';
import { doctor } from './commands/doctor.ts';
import { keysRotate } from './commands/keys-rotate.ts';
import { kycHistoryCommand } from './commands/kyc-history.ts';
import { kycReview } from './commands/kyc-review.ts';
import { kycSubmit } from './commands/kyc-submit.ts';
import { mailList } from './commands/mail-list.ts';
import { migrate } from './commands/migrate.ts';
import { nwcCreate, nwcList, nwcRevoke } from './commands/nwc.ts';
import { payoutsAbandon, payoutsPsbt, payoutsSubmit } from './commands/payouts-btc.ts';
import { payoutsRecord } from './commands/payouts-record.ts';
import { pricesSet, pricesShow } from './commands/prices.ts';
import { sandboxFund } from './commands/sandbox-fund.ts';
import { sandboxPay } from './commands/sandbox-pay.ts';
import { sandboxUsdtTransferCommand } from './commands/sandbox-usdt-transfer.ts';
import { serve } from './commands/serve.ts';
import { tradeKeysCreate, tradeKeysList, tradeKeysRevoke } from './commands/trade-keys.ts';
import { webhooksRotateSecret } from './commands/webhooks-rotate-secret.ts';
import { webhooksShow } from './commands/webhooks-show.ts';

/**
 * Every command, by group, in the order `paytag --help` lists them: running the service first, then an
 * account's life, payments in the sandbox, the on-chain side, operations. A new command is one file and
 * one line here.
 */
const SECTIONS: ReadonlyArray<{ title: string; commands: readonly Command[] }> = [
  { title: 'Service', commands: [serve, migrate, doctor] },
  {
    title: 'Accounts and keys',
    commands: [
      accountCreate,
      accountShow,
      accountList,
      accountUpdate,
      accountPassword,
      accountDisable,
      accountEnable,
      accountConsentsCommand,
      keysRotate,
      tradeKeysCreate,
      tradeKeysList,
      tradeKeysRevoke,
      nwcCreate,
      nwcList,
      nwcRevoke,
      webhooksShow,
      webhooksRotateSecret,
    ],
  },
  { title: 'Verification (KYC)', commands: [kycSubmit, kycReview, kycHistoryCommand] },
  {
    title: 'Sandbox (test money, test chain) and mail',
    commands: [
      sandboxFund,
      sandboxPay,
      sandboxDepositCommand,
      sandboxConfirmCommand,
      sandboxUsdtTransferCommand,
      mailList,
    ],
  },
  { title: 'Prices', commands: [pricesShow, pricesSet] },
  { title: 'On-chain', commands: [chainAddresses, chainRescan, chainKeys] },
  {
    title: 'On-chain withdrawals',
    commands: [payoutsPsbt, payoutsSubmit, payoutsAbandon, payoutsRecord],
  },
  { title: 'Operations', commands: [audit, backup] },
];

const COMMANDS: readonly Command[] = SECTIONS.flatMap((s) => s.commands);
const BY_NAME = new Map(COMMANDS.map((c) => [c.name, c]));

/** Groups of two-word commands (`account`, `sandbox`, …), each with its subcommands in overview order. */
const GROUPS = new Map<string, Command[]>();
for (const c of COMMANDS) {
  const [group, sub] = c.name.split(' ');
  if (group !== undefined && sub !== undefined) GROUPS.set(group, [...(GROUPS.get(group) ?? []), c]);
}

/** Overview lines: the synopsis padded to 42 columns, or the summary on its own line when it is longer. */
function overviewLine(c: Command): string {
  const left = `  ${c.synopsis}`;
  return left.length < 42 ? `${left.padEnd(42)}${c.summary}` : `${left}\n${' '.repeat(42)}${c.summary}`;
}

const OVERVIEW = `paytag: self-hostable Bitcoin payments service

Usage: paytag <command> [options]

${SECTIONS.map((s) => `${s.title}:\n${s.commands.map(overviewLine).join('\n')}`).join('\n\n')}

Configuration comes from environment variables (see README.md), e.g. DATABASE_URL, PORT.
Run 'paytag <command> --help' for a command's options, 'paytag <group> --help' for a group's commands.`;

const groupHelp = (group: string, commands: readonly Command[]) =>
  `Usage: paytag ${group} <command> [options]

Commands:
${commands.map((c) => overviewLine({ ...c, synopsis: `paytag ${c.synopsis}` })).join('\n')}

Run 'paytag ${group} <command> --help' for a command's options.`;

const isHelp = (a: string | undefined) => a === '--help' || a === '-h' || a === 'help';

async function run(argv: string[]): Promise<number> {
  const [cmd, sub, ...rest] = argv;
  if (cmd === undefined || isHelp(cmd)) {
    print(OVERVIEW);
    return cmd === undefined ? 2 : 0;
  }
  // A group alone, or with --help: its commands (a group alone is wrong usage, as is paytag alone).
  const group = GROUPS.get(cmd);
  if (group !== undefined && (sub === undefined || isHelp(sub))) {
    print(groupHelp(cmd, group));
    return sub === undefined ? 2 : 0;
  }
  const twoWord = `${cmd} ${sub ?? ''}`.trim();
  const command = BY_NAME.get(twoWord) ?? BY_NAME.get(cmd);
  if (command === undefined) throw new UsageError(`unknown command "${twoWord}"`);
  const args = command.name === twoWord ? rest : [sub, ...rest].filter((a): a is string => a !== undefined);
  if (args.includes('--help') || args.includes('-h')) {
    print(command.help);
    return 0;
  }
  return command.run(args);
}

run(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (e: unknown) => {
    if (e instanceof UsageError) {
      process.stderr.write(`paytag: ${e.message}\nRun 'paytag --help' for usage.\n`);
      process.exitCode = 2;
    } else if (e instanceof ConfigError) {
      process.stderr.write(`paytag: ${e.message}\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`paytag: ${(e as Error).message}\n`);
      process.exitCode = 1;
    }
  },
);
