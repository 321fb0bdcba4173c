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

// biome-ignore lint/suspicious/noExplicitAny: a parameter stands for a value of any column type
type Param = (name: string) => any;

export function prepare<P extends Record<string, unknown>, R>(
  build: (db: Kysely<DB>, p: (name: keyof P & string) => ReturnType<Param>) => Compilable<R>,
): Prepared<P, R> {
  const byAdapter = new Map<unknown, { compiled: CompiledQuery<R>; slots: Array<[number, string]> }>();

  const compiledFor = (exec: Kysely<DB>) => {
    const adapter = exec.getExecutor().adapter.constructor;
    let entry = byAdapter.get(adapter);
    if (entry === undefined) {
      const compiled = build(exec, (name) => `${SENTINEL}${name}`).compile();
      const slots: Array<[number, string]> = [];
      compiled.parameters.forEach((v, i) => {
        if (typeof v === 'string' && v.startsWith(SENTINEL)) slots.push([i, v.slice(SENTINEL.length)]);
      });
      entry = { compiled, slots };
      byAdapter.set(adapter, entry);
    }
    return entry;
  };

  const run = (exec: Kysely<DB>, params: P): Promise<QueryResult<R>> => {
    const { compiled, slots } = compiledFor(exec);
    const parameters = compiled.parameters.slice();
    for (const [i, name] of slots) {
      if (!(name in params)) throw new Error(`prepared query: missing parameter ${name}`);
      parameters[i] = params[name];
    }
    return exec.executeQuery<R>({ ...compiled, parameters });
  };

  return {
    run,
    all: async (exec, params) => (await run(exec, params)).rows,
    first: async (exec, params) => (await run(exec, params)).rows[0],
  };
}
