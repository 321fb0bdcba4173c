import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type ServerProcess, startServerProcess } from '../fixtures/server-process.ts';

// The hot seed: said once by the server, not by every command; and a server whose keys are not the
// database's (another seed file) refuses to start until the operator accepts them.
describe('on-chain account keys of the server and the CLI', { timeout: 180_000 }, () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let server: ServerProcess | null = null;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'paytag-keys-cli-'));
    env = {
      ...process.env,
      DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`,
      DATA_DIR: join(dir, 'first'),
      PORT: '0',
      LOG_LEVEL: 'info',
      PUBLIC_URL: 'http://pay.example',
    };
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the server says HOT SEED once at start; CLI commands do not', async () => {
    server = await startServerProcess(env);
    const hot = server.startupLog.filter((l) => String(l['msg']).startsWith('HOT SEED'));
    expect(hot).toHaveLength(1);
    expect(hot[0]).toMatchObject({ level: 40, seedFile: join(dir, 'first', 'chain-seed.txt') });
    await server.stop();
    server = null;
    const created = runCli(env, 'account', 'create', '--usertag', 'shop', '--email', 'shop@example.com');
    expect(created.code, created.err).toBe(0);
    expect(created.err).not.toContain('HOT SEED');
    const listed = runCli(env, 'account', 'list');
    expect(listed.code).toBe(0);
    expect(listed.err).not.toContain('HOT SEED');
  });

  it('a server with another hot seed on the database refuses to start, naming the variables, until its keys are accepted', async () => {
    const other = { ...env, DATA_DIR: join(dir, 'second') };
    const refused = runCli(other, 'serve');
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('BTC_XPUB: ');
    expect(refused.err).toContain('EVM_XPUB: ');
    expect(refused.err).toContain('paytag chain keys --accept --confirm');

    const report = runCli(other, 'chain', 'keys', '--json');
    expect(report.code).toBe(0);
    const rows = JSON.parse(report.out) as Array<{ configured: string; recorded: string }>;
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r.configured).not.toBe(r.recorded);

    expect(runCli(other, 'chain', 'keys', '--accept').code).toBe(2);
    const accepted = runCli(other, 'chain', 'keys', '--accept', '--confirm', '--json');
    expect(accepted.code, accepted.err).toBe(0);
    for (const r of JSON.parse(accepted.out) as Array<{ configured: string; recorded: string }>) {
      expect(r.recorded).toBe(r.configured);
    }
    server = await startServerProcess(other);
    expect(server.url).toMatch(/^http:/);
  });
});

describe('paytag backup and the hot seed', { timeout: 120_000 }, () => {
  let dir: string;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('copies the hot seed file beside the database copy, owner-only, and says so', () => {
    dir = mkdtempSync(join(tmpdir(), 'paytag-backup-seed-'));
    const env = {
      ...process.env,
      DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`,
      DATA_DIR: join(dir, 'data'),
    };
    // Any command that opens the runtime makes the seed file (as the server's first start does).
    expect(runCli(env, 'account', 'list').code).toBe(0);
    const seed = readFileSync(join(dir, 'data', 'chain-seed.txt'), 'utf8');
    const file = join(dir, 'backup.sqlite');
    const done = runCli(env, 'backup', file);
    expect(done.code, done.err).toBe(0);
    expect(done.out).toContain(`${file}.chain-seed.txt`);
    expect(readFileSync(`${file}.chain-seed.txt`, 'utf8')).toBe(seed);
    expect(statSync(`${file}.chain-seed.txt`).mode & 0o777).toBe(0o600);
    // Never over an existing file.
    rmSync(file);
    const again = runCli(env, 'backup', file);
    expect(again.code).toBe(1);
    expect(again.err).toContain('chain-seed.txt exists');
  });
});
