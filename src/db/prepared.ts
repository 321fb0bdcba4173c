import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { DB } from './schema.ts';

/**
 * A query built and compiled once per database dialect, then executed with new parameter values.
 * Building and compiling a Kysely query costs about as much as running it on SQLite, so the hot paths
 * (key lookup, ledger transfers, payments) use these.
 *
 *   const byHash = prepare<{ hash: string }, Row>((db, p) => db.selectFrom('t').selectAll().where('h', '=', p('hash')));
 *   const rows = await byHash.all(exec, { hash });
 *
 * Each named parameter must reach the query as a bound value (a comparison, insert or update value),
 * not as SQL text.
 */
export interface Prepared<P, R> {
  all(exec: Kysely<DB>, params: P): Promise<R[]>;
  first(exec: Kysely<DB>, params: P): Promise<R | undefined>;
  run(exec: Kysely<DB>, params: P): Promise<QueryResult<R>>;
}

const SENTINEL = '\u0000paytag-param:';

/**
 * Runs a compiled statement synchronously on a connection the caller owns (SQLite). Prepared queries
 * on such a connection skip Kysely's executor (connection mutex, promise chain, plugins), which costs
 * more than the statement itself on the write path. Only connections whose use is already serialized
 * register one: the group committer's writer and the reader.
 */
export type DirectExecutor = (sql: string, parameters: readonly unknown[]) => QueryResult<unknown>;
const directExecutors = new WeakMap<object, DirectExecutor>();

export function registerDirectExecutor(db: Kysely<DB>, exec: DirectExecutor): void {
  directExecutors.set(db, exec);
}

// biome-ignore lint/suspicious/noExplicitAny: a parameter stands for a value of any column type
type Param = (name: string) => any;

/**
 * The parameter array of a compiled query, in its order, from named values: the named slots take the
 * caller's values, every other position keeps the value compiled in. Built once per compiled query
 * (one array literal, no per-call copy or lookup by slot).
 */
type ArgsOf = (params: Record<string, unknown>) => unknown[];

function argsBuilder(parameters: readonly unknown[]): ArgsOf {
  const names = parameters.map((v) =>
    typeof v === 'string' && v.startsWith(SENTINEL) ? v.slice(SENTINEL.length) : null,
  );
  // Parameter names come from our own code; JSON.stringify quotes them safely as property keys.
  const items = names.map((n, i) => (n === null ? `fixed[${i}]` : `p[${JSON.stringify(n)}]`));
  const checks = [...new Set(names.filter((n): n is string => n !== null))]
    .map(
      (n) =>
        `if (p[${JSON.stringify(n)}] === undefined && !(${JSON.stringify(n)} in p)) missing(${JSON.stringify(n)});`,
    )
    .join('\n');
  const missing = (name: string) => {
    throw new Error(`prepared query: missing parameter ${name}`);
  };
  return new Function('fixed', 'missing', `return (p) => {\n${checks}\nreturn [${items.join(', ')}];\n};`)(
    parameters,
    missing,
  ) as ArgsOf;
}

export function prepare<P extends Record<string, unknown>, R>(
  build: (db: Kysely<DB>, p: (name: keyof P & string) => ReturnType<Param>) => Compilable<R>,
): Prepared<P, R> {
  const byAdapter = new Map<unknown, { compiled: CompiledQuery<R>; argsOf: ArgsOf }>();

  const compiledFor = (exec: Kysely<DB>) => {
    const adapter = exec.getExecutor().adapter.constructor;
    let entry = byAdapter.get(adapter);
    if (entry === undefined) {
      const compiled = build(exec, (name) => `${SENTINEL}${name}`).compile();
      entry = { compiled, argsOf: argsBuilder(compiled.parameters) };
      byAdapter.set(adapter, entry);
    }
    return entry;
  };

  const run = (exec: Kysely<DB>, params: P): Promise<QueryResult<R>> => {
    const { compiled, argsOf } = compiledFor(exec);
    const parameters = argsOf(params);
    const direct = directExecutors.get(exec);
    if (direct !== undefined) return Promise.resolve(direct(compiled.sql, parameters) as QueryResult<R>);
    return exec.executeQuery<R>({ ...compiled, parameters });
  };

  return {
    run,
    all: async (exec, params) => (await run(exec, params)).rows,
    first: async (exec, params) => (await run(exec, params)).rows[0],
  };
}
