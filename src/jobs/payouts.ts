import { payDueItems } from '../app/payouts/pay-items.ts';
import type { Job } from './runner.ts';

/**
 * Pays the items of payout batches through the payment engine, PAYOUT_CONCURRENCY at a time. Runs in
 * every process; workers agree through each item's durable claim, so an item is paid once. A full round
 * means more may be due: the next starts at once; otherwise it waits PAYOUT_POLL_INTERVAL_MS.
 */
export const payoutsJob: Job = {
  name: 'payouts',
  async run(deps, signal) {
    const round = await payDueItems(deps, signal);
    return round.picked >= round.limit ? 0 : deps.config.payouts.pollIntervalMs;
  },
  errorDelayMs: 5_000,
};
