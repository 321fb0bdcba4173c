import type { AppDeps } from '../app/deps.ts';
import { type NwcRequestPosition, sweepNwcRequests } from '../app/nwc/request-retention.ts';
import type { Job } from './runner.ts';

/** Wait between rounds once the walk reached the end. */
const INTERVAL_MS = 3_600_000;
/** Wait before the next round when a round used its whole budget (a backlog drains in steps). */
const BACKLOG_DELAY_MS = 10_000;

/** Where each process's walk stopped, so the next round goes on from there (per runtime). */
const positions = new WeakMap<AppDeps, NwcRequestPosition | null>();

/**
 * Deletes NWC requests older than NWC_REQUEST_RETENTION_DAYS that no budget counts any more
 * (`sweepNwcRequests`). Runs in every process; on PostgreSQL concurrent rounds skip each other's rows,
 * on SQLite the one writer orders them.
 */
export const nwcRequestRetentionJob: Job = {
  name: 'nwc-request-retention',
  async run(deps, signal) {
    const round = await sweepNwcRequests(deps, {
      nowMs: deps.clock.nowMs(),
      after: positions.get(deps) ?? null,
      signal,
    });
    positions.set(deps, round.next);
    if (round.deleted > 0 || round.more) {
      deps.log.info(
        {
          job: 'nwc-request-retention',
          deleted: round.deleted,
          kept: round.kept,
          batches: round.batches,
          more: round.more,
        },
        'NWC requests older than NWC_REQUEST_RETENTION_DAYS deleted (kept: payments a budget still counts)',
      );
    }
    return round.more ? BACKLOG_DELAY_MS : INTERVAL_MS;
  },
  errorDelayMs: 60_000,
};
