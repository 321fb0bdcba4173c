import { setMaxListeners } from 'node:events';
import type { AppDeps } from '../app/deps.ts';

/**
 * A background job: `run` does one bounded round of work and returns how long to wait before the next
 * round (ms). Rounds never overlap; an error is logged and the job retries after `errorDelayMs`.
 */
export interface Job {
  name: string;
  run(deps: AppDeps, signal: AbortSignal): Promise<number>;
  errorDelayMs?: number;
}

export interface JobRunner {
  /** Runs one round of the named job now (tests, CLI); resolves with the job's next delay. */
  runOnce(name: string): Promise<number>;
  stop(): Promise<void>;
}

export function startJobs(deps: AppDeps, jobs: Job[]): JobRunner {
  const controller = new AbortController();
  // Every job listens for the stop while it sleeps between rounds, and a round may wait on it once
  // more (the outbox's dispatcher, the invoice subscription): two listeners a job are expected, not a
  // leak. Past Node's default of 10 it would warn with eleven jobs; past this bound it still does.
  setMaxListeners(Math.max(10, 2 * jobs.length), controller.signal);
  const loops: Promise<void>[] = [];
  const byName = new Map(jobs.map((j) => [j.name, j]));
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      // A round that ended after the stop began (cut short, or failed) must not start its wait: 'abort'
      // fires once, so a listener added now would never hear it and the process would live on.
      if (controller.signal.aborted) {
        resolve();
        return;
      }
      const onAbort = () => {
        clearTimeout(t);
        resolve();
      };
      // The listener goes when the timer fires, or every round would leave one on the signal.
      const t = setTimeout(() => {
        controller.signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      controller.signal.addEventListener('abort', onAbort, { once: true });
    });

  for (const job of jobs) {
    loops.push(
      (async () => {
        while (!controller.signal.aborted) {
          let delay: number;
          try {
            delay = await job.run(deps, controller.signal);
            deps.jobCounters.record(job.name, 'ok', deps.clock.nowMs());
          } catch (e) {
            deps.log.error({ job: job.name, err: e }, 'job round failed');
            deps.jobCounters.record(job.name, 'error', deps.clock.nowMs());
            delay = job.errorDelayMs ?? 5_000;
          }
          await sleep(delay);
        }
      })(),
    );
  }
  return {
    async runOnce(name) {
      const job = byName.get(name);
      if (job === undefined) throw new Error(`no job named ${name}`);
      return job.run(deps, controller.signal);
    },
    async stop() {
      controller.abort();
      await Promise.all(loops);
    },
  };
}
