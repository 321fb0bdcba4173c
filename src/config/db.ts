import { bool, int, oneOf, string } from './fields.ts';
import { section } from './section.ts';

export interface DbConfig {
  /** `sqlite:<path>` or `postgres://user:pass@host:port/db` (a secret: it may carry a password). */
  databaseUrl: string;
  /** SQLite `synchronous` pragma: FULL makes every commit durable across power loss. */
  sqliteSynchronous: 'FULL' | 'NORMAL' | 'EXTRA';
  /** Most operations one group commit may carry. */
  sqliteMaxBatch: number;
  dataDir: string;
  /** WAL size (bytes) past which new writes wait until a checkpoint has emptied it. */
  sqliteWalLimitBytes: number;
  /** SQLite: API-key lookups each process keeps in memory (entries; 0 turns the cache off). */
  sqliteKeyCacheEntries: number;
  /** Connections each instance keeps to PostgreSQL (see docs/postgres.md for sizing). */
  postgresPoolSize: number;
  /**
   * Run the service's statements as named (prepared) ones on PostgreSQL. Off behind a transaction pooler
   * that does not track protocol-level prepared statements (PgBouncer before 1.21, or with
   * `max_prepared_statements = 0`): see docs/postgres.md.
   */
  postgresPreparedStatements: boolean;
  /** Most write units one PostgreSQL transaction carries (group commit); 1: each unit its own transaction. */
  postgresMaxBatch: number;
}

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url);

export const db = section(
  {
    DATA_DIR: string('./data'),
    DATABASE_URL: string(''),
    SQLITE_SYNCHRONOUS: oneOf(['FULL', 'NORMAL', 'EXTRA'] as const, 'FULL'),
    SQLITE_MAX_BATCH: int(256, 1, 10_000),
    SQLITE_WAL_LIMIT_MB: int(32, 1, 4096),
    SQLITE_KEY_CACHE_ENTRIES: int(10_000, 0, 1_000_000),
    POSTGRES_POOL_SIZE: int(10, 1, 1000),
    POSTGRES_PREPARED_STATEMENTS: bool(true),
    POSTGRES_MAX_BATCH: int(64, 1, 10_000),
  },
  (v): DbConfig => ({
    databaseUrl: v.DATABASE_URL || `sqlite:${v.DATA_DIR}/paytag.sqlite`,
    sqliteSynchronous: v.SQLITE_SYNCHRONOUS,
    sqliteMaxBatch: v.SQLITE_MAX_BATCH,
    dataDir: v.DATA_DIR,
    sqliteWalLimitBytes: v.SQLITE_WAL_LIMIT_MB * 1024 * 1024,
    sqliteKeyCacheEntries: v.SQLITE_KEY_CACHE_ENTRIES,
    postgresPoolSize: v.POSTGRES_POOL_SIZE,
    postgresPreparedStatements: v.POSTGRES_PREPARED_STATEMENTS,
    postgresMaxBatch: v.POSTGRES_MAX_BATCH,
  }),
  (c) =>
    /^sqlite:/.test(c.databaseUrl) || isPostgresUrl(c.databaseUrl)
      ? []
      : ['DATABASE_URL must be sqlite:<path> or postgres://user:pass@host:port/db'],
);
