import { Migrator } from 'kysely';
import { migrationProvider } from './migrations/index.ts';
import type { Database } from './types.ts';

/** Applies every pending migration; returns the names applied. Throws with the failing name on error. */
export async function migrateToLatest(db: Database): Promise<string[]> {
  const migrator = new Migrator({ db: db.read, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    const name = failed?.migrationName ?? 'unknown';
    throw new Error(`migration ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
