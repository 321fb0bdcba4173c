import { dispatchDue } from '../app/outbox/dispatch.ts';
import type { Job } from './runner.ts';

/**
 * Delivers due webhooks and e-mails. Runs in every server process; rows are leased, so processes
 * sharing a database never attempt one row at the same time. A full batch means more may be due:
 * the next round starts at once; otherwise it waits OUTBOX_POLL_INTERVAL_MS.
 */
export const outboxDispatchJob: Job = {
  name: 'outbox-dispatch',
  async run(deps, signal) {
    const round = await dispatchDue(deps, signal);
    return round.claimed >= deps.config.outbox.batchSize ? 0 : deps.config.outbox.pollIntervalMs;
  },
  errorDelayMs: 5_000,
};
