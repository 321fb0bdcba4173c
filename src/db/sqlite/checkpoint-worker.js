// The checkpoint thread of the SQLite WAL (see wal.ts): a connection with synchronous=FULL that runs
// `wal_checkpoint(<mode>)` when asked and answers with SQLite's result. Plain JavaScript, so the same
// file runs from the TypeScript sources and from the compiled service.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.path);
db.pragma('busy_timeout = 5000');
// FULL: the WAL is synced before its frames are copied and the database file before the WAL may be
// reused, so a checkpoint can never lose a committed page.
db.pragma('synchronous = FULL');
// After a checkpoint that starts the WAL over, SQLite truncates the file to this size.
db.pragma(`journal_size_limit = ${Number(workerData.journalSizeLimit)}`);

const MODES = new Set(['PASSIVE', 'FULL', 'RESTART', 'TRUNCATE']);

parentPort.on('message', (mode) => {
  try {
    if (!MODES.has(mode)) throw new Error(`unknown checkpoint mode ${mode}`);
    const [row] = db.pragma(`wal_checkpoint(${mode})`);
    parentPort.postMessage({
      ok: true,
      mode,
      busy: Number(row.busy),
      log: Number(row.log),
      checkpointed: Number(row.checkpointed),
    });
  } catch (e) {
    parentPort.postMessage({ ok: false, mode, error: String(e) });
  }
});
