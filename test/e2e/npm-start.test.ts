import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DIST_START_TIMEOUT_MS, ensureFreshDist, startServerProcess } from '../fixtures/server-process.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Whether something accepts connections at the URL's port. */
const listening = (url: string): Promise<boolean> =>
  new Promise((resolve) => {
    const s = connect(Number(new URL(url).port), '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

/**
 * `npm start` as an operator (or a process manager) runs it: a signal to the npm process reaches the
 * server, which stops cleanly, instead of leaving it running without a parent.
 */
describe('npm start', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s to the npm process stops the server and closes its port',
    { timeout: DIST_START_TIMEOUT_MS },
    async (signal) => {
      // What an installed checkout runs: dist/, fresh.
      await ensureFreshDist();
      const dir = mkdtempSync(join(tmpdir(), 'paytag-npm-start-'));
      dirs.push(dir);
      const npm = await startServerProcess(
        {
          ...process.env,
          DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`,
          DATA_DIR: dir,
          PORT: '0',
          LOG_LEVEL: 'info',
        },
        { command: ['npm', 'start'], readyTimeoutMs: 60_000 },
      );
      const serverPid = npm.startupLog.at(-1)?.['pid'] as number;
      expect(serverPid).not.toBe(npm.child.pid);
      expect(alive(serverPid)).toBe(true);
      expect(await listening(npm.url)).toBe(true);

      const npmExited = new Promise<boolean>((r) => npm.child.once('exit', () => r(true)));
      npm.child.kill(signal);
      // npm exits once its child has (a server left behind keeps npm's output open, and npm waiting).
      // The bound only keeps a failing run from waiting for the test's timeout; a clean stop takes ~1 s.
      const exited = await Promise.race([
        npmExited,
        new Promise<false>((r) => setTimeout(() => r(false), 30_000)),
      ]);
      try {
        expect(exited, 'npm did not exit').toBe(true);
        for (let i = 0; i < 100 && alive(serverPid); i++) await new Promise((r) => setTimeout(r, 100));
        expect(alive(serverPid), `server ${serverPid} still runs after npm exited`).toBe(false);
        expect(await listening(npm.url)).toBe(false);
      } finally {
        if (alive(serverPid)) process.kill(serverPid, 'SIGKILL');
        await npm.kill();
      }
    },
  );
});
