import { usdtWithdrawalsRound } from '../app/withdrawals/usdt.ts';
import type { Job } from './runner.ts';

/**
 * Reads again the receipts of USDT withdrawals whose transaction the operator recorded before its block
 * was final, and confirms and posts each once it is (src/app/withdrawals/usdt.ts). Processes sharing a
 * database may run rounds at once: a withdrawal is posted by the one write unit that moves it to
 * `confirmed` (and its ledger transfer id is unique). Every CHAIN_POLL_INTERVAL_MS.
 */
export const usdtWithdrawalsJob: Job = {
  name: 'usdt-withdrawals',
  async run(deps) {
    await usdtWithdrawalsRound(deps);
    return deps.config.chainWatch.pollIntervalMs;
  },
  errorDelayMs: 30_000,
};
