import { SWEEP_BATCH, SWEEP_UNITS, sweepRateLimits } from '../app/rate-limits/counters.ts';
import { SESSION_SWEEP_BATCH, SESSION_SWEEP_UNITS, sweepSessions } from '../app/sessions/sessions.ts';
import type { Job } from './runner.ts';

const INTERVAL_MS = 10 * 60_000;

/**
 * Deletes dashboard sessions past their absolute end. The sign-in limits always count in the database
 * (rate_limits): when RATE_LIMIT_STORE keeps request limits in memory, the rate-limit sweep has nothing
 * to do, so this job deletes the ended windows instead.
 */
export const dashboardSweepJob: Job = {
  name: 'dashboard-sweep',
  async run(deps, signal) {
    const sessions = await sweepSessions(deps, signal);
    const windows =
      deps.config.rateLimit.store === 'database' ? 0 : await sweepRateLimits(deps.db, deps.clock, signal);
    if (sessions + windows > 0)
      deps.log.debug(
        { job: 'dashboard-sweep', sessions, windows },
        'old sessions and sign-in windows deleted',
      );
    const full =
      sessions >= SESSION_SWEEP_BATCH * SESSION_SWEEP_UNITS || windows >= SWEEP_BATCH * SWEEP_UNITS;
    return full ? 0 : INTERVAL_MS;
  },
  errorDelayMs: INTERVAL_MS,
};
