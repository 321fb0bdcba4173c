import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';
import { StorageState } from './storage.ts';
import type { WalDurability } from './wal.ts';

interface Job {
  fn: (trx: Kysely<DB>) => Promise<unknown>;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

/**
 * Group commit: every write unit that arrives while the event loop is busy joins one SQLite
 * transaction, each inside its own savepoint (so one unit's failure rolls back only that unit), and
 * one COMMIT makes the whole batch atomic. Callers are answered once the batch is durable (see
 * WalDurability); meanwhile the next batch already runs, so the fsync overlaps useful work.
 */
export class GroupCommitter {
  private queue: Job[] = [];
  private scheduled = false;
  private running = false;
  private readonly stmt: Record<
    'begin' | 'savepoint' | 'release' | 'rollbackTo' | 'commit',
    BetterSqlite3.Statement
  >;

  constructor(
    private readonly conn: BetterSqlite3.Database,
    private readonly writer: Kysely<DB>,
    private readonly maxBatch: number,
    private readonly durability: WalDurability | null,
    private readonly storage: StorageState | null = null,
    /** Called once each batch has committed or rolled back (the key cache: see key-cache.ts). */
    private readonly batchEnded: () => void = () => {},
  ) {
    this.stmt = {
      begin: conn.prepare('BEGIN IMMEDIATE'),
      savepoint: conn.prepare('SAVEPOINT unit'),
      release: conn.prepare('RELEASE unit'),
      rollbackTo: conn.prepare('ROLLBACK TO unit'),
      commit: conn.prepare('COMMIT'),
    };
  }

  submit<T>(fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
    const failed = this.durability?.failure;
    if (failed) return Promise.reject(failed);
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ fn, resolve: resolve as (v: unknown) => void, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.running || this.queue.length === 0) return;
    this.running = true;
    // Past the WAL's size limit, this batch waits until a checkpoint has emptied it (see WalDurability).
    if (this.durability?.needsReset()) await this.durability.resetWal();
    const batch = this.queue.splice(0, this.maxBatch);
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      const { begin, savepoint, release, rollbackTo, commit } = this.stmt;
      // After a failed fsync nothing more may commit: the process is stopping (see WalDurability).
      this.refuseIfFailed();
      begin.run();
      for (const job of batch) {
        savepoint.run();
        try {
          const value = await job.fn(this.writer);
          release.run();
          outcomes.push({ ok: true, value });
        } catch (error) {
          rollbackTo.run();
          release.run();
          outcomes.push({ ok: false, error });
        }
      }
      this.refuseIfFailed();
      commit.run();
    } catch (error) {
      // BEGIN or COMMIT failed (disk full, I/O error): nothing of the batch was committed.
      if (this.conn.inTransaction) this.conn.exec('ROLLBACK');
      this.batchEnded();
      const answer =
        this.storage !== null && StorageState.isFull(error) ? this.storage.refused(error) : error;
      for (const job of batch) job.reject(answer);
      this.finish();
      return;
    }
    this.batchEnded();
    this.storage?.committed();
    const committed = this.durability?.committed() ?? 0;
    this.finish();
    try {
      await this.durability?.waitFor(committed);
    } catch (error) {
      for (const job of batch) job.reject(error);
      return;
    }
    batch.forEach((job, i) => {
      const o = outcomes[i]!;
      if (o.ok) job.resolve(o.value);
      else if (this.storage !== null && StorageState.isFull(o.error))
        job.reject(this.storage.refused(o.error));
      else job.reject(o.error);
    });
  }

  private refuseIfFailed(): void {
    const failed = this.durability?.failure;
    if (failed) throw failed;
  }

  private finish(): void {
    this.running = false;
    if (this.queue.length > 0) this.schedule();
  }
}
