import { spawn } from 'node:child_process';
import { closeSync, fsyncSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { sql } from 'kysely';
import type { Database } from './types.ts';

/**
 * A consistent copy of the whole database, taken while the service runs, in a new owner-only file.
 *
 * SQLite: `VACUUM INTO` reads one snapshot (a read transaction: writers go on, the copy holds exactly the
 * commits made before it began) and writes a compact, self-contained database file (no WAL beside it).
 * PostgreSQL: `pg_dump --format=custom` (one repeatable-read snapshot), restored with `pg_restore`. The
 * password of the database URL goes to pg_dump in its environment (PGPASSWORD), never on its command
 * line, where other users of the machine could read it.
 */
export async function backupDatabase(db: Database, url: string, file: string): Promise<{ bytes: number }> {
  // The copy holds what the database holds, so it is made owner-only (as the database is) before a byte
  // is written: created empty here, exclusively (never over a file), and filled in place (VACUUM INTO
  // and pg_dump both write into an empty file). A copy that failed is removed, so that no partial file
  // is taken for a backup and the same name can be used again.
  try {
    closeSync(openSync(file, 'wx', 0o600));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new BackupError(`${file} exists: a backup never overwrites a file`);
    }
    throw e;
  }
  try {
    if (db.dialect === 'sqlite') await sql`VACUUM INTO ${file}`.execute(db.read);
    else await pgDump(url, file);
  } catch (e) {
    rmSync(file, { force: true });
    throw e;
  }
  return { bytes: statSync(file).size };
}

export class BackupError extends Error {}

/**
 * Copies a small secret file (the hot seed) to `to`, created owner-only and exclusively (never over a
 * file), written whole and flushed.
 */
export function copySecretFile(from: string, to: string): void {
  const content = readFileSync(from);
  let fd: number;
  try {
    fd = openSync(to, 'wx', 0o600);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new BackupError(`${to} exists: a backup never overwrites a file`);
    }
    throw e;
  }
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } catch (e) {
    rmSync(to, { force: true });
    throw e;
  } finally {
    closeSync(fd);
  }
}

function pgDump(url: string, file: string): Promise<void> {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(
      'pg_dump',
      ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${u.toString()}`],
      {
        env: { ...process.env, ...(password === '' ? {} : { PGPASSWORD: password }) },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.on('error', (e) =>
      reject(
        new BackupError(
          (e as NodeJS.ErrnoException).code === 'ENOENT'
            ? 'pg_dump is not installed: install the PostgreSQL client tools of the server’s version'
            : `pg_dump could not start: ${e.message}`,
        ),
      ),
    );
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`pg_dump failed (exit ${code}): ${stderr.trim().slice(0, 500)}`));
    });
  });
}
