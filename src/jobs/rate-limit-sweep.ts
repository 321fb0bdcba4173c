import { SWEEP_BATCH, SWEEP_UNITS, sweepRateLimits } from '../app/rate-limits/counters.ts';
import type { Job } from './runner.ts';

const INTERVAL_MS = 60_000;

/**
 * Deletes rate-limit windows that have ended, when the counts live in the database
 * (RATE_LIMIT_STORE=database); with counts in memory there is nothing to do. A round that deleted its
 * whole budget is followed by the next at once.
 */
export const rateLimitSweepJob: Job = {
  name: 'rate-limit-sweep',
  async run(deps, signal) {
    if (deps.config.rateLimit.store !== 'database') return INTERVAL_MS * 60;
    const deleted = await sweepRateLimits(deps.db, deps.clock, signal);
    // Windows end all the time under traffic: worth a line only when looking closely.
    if (deleted > 0) deps.log.debug({ job: 'rate-limit-sweep', deleted }, 'ended rate-limit windows deleted');
    return deleted >= SWEEP_BATCH * SWEEP_UNITS ? 0 : INTERVAL_MS;
  },
  errorDelayMs: INTERVAL_MS,
};
