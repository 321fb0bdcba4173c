import { Abort } from '../../domain/errors.ts';
import type { DatabaseLog } from '../types.ts';

/** How long a client is asked to wait before retrying a write refused for lack of space. */
const RETRY_AFTER_SEC = 30;

/**
 * Whether the database can write, as the last write found it. A full filesystem makes SQLite fail a
 * COMMIT (or a statement) with SQLITE_FULL; nothing of the batch is committed and reads keep working.
 * Such a write is refused as `storage_full` (503 with Retry-After), logged once per episode, and while
 * the episode lasts a small probe write runs every `probeMs` to notice that space was freed.
 */
export class StorageState {
  private full = false;
  private probeTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly log: DatabaseLog | undefined,
    private readonly probe: () => Promise<unknown>,
    private readonly probeMs: number,
  ) {}

  get writable(): boolean {
    return !this.full;
  }

  /** An error means the storage is full (SQLite's SQLITE_FULL: ENOSPC or the file size limit). */
  static isFull(e: unknown): boolean {
    const code = (e as { code?: unknown } | null)?.code;
    return code === 'SQLITE_FULL';
  }

  /** The error a unit refused for lack of space gets; starts an episode if none is running. */
  refused(cause: unknown): Abort {
    if (!this.full) {
      this.full = true;
      this.log?.error(
        { err: cause },
        'database storage is full: writes are refused (503 storage_full) until space is freed',
      );
      this.probeTimer = setInterval(() => {
        this.probe().catch(() => {});
      }, this.probeMs);
      this.probeTimer.unref();
    }
    return new Abort({
      code: 'storage_full',
      message: 'the service cannot store anything right now; nothing was changed; retry later',
      retryAfterSec: RETRY_AFTER_SEC,
    });
  }

  /** A batch committed: an episode, if one was running, is over. */
  committed(): void {
    if (!this.full) return;
    this.full = false;
    if (this.probeTimer !== null) clearInterval(this.probeTimer);
    this.probeTimer = null;
    this.log?.info({}, 'database storage is writable again');
  }

  close(): void {
    if (this.probeTimer !== null) clearInterval(this.probeTimer);
    this.probeTimer = null;
  }
}
