import { loadConfig } from '../../config/index.ts';
import { startServer } from '../../main.ts';
import type { Command } from '../command.ts';

export const serve: Command = {
  name: 'serve',
  synopsis: 'serve',
  summary: 'run the HTTP service and background jobs',
  help: 'Usage: paytag serve\n\nRuns the service (HTTP API, pages, jobs) until SIGINT/SIGTERM.',
  async run() {
    const server = await startServer(loadConfig());
    const stop = (signal: string) => {
      server.app.log.info({ signal }, 'shutting down');
      server.stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
    return -1; // keep running
  },
};
