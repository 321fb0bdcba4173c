import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { loadConfig } from '../config/index.ts';
import type { AppError } from '../domain/errors.ts';
import type { Runtime } from '../main.ts';

/**
 * One CLI command: its words (`account create`), its own `--help` text, and what it does. `run` returns
 * the exit code, or -1 to keep the process running (`serve`).
 */
export interface Command {
  readonly name: string;
  readonly help: string;
  run(args: string[]): Promise<number>;
}

/**
 * A command as the overview lists it (main.ts): its words, its line in the overview, and how to load its
 * module, which is imported only when the command runs or shows its own help.
 */
export interface CommandEntry {
  readonly name: string;
  /** Left column of the overview: the command with its main arguments. */
  readonly synopsis: string;
  /** Right column of the overview. */
  readonly summary: string;
  load(): Promise<Command>;
}

/** Wrong usage: the message is printed with a pointer to `--help`, exit code 2. */
export class UsageError extends Error {}

export const print = (s: string) => process.stdout.write(`${s}\n`);
export const json = (v: unknown) =>
  print(JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x), 2));

/** A use case's error ends the command with its message, exit code 1. */
export function fail(e: AppError): never {
  throw new Error(e.message);
}

export async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('password: ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Opens the database and the runtime from the environment's configuration, runs `fn`, closes it. Without
 * PUBLIC_URL in the environment the links it writes use the URL the server recorded at its start.
 */
export async function withRuntime<T>(fn: (rt: Runtime) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const log = pino({ level: 'warn' }, pino.destination(2));
  // The service's composition root, loaded only by the commands that open it (not by their --help).
  const { openRuntime } = await import('../main.ts');
  const rt = await openRuntime(config, log, { serverPublicUrl: true });
  try {
    return await fn(rt);
  } finally {
    await rt.close();
  }
}

export interface Parsed {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/** Parses a command's options; `--help` and `--json` are known to every command. */
export function opts(args: string[], options: Record<string, { type: 'string' | 'boolean' }>): Parsed {
  try {
    const r = parseArgs({
      args,
      options: { ...options, help: { type: 'boolean' }, json: { type: 'boolean' } },
      allowPositionals: true,
    });
    return { values: r.values as Parsed['values'], positionals: r.positionals };
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

export function optionalStrings<K extends string>(
  values: Parsed['values'],
  names: Record<K, string>,
): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const [k, flag] of Object.entries(names) as Array<[K, string]>) {
    const v = values[flag];
    if (typeof v === 'string') out[k] = v;
  }
  return out;
}

export function required(values: Record<string, unknown>, name: string): string {
  const v = values[name];
  if (typeof v !== 'string' || v === '') throw new UsageError(`--${name} is required`);
  return v;
}
