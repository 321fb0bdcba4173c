import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

// The database holds webhook secrets, voucher codes and print tokens: its directory and files are
// created for the owner only. SQLite gives the WAL and shared-memory files the database file's mode.

/** Creates the file's directory (0700, where it is created) and the empty file itself (0600), unless they exist. */
export function ownerOnlyFile(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600));
}
