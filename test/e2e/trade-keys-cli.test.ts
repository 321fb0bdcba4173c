import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRuntime } from '../fixtures/runtime.ts';
import { runCli } from '../fixtures/server-process.ts';

describe('paytag trade-keys', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  const cli = (...args: string[]) => runCli(env, ...args);

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'paytag-trade-cli-'));
    env = {
      ...process.env,
      DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`,
      PUBLIC_URL: 'http://paytag.test',
    };
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates credentials whose secret works once shown, lists them without secrets, and revokes them', async () => {
    expect(cli('migrate').code).toBe(0);
    expect(cli('account', 'create', '--usertag', 'trader', '--email', 't@example.com').code).toBe(0);
    const made = cli('trade-keys', 'create', 'trader', '--label', 'bot one', '--json');
    expect(made.code, made.err).toBe(0);
    const { api_key, api_secret } = JSON.parse(made.out) as { api_key: string; api_secret: string };
    expect(api_key).toMatch(/^tk_[A-Za-z0-9]{24}$/);
    expect(api_secret).toMatch(/^[A-Za-z0-9]{48}$/);

    const rt = await testRuntime('sqlite', {}, { databaseUrl: `sqlite:${join(dir, 'db.sqlite')}` });
    try {
      const ask = () =>
        rt.app.inject({ method: 'POST', url: '/trade/v1/auth/token', payload: { api_key, api_secret } });
      expect((await ask()).statusCode).toBe(200);

      const listed = cli('trade-keys', 'list', 'trader', '--json');
      expect(listed.code, listed.err).toBe(0);
      expect(listed.out).not.toContain(api_secret);
      const rows = JSON.parse(listed.out) as Array<Record<string, unknown>>;
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ api_key, label: 'bot one', revoked_at: null });
      expect(rows[0]!['last_used_at']).not.toBeNull();

      const plain = cli('trade-keys', 'list', 'trader');
      expect(plain.out).toContain(`${api_key}  bot one`);

      expect(cli('trade-keys', 'revoke', 'trader').code).toBe(2);
      const unknown = cli('trade-keys', 'revoke', 'trader', '--key', 'tk_nope');
      expect(unknown.code).toBe(1);
      expect(unknown.err).toContain('no live trade credential');
      const revoked = cli('trade-keys', 'revoke', 'trader', '--key', api_key);
      expect(revoked.code, revoked.err).toBe(0);
      expect(revoked.out).toContain('no longer work');
      expect((await ask()).statusCode).toBe(401);
      expect(cli('trade-keys', 'list', 'nobody_here').code).toBe(1);
    } finally {
      await rt.close();
    }
  });
});
