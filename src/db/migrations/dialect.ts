import {
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  PostgresAdapter,
  sql,
} from 'kysely';

// The only place where migrations differ between SQLite and PostgreSQL.
// Migrations are forward-only and never import application code.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as typed now
export type AnyDb = Kysely<any>;

export const isPostgres = (db: AnyDb): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** Adds an auto-assigned bigint primary key `id`. */
export function withId<T extends string>(
  db: AnyDb,
  t: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? t.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** A 64-bit integer column (money in minor units, timestamps in ms, counters). */
export const int64 = (db: AnyDb) => (isPostgres(db) ? 'bigint' : 'integer') as 'bigint';

export const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

export { sql };
