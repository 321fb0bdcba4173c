import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
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
  conn.defaultSafeIntegers(true);
  conn.pragma('journal_mode = WAL');
  conn.pragma(`synchronous = ${synchronous}`);
  conn.pragma('busy_timeout = 5000');
  conn.pragma('foreign_keys = ON');
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
 * one COMMIT (one fsync) makes the whole batch durable. Callers are answered after that COMMIT.
 */
class GroupCommitter {
  private queue: Job[] = [];
  private scheduled = false;
  private running = false;
  private readonly stmt: Record<'begin' | 'savepoint' | 'release' | 'rollbackTo' | 'commit', BetterSqlite3.Statement>;

  constructor(
    private readonly conn: BetterSqlite3.Database,
    private readonly writer: Kysely<DB>,
    private readonly maxBatch: number,
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
      // BEGIN or COMMIT failed (disk full, I/O error): nothing of the batch is durable.
      if (this.conn.inTransaction) this.conn.exec('ROLLBACK');
      for (const job of batch) job.reject(error);
      this.finish();
      return;
    }
    batch.forEach((job, i) => {
      const o = outcomes[i]!;
      if (o.ok) job.resolve(o.value);
      else job.reject(o.error);
    });
    this.finish();
  }

  private finish(): void {
    this.running = false;
    if (this.queue.length > 0) this.schedule();
  }
}

function openSqlite(opts: DatabaseOptions): Database {
  const path = opts.url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sync = opts.sqliteSynchronous ?? 'FULL';
  const writeConn = sqliteConnection(path, sync);
  // An in-memory database is private to its connection, so reads share the writer there.
  const readConn = path === ':memory:' ? writeConn : sqliteConnection(path, sync);
  const writer = new Kysely<DB>({ dialect: new SqliteDialect({ database: cachingDatabase(writeConn) }) });
  const read =
    readConn === writeConn
      ? writer
      : new Kysely<DB>({ dialect: new SqliteDialect({ database: cachingDatabase(readConn) }) });
  const committer = new GroupCommitter(writeConn, writer, opts.sqliteMaxBatch ?? 256);
  return {
    dialect: 'sqlite',
    read,
    write: (fn) => committer.submit(fn),
    async close() {
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
    close: () => db.destroy(),
  };
}
