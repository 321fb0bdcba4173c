import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseLog, openDatabase } from '../../src/db/database.ts';

// Under sustained writes the WAL must not grow without bound: SQLite starts it over only when a
// checkpoint has copied every frame and nobody appends meanwhile, which never happens by itself while
// batches run back to back.

const MB = 1024 * 1024;

describe('the SQLite WAL under back-to-back batches', () => {
  const dir = mkdtempSync(join(tmpdir(), 'paytag-wal-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is emptied whenever it passes its limit, and checkpoint trouble is logged', async () => {
    const path = join(dir, 'wal.sqlite');
    const warnings: string[] = [];
    const log: DatabaseLog = { info() {}, warn: (_o, m) => warnings.push(m), error() {} };
    const db = openDatabase({ url: `sqlite:${path}`, sqliteWalLimitBytes: 1 * MB, log });
    await db.write((trx) => sql`CREATE TABLE blobs (id INTEGER PRIMARY KEY, body BLOB)`.execute(trx));
    const walSize = () => (existsSync(`${path}-wal`) ? statSync(`${path}-wal`).size : 0);

    let peak = 0;
    let last = 0;
    let emptied = 0;
    const worker = async (n: number) => {
      for (let i = 0; i < 250; i++) {
        await db.write((trx) => sql`INSERT INTO blobs (body) VALUES (randomblob(2000))`.execute(trx));
        const size = walSize();
        // A batch adds some 40 kB at most, so a WAL that shrank between two looks was emptied.
        if (size < last) emptied += 1;
        last = size;
        peak = Math.max(peak, size);
      }
      return n;
    };
    // 20 writers without pauses: 5,000 commits of 2 kB rows, some 20 MB of WAL frames in all.
    await Promise.all(Array.from({ length: 20 }, (_, n) => worker(n)));
    const rows = await sql<{ n: bigint }>`SELECT COUNT(*) AS n FROM blobs`.execute(db.read);
    expect(rows.rows[0]?.n).toBe(5000n);
    // Some 20 MB of frames went through a WAL that never held much more than its limit plus one batch:
    // it was emptied over and over …
    expect(peak).toBeLessThan(4 * MB);
    // … which the file shows by shrinking. (The checkpoint count in the WAL header is no tally of resets:
    // each connection writes its own count, and a TRUNCATE checkpoint removes the header.)
    expect(emptied).toBeGreaterThanOrEqual(3);
    expect(warnings.filter((w) => w.includes('failed'))).toEqual([]);
    await db.close();
  }, 120_000);
});
