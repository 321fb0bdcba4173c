import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { Database } from '../db/types.ts';
import { Abort } from '../domain/errors.ts';
import type { Result } from '../domain/result.ts';

/**
 * Runs one write unit; an `abort(...)` inside rolls it back and comes out as an error value.
 * Anything else thrown is a bug and propagates.
 */
export async function runWrite<T>(db: Database, fn: (trx: Kysely<DB>) => Promise<T>): Promise<Result<T>> {
  try {
    return { ok: true, value: await db.write(fn) };
  } catch (e) {
    if (e instanceof Abort) return { ok: false, error: e.error };
    throw e;
  }
}
