import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type ServerProcess, startServerProcess } from '../fixtures/server-process.ts';

describe('the request log of a running server at trace level', () => {
  let dir: string;
  let server: ServerProcess | null = null;
  let log = '';
  let adminKey = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'paytag-redact-'));
    const env = {
      ...process.env,
      DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`,
      PORT: '0',
      LOG_LEVEL: 'trace',
      PUBLIC_URL: 'http://pay.example',
    };
    const created = runCli(
      env,
      'account',
      'create',
      '--usertag',
      'kim',
      '--email',
      'kim@example.com',
      '--json',
    );
    expect(created.code).toBe(0);
    adminKey = JSON.parse(created.out).admin_key;
    server = await startServerProcess(env);
    server.child.stdout?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    server.child.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('never holds the API key, however its parameter is spelled', async () => {
    const base = server?.url ?? '';
    const spellings = [
      `api_key=${adminKey}`,
      `api%5Fkey=${adminKey}`,
      `api%5fkey=${adminKey}`,
      `%61pi_key=${adminKey}`,
      `API_KEY=${adminKey}`,
      `api_key[]=${adminKey}`,
      `api_key%5B%5D=${adminKey}`,
      `api_key=${adminKey.slice(0, 20)}%${adminKey.charCodeAt(20).toString(16)}${adminKey.slice(21)}`,
      `limit=5&api_key=${adminKey}&x=1`,
      `apikey=${adminKey}`,
      `key=${adminKey}`,
    ];
    const statuses: number[] = [];
    for (const q of spellings) statuses.push((await fetch(`${base}/lapi/v1/wallet?${q}`)).status);
    // The decoded spellings authenticate; the others are refused. Either way the key stays out of the log.
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    statuses.push((await fetch(`${base}/lapi/v1/${adminKey}`)).status);
    statuses.push((await fetch(`${base}/voucher/abcdefgh/print?token=${adminKey}`)).status);
    await new Promise((r) => setTimeout(r, 300));
    expect(log).toContain('"request"');
    expect(log.split('\n').filter((l) => l.includes('"request"')).length).toBeGreaterThanOrEqual(
      spellings.length,
    );
    // The rest of the line stays readable.
    expect(log).toContain('/lapi/v1/wallet?limit=5&api_key=[redacted]&x=1');
    expect(log).toContain('/lapi/v1/wallet?api%5Fkey=[redacted]');
    expect(log).not.toContain(adminKey);
    expect(log).not.toContain(adminKey.slice(0, 20));
    expect(log).not.toContain(adminKey.slice(20));
  });

  it('never holds a voucher code or a confirmation or consent token that travels in the path', async () => {
    const base = server?.url ?? '';
    const code = 'jypmu33193';
    const token = 'eiyDjVvnGoY9jJMy_R625pQE8kpN7P1Q';
    const paths = [
      `/voucher/redeem/${code}`,
      `/lnurlw/${code}`,
      `/lnurlw/${code}/callback?k1=${token}&pr=lnbc1`,
      `/verify/email/${token}`,
      `/verify/consent/${token}`,
    ];
    for (const p of paths) await fetch(`${base}${p}`);
    await new Promise((r) => setTimeout(r, 300));
    for (const shown of [
      '/voucher/redeem/[redacted]',
      '/lnurlw/[redacted]"',
      '/lnurlw/[redacted]/callback?k1=[redacted]&pr=lnbc1',
      '/verify/email/[redacted]',
      '/verify/consent/[redacted]',
    ]) {
      expect(log).toContain(shown);
    }
    expect(log).not.toContain(code);
    expect(log).not.toContain(token);
  });
});
