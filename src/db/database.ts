import type { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import { openPostgres } from './postgres.ts';
import type { DB } from './schema.ts';
import { holdServeLock } from './sqlite/instance-lock.ts';
import { openSqlite, sqlitePath } from './sqlite/open.ts';

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
   * Resolves once everything committed so far is on stable storage. Every reply awaits this before it
   * leaves, so nobody outside ever sees a state that a power loss could undo.
   */
  durable(): Promise<void>;
  /**
   * False while the database cannot write (SQLite: the filesystem is full, writes are refused as
   * `storage_full`); it turns true again by itself once a write succeeds. Readiness reports it.
   */
  writable(): boolean;
  /**
   * The connection pool now (PostgreSQL): connections open, idle among them, and queries waiting for
   * one. Null for SQLite, which holds one writer and one reader connection for the process's life.
   */
  pool(): { open: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
}

/** What the database layer reports to the operator (a subset of the service's logger). */
export interface DatabaseLog {
  fatal?(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface DatabaseOptions {
  url: string;
  sqliteSynchronous?: 'FULL' | 'NORMAL' | 'EXTRA';
  sqliteMaxBatch?: number;
  /** WAL size past which writes wait for a checkpoint that empties it. */
  sqliteWalLimitBytes?: number;
  /** While the storage is full, how often a probe write checks whether space was freed. */
  sqliteStorageProbeMs?: number;
  /** Observes each WAL checkpoint thread as it starts (a test stops one the way a crash would). */
  sqliteCheckpointThreadStarted?: (thread: Worker) => void;
  postgresPoolSize?: number;
  log?: DatabaseLog;
}

/** Chooses the dialect by the URL's scheme. */
export function openDatabase(opts: DatabaseOptions): Database {
  if (opts.url.startsWith('sqlite:')) return openSqlite(opts);
  if (/^postgres(ql)?:\/\//.test(opts.url)) return openPostgres(opts);
  throw new Error('DATABASE_URL must be sqlite:<path> or postgres://…');
}

/**
 * Taken by `serve` before it opens the database and held for the process's life: on SQLite, a second
 * serving process on the same file refuses to start (see sqlite/instance-lock.ts). PostgreSQL is
 * shared by design (several instances), so nothing is locked there.
 */
export function lockForServing(url: string): { release(): void } {
  if (!url.startsWith('sqlite:') || sqlitePath(url) === ':memory:') return { release() {} };
  return holdServeLock(sqlitePath(url));
}
