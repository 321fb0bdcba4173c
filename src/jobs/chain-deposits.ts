import { watchRound } from '../app/chain/watch-round.ts';
import type { Job } from './runner.ts';

/**
 * Reads the chains for deposits to handed-out addresses and books them (src/app/chain). Processes that
 * share a database may run rounds at once: a deposit is credited by the one write unit that moves its
 * row to `credited` (and its ledger transfer id is unique), so a concurrent round books nothing twice.
 */
export const chainDepositsJob: Job = {
  name: 'chain-deposits',
  async run(deps) {
    await watchRound(deps);
    return deps.config.chainWatch.pollIntervalMs;
  },
  errorDelayMs: 30_000,
};
