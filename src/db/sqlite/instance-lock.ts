import BetterSqlite3 from 'better-sqlite3';
import { ownerOnlyFile } from './files.ts';

/**
 * One serving process per SQLite file. A second `paytag serve` on the same file would split the
 * in-memory rate limits and run every job twice, so `serve` takes this lock first and holds it for the
 * process's life: an exclusive SQLite lock on `<database>.lock` (an fcntl lock, so it goes with the
 * process even when it is killed). The `paytag` commands of the CLI do not take it.
 */
export function holdServeLock(dbPath: string): { release(): void } {
  const lockPath = `${dbPath}.lock`;
  ownerOnlyFile(lockPath);
  const conn = new BetterSqlite3(lockPath);
  conn.pragma('busy_timeout = 0');
  try {
    conn.exec('BEGIN EXCLUSIVE');
  } catch (e) {
    conn.close();
    if ((e as { code?: string }).code === 'SQLITE_BUSY') {
      throw new Error(
        `another paytag serve is using ${dbPath} (it holds ${lockPath}); stop it first, or give this one another DATABASE_URL`,
      );
    }
    throw e;
  }
  return {
    release() {
      if (!conn.open) return;
      conn.exec('ROLLBACK');
      conn.close();
    },
  };
}
