import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runCli, type ServerProcess, startServerProcess } from '../fixtures/server-process.ts';

// Each CLI call is a new process (several seconds on a loaded machine when it runs the TypeScript sources).
describe('the paytag command and a running server', { timeout: 120_000 }, () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let server: ServerProcess | null = null;
  let baseUrl = '';

  const cli = (...args: string[]) => runCli(env, ...args);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'paytag-cli-'));
    env = {
      ...process.env,
      DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`,
      PORT: '0',
      LOG_LEVEL: 'info',
      PUBLIC_URL: 'http://pay.example',
    };
    server = await startServerProcess(env);
    baseUrl = server.url;
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates an account whose invoice key reads the wallet over HTTP', async () => {
    const created = cli(
      'account',
      'create',
      '--usertag',
      'Merchant',
      '--email',
      'shop@example.com',
      '--json',
    );
    expect(created.code).toBe(0);
    const account = JSON.parse(created.out);
    expect(account).toMatchObject({ usertag: 'merchant', email: 'shop@example.com' });
    expect(account.invoice_key).toMatch(/^[A-Za-z0-9]{40}$/);

    expect(cli('sandbox', 'fund', '--usertag', 'merchant', '--asset', 'lbtc', '--amount', '0.25').code).toBe(
      0,
    );
    const res = await fetch(`${baseUrl}/lapi/v1/wallet`, { headers: { 'x-api-key': account.invoice_key } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: true,
      success: true,
      data: { wallet_lbtc: 'merchant@pay.example', balance_lbtc: '0.25000000' },
      message: '',
    });

    const shown = cli('account', 'show', 'merchant', '--json');
    expect(JSON.parse(shown.out).balances.lbtc).toBe('0.25000000');
    expect(cli('account', 'list').out).toContain('merchant');

    const rotated = cli('keys', 'rotate', 'merchant', '--kind', 'invoice', '--json');
    expect(rotated.code).toBe(0);
    const newKey = JSON.parse(rotated.out).key as string;
    expect(
      (await fetch(`${baseUrl}/lapi/v1/wallet`, { headers: { 'x-api-key': account.invoice_key } })).status,
    ).toBe(401);
    expect((await fetch(`${baseUrl}/lapi/v1/wallet?api_key=${newKey}`)).status).toBe(200);

    const audit = cli('audit');
    expect(audit.code).toBe(0);
    expect(audit.out).toContain('ledger OK');
    for (const group of ['asset_sums', 'payments_have_their_transfers', 'payment_reserves_match_status']) {
      expect(audit.out).toMatch(new RegExp(`ok {3}${group}: \\d+ checked, 0 violations`));
    }
    // The sandbox node's flows live in the serving process: the command compares nothing, and says so.
    expect(audit.out).toMatch(/ok {3}node_balance_matches_ledger: 0 checked, 0 violations/);
    expect(audit.out).toContain('NOTE: the sandbox backend cannot tell its balance; not compared');

    const password = spawnSync(process.execPath, [BIN, 'account', 'password', 'merchant'], {
      env,
      input: 'a long dashboard password\n',
      encoding: 'utf8',
    });
    expect(password.status).toBe(0);
    expect(password.stdout).toContain('password set for merchant');
  });

  it('prints the keys of a new account whose confirmation link its address cap refuses, and says why', async () => {
    const issuer = cli(
      'account',
      'create',
      '--usertag',
      'issuer',
      '--email',
      'issuer@example.com',
      '--email-confirmed',
      '--json',
    );
    expect(issuer.code, issuer.err).toBe(0);
    const { admin_key: adminKey } = JSON.parse(issuer.out);
    expect(cli('sandbox', 'fund', '--usertag', 'issuer', '--asset', 'lbtc', '--amount', '0.01').code).toBe(0);
    // One e-mail to the address before its account exists: a voucher.
    const voucher = await fetch(`${baseUrl}/lapi/v1/requestVoucher`, {
      method: 'POST',
      headers: { 'x-api-key': adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: '0.0001', voucher_count: 1, receiver_email: 'newcomer@example.com' }),
    });
    expect(voucher.status).toBe(200);
    const created = runCli(
      { ...env, MAIL_PER_RECIPIENT_PER_HOUR: '1' },
      'account',
      'create',
      '--usertag',
      'newcomer',
      '--email',
      'newcomer@example.com',
      '--json',
    );
    expect(created.code, created.err).toBe(0);
    expect(JSON.parse(created.out)).toMatchObject({ usertag: 'newcomer', admin_key: expect.any(String) });
    expect(created.err).toContain('confirmation link not sent: newcomer@example.com was sent 1 e-mails');
  });

  it('withdraws USDT in the sandbox: queued over HTTP, paid with sandbox usdt-transfer, recorded with payouts record', async () => {
    const created = cli(
      'account',
      'create',
      '--usertag',
      'usdtshop',
      '--email',
      'usdt@example.com',
      '--json',
    );
    expect(created.code, created.err).toBe(0);
    const keys = JSON.parse(created.out);
    expect(cli('sandbox', 'fund', '--usertag', 'usdtshop', '--asset', 'usdt', '--amount', '50').code).toBe(0);
    const to = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    const made = await fetch(`${baseUrl}/sapi/v1/withdraw`, {
      method: 'POST',
      headers: { 'x-api-key': keys.admin_key, 'content-type': 'application/json' },
      body: JSON.stringify({ wallet: 'usdt', chain_network: 'MATIC', address: to, amount: '20.5' }),
    });
    expect(made.status).toBe(200);
    const id = ((await made.json()) as { id: string }).id;
    const wrong = cli('sandbox', 'usdt-transfer', to, '20.4', '--network', 'MATIC', '--json');
    expect(wrong.code, wrong.err).toBe(0);
    const refused = cli('payouts', 'record', id, JSON.parse(wrong.out).transaction_hash);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('another amount');
    const paid = cli('sandbox', 'usdt-transfer', to, '20.5', '--network', 'matic', '--json');
    const hash = JSON.parse(paid.out).transaction_hash as string;
    const recorded = cli('payouts', 'record', id, hash, '--json');
    expect(recorded.code, recorded.err).toBe(0);
    expect(JSON.parse(recorded.out)).toMatchObject({
      id,
      status: 'confirmed',
      outcome: 'confirmed',
      transaction_hash: hash,
    });
    const shown = await fetch(`${baseUrl}/sapi/v1/withdrawals/${id}`, {
      headers: { 'x-api-key': keys.invoice_key },
    });
    expect(await shown.json()).toMatchObject({
      status: 'confirmed',
      amount: '20.500000',
      chain_network: 'MATIC',
    });
    expect(cli('audit').code).toBe(0);
  });

  it('explains its commands and refuses bad usage clearly', () => {
    expect(cli('--help').out).toContain('account create');
    expect(cli('account', 'create', '--help').out).toContain('--usertag');
    const missing = cli('account', 'create', '--usertag', 'x1y');
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('--email is required');
    const bogus = cli('frobnicate');
    expect(bogus.code).toBe(2);
    expect(bogus.err).toContain('unknown command');
    const taken = cli('account', 'create', '--usertag', 'merchant', '--email', 'x@example.com');
    expect(taken.code).toBe(1);
    expect(taken.err).toContain('taken');
    const badFund = cli(
      'sandbox',
      'fund',
      '--usertag',
      'merchant',
      '--asset',
      'lbtc',
      '--amount',
      '0.000000001',
    );
    expect(badFund.code).toBe(1);
    expect(badFund.err).toContain('more than 8 decimal places');
  });

  it('tells the holder that an unconfirmed address gets no verification codes, and how to confirm it', () => {
    const created = cli('account', 'create', '--usertag', 'erin', '--email', 'erin@example.com');
    expect(created.code, created.err).toBe(0);
    expect(created.out).toContain('erin@example.com is not confirmed yet');
    expect(created.out).toContain('no verification codes go to it until it is');
    // No SMTP_URL here: the link is in the dev mailbox, and the command says where.
    expect(created.out).toContain('paytag mail list --to erin@example.com');
    expect(created.out).toContain('/sandbox/v1/mailbox?to=erin%40example.com');
    const shown = cli('account', 'show', 'erin');
    expect(shown.out).toContain('e-mail not confirmed: no verification codes are sent to it');
    expect(JSON.parse(cli('account', 'show', 'erin', '--json').out)).toMatchObject({
      email_confirmed: false,
    });
    const vouched = cli(
      'account',
      'create',
      '--usertag',
      'fay',
      '--email',
      'fay@example.com',
      '--email-confirmed',
    );
    expect(vouched.out).not.toContain('not confirmed');
    expect(cli('account', 'show', 'fay').out).not.toContain('not confirmed');
    expect(JSON.parse(cli('account', 'show', 'fay', '--json').out)).toMatchObject({ email_confirmed: true });
  });

  it('answers --help for every command group with its subcommands, and lists the commands grouped', () => {
    // Each call is a process: the account group every way, two others by --help.
    for (const [group, subs, asks] of [
      [
        'account',
        ['create', 'show', 'list', 'update', 'password', 'disable', 'enable', 'consents'],
        [['--help'], []],
      ],
      ['sandbox', ['fund', 'pay', 'deposit', 'confirm', 'usdt-transfer'], [['-h']]],
      ['payouts', ['record'], [['--help']]],
      ['trade-keys', ['create', 'list', 'revoke'], [['help']]],
    ] as const) {
      for (const ask of asks) {
        const r = cli(group, ...ask);
        expect(r.code, `${group} ${ask.join(' ')}: ${r.err}`).toBe(ask.length === 0 ? 2 : 0);
        for (const sub of subs) expect(r.out).toContain(`paytag ${group} ${sub}`);
      }
    }
    expect(cli('account', 'frobnicate').err).toContain('unknown command "account frobnicate"');
    // The overview: commands of a group together, under the group's heading, in a fixed order.
    const overview = cli('--help').out;
    const at = (s: string) => overview.indexOf(s);
    const order = [
      'serve',
      'account create',
      'account show',
      'account disable',
      'keys rotate',
      'sandbox fund',
      'sandbox pay',
      'sandbox deposit',
      'sandbox confirm',
      'audit',
      'backup',
    ];
    for (const s of order) expect(at(`  ${s}`), s).toBeGreaterThan(-1);
    for (let i = 1; i < order.length; i++)
      expect(at(`  ${order[i]}`), order[i]).toBeGreaterThan(at(`  ${order[i - 1]}`));
    expect(overview).toMatch(/Accounts and keys:\n {2}account create/);
  });

  it('makes an operator, and disables and enables an account whose key the running server refuses meanwhile', async () => {
    const op = cli('account', 'create', '--usertag', 'chief', '--email', 'chief@example.com', '--operator');
    expect(op.code, op.err).toBe(0);
    expect(op.out).toMatch(/account created: chief <chief@example.com> \(operator\)/);
    const shop = JSON.parse(
      cli('account', 'create', '--usertag', 'shady', '--email', 'shady@example.com', '--json').out,
    );
    // A new connection each time: the CLI calls between take seconds, past the server's keep-alive.
    const wallet = () =>
      new Promise<{ status: number; json(): Promise<unknown> }>((resolve, reject) => {
        get(
          `${baseUrl}/lapi/v1/wallet`,
          { headers: { 'x-api-key': shop.invoice_key }, agent: false },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (c: string) => {
              body += c;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, json: async () => JSON.parse(body) }));
          },
        ).on('error', reject);
      });
    expect((await wallet()).status).toBe(200);

    expect(cli('account', 'disable', 'shady').code).toBe(2);
    const off = cli('account', 'disable', 'shady', '--reason', 'fraud report');
    expect(off.code, off.err).toBe(0);
    expect(off.out).toMatch(/shady: disabled/);
    expect(JSON.parse(cli('account', 'show', 'shady', '--json').out)).toMatchObject({
      role: 'holder',
      disabled_reason: 'fraud report',
      disabled_at: expect.stringMatching(/^\d{4}-/),
    });
    expect(JSON.parse(cli('account', 'show', 'chief', '--json').out)).toMatchObject({
      role: 'operator',
      disabled_at: null,
    });
    const refused = await wallet();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'account_disabled' });
    expect(cli('account', 'disable', 'shady', '--reason', 'again').code).toBe(1);

    expect(cli('account', 'enable', 'shady').code).toBe(0);
    expect((await wallet()).status).toBe(200);
  });

  it('audit exits non-zero when the ledger is broken', () => {
    const db = env['DATABASE_URL']!.slice('sqlite:'.length);
    const broken = spawnSync(
      process.execPath,
      [
        '-e',
        `const D=require('better-sqlite3'); const d=new D(${JSON.stringify(db)}); d.exec("UPDATE ledger_accounts SET credits_posted = credits_posted + 5 WHERE asset='ltc' AND owner_account_id IS NOT NULL");`,
      ],
      { encoding: 'utf8', cwd: join(import.meta.dirname, '..', '..') },
    );
    expect(broken.status).toBe(0);
    const audit = cli('audit');
    expect(audit.code).toBe(1);
    expect(audit.out).toContain('VIOLATION');
  });

  it('reports configuration problems by name and exits 2', () => {
    const r = spawnSync(process.execPath, [BIN, 'migrate'], {
      env: { ...env, PORT: 'x', LIGHTNING_BACKEND: 'nope' },
      encoding: 'utf8',
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('PORT');
    expect(r.stderr).toContain('LIGHTNING_BACKEND');
  });
});

/** A port nobody listens on now (the kernel's pick, released at once). */
async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a !== null ? a.port : 0));
    });
  });
}

describe('links in e-mails the command queues, with the server on another port', { timeout: 180_000 }, () => {
  let dir: string;
  let serverEnv: NodeJS.ProcessEnv;
  let server: ServerProcess | null = null;
  let port = 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'paytag-cli-url-'));
    port = await freePort();
    const { PUBLIC_URL: _u, PORT: _p, ...rest } = process.env;
    serverEnv = {
      ...rest,
      DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`,
      DATA_DIR: dir,
      PORT: String(port),
    };
    server = await startServerProcess(serverEnv, { readyTimeoutMs: 90_000 });
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The dev mailbox of one address, read from the server until a message with this subject is there. */
  async function mailTo(to: string, subject: string): Promise<{ text: string; html: string }> {
    for (;;) {
      const r = await fetch(`${server!.url}/sandbox/v1/mailbox?to=${encodeURIComponent(to)}`);
      const found = (
        ((await r.json()) as { data: unknown }).data as Array<{ subject: string; text: string; html: string }>
      ).find((m) => m.subject === subject);
      if (found) return found;
      await new Promise((res) => setTimeout(res, 200));
    }
  }

  it('points the confirmation link at the server, not at the command’s own default port', async () => {
    // The command as the README shows it: no PORT, no PUBLIC_URL (its own default would be :8080).
    const { PORT: _p, ...cliEnv } = serverEnv;
    const created = runCli(cliEnv, 'account', 'create', '--usertag', 'carol', '--email', 'carol@example.com');
    expect(created.code, created.err).toBe(0);
    const mail = await mailTo('carol@example.com', 'Confirm your e-mail address');
    const links = mail.text.match(/https?:\/\/\S+\/verify\/email\/\S+/g) ?? [];
    expect(links).toHaveLength(1);
    expect(links[0]!.startsWith(`http://localhost:${port}/verify/email/`)).toBe(true);
    // And the link works on that server.
    const page = await fetch(links[0]!.replace(`http://localhost:${port}`, server!.url));
    expect(page.status).toBe(200);

    // A PUBLIC_URL given to the command is its operator's word and wins.
    const told = runCli(
      { ...cliEnv, PUBLIC_URL: 'https://pay.example' },
      'account',
      'create',
      '--usertag',
      'dave',
      '--email',
      'dave@example.com',
    );
    expect(told.code, told.err).toBe(0);
    expect((await mailTo('dave@example.com', 'Confirm your e-mail address')).text).toContain(
      'https://pay.example/verify/email/',
    );
  });
});
