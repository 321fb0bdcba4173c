import { type AnyDb, int64, isPostgres, sql } from './dialect.ts';

/**
 * Rate-limit counters shared by every instance: one row per key and window. On PostgreSQL the table is
 * UNLOGGED: counters need no WAL, and losing them in a crash only resets some windows.
 */
export async function up(db: AnyDb): Promise<void> {
  let table = db.schema.createTable('rate_limits');
  if (isPostgres(db)) table = table.modifyFront(sql`unlogged`);
  await table
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', int64(db), (c) => c.notNull())
    .addColumn('reset_at_ms', int64(db), (c) => c.notNull())
    .execute();
  // The sweeper deletes windows that ended.
  await db.schema.createIndex('rate_limits_reset').on('rate_limits').column('reset_at_ms').execute();
}
