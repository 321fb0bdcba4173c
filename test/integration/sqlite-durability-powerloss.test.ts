import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { loadConfig } from '../../src/config/index.ts';
import { openRuntime } from '../../src/main.ts';
import { buildIoShim, prng, readIoLog, writeCrashImage } from '../fixtures/io-shim/io-shim.ts';

// Power loss, simulated: an LD_PRELOAD shim records every write and sync the server process makes to
// the database and its WAL; after a SIGKILL, crash images are built from what each file's last
// completed sync made durable plus a random subset of the later writes (some torn into sectors). A
// SIGKILL alone cannot tell a missing fsync from a present one (the page cache survives it); these
// images can, as the control run with SQLITE_SYNCHRONOUS=NORMAL shows.

const silent = { info() {}, warn() {}, error() {}, debug() {} };
const CHILD = join(import.meta.dirname, '..', 'fixtures', 'durability-child.ts');
const IMAGES_PER_RUN = 5;

interface ImageResult {
  seed: number;
  /** Faucet transfers in the image, acknowledged or not. */
  present: number;
  missing: number;
  integrity: string;
  auditViolations: number;
}

describe('SQLite durability under simulated power loss', () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'paytag-powerloss-')));
  const shim = buildIoShim(root);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** Runs the funding child under the shim until `ackTarget` acknowledgements, then kills it. */
  async function recordRun(
    name: string,
    synchronous: 'FULL' | 'NORMAL',
    ackTarget: number,
    env: Record<string, string> = {},
  ) {
    const dir = join(root, name);
    mkdirSync(dir);
    const dbPath = join(dir, 'db.sqlite');
    const logPath = join(dir, 'io.log');
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      env: {
        ...process.env,
        DATABASE_URL: `sqlite:${dbPath}`,
        SQLITE_SYNCHRONOUS: synchronous,
        LD_PRELOAD: shim,
        IOSHIM_DB: dbPath,
        IOSHIM_LOG: logPath,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const acked: string[] = [];
    await new Promise<void>((resolve, reject) => {
      let buf = '';
      child.stdout.on('data', (chunk: Buffer) => {
        buf += chunk.toString();
        const lines = buf.split('\n');
        buf = lines.pop() ?? '';
        for (const line of lines) if (line.startsWith('ack ')) acked.push(line.slice(4));
        if (acked.length >= ackTarget && child.exitCode === null) child.kill('SIGKILL');
      });
      // 'close', not 'exit': every ack the child wrote before it died is read, pipe contents included.
      child.once('close', () => resolve());
      child.once('error', reject);
    });
    return { dir, logPath, acked };
  }

  async function checkImages(run: { dir: string; logPath: string; acked: string[] }, seed0: number) {
    const ops = readIoLog(run.logPath);
    const results: ImageResult[] = [];
    for (let n = 0; n < IMAGES_PER_RUN; n++) {
      const seed = seed0 + n;
      const imageDir = join(run.dir, `image-${n}`);
      writeCrashImage(ops, imageDir, 'db.sqlite', prng(seed));
      const path = join(imageDir, 'db.sqlite');
      // Opening it runs SQLite's recovery of the WAL, as a restart after the power loss would.
      const conn = new BetterSqlite3(path);
      const integrity = String(conn.pragma('integrity_check', { simple: true }));
      let ids = new Set<string>();
      try {
        ids = new Set(
          (
            conn.prepare("SELECT id FROM ledger_transfers WHERE code = 'sandbox_faucet'").all() as Array<{
              id: string;
            }>
          ).map((r) => r.id),
        );
      } catch {
        // no schema at all: every acknowledged write is missing
      }
      conn.close();
      const missing = run.acked.filter((id) => !ids.has(id)).length;
      let auditViolations = -1;
      if (integrity === 'ok' && ids.size > 0) {
        const rt = await openRuntime(loadConfig({ DATABASE_URL: `sqlite:${path}` }), silent);
        try {
          auditViolations = (await auditLedger(rt.deps)).violations.length;
        } finally {
          await rt.close();
        }
      }
      results.push({ seed, present: ids.size, missing, integrity, auditViolations });
    }
    return results;
  }

  it('keeps every acknowledged write, a consistent file and a clean ledger with synchronous=FULL', async () => {
    for (const [i, acks, walLimitMb] of [
      [0, 400, '32'],
      // Past the checkpoint threshold: the database file is written and synced while writes go on, and
      // with a 1 MB WAL limit the WAL is emptied and started over several times.
      [1, 6000, '1'],
    ] as const) {
      const run = await recordRun(`full-${i}`, 'FULL', acks, { SQLITE_WAL_LIMIT_MB: walLimitMb });
      expect(run.acked.length).toBeGreaterThanOrEqual(acks);
      const results = await checkImages(run, 1000 * (i + 1));
      for (const r of results) {
        expect(r, `image seed ${r.seed}`).toMatchObject({ missing: 0, integrity: 'ok', auditViolations: 0 });
      }
    }
  }, 120_000);

  it('control: the same images lose acknowledged writes when commits are not synced (NORMAL)', async () => {
    // Long enough for SQLite's own checkpoints (which do sync) to have made part of it durable. The
    // kill lands at a random point; in the rare case that it follows a checkpoint with no ack after
    // it, nothing is lost, so the control tries up to three kill points.
    let lost = 0;
    for (const [i, acks] of [6000, 4500, 7500].entries()) {
      const run = await recordRun(`normal-${i}`, 'NORMAL', acks);
      const results = await checkImages(run, 9000 + 10 * i);
      // Every image is still a consistent database (SQLite drops the torn tail of the WAL) …
      for (const r of results) expect(r.integrity).toBe('ok');
      expect(Math.max(...results.map((r) => r.present))).toBeGreaterThan(0);
      lost = results.reduce((n, r) => n + r.missing, 0);
      if (lost > 0) break;
    }
    // … but acknowledged writes are gone: the test can tell a missing fsync from a present one.
    expect(lost).toBeGreaterThan(0);
  }, 120_000);
});
