import type { Logger } from './ports.ts';

/**
 * Work a use case starts after it has answered, such as paying a wallet's invoice once the LNURL
 * callback has said OK (LUD-03). Each task must leave the database consistent wherever it stops: its
 * state was committed before it started, and a job finishes what a task could not (for a payment, the
 * payments reconciler). Shutdown waits a bounded time for tasks still running.
 */
export interface BackgroundTasks {
  /** Starts `task` now; a failure is logged with `name`, never thrown. */
  run(name: string, task: () => Promise<unknown>): void;
  /** Resolves once every task has ended, or after `timeoutMs`; true when none is left running. */
  drain(timeoutMs: number): Promise<boolean>;
}

export function createBackgroundTasks(log: Logger): BackgroundTasks {
  const running = new Set<Promise<void>>();
  return {
    run(name, task) {
      const p: Promise<void> = Promise.resolve()
        .then(task)
        .then(
          () => undefined,
          (e: unknown) => log.error({ err: e, task: name }, 'background task failed'),
        )
        .finally(() => running.delete(p));
      running.add(p);
    },
    async drain(timeoutMs) {
      if (running.size === 0) return true;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      const all = Promise.all([...running]).then(() => true);
      const done = await Promise.race([all, timeout]);
      clearTimeout(timer);
      if (!done) log.warn({ running: running.size }, 'shutting down with background tasks still running');
      return done;
    },
  };
}
