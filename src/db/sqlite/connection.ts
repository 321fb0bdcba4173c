import BetterSqlite3 from 'better-sqlite3';
import type { DirectExecutor } from '../prepared.ts';

/** A connection with the service's settings. */
export function sqliteConnection(path: string, synchronous: string): BetterSqlite3.Database {
  const conn = new BetterSqlite3(path);
  // Applies when the file is created. Most pages a commit dirties are index leaves hit at random
  // (random public ids and transfer ids); smaller pages halve the bytes each commit writes and syncs.
  conn.pragma('page_size = 2048');
  conn.defaultSafeIntegers(true);
  conn.pragma('journal_mode = WAL');
  conn.pragma(`synchronous = ${synchronous}`);
  conn.pragma('busy_timeout = 5000');
  conn.pragma('foreign_keys = ON');
  // 16 MiB of page cache per connection (the default is 2 MiB): hot index pages stay in memory. The
  // service has two (writer and reader), and pages past the cache come from the OS's file cache, so a
  // larger one bought no measurable speed, only resident memory (`npm run bench`, its RSS column).
  conn.pragma('cache_size = -16384');
  return conn;
}

/** Kysely's SQLite driver prepares every query afresh; caching statements by SQL text saves most of that. */
export function cachingDatabase(conn: BetterSqlite3.Database) {
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

/** Runs prepared queries synchronously on a connection whose use is already serialized (see prepared.ts). */
export function directExecutor(
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
