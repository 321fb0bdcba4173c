import { Dispatcher } from '../app/outbox/dispatch.ts';
import type { Job } from './runner.ts';

/**
 * Delivers due webhooks and e-mails. Runs in every server process, for as long as the process does:
 * the dispatcher refills its lanes as soon as an attempt ends and polls OUTBOX_POLL_INTERVAL_MS while
 * nothing is due. Rows are leased, so processes sharing a database never attempt one row at the same
 * time. If the dispatcher itself fails, the runner starts a new one after `errorDelayMs`.
 */
export const outboxDispatchJob: Job = {
  name: 'outbox-dispatch',
  async run(deps, signal) {
    await new Dispatcher(deps).run(signal);
    return 0;
  },
  errorDelayMs: 5_000,
};
