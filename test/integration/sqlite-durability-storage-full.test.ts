import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  realpathSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIoShim } from '../fixtures/io-shim/io-shim.ts';
import { BIN, runCli } from '../fixtures/server-process.ts';

// A full filesystem under a SQLite server: sends answer 503 storage_full with Retry-After (a 500 on a
// money route would tell the client the outcome is unknown), the condition is logged once, reads keep
// working, /ready says not ready, and writes come back once space is freed.
//
// The filesystem is a real 16 MB tmpfs where this machine lets the test mount one (root with
// CAP_SYS_ADMIN); elsewhere the I/O shim makes every write to the database files fail with ENOSPC while
// a flag file exists, which SQLite sees exactly as a full disk.

const root = realpathSync(mkdtempSync(join(tmpdir(), 'paytag-full-')));
const mnt = join(root, 'mnt');
mkdirSync(mnt);
// PAYTAG_TEST_FULL_DISK=shim forces the shim (to test that path where mounting works).
const mounted =
  process.env['PAYTAG_TEST_FULL_DISK'] !== 'shim' &&
  spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=16m,mode=0700', 'tmpfs', mnt]).status === 0;
const filler = join(mnt, 'filler');
const fullFlag = join(root, 'full');

function fillDisk(): void {
  if (!mounted) {
    writeFileSync(fullFlag, '');
    return;
  }
  const fd = openSync(filler, 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
  } finally {
    closeSync(fd);
  }
}

function freeDisk(): void {
  rmSync(mounted ? filler : fullFlag, { force: true });
}

describe(`a full filesystem under the SQLite database (${mounted ? 'tmpfs' : 'ENOSPC shim'})`, () => {
  let child: ChildProcess;
  let url = '';
  let out = '';
  const dataDir = join(mnt, 'data');
  const env = {
    ...process.env,
    DATABASE_URL: `sqlite:${join(dataDir, 'paytag.sqlite')}`,
    DATA_DIR: dataDir,
    PORT: '0',
    RATE_LIMIT_ENABLED: 'false',
    LOG_LEVEL: 'info',
  };

  beforeAll(async () => {
    const shimEnv = mounted
      ? {}
      : {
          LD_PRELOAD: buildIoShim(root),
          IOSHIM_DB: join(dataDir, 'paytag.sqlite'),
          IOSHIM_FULL: fullFlag,
        };
    child = spawn(process.execPath, [BIN, 'serve'], {
      env: { ...env, ...shimEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
    });
    url = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const line = out.split('\n').find((l) => l.includes('"paytag ready"'));
        if (line) {
          clearInterval(timer);
          resolve(JSON.parse(line).url);
        } else if (child.exitCode !== null) {
          clearInterval(timer);
          reject(new Error(`server exited: ${out}`));
        }
      }, 20);
    });
  }, 60_000);

  afterAll(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    if (mounted) spawnSync('umount', [mnt]);
    rmSync(root, { recursive: true, force: true });
  });

  it('refuses sends with 503 storage_full, keeps reads, reports not ready, and recovers', async () => {
    const alice = JSON.parse(
      runCli(env, 'account', 'create', '--usertag', 'alice', '--email', 'a@x.io', '--json').out,
    );
    expect(runCli(env, 'account', 'create', '--usertag', 'bob', '--email', 'b@x.io').code).toBe(0);
    expect(
      runCli(env, 'sandbox', 'fund', '--usertag', 'alice', '--asset', 'lbtc', '--amount', '1').code,
    ).toBe(0);
    const send = (n: number) =>
      fetch(`${url}/lapi/v1/send`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-api-key': alice.admin_key,
          'idempotency-key': `s-${n}`,
        },
        body: JSON.stringify({ payment_mode: 'usertag', usertag: 'bob', amount: '0.00001' }),
      });
    const wallet = () => fetch(`${url}/lapi/v1/wallet`, { headers: { 'x-api-key': alice.invoice_key } });
    expect((await send(0)).status).toBe(200);

    fillDisk();
    const refused = await Promise.all(Array.from({ length: 30 }, (_, i) => send(i + 1)));
    for (const r of refused) {
      expect(r.status).toBe(503);
      expect(r.headers.get('retry-after')).toBe('30');
      const body = (await r.json()) as { code: string; message: string };
      expect(body.code).toBe('storage_full');
      expect(body.message).not.toMatch(/sqlite|SQLITE|ENOSPC|disk I\/O/);
    }
    const read = await wallet();
    expect(read.status).toBe(200);
    expect(((await read.json()) as { data: { balance_lbtc: string } }).data.balance_lbtc).toBe('0.99999000');
    expect((await fetch(`${url}/ready`)).status).toBe(503);

    const logLines = out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(logLines.filter((l) => l.msg.includes('storage is full'))).toHaveLength(1);
    expect(logLines.filter((l) => l.level >= 50 && !l.msg.includes('storage is full'))).toEqual([]);

    freeDisk();
    const deadline = Date.now() + 20_000;
    while ((await fetch(`${url}/ready`)).status !== 200) {
      if (Date.now() > deadline) throw new Error('not ready again 20 s after space was freed');
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await send(100)).status).toBe(200);
    expect(((await (await wallet()).json()) as { data: { balance_lbtc: string } }).data.balance_lbtc).toBe(
      '0.99998000',
    );
    const audit = runCli(env, 'audit');
    expect(audit.code).toBe(0);
  }, 90_000);
});
