import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { loadConfig } from '../../src/config/index.ts';
import { availableBalance } from '../../src/db/repos/ledger.ts';
import { openRuntime } from '../../src/main.ts';

const silent = { info() {}, warn() {}, error() {}, debug() {} };
const CHILD = join(import.meta.dirname, '..', 'fixtures', 'durability-child.ts');

describe('SQLite durable group commit', () => {
  const dir = mkdtempSync(join(tmpdir(), 'paytag-durable-'));
  const url = `sqlite:${join(dir, 'db.sqlite')}`;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every acknowledged write when the process is killed mid-stream', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      env: { ...process.env, DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const acked = new Set<string>();
    await new Promise<void>((resolve, reject) => {
      let buf = '';
      child.stdout.on('data', (chunk: Buffer) => {
        buf += chunk.toString();
        const lines = buf.split('\n');
        buf = lines.pop() ?? '';
        for (const line of lines) if (line.startsWith('ack ')) acked.add(line.slice(4));
        // Well past the checkpoint threshold, so checkpoints ran while writes went on.
        if (acked.size >= 12_000 && child.exitCode === null) {
          child.kill('SIGKILL');
        }
      });
      child.once('exit', () => resolve());
      child.once('error', reject);
    });
    expect(acked.size).toBeGreaterThanOrEqual(12_000);

    const rt = await openRuntime(loadConfig({ DATABASE_URL: url }), silent);
    try {
      const ids = new Set(
        (
          await rt.deps.db.read
            .selectFrom('ledger_transfers')
            .select('id')
            .where('code', '=', 'sandbox_faucet')
            .execute()
        ).map((r) => r.id),
      );
      const missing = [...acked].filter((id) => !ids.has(id));
      expect(missing).toEqual([]);
      const account = await rt.deps.db.read
        .selectFrom('accounts')
        .select('id')
        .where('usertag', '=', 'durable')
        .executeTakeFirstOrThrow();
      // Every committed transfer is in the balance, acknowledged or not (none half-applied).
      expect(await availableBalance(rt.deps.db.read, account.id, 'lbtc')).toBe(BigInt(ids.size) * 1000n);
      expect((await auditLedger(rt.deps)).violations).toEqual([]);
    } finally {
      await rt.close();
    }
    // A clean close checkpoints into the database file and removes the WAL.
    expect(existsSync(`${url.slice('sqlite:'.length)}-wal`)).toBe(false);
  }, 120_000);
});
