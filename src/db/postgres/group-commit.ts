import { type Kysely, sql } from 'kysely';
import {
  type Deferral,
  type SetDecide,
  type SetInsert,
  setDeferral,
  type WriteOptions,
} from '../deferred.ts';
import type { DB } from '../schema.ts';

interface Job {
  fn: (trx: Kysely<DB>) => Promise<unknown>;
  /** The unit may defer inserts to its batch (db/deferred.ts). */
  defers: boolean;
  /** In a batch, the unit only reads and hands an intent (WriteOptions.onlyDecides). */
  onlyDecides: boolean;
  /** ... and writes nothing after its decision (WriteOptions.decisionCommits). */
  decisionCommits: boolean;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

/**
 * How one try of a batch ended. `at`: the failing unit's index, or the step outside the units. A
 * failed write of deferred rows (`flush`: it threw; `conflict`: the rows of the units in `failed` were
 * not inserted) names `upTo`, the number of units that had run before it.
 */
type Attempt =
  | { ok: true; values: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> }
  | { ok: false; at: number | 'begin' | 'commit'; error: unknown }
  | { ok: false; at: 'flush'; upTo: number; error: unknown }
  | { ok: false; at: 'conflict'; upTo: number; failed: ReadonlySet<number> };

/** One unit's intent waiting for its batch's decision. */
interface Intent {
  unit: number;
  intent: unknown;
  resolve: (outcome: unknown) => void;
  reject: (e: unknown) => void;
}

/** Thrown to the waiting units of a try that is given up (their unit will run again). */
class Abandoned extends Error {}

/** The rows and intents the units of one try deferred, by kind, with the unit each came from. */
class BatchDeferral implements Deferral {
  /** Index of the unit now running. */
  unit = -1;
  private readonly groups = new Map<SetInsert<unknown>, { rows: unknown[]; units: number[] }>();
  /** Units that deferred rows (a refused unit that did may not simply fail: see settle). */
  readonly rowUnits = new Set<number>();
  private readonly intents = new Map<SetDecide<unknown, unknown>, Intent[]>();
  /** Called when the running unit hands over an intent (it then waits). */
  onIntent: ((unit: number) => void) | null = null;

  defer<R>(insert: SetInsert<R>, rows: readonly R[]): void {
    const key = insert as SetInsert<unknown>;
    let g = this.groups.get(key);
    if (g === undefined) {
      g = { rows: [], units: [] };
      this.groups.set(key, g);
    }
    for (const r of rows) {
      g.rows.push(r);
      g.units.push(this.unit);
    }
    this.rowUnits.add(this.unit);
  }

  decide<I, O>(decider: SetDecide<I, O>, intent: I): Promise<O> {
    const key = decider as SetDecide<unknown, unknown>;
    let list = this.intents.get(key);
    if (list === undefined) {
      list = [];
      this.intents.set(key, list);
    }
    const unit = this.unit;
    const p = new Promise<O>((resolve, reject) => {
      (list as Intent[]).push({ unit, intent, resolve: resolve as (o: unknown) => void, reject });
    });
    this.onIntent?.(unit);
    return p;
  }

  get pending(): boolean {
    return this.groups.size > 0 || this.intents.size > 0;
  }

  /** Inserts every deferred row; answers the units some of whose rows were not inserted. */
  async flush(exec: Kysely<DB>): Promise<Set<number>> {
    const failed = new Set<number>();
    const groups = [...this.groups.values()];
    const inserts = [...this.groups.keys()];
    this.groups.clear();
    for (const [k, g] of groups.entries()) {
      const inserted = await (inserts[k] as SetInsert<unknown>)(exec, g.rows);
      for (const [j, u] of g.units.entries()) if (inserted[j] !== true) failed.add(u);
    }
    return failed;
  }

  /**
   * Decides every waiting intent; answers, by unit, how to hand each its outcome (in unit order). The
   * intents are taken off the batch: if deciding throws, abandon() is not needed for them.
   */
  async decideAll(exec: Kysely<DB>): Promise<Map<number, { accepted: boolean; give: () => void }>> {
    const out = new Map<number, { accepted: boolean; give: () => void }>();
    const groups = [...this.intents.entries()];
    this.intents.clear();
    try {
      for (const [decider, list] of groups) {
        const outcomes = await decider.run(
          exec,
          list.map((x) => x.intent),
        );
        for (const [j, x] of list.entries()) {
          const o = outcomes[j];
          out.set(x.unit, { accepted: decider.accepted(o), give: () => x.resolve(o) });
        }
      }
    } catch (error) {
      for (const [, list] of groups) for (const x of list) x.reject(new Abandoned('batch given up'));
      throw error;
    }
    return out;
  }

  /** The try is given up: every unit still waiting fails (quietly: it runs again). */
  abandon(): void {
    for (const list of this.intents.values()) for (const x of list) x.reject(new Abandoned('batch given up'));
    this.intents.clear();
  }
}

/**
 * Key of the transaction-level advisory lock every batch takes first, in every instance: batches of
 * the whole deployment run one at a time (see below). Distinct from the keys of db/repos (outbox.ts,
 * orders.ts).
 */
export const WRITE_BATCH_LOCK = 7_302_114_552n;

// One round trip each. Both are simple-protocol queries (no parameters), so each may hold two
// statements. `SELECT 1` before COMMIT fails (25P02) when a statement of the transaction failed and
// was swallowed by a unit: a COMMIT there would answer ROLLBACK without an error, and every unit of
// the batch would be told it was written.
const BEGIN = sql.raw(`BEGIN; SELECT pg_advisory_xact_lock(${WRITE_BATCH_LOCK})`);
// A batch whose units only hand intents takes the lock shared: such batches run beside each other
// (each locks every row it moves in one statement, in id order: they cannot deadlock), never beside
// a batch of other units.
const BEGIN_SHARED = sql.raw(`BEGIN; SELECT pg_advisory_xact_lock_shared(${WRITE_BATCH_LOCK})`);
const COMMIT = sql.raw('SELECT 1; COMMIT');
const ROLLBACK = sql.raw('ROLLBACK');

export interface RetryPolicy {
  /** Whether PostgreSQL aborted the transaction for a reason a new try may not meet (deadlock, serialization). */
  retryable(error: unknown): boolean;
  maxAttempts: number;
  backoffMs(attempt: number): number;
}

/** An error the server answered (SQLSTATE): the statement, and with it the transaction, failed. */
const fromServer = (e: unknown): boolean =>
  typeof (e as { code?: unknown }).code === 'string' && /^[0-9A-Z]{5}$/.test((e as { code: string }).code);

/**
 * Group commit on PostgreSQL: the write units of one instance that arrive while a batch is in flight
 * form the next batch, which runs them one after the other in ONE transaction on one connection and
 * commits them with one WAL flush. No unit's caller is answered before that COMMIT has returned.
 *
 * - **A refusal or a failure.** Without a subtransaction per unit (they make a second instance
 *   collapse), one unit's failure cannot be undone alone: the transaction is rolled back, the units
 *   before the failing one run again as a batch, the failing one runs alone in its own transaction
 *   (whatever that answers is its answer: its refusal, its error, or its success), and the units after
 *   it go back to the head of the queue. A failed unit costs one rollback and one more run of the
 *   units before it; refusals are rare on the hot path.
 * - **Deadlocks.** A batch holds every row its units locked until its commit, in the order its units
 *   happened to lock them, so two instances' batches would deadlock each other. Every batch therefore
 *   first takes one transaction-level advisory lock (`WRITE_BATCH_LOCK`): batches of all instances take
 *   turns, which also means the whole deployment writes one batch at a time. A deadlock or
 *   serialization failure that still happens (with a session outside paytag) retries the whole
 *   batch, as a unit alone was retried before.
 * - **Decided intents.** A unit that defers may hand an intent (an internal send) to the batch and
 *   wait (`Deferral.decide`): the batch goes on with the next unit, and before the next unit that does
 *   not defer, and before COMMIT, decides all waiting intents in one statement; then each waiting
 *   unit goes on in turn with its outcome. A unit refused there wrote nothing, so its failure is its
 *   answer and the batch stands (no rollback); any other failure is a unit's failure as above.
 * - **Batches of decisions only.** A batch whose units all only read and hand an intent
 *   (`onlyDecides`) takes the advisory lock shared: the batches of that kind of all instances overlap
 *   (their one deciding statement each locks its rows in id order, so they cannot deadlock); a batch
 *   of any other unit still takes it exclusive, alone.
 * - **Batches that are one statement.** When, besides, no unit writes anything after its decision
 *   (`decisionCommits`), the batch opens no transaction: its units' reads run on their own, and the
 *   deciding statement, which takes the advisory lock shared itself, commits alone. The hot ledger rows
 *   are then locked for that statement and its WAL flush only, not across the round trips of a
 *   BEGIN…COMMIT (with two instances the other's batch waits on those rows). A unit that fails before
 *   handing its intent wrote nothing: its failure is its answer and the others go on. A deciding
 *   statement whose answer was lost (the connection broke) may have committed: every unit is answered
 *   that error and nothing runs again, as for a lost COMMIT.
 * - **Commit failures.** A COMMIT the server refused (a deferred constraint) names no unit: each unit
 *   then runs alone. A COMMIT whose answer was lost (the connection broke) may have committed: every
 *   unit is answered that error, as a unit alone was before; nothing is run again.
 */
export class PgGroupCommitter {
  private queue: Job[] = [];
  private scheduled = false;
  private running = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly maxBatch: number,
    private readonly retry: RetryPolicy,
  ) {}

  submit<T>(fn: (trx: Kysely<DB>) => Promise<T>, opts?: WriteOptions): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        fn,
        defers: opts?.defersInserts === true || opts?.onlyDecides === true,
        onlyDecides: opts?.onlyDecides === true,
        decisionCommits: opts?.onlyDecides === true && opts.decisionCommits === true,
        resolve: resolve as (v: unknown) => void,
        reject,
      });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running) return;
    this.scheduled = true;
    // Units issued in the same turn of the event loop join the first batch.
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.running || this.queue.length === 0) return;
    this.running = true;
    try {
      await this.run(this.queue.splice(0, this.maxBatch));
    } finally {
      this.running = false;
      if (this.queue.length > 0) this.schedule();
    }
  }

  /** Runs `jobs` as one batch until each has its answer (or, after a split, is queued again). */
  private async run(jobs: Job[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const r = await this.attempt(jobs);
      if (r.ok) {
        for (const [i, job] of jobs.entries()) {
          const v = r.values[i];
          if (v?.ok === false) job.reject(v.error);
          else job.resolve(v?.value);
        }
        return;
      }
      if (r.at === 'conflict') {
        // Deferred rows of some units were not inserted: the others run again as a batch, then each
        // of those alone (without deferral), where its own code meets the conflict.
        this.queue.unshift(...jobs.slice(r.upTo));
        const rest = jobs.slice(0, r.upTo).filter((_, i) => !r.failed.has(i));
        if (rest.length > 0) await this.run(rest);
        for (const i of [...r.failed].sort((a, b) => a - b)) await this.run([jobs[i] as Job]);
        return;
      }
      const error = r.error;
      if (this.retry.retryable(error) && attempt < this.retry.maxAttempts) {
        await new Promise((done) => setTimeout(done, this.retry.backoffMs(attempt)));
        continue;
      }
      if (r.at === 'flush') {
        // The set-based insert names no unit, and no COMMIT was sent: each unit that ran before it
        // runs alone; the rest go back to the head of the queue.
        this.queue.unshift(...jobs.slice(r.upTo));
        for (const job of jobs.slice(0, r.upTo)) await this.run([job]);
        return;
      }
      const at = r.at;
      if (jobs.length === 1 || at === 'begin' || (at === 'commit' && !fromServer(error))) {
        // Nothing ran (no connection, no transaction), or the unit's own answer, or a commit whose
        // outcome is unknown: the answer is this error.
        for (const job of jobs) job.reject(error);
        return;
      }
      if (at === 'commit') {
        for (const job of jobs) await this.run([job]);
        return;
      }
      this.queue.unshift(...jobs.slice(at + 1));
      if (at > 0) await this.run(jobs.slice(0, at));
      await this.run([jobs[at] as Job]);
      return;
    }
  }

  private async attempt(jobs: Job[]): Promise<Attempt> {
    // A unit alone never defers: its own code then sees its insert's outcome.
    const deferral = jobs.length > 1 && jobs.some((j) => j.defers) ? new BatchDeferral() : null;
    // One statement decides and commits the whole batch (see the class's comment).
    const autocommit = deferral !== null && jobs.every((j) => j.decisionCommits);
    try {
      return await this.db.connection().execute(async (conn) => {
        const rollback = autocommit ? async () => {} : () => rollbackOn(conn);
        if (!autocommit) {
          try {
            await (jobs.every((j) => j.onlyDecides) ? BEGIN_SHARED : BEGIN).execute(conn);
          } catch (error) {
            await rollback();
            return { ok: false, at: 'begin', error };
          }
        }
        const values: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
        // Units waiting for the decision of their intents, by index: how their run ends.
        const waiting = new Map<number, Promise<{ value: unknown } | { error: unknown }>>();
        const settle = async (upTo: number): Promise<Attempt | null> => {
          const failed = await flushDeferred(conn, deferral as BatchDeferral, upTo, rollback);
          if (failed !== null) return failed;
          if (waiting.size === 0) return null;
          let decided: Map<number, { accepted: boolean; give: () => void }>;
          try {
            decided = await (deferral as BatchDeferral).decideAll(conn);
          } catch (error) {
            // An error the server answered: the statement, and with it its commit, did not happen.
            if (autocommit && !fromServer(error)) return { ok: false, at: 'commit', error };
            await rollback();
            return { ok: false, at: 'flush', upTo, error };
          }
          // Each waiting unit goes on in turn, no longer deferring: what it writes now, it writes.
          for (const i of [...waiting.keys()].sort((a, b) => a - b)) {
            const d = decided.get(i);
            const run = waiting.get(i) as Promise<{ value: unknown } | { error: unknown }>;
            waiting.delete(i);
            if (d === undefined) {
              await rollback();
              return { ok: false, at: i, error: new Error(`write unit ${i} waits for no decision`) };
            }
            d.give();
            const r = await run;
            if ('value' in r) {
              values[i] = { ok: true, value: r.value };
              continue;
            }
            if (autocommit || (!d.accepted && !(deferral as BatchDeferral).rowUnits.has(i))) {
              // Refused, having written nothing (or, without a transaction, committed by the deciding
              // statement already): its failure is its answer, the others stand.
              values[i] = { ok: false, error: r.error };
              continue;
            }
            await rollback();
            return { ok: false, at: i, error: r.error };
          }
          return null;
        };
        for (let i = 0; i < jobs.length; i++) {
          const job = jobs[i] as Job;
          if (deferral !== null && !job.defers && deferral.pending) {
            // This unit may read what the earlier ones deferred.
            const failed = await settle(i);
            if (failed !== null) return failed;
          }
          if (deferral !== null && job.defers) {
            deferral.unit = i;
            setDeferral(conn, deferral);
            let handedIntent: () => void = () => {};
            const intent = new Promise<'intent'>((done) => {
              handedIntent = () => done('intent');
            });
            deferral.onIntent = handedIntent;
            const run = job.fn(conn).then(
              (value) => ({ value }),
              (error: unknown) => ({ error }),
            );
            const first = await Promise.race([run, intent]);
            deferral.onIntent = null;
            setDeferral(conn, undefined);
            if (first === 'intent') {
              waiting.set(i, run);
              continue;
            }
            if ('error' in first && autocommit) {
              // It wrote nothing (it only reads before its intent): the others go on.
              values[i] = { ok: false, error: first.error };
              continue;
            }
            if ('error' in first) {
              deferral.abandon();
              await rollback();
              return { ok: false, at: i, error: first.error };
            }
            values[i] = { ok: true, value: first.value };
            continue;
          }
          try {
            values[i] = { ok: true, value: await job.fn(conn) };
          } catch (error) {
            deferral?.abandon();
            await rollback();
            return { ok: false, at: i, error };
          }
        }
        if (deferral?.pending) {
          const failed = await settle(jobs.length);
          if (failed !== null) return failed;
        }
        if (autocommit) return { ok: true, values };
        try {
          await COMMIT.execute(conn);
        } catch (error) {
          await rollback();
          return { ok: false, at: 'commit', error };
        }
        return { ok: true, values };
      });
    } catch (error) {
      deferral?.abandon();
      // No connection from the pool.
      return { ok: false, at: 'begin', error };
    }
  }
}

/** Writes the deferred rows of the units before `upTo`; null when every row was inserted. */
async function flushDeferred(
  conn: Kysely<DB>,
  deferral: BatchDeferral,
  upTo: number,
  rollback: () => Promise<void>,
): Promise<Attempt | null> {
  let failed: Set<number>;
  try {
    failed = await deferral.flush(conn);
  } catch (error) {
    deferral.abandon();
    await rollback();
    return { ok: false, at: 'flush', upTo, error };
  }
  if (failed.size === 0) return null;
  deferral.abandon();
  await rollback();
  return { ok: false, at: 'conflict', upTo, failed };
}

/** Ends a failed transaction; on a broken connection there is none left (the pool drops the client). */
async function rollbackOn(conn: Kysely<DB>): Promise<void> {
  try {
    await ROLLBACK.execute(conn);
  } catch {
    // The connection is gone, and with it the transaction.
  }
}
