import type { Job } from './runner.ts';

/**
 * Reads every configured price source and republishes the median prices (src/app/prices/feed.ts). A
 * source that fails keeps its last quotes, which age until they are stale; the round itself never fails.
 */
export const pricesRefreshJob: Job = {
  name: 'prices-refresh',
  async run(deps) {
    const report = await deps.prices.refresh();
    if (report.failed.length > 0) {
      deps.log.debug({ job: 'prices-refresh', failed: report.failed }, 'price sources failed this round');
    }
    return deps.config.prices.refreshIntervalMs;
  },
  errorDelayMs: 30_000,
};
