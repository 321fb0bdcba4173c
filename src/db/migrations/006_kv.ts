import { type AnyDb, int64 } from './dialect.ts';

/** Small service state that outlives a restart, one text value per key (e.g. a Lightning settlement cursor). */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('kv')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at_ms', int64(db), (c) => c.notNull())
    .execute();
}
