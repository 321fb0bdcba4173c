import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, type DatabaseLog, openDatabase } from '../../src/db/database.ts';

// The WAL is kept bounded by checkpoints on a thread of their own (src/db/sqlite/wal.ts). When a
// checkpoint cannot do its job the service must say so and keep writing, and a checkpoint thread that
// died must not leave the WAL to grow for ever.

const KB = 1024;
const LIMIT = 512 * KB;

interface Opened {
  db: Database;
  path: string;
  warnings: string[];
  /** The checkpoint threads running now. */
  threads: Set<Worker>;
  walSize: () => number;
  insert: (bytes: number) => Promise<unknown>;
}

function openWithLog(dir: string, name: string): Opened {
  const path = join(dir, name);
  const warnings: string[] = [];
  const log: DatabaseLog = { info() {}, warn: (_o, m) => warnings.push(m), error() {} };
  const threads = new Set<Worker>();
  const db = openDatabase({
    url: `sqlite:${path}`,
    sqliteWalLimitBytes: LIMIT,
    log,
    sqliteCheckpointThreadStarted: (thread) => {
      threads.add(thread);
      thread.once('exit', () => threads.delete(thread));
    },
  });
  return {
    db,
    path,
    warnings,
    threads,
    walSize: () => (existsSync(`${path}-wal`) ? statSync(`${path}-wal`).size : 0),
    insert: (bytes) =>
      db.write((trx) => sql`INSERT INTO blobs (body) VALUES (randomblob(${bytes}))`.execute(trx)),
  };
}

/** Fails the test, rather than hang it, when `p` does not settle within `ms`. */
function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** Writes one row at a time until `done` holds; fails if it does not within `ms` milliseconds. */
async function writeUntil(o: Opened, bytes: number, done: () => boolean, ms = 15_000) {
  const until = Date.now() + ms;
  while (!done() && Date.now() < until) await within(o.insert(bytes), ms, 'a write');
  expect(done()).toBe(true);
}

const countRows = async (db: Database) =>
  (await sql<{ n: bigint }>`SELECT COUNT(*) AS n FROM blobs`.execute(db.read)).rows[0]?.n;

describe('checkpoints of the SQLite WAL', () => {
  const dir = mkdtempSync(join(tmpdir(), 'paytag-checkpoints-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a reset that a long reader prevents is logged, and the WAL is emptied once the reader lets go', async () => {
    const o = openWithLog(dir, 'reader.sqlite');
    await o.db.write((trx) => sql`CREATE TABLE blobs (id INTEGER PRIMARY KEY, body BLOB)`.execute(trx));
    await o.insert(100);

    // A second connection pins a snapshot: no checkpoint may copy frames past it or start the WAL over.
    const reader = new BetterSqlite3(o.path);
    try {
      reader.exec('BEGIN');
      expect(reader.prepare('SELECT COUNT(*) AS n FROM blobs').get()).toEqual({ n: 1 });

      const postponed = 'WAL reset postponed: the checkpoint could not copy every frame';
      await writeUntil(o, 64 * KB, () => o.warnings.includes(postponed));
      const written = Number(await countRows(o.db));
      // The reader kept the WAL past its limit, and writes went on regardless.
      expect(o.walSize()).toBeGreaterThanOrEqual(LIMIT);
      await o.insert(100);
      expect(await countRows(o.db)).toBe(BigInt(written + 1));
      // The reader still sees its snapshot.
      expect(reader.prepare('SELECT COUNT(*) AS n FROM blobs').get()).toEqual({ n: 1 });

      reader.exec('COMMIT');
      // The next reset (at most a second later) copies every frame and empties the WAL.
      await writeUntil(o, 100, () => o.walSize() < LIMIT);
      expect(o.walSize()).toBeLessThan(LIMIT);
      expect(o.warnings.filter((w) => w.includes('failed'))).toEqual([]);
    } finally {
      reader.close();
      await o.db.close();
    }
  }, 30_000);

  it('a checkpoint thread that stopped is logged and replaced, and the WAL is emptied again', async () => {
    const o = openWithLog(dir, 'thread.sqlite');
    await o.db.write((trx) => sql`CREATE TABLE blobs (id INTEGER PRIMARY KEY, body BLOB)`.execute(trx));
    // Past the limit once, so the checkpoint thread has started and emptied the WAL.
    let peak = 0;
    await writeUntil(o, 64 * KB, () => {
      peak = Math.max(peak, o.walSize());
      return peak >= LIMIT / 2 && o.threads.size === 1;
    });
    const [first] = [...o.threads];
    expect(first).toBeDefined();

    await first?.terminate();
    const stopped = 'WAL checkpoint thread stopped; a new one starts with the next checkpoint';
    const until = Date.now() + 5000;
    while (!o.warnings.includes(stopped) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(o.warnings).toContain(stopped);
    expect(o.threads.size).toBe(0);

    // Four times the limit written after it: each write finishes (none waits for a checkpoint that
    // never answers), and the WAL never grows much past its limit, so a new thread kept emptying it.
    let written = 0;
    peak = 0;
    await writeUntil(o, 64 * KB, () => {
      peak = Math.max(peak, o.walSize());
      written += 64 * KB;
      return written > 4 * LIMIT;
    });
    expect(peak).toBeLessThan(2 * LIMIT);
    expect(o.threads.size).toBe(1);
    expect(o.threads.has(first as NonNullable<typeof first>)).toBe(false);
    await o.db.close();
  }, 30_000);
});
