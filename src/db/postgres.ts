import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PgGroupCommitter } from './postgres/group-commit.ts';
import type { DB } from './schema.ts';
import type { Database, DatabaseOptions } from './types.ts';

const INT8_OID = 20;
const RETRYABLE = new Set(['40001', '40P01']); // serialization failure, deadlock
const MAX_ATTEMPTS = 8;

/**
 * Wait before retry n (1-based): "full jitter" over an exponentially growing window (5, 10, 20 … ms,
 * at most 250 ms), so units that collided once do not collide again in lockstep.
 */
const backoffMs = (n: number): number => Math.random() * Math.min(250, 5 * 2 ** (n - 1));

/**
 * Statement names, process-wide: the SQL text of a statement with parameters maps to one name, and each
 * connection parses and plans a named statement once, then only binds and executes it (after five
 * executions PostgreSQL keeps a generic plan). The service's statements are a fixed set (prepared
 * queries, Kysely builders of a fixed shape); past NAMED_MAX distinct texts (IN lists of every length)
 * the rest run unnamed, so memory stays bounded on both sides.
 *
 * A statement that returns `*` stays unnamed: a column added by a migration (say by a newer instance
 * during a rolling upgrade) would change its result type, which a prepared statement refuses with
 * "cached plan must not change result type".
 */
const NAMED_MAX = 500;
const statementNames = new Map<string, string>();
const SELECTS_STAR = /(^|[\s,.(])\*(\s|,|$)|returning \*/i;

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < NAMED_MAX && !SELECTS_STAR.test(text)) {
    name = `paytag_${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name;
}

const NAMED = Symbol('paytag.namedStatements');

// What PostgreSQL answers when a named statement meets a server connection that did not prepare it
// (a transaction pooler handed the client another one): "prepared statement … does not exist" or
// "… already exists". The message then says which setting fixes it.
const LOST_STATEMENT = new Set(['26000', '42P05']);
const POOLER_HINT =
  ' (a transaction pooler such as PgBouncer before 1.21 cannot keep prepared statements: set POSTGRES_PREPARED_STATEMENTS=false, docs/postgres.md)';

function explainLostStatement(e: unknown): never {
  const err = e as { code?: string; message?: string };
  if (err.code !== undefined && LOST_STATEMENT.has(err.code) && /paytag_\d+/.test(err.message ?? '')) {
    err.message += POOLER_HINT;
  }
  throw e;
}

/**
 * A client in use whose backend ends (the server terminated it, a restart, a failover) fails its query
 * with a FATAL error, which answers the caller, and then emits 'error' when its socket closes: with no
 * listener there Node would end the process. The socket closes only after the caller has given the
 * client back, so the pool would hand it out again, to fail the next unit at once (a batch run again
 * after such a failure would meet it first): the client is ended on the FATAL error, and the pool drops
 * an ended client when it is given back.
 */
function dropWhenEnded(client: pg.PoolClient): void {
  client.on('error', () => {});
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const r = query(...args) as unknown;
    // A callback or a submittable (a cursor) gets no promise: left as it is.
    if (!(r instanceof Promise)) return r;
    return r.catch((e: unknown) => {
      const severity = (e as { severity?: unknown }).severity;
      if (severity === 'FATAL' || severity === 'PANIC') void client.end().catch(() => {});
      throw e;
    });
  };
}

/** Makes a pooled client run every parameterised statement as a named (prepared) one. */
function useNamedStatements(client: pg.PoolClient): void {
  const c = client as pg.PoolClient & { [NAMED]?: true };
  if (c[NAMED]) return;
  c[NAMED] = true;
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
  (client as { query: unknown }).query = (text: unknown, values?: unknown) => {
    if (typeof text === 'string' && Array.isArray(values) && values.length > 0) {
      const name = statementName(text);
      if (name !== undefined) return query({ name, text, values }).catch(explainLostStatement);
    }
    return values === undefined ? query(text) : query(text, values);
  };
}

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
  pool.on('connect', dropWhenEnded);
  // Behind PgBouncer in transaction mode (before 1.21) every statement stays unnamed: parse, bind and
  // execute travel together, so no statement outlives the server connection it was parsed on.
  if (opts.postgresPreparedStatements ?? true) pool.on('connect', useNamedStatements);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const maxBatch = opts.postgresMaxBatch ?? 1;
  const batches =
    maxBatch > 1
      ? new PgGroupCommitter(db, maxBatch, {
          retryable: (e) => RETRYABLE.has((e as { code?: string }).code ?? ''),
          maxAttempts: MAX_ATTEMPTS,
          backoffMs,
        })
      : null;
  return {
    dialect: 'postgres',
    read: db,
    // A unit (with POSTGRES_MAX_BATCH > 1: a batch of units, postgres/group-commit.ts) that PostgreSQL
    // aborted as a deadlock victim (or a serialization failure) is run again from the start; units are
    // free of side effects outside the transaction, so that is safe.
    write: batches === null ? (fn) => writeAlone(db, fn) : (fn, opts) => batches.submit(fn, opts),
    // A PostgreSQL commit returns only once its WAL is flushed.
    durable: () => Promise.resolve(),
    writable: () => true,
    async ping() {
      await sql`SELECT 1`.execute(db);
    },
    pool: () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => db.destroy(),
  };
}

/** One unit in its own transaction, retried when PostgreSQL aborted it as a deadlock victim. */
async function writeAlone<T>(db: Kysely<DB>, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(fn);
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (attempt >= MAX_ATTEMPTS || code === undefined || !RETRYABLE.has(code)) throw e;
      await new Promise((r) => setTimeout(r, backoffMs(attempt)));
    }
  }
}
