import type BetterSqlite3 from 'better-sqlite3';
import type { KeyLookupCache } from '../types.ts';

/**
 * The API-key lookups of one SQLite process, keyed by the key's hash (never the key), at most
 * `maxEntries` of them (the oldest entry goes first). Only keys found are cached, so a guessed key
 * costs a read as before and cannot fill the cache. A lookup's answer is never older than the last
 * commit that changed a key or an account, wherever that commit came from:
 *
 * - this process's writes: temporary triggers on the writer connection (they exist only on it) call
 *   back on every insert, update or delete of `api_keys` and every update or delete of `accounts`.
 *   That drops every entry and stops new ones being stored until the write unit's batch has ended
 *   (`batchEnded`, called by the group committer after its COMMIT or rollback), which drops them once
 *   more: a lookup that read the committed state just before the commit cannot leave it behind.
 * - other processes (the `paytag` commands, a second connection to the file): `PRAGMA data_version`
 *   on the writer connection changes when any other connection commits, and nothing else does (the
 *   writer's own commits leave it alone); every lookup asks it first and drops every entry when it
 *   moved. The service's reader connection never writes.
 *
 * A value read while an invalidation happened (the read and the store are apart by an await) is not
 * stored: `set` takes the generation `generation()` gave before the read.
 */
export class SqliteKeyCache implements KeyLookupCache {
  private readonly entries = new Map<string, unknown>();
  private gen = 0;
  private lastDataVersion: bigint | null = null;
  /** A unit of the batch under way changed keys or accounts: store nothing until the batch ends. */
  private writing = false;
  private installed = false;
  private readonly dataVersion: BetterSqlite3.Statement;

  constructor(
    private readonly writer: BetterSqlite3.Database,
    private readonly maxEntries: number,
  ) {
    this.dataVersion = writer.prepare('PRAGMA data_version').pluck();
  }

  get(hash: string): unknown {
    if (!this.ready()) return undefined;
    const version = this.dataVersion.get() as bigint;
    if (version !== this.lastDataVersion) {
      this.lastDataVersion = version;
      this.invalidate();
      return undefined;
    }
    return this.entries.get(hash);
  }

  generation(): number {
    return this.gen;
  }

  set(hash: string, generation: number, value: unknown): void {
    if (generation !== this.gen || this.writing || !this.installed) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(hash, value);
  }

  /** After every batch of the group committer, committed or rolled back. */
  batchEnded(): void {
    if (!this.writing) return;
    this.writing = false;
    this.invalidate();
  }

  private changed(): void {
    this.writing = true;
    this.invalidate();
  }

  private invalidate(): void {
    this.gen += 1;
    this.entries.clear();
  }

  /**
   * The triggers go in once the tables exist (after the migrations) and outside a transaction (a
   * rollback would take them away); until then nothing is cached.
   */
  private ready(): boolean {
    if (this.installed) return true;
    if (this.maxEntries === 0 || this.writer.inTransaction) return false;
    const tables = this.writer
      .prepare(
        "SELECT count(*) FROM main.sqlite_master WHERE type = 'table' AND name IN ('api_keys', 'accounts')",
      )
      .pluck()
      .get() as bigint;
    if (tables !== 2n) return false;
    this.writer.function('paytag_keys_changed', { deterministic: false, varargs: false }, () => {
      this.changed();
      return null;
    });
    const watch = (name: string, event: string, table: string) =>
      this.writer.exec(
        `CREATE TEMP TRIGGER IF NOT EXISTS ${name} AFTER ${event} ON main.${table} BEGIN SELECT paytag_keys_changed(); END`,
      );
    watch('paytag_key_cache_keys_insert', 'INSERT', 'api_keys');
    watch('paytag_key_cache_keys_update', 'UPDATE', 'api_keys');
    watch('paytag_key_cache_keys_delete', 'DELETE', 'api_keys');
    watch('paytag_key_cache_accounts_update', 'UPDATE', 'accounts');
    watch('paytag_key_cache_accounts_delete', 'DELETE', 'accounts');
    this.installed = true;
    this.lastDataVersion = this.dataVersion.get() as bigint;
    this.invalidate();
    return true;
  }
}
