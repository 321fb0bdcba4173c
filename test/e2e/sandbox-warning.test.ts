import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN } from '../fixtures/server-process.ts';

/** Runs `paytag serve` until it is ready and answers its log lines up to then. */
async function startupLog(publicUrl: string): Promise<Array<Record<string, unknown>>> {
  const dir = mkdtempSync(join(tmpdir(), 'paytag-sandbox-warn-'));
  const child = spawn(process.execPath, [BIN, 'serve'], {
    env: {
      ...process.env,
      DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`,
      DATA_DIR: dir,
      PORT: '0',
      LOG_LEVEL: 'info',
      PUBLIC_URL: publicUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const out = await new Promise<string>((resolve, reject) => {
      let buf = '';
      const timer = setTimeout(() => reject(new Error(`server did not start: ${buf}`)), 20_000);
      child.stdout.on('data', (chunk: Buffer) => {
        buf += chunk.toString();
        if (buf.includes('"paytag ready"')) {
          clearTimeout(timer);
          resolve(buf);
        }
      });
      child.on('exit', (code) => reject(new Error(`server exited ${code}: ${buf}`)));
    });
    return out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  } finally {
    // Only the start-up log matters here: no graceful shutdown needed.
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the sandbox backend at start', () => {
  const warnings = (lines: Array<Record<string, unknown>>) =>
    lines.filter((l) => l['level'] === 40 && /sandbox/i.test(String(l['msg'])));

  it('warns loudly when PUBLIC_URL is https: anyone can mint money and read voucher e-mails', {
    timeout: 60_000,
  }, async () => {
    const lines = await startupLog('https://pay.example');
    const found = warnings(lines);
    expect(found).toHaveLength(1);
    expect(String(found[0]?.['msg'])).toMatch(/LIGHTNING_BACKEND=sandbox.*https/);
    expect(String(found[0]?.['msg'])).toMatch(/\/sandbox\/v1\/pay/);
    expect(String(found[0]?.['msg'])).toMatch(/mailbox/);
  });

  it('stays quiet on a local http address', { timeout: 60_000 }, async () => {
    expect(warnings(await startupLog('http://localhost:8080'))).toEqual([]);
  });
});
