import { Kysely, SqliteDialect, sql } from 'kysely';
import { registerDirectExecutor } from '../prepared.ts';
import type { DB } from '../schema.ts';
import type { Database, DatabaseOptions } from '../types.ts';
import { cachingDatabase, directExecutor, sqliteConnection } from './connection.ts';
import { ownerOnlyFile } from './files.ts';
import { GroupCommitter } from './group-commit.ts';
import { SqliteKeyCache } from './key-cache.ts';
import { StorageState } from './storage.ts';
import { WalDurability } from './wal.ts';

/** The database header's application id: "ptag". */
const APPLICATION_ID = String(0x70746167);

/** A failed fsync ends the process before any reply leaves; a supervisor restarts it. */
function stopProcess(opts: DatabaseOptions): (error: Error) => void {
  return (error) => {
    const msg = 'database fsync failed: stopping so a restart recovers from what is on disk';
    const log = opts.log;
    if (log) (log.fatal ?? log.error).call(log, { err: error }, msg);
    else process.stderr.write(`${msg}: ${error.message}\n`);
    process.exit(70);
  };
}

/** The file path of a `sqlite:` URL. */
export const sqlitePath = (url: string): string => url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');

export function openSqlite(opts: DatabaseOptions): Database {
  const path = sqlitePath(opts.url);
  const memory = path === ':memory:';
  // An empty file is a new database to SQLite; creating it first gives it (and its WAL) mode 0600.
  if (!memory) ownerOnlyFile(path);
  const sync = opts.sqliteSynchronous ?? 'FULL';
  // FULL and EXTRA: durability comes from WalDurability's asynchronous fsync (see there).
  const walLimitBytes = opts.sqliteWalLimitBytes ?? 32 * 1024 * 1024;
  const durability =
    !memory && sync !== 'NORMAL'
      ? new WalDurability(path, {
          checkpointEveryBatches: 200,
          walLimitBytes,
          onFatal: stopProcess(opts),
          log: opts.log,
          threadStarted: opts.sqliteCheckpointThreadStarted,
        })
      : null;
  const writeConn = sqliteConnection(path, durability ? 'OFF' : sync);
  if (durability) writeConn.pragma('wal_autocheckpoint = 0');
  // When the WAL starts over, SQLite truncates it to this size (it would otherwise keep its peak size).
  writeConn.pragma(`journal_size_limit = ${walLimitBytes}`);
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
  // While the storage is full, this tiny write (it rewrites the header page) notices freed space.
  const probe = (): Promise<unknown> =>
    committer.submit((trx: Kysely<DB>) =>
      sql`PRAGMA application_id = ${sql.raw(APPLICATION_ID)}`.execute(trx),
    );
  const storage: StorageState | null = memory
    ? null
    : new StorageState(opts.log, probe, opts.sqliteStorageProbeMs ?? 2000);
  const keyCache = new SqliteKeyCache(writeConn, opts.sqliteKeyCacheEntries ?? 10_000);
  const committer: GroupCommitter = new GroupCommitter(
    writeConn,
    writer,
    opts.sqliteMaxBatch ?? 256,
    durability,
    storage,
    () => keyCache.batchEnded(),
  );
  return {
    dialect: 'sqlite',
    read,
    write: (fn) => committer.submit(fn),
    durable: () => durability?.durable() ?? Promise.resolve(),
    writable: () => storage?.writable ?? true,
    async ping() {
      await sql`SELECT 1`.execute(read);
    },
    pool: () => null,
    keyCache,
    async close() {
      storage?.close();
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
