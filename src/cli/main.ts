import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { createAccount } from '../app/accounts/create-account.ts';
import { setPassword } from '../app/accounts/password.ts';
import { rotateKey } from '../app/accounts/rotate-key.ts';
import { auditLedger } from '../app/audit/audit-ledger.ts';
import { listMailbox } from '../app/mail/list-mailbox.ts';
import { payFromOutside } from '../app/payments/pay-from-outside.ts';
import { fundAccount } from '../app/sandbox/fund-account.ts';
import { rotateWebhookSecret } from '../app/webhooks/rotate-webhook-secret.ts';
import { showWebhookSecret } from '../app/webhooks/show-webhook-secret.ts';
import { ConfigError, loadConfig } from '../config/index.ts';
import { findAccountByUsertag, listAccounts } from '../db/repos/accounts.ts';
import { availableBalances } from '../db/repos/ledger.ts';
import type { AppError } from '../domain/errors.ts';
import { ASSET_CODES, formatAssetBalance, formatMsatAsBtc } from '../domain/money.ts';
import { normalizeUsertag } from '../domain/usertag.ts';
import { openRuntime, type Runtime, startServer } from '../main.ts';
import { DOCTOR_HELP, doctorCommand } from './commands/doctor.ts';

class UsageError extends Error {}

const HELP: Record<string, string> = {
  main: `paytag: self-hostable Bitcoin payments service

Usage: paytag <command> [options]

Commands:
  serve                                   run the HTTP service and background jobs
  migrate                                 apply database migrations and exit
  account create --usertag U --email E    create an account; prints both API keys once
  account show U                          show an account and its balances
  account list                            list accounts
  account password U                      set the dashboard password (read from standard input)
  keys rotate U --kind invoice|admin      replace a key; prints the new key once
  audit                                   check every ledger invariant; exit 1 on a violation
  doctor                                  check the configured Lightning node end to end; exit 1 on a problem
  sandbox fund --usertag U --asset A --amount X
                                          credit test funds (sandbox Lightning backend only)
  sandbox pay <bolt11>                    pay an invoice of this service as an outside wallet (sandbox only)
  webhooks show U                         show the account's webhook signing secret
  webhooks rotate-secret U                replace the webhook secret (the old one signs for 24 h more)
  mail list [--to ADDRESS]                list messages in the dev mailbox (no SMTP_URL set)

Configuration comes from environment variables (see README.md), e.g. DATABASE_URL, PORT.
Run 'paytag <command> --help' for a command's options.`,
  serve: 'Usage: paytag serve\n\nRuns the service (HTTP API, pages, jobs) until SIGINT/SIGTERM.',
  migrate: 'Usage: paytag migrate\n\nApplies pending database migrations and exits.',
  doctor: DOCTOR_HELP,
  'account create': `Usage: paytag account create --usertag U --email E [--full-name NAME] [--phone P] [--country C] [--json]

Creates an account with an invoice key and an admin key. The keys are shown only now; only their
hashes are stored. --json prints one JSON object {usertag, email, invoice_key, admin_key, webhook_secret}.`,
  'account show': 'Usage: paytag account show <usertag> [--json]',
  'account password': `Usage: paytag account password <usertag>

Sets the account's dashboard password, read from the first line of standard input (at least 12
characters). Only an scrypt hash is stored.`,
  'account list': 'Usage: paytag account list [--json] [--limit N]',
  'keys rotate': `Usage: paytag keys rotate <usertag> --kind invoice|admin [--json]

Replaces the key of that kind; the old key stops working immediately. Prints the new key once.`,
  audit: `Usage: paytag audit [--json]

Checks that every asset's ledger sums to zero, that every account's balances equal the sum of its
transfers, that no guarded account is negative, and every feature's own invariants: payments and their
transfers, reserves against payment status, the node's balance against the ledger's lightning_node
account (where the backend can tell). Prints every group of checks with how many things it checked and
its violations, then notes (second and short payments, fee overruns, late successes). Exit code 1 on
any violation.`,
  'sandbox pay': `Usage: paytag sandbox pay <bolt11> [--json]

Pays an invoice issued by this service as a Lightning wallet outside it would: the receiving account is
credited and the payment becomes paid (its webhook is queued). Refused unless LIGHTNING_BACKEND=sandbox.`,
  'sandbox fund': `Usage: paytag sandbox fund --usertag U --asset A --amount X

Credits X of asset A (lbtc, btc, usdt, eth, sol, ltc, matic; amounts in whole units, e.g. 0.5 BTC)
to U from the sandbox faucet through a ledger transfer. Refused unless LIGHTNING_BACKEND=sandbox.`,
  'webhooks show': `Usage: paytag webhooks show <usertag> [--json]

Prints the secret (whsec_...) that signs the account's webhooks (Standard Webhooks scheme), and the
previous secret while it still signs after a rotation. See docs/webhooks.md.`,
  'webhooks rotate-secret': `Usage: paytag webhooks rotate-secret <usertag> [--json]

Creates a new webhook secret and prints it. For 24 hours every webhook carries two signatures, one per
secret, so the receiver can switch to the new secret without missing an event.`,
  'mail list': `Usage: paytag mail list [--to ADDRESS] [--limit N] [--json]

Lists the newest messages of the dev mailbox, where e-mail goes when SMTP_URL is not set.`,
};

const print = (s: string) => process.stdout.write(`${s}\n`);
const json = (v: unknown) =>
  print(JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x), 2));

function fail(e: AppError): never {
  throw new Error(e.message);
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('password: ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function withRuntime<T>(fn: (rt: Runtime) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const log = pino({ level: 'warn' }, pino.destination(2));
  const rt = await openRuntime(config, log);
  try {
    return await fn(rt);
  } finally {
    await rt.close();
  }
}

interface Parsed {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

function opts(args: string[], options: Record<string, { type: 'string' | 'boolean' }>): Parsed {
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

function optionalStrings<K extends string>(
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

function required(values: Record<string, unknown>, name: string): string {
  const v = values[name];
  if (typeof v !== 'string' || v === '') throw new UsageError(`--${name} is required`);
  return v;
}

async function run(argv: string[]): Promise<number> {
  const [cmd, sub, ...rest] = argv;
  if (cmd === undefined || cmd === '--help' || cmd === '-h' || cmd === 'help') {
    print(HELP['main']!);
    return cmd === undefined ? 2 : 0;
  }
  const twoWord = `${cmd} ${sub ?? ''}`.trim();
  const name = HELP[twoWord] ? twoWord : cmd;
  const args = HELP[twoWord] ? rest : [sub, ...rest].filter((a): a is string => a !== undefined);
  if (!HELP[name] || name === 'main') throw new UsageError(`unknown command "${twoWord}"`);
  if (args.includes('--help') || args.includes('-h')) {
    print(HELP[name]!);
    return 0;
  }

  switch (name) {
    case 'serve': {
      const server = await startServer(loadConfig());
      const stop = (signal: string) => {
        server.app.log.info({ signal }, 'shutting down');
        server.stop().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once('SIGINT', () => stop('SIGINT'));
      process.once('SIGTERM', () => stop('SIGTERM'));
      return -1; // keep running
    }
    case 'migrate':
      await withRuntime(async () => print('migrations are up to date'));
      return 0;
    case 'account create': {
      const { values } = opts(args, {
        usertag: { type: 'string' },
        email: { type: 'string' },
        'full-name': { type: 'string' },
        phone: { type: 'string' },
        country: { type: 'string' },
      });
      const usertag = required(values, 'usertag');
      const email = required(values, 'email');
      const r = await withRuntime((rt) =>
        createAccount(rt.deps, {
          usertag,
          email,
          ...optionalStrings(values, { fullName: 'full-name', phone: 'phone', country: 'country' }),
        }),
      );
      if (!r.ok) fail(r.error);
      const a = r.value;
      if (values['json']) {
        json({
          usertag: a.usertag,
          email: a.email,
          invoice_key: a.invoiceKey,
          admin_key: a.adminKey,
          webhook_secret: a.webhookSecret,
        });
      } else {
        print(`account created: ${a.usertag} <${a.email}>`);
        print(`invoice key:    ${a.invoiceKey}`);
        print(`admin key:      ${a.adminKey}`);
        print(`webhook secret: ${a.webhookSecret}`);
        print('Store the keys now: they are not shown again (only their hashes are kept).');
      }
      return 0;
    }
    case 'account password': {
      const { positionals } = opts(args, {});
      if (positionals[0] === undefined)
        throw new UsageError('give the usertag: paytag account password <usertag>');
      const line = (await readStdin()).split(/\r?\n/)[0] ?? '';
      const r = await withRuntime((rt) => setPassword(rt.deps, positionals[0], line));
      if (!r.ok) fail(r.error);
      print(`password set for ${positionals[0]}`);
      return 0;
    }
    case 'account show': {
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
          full_name: account.full_name,
          created_at: new Date(Number(account.created_at_ms)).toISOString(),
          balances: Object.fromEntries(
            ASSET_CODES.map((a) => [a, formatAssetBalance(a, balances.get(a) ?? 0n)]),
          ),
        };
        if (values['json']) json(view);
        else {
          print(`${view.usertag} <${view.email}>  created ${view.created_at}`);
          for (const [asset, amount] of Object.entries(view.balances))
            print(`  ${asset.padEnd(6)} ${amount}`);
        }
        return 0;
      });
    }
    case 'account list': {
      const { values } = opts(args, { limit: { type: 'string' } });
      const limit = Math.min(Math.max(Number(values['limit'] ?? 1000) || 1000, 1), 100_000);
      return withRuntime(async (rt) => {
        const rows = await listAccounts(rt.deps.db.read, limit, 0n);
        const view = rows.map((r) => ({
          usertag: r.usertag,
          email: r.email,
          created_at: new Date(Number(r.created_at_ms)).toISOString(),
        }));
        if (values['json']) json(view);
        else for (const v of view) print(`${v.usertag.padEnd(33)} ${v.email.padEnd(40)} ${v.created_at}`);
        if (!values['json']) print(`${view.length} account(s)`);
        return 0;
      });
    }
    case 'keys rotate': {
      const { values, positionals } = opts(args, { kind: { type: 'string' } });
      const kind = required(values, 'kind');
      if (kind !== 'invoice' && kind !== 'admin') throw new UsageError('--kind must be invoice or admin');
      if (positionals[0] === undefined)
        throw new UsageError('give the usertag: paytag keys rotate <usertag> --kind invoice|admin');
      const r = await withRuntime((rt) => rotateKey(rt.deps, positionals[0], kind));
      if (!r.ok) fail(r.error);
      if (values['json']) json({ usertag: positionals[0], kind, key: r.value });
      else print(`new ${kind} key: ${r.value}\nThe previous ${kind} key no longer works.`);
      return 0;
    }
    case 'doctor':
      return doctorCommand(opts(args, {}).values['json'] === true, print);
    case 'audit': {
      const { values } = opts(args, {});
      return withRuntime(async (rt) => {
        const report = await auditLedger(rt.deps);
        if (values['json']) json(report);
        else {
          print(`checked ${report.checkedAccounts} ledger accounts and ${report.checkedTransfers} transfers`);
          for (const g of report.groups) {
            const checked = g.checked < 0 ? '' : `${g.checked} checked, `;
            print(`${g.violations === 0 ? 'ok  ' : 'FAIL'} ${g.name}: ${checked}${g.violations} violations`);
          }
          for (const n of report.notes) print(`NOTE: ${n}`);
          if (report.violations.length === 0) print('ledger OK: no violations');
          else for (const v of report.violations) print(`VIOLATION: ${v}`);
        }
        return report.violations.length === 0 ? 0 : 1;
      });
    }
    case 'sandbox pay': {
      const { values, positionals } = opts(args, {});
      const invoice = positionals[0];
      if (invoice === undefined) throw new UsageError('give the invoice: paytag sandbox pay <bolt11>');
      const r = await withRuntime((rt) => payFromOutside(rt.deps, invoice));
      if (!r.ok) fail(r.error);
      const p = r.value;
      if (values['json']) json({ tid: p.public_id, status: p.status, amount_msat: p.amount_msat });
      else print(`paid: payment ${p.public_id} is ${p.status} (${formatMsatAsBtc(p.amount_msat)} BTC)`);
      return 0;
    }
    case 'sandbox fund': {
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
    }
    case 'webhooks show': {
      const { values, positionals } = opts(args, {});
      if (positionals[0] === undefined)
        throw new UsageError('give the usertag: paytag webhooks show <usertag>');
      const r = await withRuntime((rt) => showWebhookSecret(rt.deps, positionals[0]));
      if (!r.ok) fail(r.error);
      const v = r.value;
      const until = v.previousValidUntilMs === null ? null : new Date(v.previousValidUntilMs).toISOString();
      if (values['json'])
        json({
          usertag: v.usertag,
          webhook_secret: v.secret,
          previous_secret: v.previousSecret,
          previous_until: until,
        });
      else {
        print(`webhook secret: ${v.secret}`);
        if (v.previousSecret !== null)
          print(`previous secret: ${v.previousSecret} (signs too until ${until})`);
      }
      return 0;
    }
    case 'webhooks rotate-secret': {
      const { values, positionals } = opts(args, {});
      if (positionals[0] === undefined)
        throw new UsageError('give the usertag: paytag webhooks rotate-secret <usertag>');
      const r = await withRuntime((rt) => rotateWebhookSecret(rt.deps, positionals[0]));
      if (!r.ok) fail(r.error);
      const until = new Date(r.value.previousValidUntilMs).toISOString();
      if (values['json'])
        json({ usertag: positionals[0], webhook_secret: r.value.secret, previous_until: until });
      else {
        print(`new webhook secret: ${r.value.secret}`);
        print(`The previous secret keeps signing alongside the new one until ${until}.`);
      }
      return 0;
    }
    case 'mail list': {
      const { values } = opts(args, { to: { type: 'string' }, limit: { type: 'string' } });
      const limit = values['limit'] === undefined ? 20 : Number(values['limit']);
      const to = typeof values['to'] === 'string' ? values['to'] : undefined;
      const r = await withRuntime((rt) => listMailbox(rt.deps, to === undefined ? { limit } : { to, limit }));
      if (!r.ok) throw new UsageError(r.error.message);
      if (values['json']) json(r.value);
      else {
        for (const m of [...r.value].reverse()) {
          print(`--- #${m.id} ${new Date(m.createdAtMs).toISOString()}`);
          print(`From: ${m.from}\nTo: ${m.to}\nSubject: ${m.subject}\n\n${m.text}\n`);
        }
        print(`${r.value.length} message(s)`);
      }
      return 0;
    }
    default:
      throw new UsageError(`unknown command "${twoWord}"`);
  }
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
