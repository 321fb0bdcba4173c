import { describe, expect, it } from 'vitest';
import { createBackgroundTasks } from '../../src/app/background.ts';

function recordingLog() {
  const lines: Array<{ level: string; obj: object; msg?: string }> = [];
  const at =
    (level: string) =>
    (obj: object, msg?: string): void => {
      lines.push({ level, obj, ...(msg !== undefined ? { msg } : {}) });
    };
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') } };
}

describe('background tasks', () => {
  it('drain waits for every running task', async () => {
    const { log } = recordingLog();
    const tasks = createBackgroundTasks(log);
    const done: number[] = [];
    for (const ms of [30, 10, 20]) {
      tasks.run('sleep', () => new Promise((resolve) => setTimeout(() => resolve(done.push(ms)), ms)));
    }
    expect(done).toEqual([]);
    expect(await tasks.drain(5_000)).toBe(true);
    expect(done.sort()).toEqual([10, 20, 30]);
    expect(await tasks.drain(5_000)).toBe(true);
  });

  it('logs a failing task by name instead of throwing', async () => {
    const { log, lines } = recordingLog();
    const tasks = createBackgroundTasks(log);
    tasks.run('pay voucher', async () => {
      throw new Error('node unreachable');
    });
    tasks.run('throws at once', () => {
      throw new Error('synchronous');
    });
    expect(await tasks.drain(1_000)).toBe(true);
    const failures = lines.filter((l) => l.level === 'error');
    expect(failures.map((l) => (l.obj as { task: string }).task).sort()).toEqual([
      'pay voucher',
      'throws at once',
    ]);
    expect(failures.map((l) => ((l.obj as { err: Error }).err as Error).message).sort()).toEqual([
      'node unreachable',
      'synchronous',
    ]);
  });

  it('drain gives up after its timeout and says how many tasks are still running', async () => {
    const { log, lines } = recordingLog();
    const tasks = createBackgroundTasks(log);
    let finish = () => {};
    tasks.run('stuck', () => new Promise<void>((resolve) => (finish = resolve)));
    expect(await tasks.drain(20)).toBe(false);
    expect(lines.find((l) => l.level === 'warn')?.obj).toEqual({ running: 1 });
    finish();
    expect(await tasks.drain(1_000)).toBe(true);
  });
});
