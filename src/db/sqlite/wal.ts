import { type FileHandle, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * Durable commits without blocking the event loop. The writer connection runs with
 * `synchronous=OFF` (its COMMIT only hands pages to the OS); durability is then made here, off the
 * main thread, by one fdatasync of the WAL file that covers every batch committed before it started.
 * That is exactly what `synchronous=FULL` does in WAL mode (sync the WAL at each commit), done
 * asynchronously and shared by all batches that commit while a sync is running.
 *
 * Checkpoints (copying the WAL into the database file) run on a separate connection with
 * `synchronous=FULL` in a worker thread: SQLite syncs the database file before it lets the WAL be
 * reused, so a checkpoint can never lose a committed page. The writer's automatic checkpoints are off.
 */
export class WalDurability {
  private committedSeq = 0;
  private durableSeq = 0;
  private waiters: Array<{ seq: number; resolve: () => void; reject: (e: unknown) => void }> = [];
  private syncing = false;
  private dirSynced = false;
  private batchesSinceCheckpoint = 0;
  private checkpointer: Worker | null = null;
  private checkpointRunning = false;
  private wal: FileHandle | null = null;
  /** Set when an fsync failed: the database can no longer promise durability; writes are refused. */
  failure: Error | null = null;

  constructor(
    private readonly dbPath: string,
    private readonly checkpointEveryBatches: number,
    /**
     * Called once when an fsync failed. What the kernel did with the unsynced pages is unknown (Linux
     * may drop them and report the error only once), so no later sync can be trusted: the service
     * stops (open.ts exits the process) and restarts from what is on disk.
     */
    private readonly onFatal: (error: Error) => void,
  ) {}

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
      this.onFatal(this.failure);
      for (const w of this.waiters) w.reject(this.failure);
      this.waiters = [];
    } finally {
      this.syncing = false;
    }
  }

  private async fsyncWal(): Promise<void> {
    // The WAL file lives as long as any connection is open (ours are), so one handle serves every
    // sync; it is opened on the first sync, once the first commit has created the file.
    this.wal ??= await open(`${this.dbPath}-wal`, 'r');
    await this.wal.datasync();
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
    if (this.checkpointRunning || this.batchesSinceCheckpoint < this.checkpointEveryBatches) return;
    this.batchesSinceCheckpoint = 0;
    this.checkpointRunning = true;
    this.checkpointer ??= startCheckpointer(this.dbPath);
    this.checkpointer.once('message', () => {
      this.checkpointRunning = false;
    });
    this.checkpointer.postMessage('PASSIVE');
  }

  async close(): Promise<void> {
    await this.durable().catch(() => {});
    await this.checkpointer?.terminate();
    this.checkpointer = null;
    await this.wal?.close();
    this.wal = null;
  }
}

function startCheckpointer(path: string): Worker {
  // A real file beside this one (.js in the sources and in the compiled service alike).
  const worker = new Worker(new URL('./checkpoint-worker.js', import.meta.url), { workerData: { path } });
  worker.unref();
  return worker;
}
