import { backupDatabase, copySecretFile } from '../../db/backup.ts';
import type { Database } from '../../db/types.ts';

/**
 * `paytag backup`: a consistent copy of the database in `file` (a new, owner-only file; see
 * db/backup.ts), then, when given, the hot seed file copied owner-only beside it. Throws (with a message
 * for the operator) when a file exists already or the copy fails; a failed copy leaves no file.
 */
export async function writeBackup(
  db: Database,
  databaseUrl: string,
  file: string,
  seed: { from: string; to: string } | null,
): Promise<{ bytes: number }> {
  const { bytes } = await backupDatabase(db, databaseUrl, file);
  if (seed !== null) copySecretFile(seed.from, seed.to);
  return { bytes };
}
