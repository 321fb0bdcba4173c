import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';

/**
 * Deferred inserts (PostgreSQL group commit, postgres/group-commit.ts). A write unit submitted with
 * `{ defersInserts: true }` may hand rows that nothing in its unit reads back (a send's two payment
 * rows) to its batch instead of inserting them: the batch writes the rows of all its units in one
 * set-based statement per kind, before the next unit that did not ask for deferral (so every unit still
 * sees what earlier units of its batch wrote) and before its COMMIT. A row the statement did not insert
 * (a unique conflict its ON CONFLICT skipped) fails its unit: the batch is rolled back, runs again
 * without it, and the unit runs alone, where nothing is deferred and its own code meets the conflict
 * as before. Outside such a batch (SQLite, a batch of one, a unit that did not ask) there is no
 * deferral and the caller inserts at once.
 */

/**
 * Inserts rows of one kind set-based and answers, per row in order, whether it was inserted (false: a
 * unique conflict skipped it). Any error it throws fails the batch's units that deferred rows so far,
 * each then running alone.
 */
export type SetInsert<R> = (exec: Kysely<DB>, rows: readonly R[]) => Promise<boolean[]>;

/**
 * Decides intents of one kind set-based (internal sends: db/repos/internal-sends.ts): `run` writes what
 * it accepts and answers, per intent in order, its outcome; `accepted` tells an outcome that wrote
 * something from a refusal, which wrote nothing. Any error `run` throws fails the batch's units that
 * handed it intents, each then running alone.
 */
export interface SetDecide<I, O> {
  run(exec: Kysely<DB>, intents: readonly I[]): Promise<O[]>;
  accepted(outcome: O): boolean;
}

export interface Deferral {
  defer<R>(insert: SetInsert<R>, rows: readonly R[]): void;
  /**
   * Hands the intent to the batch, which decides it with the other units' intents of its kind before
   * the next unit that did not defer and before its COMMIT; the unit waits for its outcome meanwhile and
   * then goes on. A unit that is refused must have written nothing before (its intent carries what it
   * writes) and should fail at once: its failure is then its answer, and the batch's other units
   * stand. One intent per unit.
   */
  decide<I, O>(decider: SetDecide<I, O>, intent: I): Promise<O>;
}

const deferrals = new WeakMap<object, Deferral>();

/** The deferral of the unit now running on this executor, if its batch defers its inserts. */
export const deferralOf = (exec: Kysely<DB>): Deferral | undefined => deferrals.get(exec);

/** Installs (or, with undefined, removes) the deferral of the unit about to run on `exec`. */
export function setDeferral(exec: Kysely<DB>, d: Deferral | undefined): void {
  if (d === undefined) deferrals.delete(exec);
  else deferrals.set(exec, d);
}

/** The options of one write unit (`Database.write`). */
export interface WriteOptions {
  /** The unit may defer inserts of rows nothing in it reads back (see above). */
  defersInserts?: boolean;
  /**
   * The unit locks ledger rows in one statement only, in id order: in a batch of more than one it
   * reads, hands one intent to its batch (`Deferral.decide`), whose one statement locks what it moves,
   * and after the decision at most inserts rows of its own (NWC notifications); alone, it moves its
   * money in one statement (`createTransfers`). A batch of such units only may run beside other such
   * batches (postgres/group-commit.ts).
   */
  onlyDecides?: boolean;
  /**
   * An `onlyDecides` unit that writes nothing at all after its decision: a batch of only such units
   * opens no transaction (postgres/group-commit.ts). Its units' reads run on their own, and the one
   * deciding statement takes the batch lock, decides, writes and commits by itself, so the ledger rows
   * it locks are held for that statement and its commit, never across a round trip to the service.
   */
  decisionCommits?: boolean;
}
