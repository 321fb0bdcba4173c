import { type FileHandle, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { DatabaseLog } from '../types.ts';

export interface WalOptions {
  /** Start a background (PASSIVE) checkpoint after this many committed batches. */
  checkpointEveryBatches: number;
  /**
   * WAL size at which new batches wait until a checkpoint has copied every frame and truncated the WAL.
   * Half of it starts a background checkpoint early, so the one that holds writes has little left to copy.
   */
  walLimitBytes: number;
  /**
   * Called once when an fsync failed. What the kernel did with the unsynced pages is unknown (Linux
   * may drop them and report the error only once), so no later sync can be trusted: the service
   * stops (open.ts exits the process) and restarts from what is on disk.
   */
  onFatal: (error: Error) => void;
  log: DatabaseLog | undefined;
  /** Observes each checkpoint thread as it starts (see DatabaseOptions). */
  threadStarted?: ((thread: Worker) => void) | undefined;
}

/**
 * Durable commits without blocking the event loop. The writer connection runs with
 * `synchronous=OFF` (its COMMIT only hands pages to the OS); durability is then made here, off the
 * main thread, by one fdatasync of the WAL file that covers every batch committed before it started.
 * That is exactly what `synchronous=FULL` does in WAL mode (sync the WAL at each commit), done
 * asynchronously and shared by all batches that commit while a sync is running.
 *
 * Checkpoints (copying the WAL into the database file) run on a separate connection with
 * `synchronous=FULL` in a worker thread (Checkpointer): SQLite syncs the database file before it lets
 * the WAL be reused, so a checkpoint can never lose a committed page. The writer's automatic
 * checkpoints are off.
 *
 * The WAL stays bounded: SQLite can only start it over when a checkpoint copied every frame and no
 * writer appends meanwhile, which never happens while batches run back to back. So past
 * `walLimitBytes` the group committer holds the next batch (`beforeBatch`) while a TRUNCATE checkpoint
 * copies the rest and empties the file.
 */
export class WalDurability {
  private committedSeq = 0;
  private durableSeq = 0;
  private waiters: Array<{ seq: number; resolve: () => void; reject: (e: unknown) => void }> = [];
  private syncing = false;
  private dirSynced = false;
  private batchesSinceCheckpoint = 0;
  private walBytes = 0;
  /** No second attempt to reset before this time after one that could not finish (a long reader). */
  private resetNotBeforeMs = 0;
  private readonly checkpointer: Checkpointer;
  private wal: FileHandle | null = null;
  /** Set when an fsync failed: the database can no longer promise durability; writes are refused. */
  failure: Error | null = null;

  constructor(
    private readonly dbPath: string,
    private readonly opts: WalOptions,
  ) {
    this.checkpointer = new Checkpointer(dbPath, opts.walLimitBytes, opts.log, opts.threadStarted);
  }

  /** Records one more commit; returns its sequence number. */
  committed(): number {
    this.batchesSinceCheckpoint += 1;
    return ++this.committedSeq;
  }

  waitFor(seq: number): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (seq <= this.durableSeq) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiters.push({ seq, resolve, reject });
      void this.sync();
    });
  }

  durable(): Promise<void> {
    return this.waitFor(this.committedSeq);
  }

  /** True when the next batch should wait for `resetWal` first. */
  needsReset(): boolean {
    return this.walBytes >= this.opts.walLimitBytes && Date.now() >= this.resetNotBeforeMs;
  }

  /**
   * Runs while no batch is open (the group committer awaits it before BEGIN): copies every frame into
   * the database file and truncates the WAL, so the next commit starts it over.
   */
  async resetWal(): Promise<void> {
    const r = await this.checkpointer.run('TRUNCATE');
    if (r.ok && r.busy === 0) {
      this.walBytes = 0;
      this.batchesSinceCheckpoint = 0;
      return;
    }
    // A reader kept the WAL in use (or the checkpoint failed, logged by the checkpointer): go on
    // writing and try again shortly, rather than hold every write.
    this.resetNotBeforeMs = Date.now() + 1000;
    this.opts.log?.warn(
      { walBytes: this.walBytes, ...(r.ok ? { busy: r.busy } : { error: r.error }) },
      'WAL reset postponed: the checkpoint could not copy every frame',
    );
  }

  private async sync(): Promise<void> {
    if (this.syncing) return;
    this.syncing = true;
    try {
      while (this.durableSeq < this.committedSeq) {
        const target = this.committedSeq;
        await this.fsyncWal();
        this.durableSeq = target;
        const ready = this.waiters.filter((w) => w.seq <= target);
        this.waiters = this.waiters.filter((w) => w.seq > target);
        for (const w of ready) w.resolve();
        this.maybeCheckpoint();
      }
    } catch (e) {
      this.failure = new Error(`database fsync failed; refusing further writes: ${(e as Error).message}`);
      this.opts.onFatal(this.failure);
      for (const w of this.waiters) w.reject(this.failure);
      this.waiters = [];
    } finally {
      this.syncing = false;
    }
  }

  private async fsyncWal(): Promise<void> {
    // The WAL file lives as long as any connection is open (ours are), so one handle serves every
    // sync; it is opened on the first sync, once the first commit has created the file. A TRUNCATE
    // checkpoint empties the same file, so the handle stays valid.
    this.wal ??= await open(`${this.dbPath}-wal`, 'r');
    await this.wal.datasync();
    this.walBytes = (await this.wal.stat()).size;
    if (!this.dirSynced) {
      // The WAL file's directory entry must be durable too (once, when it was created).
      const dir = await open(dirname(this.dbPath), 'r');
      try {
        await dir.sync();
      } finally {
        await dir.close();
      }
      this.dirSynced = true;
    }
  }

  private maybeCheckpoint(): void {
    if (this.checkpointer.busy) return;
    const early = this.walBytes >= this.opts.walLimitBytes / 2;
    if (!early && this.batchesSinceCheckpoint < this.opts.checkpointEveryBatches) return;
    this.batchesSinceCheckpoint = 0;
    void this.checkpointer.run('PASSIVE');
  }

  async close(): Promise<void> {
    await this.durable().catch(() => {});
    await this.checkpointer.close();
    await this.wal?.close();
    this.wal = null;
  }
}

type CheckpointMode = 'PASSIVE' | 'TRUNCATE';
type CheckpointResult =
  | { ok: true; mode: CheckpointMode; busy: number; log: number; checkpointed: number }
  | { ok: false; mode: CheckpointMode; error: string };

/**
 * The checkpoint thread: one request at a time (a second waits for the first). Failures are logged; a
 * thread that died is replaced on the next request.
 */
class Checkpointer {
  private worker: Worker | null = null;
  private current: Promise<unknown> = Promise.resolve();
  private pending: ((r: CheckpointResult) => void) | null = null;
  private running = 0;

  constructor(
    private readonly dbPath: string,
    private readonly journalSizeLimit: number,
    private readonly log: DatabaseLog | undefined,
    private readonly threadStarted: ((thread: Worker) => void) | undefined,
  ) {}

  get busy(): boolean {
    return this.running > 0;
  }

  run(mode: CheckpointMode): Promise<CheckpointResult> {
    this.running += 1;
    const next = this.current.then(() => this.request(mode));
    this.current = next.finally(() => {
      this.running -= 1;
    });
    return next;
  }

  private request(mode: CheckpointMode): Promise<CheckpointResult> {
    const worker = this.ensureWorker();
    return new Promise<CheckpointResult>((resolve) => {
      this.pending = (r) => {
        this.pending = null;
        if (!r.ok) this.log?.warn({ mode, error: r.error }, 'WAL checkpoint failed');
        resolve(r);
      };
      worker.postMessage(mode);
    });
  }

  private ensureWorker(): Worker {
    if (this.worker !== null) return this.worker;
    // A real file beside this one (.js in the sources and in the compiled service alike).
    const worker = new Worker(new URL('./checkpoint-worker.js', import.meta.url), {
      workerData: { path: this.dbPath, journalSizeLimit: this.journalSizeLimit },
    });
    worker.unref();
    worker.on('message', (r: CheckpointResult) => this.pending?.(r));
    const died = (why: string) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.log?.warn({ why }, 'WAL checkpoint thread stopped; a new one starts with the next checkpoint');
      this.pending?.({ ok: false, mode: 'PASSIVE', error: `checkpoint thread stopped: ${why}` });
    };
    worker.on('error', (e) => died(String(e)));
    worker.on('exit', (code) => died(`exit code ${code}`));
    this.worker = worker;
    this.threadStarted?.(worker);
    return worker;
  }

  async close(): Promise<void> {
    await this.current.catch(() => {});
    const w = this.worker;
    this.worker = null;
    await w?.terminate();
  }
}
