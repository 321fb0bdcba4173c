import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { backupDatabase } from '../../src/db/backup.ts';
import { DIALECTS, freshDatabase, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';
import { runCli } from '../fixtures/server-process.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Every ledger account with its posted and pending columns, in id order. */
async function ledgerOf(rt: TestRuntime) {
  const rows = await rt.deps.db.read
    .selectFrom('ledger_accounts')
    .select(['id', 'asset', 'debits_posted', 'credits_posted', 'debits_pending', 'credits_pending'])
    .orderBy('id')
    .execute();
  return rows.map((r) => Object.values(r).map(String).join(' '));
}

/** Opens the service on a copy restored from `file`: a new SQLite file, or a new PostgreSQL database. */
async function restore(rt: TestRuntime, file: string): Promise<TestRuntime> {
  if (rt.dialect === 'sqlite') return testRuntime('sqlite', {}, { databaseUrl: `sqlite:${file}` });
  const target = await freshDatabase('postgres');
  const u = new URL(target.url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  const r = spawnSync('pg_restore', ['--no-owner', `--dbname=${u.toString()}`, file], {
    env: { ...process.env, PGPASSWORD: password },
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  const restored = await testRuntime('postgres', {}, { databaseUrl: target.url });
  return {
    ...restored,
    close: async () => {
      await restored.close();
      await target.drop();
    },
  };
}

describe.each(DIALECTS)('paytag backup on %s', (dialect) => {
  it('a backup taken under load restores to a database whose audit is clean, and one taken at rest to the same ledger', {
    timeout: 120_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paytag-backup-'));
    dirs.push(dir);
    const rt = await testRuntime(dialect);
    const restored: TestRuntime[] = [];
    try {
      const accounts = await Promise.all(
        Array.from({ length: 4 }, () => makeAccount(rt.deps, { fund: { lbtc: '0.1' } })),
      );
      // Sends round the ring of accounts, 8 at a time, until told to stop.
      let stop = false;
      let sent = 0;
      const load = Array.from({ length: 8 }, async (_, lane) => {
        for (let i = 0; !stop; i++) {
          const from = accounts[(lane + i) % 4]!;
          const to = accounts[(lane + i + 1) % 4]!;
          const res = await rt.app.inject({
            method: 'POST',
            url: '/lapi/v1/send',
            headers: { 'x-api-key': from.adminKey },
            payload: { payment_mode: 'usertag', usertag: to.usertag, amount: '0.00001' },
          });
          if (res.statusCode !== 200) {
            stop = true;
            throw new Error(`send answered ${res.statusCode}: ${res.body}`);
          }
          sent += 1;
        }
      });
      const sentReaches = async (n: number) => {
        while (sent < n && !stop) await new Promise((r) => setTimeout(r, 10));
        if (stop) await Promise.all(load); // a lane failed: its error ends the test
      };
      await sentReaches(50);
      const underLoad = join(dir, 'under-load.backup');
      await backupDatabase(rt.deps.db, rt.databaseUrl, underLoad);
      const sentAtBackup = sent;
      await sentReaches(sentAtBackup + 50);
      stop = true;
      await Promise.all(load);

      const a = await restore(rt, underLoad);
      restored.push(a);
      const auditA = await auditLedger(a.deps);
      expect(auditA.violations).toEqual([]);
      const paidInCopy = await a.deps.db.read
        .selectFrom('payments')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('direction', '=', 'out')
        .executeTakeFirstOrThrow();
      // The copy holds a moment of the run: more than the sends before it began, fewer than all of them.
      expect(Number(paidInCopy.n)).toBeGreaterThanOrEqual(50);
      expect(Number(paidInCopy.n)).toBeLessThan(sent);

      const atRest = join(dir, 'at-rest.backup');
      await backupDatabase(rt.deps.db, rt.databaseUrl, atRest);
      const b = await restore(rt, atRest);
      restored.push(b);
      expect((await auditLedger(b.deps)).violations).toEqual([]);
      expect(await ledgerOf(b)).toEqual(await ledgerOf(rt));

      await expect(backupDatabase(rt.deps.db, rt.databaseUrl, atRest)).rejects.toThrow(/exists/);
    } finally {
      for (const r of restored) await r.close();
      await rt.close();
    }
  });
});

describe.each(DIALECTS)('the backup file on %s', (dialect) => {
  it('is readable by its owner only, as the database is', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paytag-backup-mode-'));
    dirs.push(dir);
    const rt = await testRuntime(dialect);
    try {
      await makeAccount(rt.deps, { fund: { lbtc: '0.01' } });
      const file = join(dir, 'copy.backup');
      await backupDatabase(rt.deps.db, rt.databaseUrl, file);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      await rt.close();
    }
  });

  it('is not left behind, empty or partial, by a backup that failed', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paytag-backup-failed-'));
    dirs.push(dir);
    const rt = await testRuntime(dialect);
    try {
      const file = join(dir, 'copy.backup');
      if (dialect === 'postgres') {
        // pg_dump cannot reach this server (nothing listens on port 1).
        const unreachable = new URL(rt.databaseUrl);
        unreachable.hostname = '127.0.0.1';
        unreachable.port = '1';
        await expect(backupDatabase(rt.deps.db, unreachable.toString(), file)).rejects.toThrow(
          /pg_dump failed/,
        );
      } else {
        await rt.deps.db.close();
        await expect(backupDatabase(rt.deps.db, rt.databaseUrl, file)).rejects.toThrow();
      }
      expect(existsSync(file)).toBe(false);
    } finally {
      await rt.close().catch(() => {});
    }
  });
});

describe('paytag backup (the command)', () => {
  it('writes the copy, never overwrites one, and asks for a file', { timeout: 120_000 }, async () => {
    const db = await freshDatabase('sqlite');
    const dir = mkdtempSync(join(tmpdir(), 'paytag-backup-cli-'));
    dirs.push(dir);
    const rt = await testRuntime('sqlite', {}, { databaseUrl: db.url });
    await makeAccount(rt.deps, { fund: { lbtc: '0.01' } });
    await rt.close();
    try {
      const env = { ...process.env, DATABASE_URL: db.url, DATA_DIR: dir, LOG_LEVEL: 'silent' };
      const file = join(dir, 'copy.sqlite');
      const first = runCli(env, 'backup', file);
      expect(first.code, first.err).toBe(0);
      expect(first.out).toMatch(/^backup written to .*copy\.sqlite \(\d+ bytes in \d+ ms\)/);
      const copy = await testRuntime('sqlite', {}, { databaseUrl: `sqlite:${file}` });
      try {
        expect((await auditLedger(copy.deps)).violations).toEqual([]);
        expect(await ledgerOf(copy)).not.toEqual([]);
      } finally {
        await copy.close();
      }
      const again = runCli(env, 'backup', file);
      expect(again.code).toBe(1);
      expect(again.err).toMatch(/exists: a backup never overwrites a file/);
      expect(runCli(env, 'backup').code).toBe(2);
    } finally {
      await db.drop();
    }
  });
});
