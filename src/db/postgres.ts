import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database, DatabaseOptions } from './database.ts';
import type { DB } from './schema.ts';

const INT8_OID = 20;
const RETRYABLE = new Set(['40001', '40P01']); // serialization failure, deadlock
const MAX_ATTEMPTS = 8;

/**
 * Wait before retry n (1-based): "full jitter" over an exponentially growing window (5, 10, 20 … ms,
 * at most 250 ms), so units that collided once do not collide again in lockstep.
 */
const backoffMs = (n: number): number => Math.random() * Math.min(250, 5 * 2 ** (n - 1));

export function openPostgres(opts: DatabaseOptions): Database {
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.postgresPoolSize ?? 10,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID
          ? (v: string) => BigInt(v)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client that loses its connection emits here; the pool replaces it.
  pool.on('error', () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    dialect: 'postgres',
    read: db,
    // A unit that PostgreSQL aborted as a deadlock victim (or a serialization failure) is run again
    // from the start; units are free of side effects outside the transaction, so that is safe.
    async write(fn) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await db.transaction().execute(fn);
        } catch (e) {
          const code = (e as { code?: string }).code;
          if (attempt >= MAX_ATTEMPTS || code === undefined || !RETRYABLE.has(code)) throw e;
          await new Promise((r) => setTimeout(r, backoffMs(attempt)));
        }
      }
    },
    // A PostgreSQL commit returns only once its WAL is flushed.
    durable: () => Promise.resolve(),
    writable: () => true,
    close: () => db.destroy(),
  };
}
