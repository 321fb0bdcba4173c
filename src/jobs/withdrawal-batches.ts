import { trackWithdrawalBatches } from '../app/withdrawals/track-batches.ts';
import type { Job } from './runner.ts';

/**
 * Follows the transactions of withdrawal batches to BTC_CONFIRMATIONS and posts them (app/withdrawals/
 * track-batches.ts), every CHAIN_POLL_INTERVAL_MS. Processes that share a database may run rounds at
 * once: each move is a conditional update and the postings' transfer ids are the withdrawals', so a
 * concurrent round posts nothing twice. A full round means more may be waiting: the next starts at once.
 */
export const withdrawalBatchesJob: Job = {
  name: 'withdrawal-batches',
  async run(deps) {
    const round = await trackWithdrawalBatches(deps);
    return round.looked >= 50 ? 0 : deps.config.chainWatch.pollIntervalMs;
  },
  errorDelayMs: 30_000,
};
