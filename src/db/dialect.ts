import { type Kysely, PostgresAdapter } from 'kysely';
import type { Dialect } from './types.ts';

/**
 * The dialect of the database an executor talks to, read from the executor itself: the repositories
 * branch on it (row locks, `SKIP LOCKED`, advisory locks exist only on PostgreSQL), so nothing above
 * `db/` hands a dialect down. It holds for `read`, for the executor a write unit is given (a
 * transaction, or on SQLite the group committer's writer), for one wrapped by `withPlugin`, and for
 * the executors prepared queries run on (`prepared.ts` compiles per adapter the same way).
 */
// biome-ignore lint/suspicious/noExplicitAny: any schema; only the executor's adapter is read
export const dialectOf = (exec: Kysely<any>): Dialect =>
  exec.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';

// biome-ignore lint/suspicious/noExplicitAny: any schema; only the executor's adapter is read
export const isPostgres = (exec: Kysely<any>): boolean => dialectOf(exec) === 'postgres';
