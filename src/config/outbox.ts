import { int } from './fields.ts';
import { section } from './section.ts';

export interface OutboxConfig {
  /** Rows one dispatch round claims at most. */
  batchSize: number;
  /** Deliveries in flight at once per process. */
  concurrency: number;
  /** How long a claimed row stays with its worker; after it, another worker takes it over (crash). */
  leaseMs: number;
  /** Wait between rounds when nothing is due. */
  pollIntervalMs: number;
  /** Delivered and failed rows (with their attempts) are deleted this long after their last change. */
  retentionDays: number;
  /** Dev mailbox messages are deleted this long after they were stored. */
  devMailboxRetentionDays: number;
  /** Attempts in flight to one host at most, across every process. */
  perHost: number;
  /** Consecutive timeouts of one host that open its circuit (its rows are put off without connecting). */
  breakerTimeouts: number;
  /** How long a circuit first stays open; doubled on each failed probe, up to 16 times this. */
  breakerOpenMs: number;
}

export const outbox = section(
  {
    OUTBOX_BATCH_SIZE: int(32, 1, 1000),
    OUTBOX_CONCURRENCY: int(8, 1, 256),
    OUTBOX_LEASE_MS: int(300_000, 1000, 86_400_000),
    OUTBOX_POLL_INTERVAL_MS: int(1000, 10, 60_000),
    OUTBOX_RETENTION_DAYS: int(30, 1, 3650),
    DEV_MAILBOX_RETENTION_DAYS: int(7, 1, 3650),
    OUTBOX_PER_HOST: int(2, 1, 256),
    OUTBOX_BREAKER_TIMEOUTS: int(5, 1, 1000),
    OUTBOX_BREAKER_OPEN_MS: int(30_000, 100, 3_600_000),
  },
  (v): OutboxConfig => ({
    batchSize: v.OUTBOX_BATCH_SIZE,
    concurrency: v.OUTBOX_CONCURRENCY,
    leaseMs: v.OUTBOX_LEASE_MS,
    pollIntervalMs: v.OUTBOX_POLL_INTERVAL_MS,
    retentionDays: v.OUTBOX_RETENTION_DAYS,
    devMailboxRetentionDays: v.DEV_MAILBOX_RETENTION_DAYS,
    perHost: v.OUTBOX_PER_HOST,
    breakerTimeouts: v.OUTBOX_BREAKER_TIMEOUTS,
    breakerOpenMs: v.OUTBOX_BREAKER_OPEN_MS,
  }),
);
