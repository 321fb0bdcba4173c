import { loadConfig } from '../../config/index.ts';
import { type Server, startServer } from '../../main.ts';
import type { Command } from '../command.ts';

/**
 * How long a stop may take (in-flight requests, job rounds, background tasks) before the process ends
 * anyway; what was cut short is completed by the jobs after the next start. A second signal ends it at once.
 */
const SHUTDOWN_GRACE_MS = 30_000;

export const serve: Command = {
  name: 'serve',
  help: 'Usage: paytag serve\n\nRuns the service (HTTP API, pages, jobs) until SIGINT/SIGTERM.',
  async run() {
    // The handlers are in place before the service says it is ready: a signal that comes while it
    // starts is kept and acted on as soon as it is up.
    let server: Server | null = null;
    let early: string | null = null;
    let stopping = false;
    const stop = (signal: string) => {
      if (server === null) {
        early = signal;
        return;
      }
      const log = server.app.log;
      if (stopping) {
        log.warn({ signal }, 'second signal: exiting without waiting for the stop to finish');
        process.exit(1);
      }
      stopping = true;
      log.info({ signal, graceMs: SHUTDOWN_GRACE_MS }, 'shutting down');
      setTimeout(() => {
        log.error({ graceMs: SHUTDOWN_GRACE_MS }, 'stop did not finish in time: exiting');
        process.exit(1);
      }, SHUTDOWN_GRACE_MS).unref();
      server.stop().then(
        () => {
          log.info('stopped');
          process.exit(0);
        },
        (e: unknown) => {
          log.error({ err: e }, 'stop failed');
          process.exit(1);
        },
      );
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
    server = await startServer(loadConfig());
    if (early !== null) stop(early);
    return -1; // keep running
  },
};
