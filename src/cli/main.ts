import { ConfigError } from '../config/index.ts';
import { type CommandEntry, print, UsageError } from './command.ts';
import { SECTIONS } from './registry.ts';

const COMMANDS: readonly CommandEntry[] = SECTIONS.flatMap((s) => s.commands);
const BY_NAME = new Map(COMMANDS.map((c) => [c.name, c]));

/** Groups of two-word commands (`account`, `sandbox`, …), each with its subcommands in overview order. */
const GROUPS = new Map<string, CommandEntry[]>();
for (const c of COMMANDS) {
  const [group, sub] = c.name.split(' ');
  if (group !== undefined && sub !== undefined) GROUPS.set(group, [...(GROUPS.get(group) ?? []), c]);
}

/** Overview lines: the synopsis padded to 42 columns, or the summary on its own line when it is longer. */
function overviewLine(c: { synopsis: string; summary: string }): string {
  const left = `  ${c.synopsis}`;
  return left.length < 42 ? `${left.padEnd(42)}${c.summary}` : `${left}\n${' '.repeat(42)}${c.summary}`;
}

const OVERVIEW = `paytag: self-hostable Bitcoin payments service

Usage: paytag <command> [options]

${SECTIONS.map((s) => `${s.title}:\n${s.commands.map(overviewLine).join('\n')}`).join('\n\n')}

Configuration comes from environment variables (see README.md), e.g. DATABASE_URL, PORT.
Run 'paytag <command> --help' for a command's options, 'paytag <group> --help' for a group's commands.`;

const groupHelp = (group: string, commands: readonly CommandEntry[]) =>
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
  const entry = BY_NAME.get(twoWord) ?? BY_NAME.get(cmd);
  if (entry === undefined) throw new UsageError(`unknown command "${twoWord}"`);
  const args = entry.name === twoWord ? rest : [sub, ...rest].filter((a): a is string => a !== undefined);
  const command = await entry.load();
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
