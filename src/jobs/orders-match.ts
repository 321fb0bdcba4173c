import { matchOrders } from '../app/trading/match-orders.ts';
import type { Job } from './runner.ts';

/**
 * Executes the resting limit orders the price has crossed (src/app/trading/match-orders.ts). Runs in
 * every process; each order is executed once (a conditional update decides). A full round means more
 * may be due: the next starts at once; otherwise it waits TRADE_MATCH_INTERVAL_MS.
 */
export const ordersMatchJob: Job = {
  name: 'orders-match',
  async run(deps, signal) {
    const round = await matchOrders(deps, signal);
    return round.filled + round.skipped >= deps.config.trading.matchBatch
      ? 0
      : deps.config.trading.matchIntervalMs;
  },
  errorDelayMs: 10_000,
};
