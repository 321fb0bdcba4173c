import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { sql } from 'kysely';
import type { Database } from './database.ts';

/**
 * A consistent copy of the whole database, taken while the service runs.
 *
 * SQLite: `VACUUM INTO` reads one snapshot (a read transaction: writers go on, the copy holds exactly the
 * commits made before it began) and writes a compact, self-contained database file (no WAL beside it).
 * PostgreSQL: `pg_dump --format=custom` (one repeatable-read snapshot), restored with `pg_restore`. The
 * password of the database URL goes to pg_dump in its environment (PGPASSWORD), never on its command
 * line, where other users of the machine could read it.
 */
export async function backupDatabase(db: Database, url: string, file: string): Promise<{ bytes: number }> {
  if (existsSync(file)) throw new BackupError(`${file} exists: a backup never overwrites a file`);
  if (db.dialect === 'sqlite') await sql`VACUUM INTO ${file}`.execute(db.read);
  else await pgDump(url, file);
  return { bytes: statSync(file).size };
}

export class BackupError extends Error {}

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
