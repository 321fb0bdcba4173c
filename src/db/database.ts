import { openPostgres } from './postgres.ts';
import { holdServeLock } from './sqlite/instance-lock.ts';
import { openSqlite, sqlitePath } from './sqlite/open.ts';
import type { Database, DatabaseOptions } from './types.ts';

export type { Database, DatabaseLog, DatabaseOptions, Dialect } from './types.ts';

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
