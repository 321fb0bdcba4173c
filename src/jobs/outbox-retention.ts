import { MAIL_COUNTS_SWEEP_LIMIT, sweepMailCounts } from '../app/mail/recipient-limit.ts';
import { pruneDeliveries } from '../app/outbox/prune.ts';
import type { Job } from './runner.ts';

/** Wait between retention rounds once nothing old is left. */
export const OUTBOX_RETENTION_INTERVAL_MS = 3_600_000;
/**
 * Wait before the next round when a round used its whole budget: a backlog (a first run on a large
 * database) drains in steps, with the writer free for other work in between.
 */
export const OUTBOX_RETENTION_BACKLOG_DELAY_MS = 10_000;

/**
 * Deletes delivered and failed outbox rows (with their attempts) older than OUTBOX_RETENTION_DAYS and
 * dev mailbox messages older than DEV_MAILBOX_RETENTION_DAYS, in small write units, and e-mail cap
 * windows (`mail_counts`) that have ended. Runs in every
 * process; on PostgreSQL concurrent rounds skip each other's rows, on SQLite the one writer orders them.
 */
export const outboxRetentionJob: Job = {
  name: 'outbox-retention',
  async run(deps, signal) {
    const nowMs = deps.clock.nowMs();
    const round = await pruneDeliveries(deps, { nowMs, signal });
    const mailCounts = await sweepMailCounts(deps, nowMs);
    if (mailCounts > 0)
      deps.log.debug({ job: 'outbox-retention', mailCounts }, 'ended e-mail cap windows deleted');
    if (round.outboxRows + round.attempts + round.mailboxMessages > 0) {
      deps.log.info(
        {
          job: 'outbox-retention',
          outboxRows: round.outboxRows,
          attempts: round.attempts,
          mailboxMessages: round.mailboxMessages,
          batches: round.batches,
          more: round.more,
        },
        'outbox retention: old deliveries deleted',
      );
    }
    return round.more || mailCounts >= MAIL_COUNTS_SWEEP_LIMIT
      ? OUTBOX_RETENTION_BACKLOG_DELAY_MS
      : OUTBOX_RETENTION_INTERVAL_MS;
  },
  errorDelayMs: 60_000,
};
