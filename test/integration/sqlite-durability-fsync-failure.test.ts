import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildIoShim } from '../fixtures/io-shim/io-shim.ts';
import { BIN, runCli } from '../fixtures/server-process.ts';

// A disk that fails an fsync can no longer promise that anything is durable. The server must stop at
// once (a supervisor restarts it from what is on disk) instead of answering, replays included.

describe('a failed fsync of the SQLite WAL', () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'paytag-fsync-fail-')));
  const shim = buildIoShim(root);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('stops the process with a fatal log line before any reply, replays included', async () => {
    const dbPath = join(root, 'db.sqlite');
    const flag = join(root, 'fail-sync');
    const env = {
      ...process.env,
      DATABASE_URL: `sqlite:${dbPath}`,
      DATA_DIR: root,
      PORT: '0',
      RATE_LIMIT_ENABLED: 'false',
      LOG_LEVEL: 'info',
    };
    const child: ChildProcess = spawn(process.execPath, [BIN, 'serve'], {
      env: { ...env, LD_PRELOAD: shim, IOSHIM_DB: dbPath, IOSHIM_FAIL_SYNC: flag },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
    });
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const line = out.split('\n').find((l) => l.includes('"paytag ready"'));
        if (line) {
          clearInterval(timer);
          resolve(JSON.parse(line).url);
        }
        if (child.exitCode !== null) {
          clearInterval(timer);
          reject(new Error(`server exited: ${out}`));
        }
      }, 20);
    });
    try {
      const alice = JSON.parse(
        runCli(env, 'account', 'create', '--usertag', 'alice', '--email', 'a@x.io', '--json').out,
      );
      runCli(env, 'account', 'create', '--usertag', 'bob', '--email', 'b@x.io');
      expect(
        runCli(env, 'sandbox', 'fund', '--usertag', 'alice', '--asset', 'lbtc', '--amount', '1').code,
      ).toBe(0);

      writeFileSync(flag, '');
      const send = () =>
        fetch(`${url}/lapi/v1/send`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-api-key': alice.admin_key,
            'idempotency-key': 'k-1',
          },
          body: JSON.stringify({ payment_mode: 'usertag', usertag: 'bob', amount: '0.001' }),
        }).then(
          (r) => r.status,
          () => 'no answer',
        );
      const first = await send();
      const retry = await send();
      expect(first).toBe('no answer');
      expect(retry).toBe('no answer');
      expect(await exited).not.toBe(0);
      const fatal = out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l))
        .find((l) => l.level === 60);
      expect(fatal?.msg).toMatch(/fsync failed/);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 60_000);
});
