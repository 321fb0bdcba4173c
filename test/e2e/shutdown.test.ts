import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../fixtures/server-process.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function envFor(): NodeJS.ProcessEnv {
  const dir = mkdtempSync(join(tmpdir(), 'paytag-shutdown-'));
  dirs.push(dir);
  return {
    ...process.env,
    DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`,
    DATA_DIR: dir,
    PORT: '0',
    LOG_LEVEL: 'info',
  };
}

describe('paytag serve on SIGTERM', () => {
  // Every job runs its first round at start, so a stop right after "ready" meets rounds in flight:
  // one that ended after the stop began used to start its next wait (up to an hour) anyway.
  it('stops promptly and cleanly right after it became ready, every time', { timeout: 90_000 }, async () => {
    for (let i = 0; i < 3; i++) {
      const server = await startServerProcess(envFor());
      let out = '';
      server.child.stdout?.on('data', (c: Buffer) => {
        out += c.toString();
      });
      const exited = new Promise<number | null>((r) => server.child.once('exit', (code) => r(code)));
      server.child.kill('SIGTERM');
      const code = await Promise.race([
        exited,
        new Promise<'hung'>((r) => setTimeout(() => r('hung'), 8_000)),
      ]);
      if (code === 'hung') await server.kill();
      expect(code).toBe(0);
      const phases = out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { msg?: string; phase?: string })
        .map((l) => l.phase ?? l.msg);
      expect(phases).toEqual(
        expect.arrayContaining(['shutting down', 'http closed', 'jobs stopped', 'runtime closed', 'stopped']),
      );
    }
  });
});
