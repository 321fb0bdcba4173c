import type { Migration, MigrationProvider } from 'kysely';
import * as m001 from './001_core.ts';

/** Forward-only, applied in name order. Add new files at the end; never edit an applied one. */
const MIGRATIONS: Record<string, Migration> = {
  '001_core': m001,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
