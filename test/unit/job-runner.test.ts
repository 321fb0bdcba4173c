import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../../src/app/deps.ts';
import { createJobCounters } from '../../src/app/metrics/job-counters.ts';
import { type Job, startJobs } from '../../src/jobs/runner.ts';

const log = { info() {}, warn() {}, error() {}, debug() {} };
const deps = {
  log,
  jobCounters: createJobCounters(),
  clock: { nowMs: () => Date.now() },
} as unknown as AppDeps;

/** A job whose round ends only after it saw the abort, as a round cut short at shutdown does. */
function roundEndingAfterAbort(nextDelayMs: number): { job: Job; started: Promise<void> } {
  let markStarted = () => {};
  const started = new Promise<void>((r) => {
    markStarted = r;
  });
  const job: Job = {
    name: 'cut-short',
    async run(_deps, signal) {
      markStarted();
      await new Promise<void>((r) => signal.addEventListener('abort', () => r(), { once: true }));
      return nextDelayMs;
    },
  };
  return { job, started };
}

describe('job runner', () => {
  it('stops at once when a round ends after the stop began, whatever delay it asked for', async () => {
    // An hour: a runner that starts that sleep after the abort keeps the process alive for an hour.
    const { job, started } = roundEndingAfterAbort(3_600_000);
    const jobs = startJobs(deps, [job]);
    await started;
    const outcome = await Promise.race([
      jobs.stop().then(() => 'stopped'),
      new Promise((r) => setTimeout(() => r('still running after 2 s'), 2_000)),
    ]);
    expect(outcome).toBe('stopped');
  });

  it('a round that throws after the stop began does not start its error delay', async () => {
    const job: Job = {
      name: 'fails-late',
      errorDelayMs: 3_600_000,
      async run(_deps, signal) {
        await new Promise<void>((r) => signal.addEventListener('abort', () => r(), { once: true }));
        throw new Error('cut short');
      },
    };
    const jobs = startJobs(deps, [job]);
    await new Promise((r) => setTimeout(r, 20));
    const outcome = await Promise.race([
      jobs.stop().then(() => 'stopped'),
      new Promise((r) => setTimeout(() => r('still running after 2 s'), 2_000)),
    ]);
    expect(outcome).toBe('stopped');
  });

  it('lets every job of a full set listen for the stop without a listener-leak warning', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', onWarning);
    try {
      let ran = 0;
      const jobs = Array.from(
        { length: 12 },
        (_, i): Job => ({
          name: `job-${i}`,
          async run(_deps, signal) {
            // A round that waits on the stop once, as the outbox dispatcher's does, then a long sleep.
            await new Promise<void>((resolve) => {
              const t = setTimeout(resolve, 20);
              signal.addEventListener('abort', () => clearTimeout(t), { once: true });
            });
            ran += 1;
            return 60_000;
          },
        }),
      );
      const runner = startJobs(deps, jobs);
      while (ran < jobs.length) await new Promise((r) => setTimeout(r, 10));
      // The warning is emitted on the next tick after the listener that passed the limit.
      await new Promise((r) => setTimeout(r, 50));
      await runner.stop();
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((w) => w.startsWith('MaxListenersExceededWarning'))).toEqual([]);
  });
});
