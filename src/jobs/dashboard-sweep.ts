import { LNDHUB_SWEEP_BATCH, LNDHUB_SWEEP_UNITS, sweepLndhubTokens } from '../app/lndhub/tokens.ts';
import { SWEEP_BATCH, SWEEP_UNITS, sweepRateLimits } from '../app/rate-limits/counters.ts';
import { SESSION_SWEEP_BATCH, SESSION_SWEEP_UNITS, sweepSessions } from '../app/sessions/sessions.ts';
import type { Job } from './runner.ts';

const INTERVAL_MS = 10 * 60_000;

/**
 * Deletes dashboard sessions past their absolute end, and LNDhub tokens past theirs. The sign-in limits always count in the database
 * (rate_limits): when RATE_LIMIT_STORE keeps request limits in memory, the rate-limit sweep has nothing
 * to do, so this job deletes the ended windows instead.
 */
export const dashboardSweepJob: Job = {
  name: 'dashboard-sweep',
  async run(deps, signal) {
    const sessions = await sweepSessions(deps, signal);
    const lndhubTokens = await sweepLndhubTokens(deps, signal);
    const windows =
      deps.config.rateLimit.store === 'database' ? 0 : await sweepRateLimits(deps.db, deps.clock, signal);
    if (sessions + windows + lndhubTokens > 0)
      deps.log.debug(
        { job: 'dashboard-sweep', sessions, windows, lndhubTokens },
        'old sessions, LNDhub tokens and sign-in windows deleted',
      );
    const full =
      sessions >= SESSION_SWEEP_BATCH * SESSION_SWEEP_UNITS ||
      windows >= SWEEP_BATCH * SWEEP_UNITS ||
      lndhubTokens >= LNDHUB_SWEEP_BATCH * LNDHUB_SWEEP_UNITS;
    return full ? 0 : INTERVAL_MS;
  },
  errorDelayMs: INTERVAL_MS,
};
