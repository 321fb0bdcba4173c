import type { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { WriteOptions } from './deferred.ts';
import type { DB } from './schema.ts';

/**
 * The database's types, apart from the code that opens it (database.ts), so that the dialects' own
 * modules (sqlite/, postgres.ts) and the repositories import them without a circle.
 */

export type Dialect = 'sqlite' | 'postgres';

/**
 * The database as the rest of the service sees it.
 * - `read`: queries outside a transaction; they see committed data only.
 * - `write(fn)`: runs fn as one atomic unit and resolves only once it is durable. fn must only use the
 *   executor it is given and must not wait on anything but the database (no network calls inside).
 *   Throwing rolls the unit back (and only this unit). `opts.defersInserts`: the unit may hand rows
 *   nothing in it reads back to its batch (deferred.ts; PostgreSQL group commit only).
 */
export interface Database {
  readonly dialect: Dialect;
  readonly read: Kysely<DB>;
  write<T>(fn: (trx: Kysely<DB>) => Promise<T>, opts?: WriteOptions): Promise<T>;
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
  /** Answers once the database runs a trivial query; throws when it cannot (readiness asks this). */
  ping(): Promise<void>;
  /**
   * The connection pool now (PostgreSQL): connections open, idle among them, and queries waiting for
   * one. Null for SQLite, which holds one writer and one reader connection for the process's life.
   */
  pool(): { open: number; idle: number; waiting: number } | null;
  /**
   * API-key lookups cached by the key's hash (SQLite; see sqlite/key-cache.ts). Absent on PostgreSQL:
   * its instances share the database, and a key revoked or an account disabled through one must be
   * refused by every other on the very next request, so each lookup reads the database there.
   */
  readonly keyCache?: KeyLookupCache;
  close(): Promise<void>;
}

/**
 * A cache whose entries are dropped by every commit that changes a key or an account. A lookup takes
 * `generation()` before it reads the database and gives it to `set`, which ignores a value read across
 * an invalidation.
 */
export interface KeyLookupCache {
  get(hash: string): unknown;
  generation(): number;
  set(hash: string, generation: number, value: unknown): void;
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
  /** Named (prepared) statements on PostgreSQL; off behind a pooler that cannot keep them (default on). */
  postgresPreparedStatements?: boolean;
  /** Most write units one PostgreSQL transaction carries (group commit); 1: each unit its own. */
  postgresMaxBatch?: number;
  /** SQLite: API-key lookups kept in memory (0: none). */
  sqliteKeyCacheEntries?: number;
  log?: DatabaseLog;
}
