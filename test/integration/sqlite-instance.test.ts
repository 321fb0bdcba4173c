import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { BIN, startServerProcess } from '../fixtures/server-process.ts';

describe('the SQLite files of one service', () => {
  const root = mkdtempSync(join(tmpdir(), 'paytag-instance-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('are created owner-only: the data directory 0700, the database, WAL and shared memory 0600', async () => {
    const dir = join(root, 'fresh', 'data');
    const path = join(dir, 'paytag.sqlite');
    const db = openDatabase({ url: `sqlite:${path}` });
    try {
      await db.write((trx) => sql`CREATE TABLE t (x)`.execute(trx));
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      for (const f of [path, `${path}-wal`, `${path}-shm`]) expect(statSync(f).mode & 0o777, f).toBe(0o600);
    } finally {
      await db.close();
    }
  });

  it('a second paytag serve on the same SQLite file refuses to start, with a clear message', async () => {
    const env = {
      ...process.env,
      DATABASE_URL: `sqlite:${join(root, 'shared', 'paytag.sqlite')}`,
      DATA_DIR: join(root, 'shared'),
      PORT: '0',
      LOG_LEVEL: 'warn',
    };
    const first = await startServerProcess({ ...env, LOG_LEVEL: 'info' });
    try {
      const second = spawnSync(process.execPath, [BIN, 'serve'], { env, encoding: 'utf8', timeout: 30_000 });
      expect(second.status).toBe(1);
      expect(second.stderr).toContain('another paytag serve is using');
      // The first keeps serving.
      expect((await fetch(`${first.url}/ready`)).status).toBe(200);
    } finally {
      // Killed as a crash would: the lock is the kernel's, so it goes with the process however it ends.
      await first.kill();
    }
    // Once the first is gone, the lock is free again.
    const again = await startServerProcess({ ...env, LOG_LEVEL: 'info' });
    await again.kill();
  }, 180_000);
});
