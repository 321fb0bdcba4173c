import type { Kysely } from 'kysely';
import type { WriteOptions } from '../db/deferred.ts';
import type { DB } from '../db/schema.ts';
import type { Database } from '../db/types.ts';
import { Abort } from '../domain/errors.ts';
import type { Result } from '../domain/result.ts';

// Every write unit of app/ starts here (`npm run lint` refuses `db.write(` elsewhere in app/).
// A use case whose unit may refuse runs it with `runWrite`: an `abort(...)` inside rolls the unit back
// and comes out as an error value, like the use case's other failures. A unit whose caller answers no
// Result (a counter, a cursor, a job's batch, a settlement) runs with `runPlainWrite` and answers its
// value. An Abort still reaches such a caller as a throw: the database's own refusal (`storage_full`,
// sqlite/storage.ts) and a refusal of a step inside (a credit past the balance limit in a settlement).
// The HTTP error handlers answer it with its code as they answer an HttpError (http/family.ts
// `toProblem`); a job's runner logs it and tries the round again; a caller that must tell it apart
// catches it (app/payments/pay-from-outside.ts).

/**
 * Runs one write unit; an `abort(...)` inside rolls it back and comes out as an error value.
 * Anything else thrown is a bug and propagates.
 */
export async function runWrite<T>(
  db: Database,
  fn: (trx: Kysely<DB>) => Promise<T>,
  opts?: WriteOptions,
): Promise<Result<T>> {
  try {
    return { ok: true, value: await db.write(fn, opts) };
  } catch (e) {
    if (e instanceof Abort) return { ok: false, error: e.error };
    throw e;
  }
}

/**
 * Runs one write unit and answers its value; an Abort inside (see above) and bugs are thrown. A use case
 * that answers a Result runs its refusals through `runWrite` instead.
 */
export function runPlainWrite<T>(db: Database, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.write(fn);
}
