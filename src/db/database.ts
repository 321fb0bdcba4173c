import { mkdirSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { type DirectExecutor, registerDirectExecutor } from './prepared.ts';
import type { DB } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

/**
 * The database as the rest of the service sees it.
 * - `read`: queries outside a transaction; they see committed data only.
 * - `write(fn)`: runs fn as one atomic unit and resolves only once it is durable. fn must only use the
 *   executor it is given and must not wait on anything but the database (no network calls inside).
 *   Throwing rolls the unit back (and only this unit).
 */
export interface Database {
  readonly dialect: Dialect;
  readonly read: Kysely<DB>;
  write<T>(fn: (trx: Kysely<DB>) => Promise<T>): Promise<T>;
  /**
   * Resolves once everything committed so far is on stable storage. A reply built from `read` awaits
   * this before it leaves, so nobody outside ever sees a state that a power loss could undo.
   */
  durable(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  url: string;
  sqliteSynchronous?: 'FULL' | 'NORMAL' | 'EXTRA';
  sqliteMaxBatch?: number;
  postgresPoolSize?: number;
}

export function openDatabase(opts: DatabaseOptions): Database {
  if (opts.url.startsWith('sqlite:')) return openSqlite(opts);
  if (/^postgres(ql)?:\/\//.test(opts.url)) return openPostgres(opts);
  throw new Error('DATABASE_URL must be sqlite:<path> or postgres://…');
}

// ------------------------------------------------------------------ SQLite

function sqliteConnection(path: string, synchronous: string): BetterSqlite3.Database {
  const conn = new BetterSqlite3(path);
  // Applies when the file is created. Most pages a commit dirties are index leaves hit at random
  // (random public ids and transfer ids); smaller pages halve the bytes each commit writes and syncs.
  conn.pragma('page_size = 2048');
  conn.defaultSafeIntegers(true);
  conn.pragma('journal_mode = WAL');
  conn.pragma(`synchronous = ${synchronous}`);
  conn.pragma('busy_timeout = 5000');
  conn.pragma('foreign_keys = ON');
  // 32 MiB of page cache per connection (the default is 2 MiB): hot indexes stay in memory.
  conn.pragma('cache_size = -32768');
  return conn;
}

/** Kysely's SQLite driver prepares every query afresh; caching statements by SQL text saves most of that. */
function cachingDatabase(conn: BetterSqlite3.Database) {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => conn.close(),
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (stmt === undefined) {
        stmt = conn.prepare(sql);
        if (cache.size >= 2000) cache.clear();
        cache.set(sql, stmt);
      }
      return stmt;
    },
  };
}

interface Job {
  fn: (trx: Kysely<DB>) => Promise<unknown>;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

/**
 * Group commit: every write unit that arrives while the event loop is busy joins one SQLite
 * transaction, each inside its own savepoint (so one unit's failure rolls back only that unit), and
 * one COMMIT makes the whole batch atomic. Callers are answered once the batch is durable (see
 * WalDurability); meanwhile the next batch already runs, so the fsync overlaps useful work.
 */
class GroupCommitter {
  private queue: Job[] = [];
  private scheduled = false;
  private running = false;
  private readonly stmt: Record<
    'begin' | 'savepoint' | 'release' | 'rollbackTo' | 'commit',
    BetterSqlite3.Statement
  >;

  constructor(
    private readonly conn: BetterSqlite3.Database,
    private readonly writer: Kysely<DB>,
    private readonly maxBatch: number,
    private readonly durability: WalDurability | null,
  ) {
    this.stmt = {
      begin: conn.prepare('BEGIN IMMEDIATE'),
      savepoint: conn.prepare('SAVEPOINT unit'),
      release: conn.prepare('RELEASE unit'),
      rollbackTo: conn.prepare('ROLLBACK TO unit'),
      commit: conn.prepare('COMMIT'),
    };
  }

  submit<T>(fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
    const failed = this.durability?.failure;
    if (failed) return Promise.reject(failed);
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ fn, resolve: resolve as (v: unknown) => void, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.running || this.queue.length === 0) return;
    this.running = true;
    const batch = this.queue.splice(0, this.maxBatch);
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      const { begin, savepoint, release, rollbackTo, commit } = this.stmt;
      begin.run();
      for (const job of batch) {
        savepoint.run();
        try {
          const value = await job.fn(this.writer);
          release.run();
          outcomes.push({ ok: true, value });
        } catch (error) {
          rollbackTo.run();
          release.run();
          outcomes.push({ ok: false, error });
        }
      }
      commit.run();
    } catch (error) {
      // BEGIN or COMMIT failed (disk full, I/O error): nothing of the batch was committed.
      if (this.conn.inTransaction) this.conn.exec('ROLLBACK');
      for (const job of batch) job.reject(error);
      this.finish();
      return;
    }
    const committed = this.durability?.committed() ?? 0;
    this.finish();
    try {
      await this.durability?.waitFor(committed);
    } catch (error) {
      for (const job of batch) job.reject(error);
      return;
    }
    batch.forEach((job, i) => {
      const o = outcomes[i]!;
      if (o.ok) job.resolve(o.value);
      else job.reject(o.error);
    });
  }

  private finish(): void {
    this.running = false;
    if (this.queue.length > 0) this.schedule();
  }
}

/**
 * Durable commits without blocking the event loop. The writer connection runs with
 * `synchronous=OFF` (its COMMIT only hands pages to the OS); durability is then made here, off the
 * main thread, by one fdatasync of the WAL file that covers every batch committed before it started.
 * That is exactly what `synchronous=FULL` does in WAL mode (sync the WAL at each commit), done
 * asynchronously and shared by all batches that commit while a sync is running.
 *
 * Checkpoints (copying the WAL into the database file) run on a separate connection with
 * `synchronous=FULL` in a worker thread: SQLite syncs the database file before it lets the WAL be
 * reused, so a checkpoint can never lose a committed page. The writer's automatic checkpoints are off.
 */
class WalDurability {
  private committedSeq = 0;
  private durableSeq = 0;
  private waiters: Array<{ seq: number; resolve: () => void; reject: (e: unknown) => void }> = [];
  private syncing = false;
  private dirSynced = false;
  private batchesSinceCheckpoint = 0;
  private checkpointer: Worker | null = null;
  private checkpointRunning = false;
  private wal: FileHandle | null = null;
  /** Set when an fsync failed: the database can no longer promise durability; writes are refused. */
  failure: Error | null = null;

  constructor(
    private readonly dbPath: string,
    private readonly checkpointEveryBatches: number,
  ) {}

  /** Records one more commit; returns its sequence number. */
  committed(): number {
    this.batchesSinceCheckpoint += 1;
    return ++this.committedSeq;
  }

  waitFor(seq: number): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (seq <= this.durableSeq) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiters.push({ seq, resolve, reject });
      void this.sync();
    });
  }

  durable(): Promise<void> {
    return this.waitFor(this.committedSeq);
  }

  private async sync(): Promise<void> {
    if (this.syncing) return;
    this.syncing = true;
    try {
      while (this.durableSeq < this.committedSeq) {
        const target = this.committedSeq;
        await this.fsyncWal();
        this.durableSeq = target;
        const ready = this.waiters.filter((w) => w.seq <= target);
        this.waiters = this.waiters.filter((w) => w.seq > target);
        for (const w of ready) w.resolve();
        this.maybeCheckpoint();
      }
    } catch (e) {
      this.failure = new Error(`database fsync failed; refusing further writes: ${(e as Error).message}`);
      for (const w of this.waiters) w.reject(this.failure);
      this.waiters = [];
    } finally {
      this.syncing = false;
    }
  }

  private async fsyncWal(): Promise<void> {
    // The WAL file lives as long as any connection is open (ours are), so one handle serves every
    // sync; it is opened on the first sync, once the first commit has created the file.
    this.wal ??= await open(`${this.dbPath}-wal`, 'r');
    await this.wal.datasync();
    if (!this.dirSynced) {
      // The WAL file's directory entry must be durable too (once, when it was created).
      const dir = await open(dirname(this.dbPath), 'r');
      try {
        await dir.sync();
      } finally {
        await dir.close();
      }
      this.dirSynced = true;
    }
  }

  private maybeCheckpoint(): void {
    if (this.checkpointRunning || this.batchesSinceCheckpoint < this.checkpointEveryBatches) return;
    this.batchesSinceCheckpoint = 0;
    this.checkpointRunning = true;
    this.checkpointer ??= startCheckpointer(this.dbPath);
    this.checkpointer.once('message', () => {
      this.checkpointRunning = false;
    });
    this.checkpointer.postMessage('checkpoint');
  }

  async close(): Promise<void> {
    await this.durable().catch(() => {});
    await this.checkpointer?.terminate();
    this.checkpointer = null;
    await this.wal?.close();
    this.wal = null;
  }
}

// CommonJS source for the checkpoint thread: a FULL-synchronous connection that checkpoints on request.
const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = FULL');
parentPort.on('message', () => {
  try { parentPort.postMessage({ ok: true, result: db.pragma('wal_checkpoint(PASSIVE)') }); }
  catch (e) { parentPort.postMessage({ ok: false, error: String(e) }); }
});
`;

function startCheckpointer(path: string): Worker {
  const worker = new Worker(CHECKPOINTER, {
    eval: true,
    workerData: { path, driver: createRequire(import.meta.url).resolve('better-sqlite3') },
  });
  worker.unref();
  return worker;
}

/**
 * A query that returns rows, read as arrays and turned into objects by a function compiled for its
 * columns: better-sqlite3 builds row objects one property at a time through V8's API, which costs
 * about 2.5 times as much as one object literal per row.
 */
interface RowReader {
  stmt: BetterSqlite3.Statement;
  toObject: (values: unknown[]) => Record<string, unknown>;
}

function rowReader(conn: BetterSqlite3.Database, sql: string): RowReader {
  const stmt = conn.prepare(sql).raw(true);
  const names = stmt.columns().map((c) => c.name);
  // Column names come from our own SQL; JSON.stringify quotes them safely as property names.
  const toObject = new Function(
    'v',
    `return {${names.map((n, i) => `${JSON.stringify(n)}: v[${i}]`).join(', ')}};`,
  ) as RowReader['toObject'];
  return { stmt, toObject };
}

function directExecutor(
  conn: BetterSqlite3.Database,
  db: { prepare(sql: string): BetterSqlite3.Statement },
): DirectExecutor {
  const readers = new Map<string, RowReader>();
  return (sql, parameters) => {
    const stmt = db.prepare(sql);
    if (stmt.reader) {
      let reader = readers.get(sql);
      if (reader === undefined) {
        reader = rowReader(conn, sql);
        if (readers.size >= 2000) readers.clear();
        readers.set(sql, reader);
      }
      return { rows: (reader.stmt.all(...parameters) as unknown[][]).map(reader.toObject) };
    }
    const { changes, lastInsertRowid } = stmt.run(...parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  };
}

function openSqlite(opts: DatabaseOptions): Database {
  const path = opts.url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
  const memory = path === ':memory:';
  if (!memory) mkdirSync(dirname(path), { recursive: true });
  const sync = opts.sqliteSynchronous ?? 'FULL';
  // FULL and EXTRA: durability comes from WalDurability's asynchronous fsync (see there).
  const durability = !memory && sync !== 'NORMAL' ? new WalDurability(path, 200) : null;
  const writeConn = sqliteConnection(path, durability ? 'OFF' : sync);
  if (durability) writeConn.pragma('wal_autocheckpoint = 0');
  // An in-memory database is private to its connection, so reads share the writer there.
  const readConn = memory ? writeConn : sqliteConnection(path, sync);
  const writeDb = cachingDatabase(writeConn);
  const writer = new Kysely<DB>({ dialect: new SqliteDialect({ database: writeDb }) });
  registerDirectExecutor(writer, directExecutor(writeConn, writeDb));
  let read = writer;
  if (readConn !== writeConn) {
    const readDb = cachingDatabase(readConn);
    read = new Kysely<DB>({ dialect: new SqliteDialect({ database: readDb }) });
    registerDirectExecutor(read, directExecutor(readConn, readDb));
  }
  const committer = new GroupCommitter(writeConn, writer, opts.sqliteMaxBatch ?? 256, durability);
  return {
    dialect: 'sqlite',
    read,
    write: (fn) => committer.submit(fn),
    durable: () => durability?.durable() ?? Promise.resolve(),
    async close() {
      await durability?.close();
      if (durability && !writeConn.inTransaction) {
        // The last connection to close checkpoints and removes the WAL: do it synchronously and safely.
        writeConn.pragma('synchronous = FULL');
        readConn.pragma('wal_checkpoint(TRUNCATE)');
      }
      if (read !== writer) await read.destroy();
      await writer.destroy();
    },
  };
}

// ------------------------------------------------------------------ PostgreSQL

const INT8_OID = 20;
const RETRYABLE = new Set(['40001', '40P01']); // serialization failure, deadlock

function openPostgres(opts: DatabaseOptions): Database {
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.postgresPoolSize ?? 10,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID
          ? (v: string) => BigInt(v)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client that loses its connection emits here; the pool replaces it.
  pool.on('error', () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    dialect: 'postgres',
    read: db,
    async write(fn) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await db.transaction().execute(fn);
        } catch (e) {
          const code = (e as { code?: string }).code;
          if (attempt >= 5 || code === undefined || !RETRYABLE.has(code)) throw e;
        }
      }
    },
    // A PostgreSQL commit returns only once its WAL is flushed.
    durable: () => Promise.resolve(),
    close: () => db.destroy(),
  };
}
