import { deleteMailboxBefore } from '../../db/repos/mailbox.ts';
import { deleteOutboxRows, finishedRowsBefore } from '../../db/repos/outbox.ts';
import type { AppDeps } from '../deps.ts';
import { runPlainWrite } from '../write.ts';

const DAY_MS = 86_400_000;

export interface PruneLimits {
  /** Outbox rows (with their attempts) or mailbox messages deleted per write unit. */
  batchRows?: number;
  /** Write units one round may use; what is left goes to the next round. */
  maxBatches?: number;
  /** Stops between batches once aborted (shutdown). */
  signal?: AbortSignal;
}

export interface PruneRound {
  /** Delivered and failed outbox rows deleted. */
  outboxRows: number;
  /** Their attempt records deleted. */
  attempts: number;
  mailboxMessages: number;
  /** Write units used. */
  batches: number;
  /** The round stopped at its budget (or on abort) with more perhaps left to delete. */
  more: boolean;
}

/**
 * One round of retention: deletes outbox rows in a final state (delivered or failed) whose last change
 * is older than OUTBOX_RETENTION_DAYS, together with their attempts, then dev mailbox messages older
 * than DEV_MAILBOX_RETENTION_DAYS. Pending rows are never deleted. Each batch of at most `batchRows`
 * rows is one short write unit, so the writer is never held long; the round ends when nothing old is
 * left or after `maxBatches` units, outbox first.
 */
export async function pruneDeliveries(
  deps: AppDeps,
  { nowMs, batchRows = 500, maxBatches = 20, signal }: { nowMs: number } & PruneLimits,
): Promise<PruneRound> {
  if (!Number.isInteger(batchRows) || batchRows < 1 || !Number.isInteger(maxBatches) || maxBatches < 1) {
    throw new Error(`pruneDeliveries: invalid limits batchRows=${batchRows} maxBatches=${maxBatches}`);
  }
  const { db, config } = deps;
  const outboxBeforeMs = nowMs - config.outbox.retentionDays * DAY_MS;
  const mailboxBeforeMs = nowMs - config.outbox.devMailboxRetentionDays * DAY_MS;
  const round: PruneRound = { outboxRows: 0, attempts: 0, mailboxMessages: 0, batches: 0, more: false };
  const budgetLeft = () => {
    if (round.batches < maxBatches && signal?.aborted !== true) return true;
    round.more = true;
    return false;
  };

  let outboxDone = false;
  while (!outboxDone && budgetLeft()) {
    const deleted = await runPlainWrite(db, async (trx) => {
      const ids = await finishedRowsBefore(trx, outboxBeforeMs, batchRows);
      return { found: ids.length, ...(await deleteOutboxRows(trx, ids)) };
    });
    round.batches += 1;
    round.outboxRows += deleted.rows;
    round.attempts += deleted.attempts;
    outboxDone = deleted.found < batchRows;
  }

  // An outbox backlog takes the whole budget; the mailbox's turn comes once it is cleared.
  let mailboxDone = !outboxDone;
  while (!mailboxDone && budgetLeft()) {
    const deleted = await runPlainWrite(db, (trx) => deleteMailboxBefore(trx, mailboxBeforeMs, batchRows));
    round.batches += 1;
    round.mailboxMessages += deleted;
    mailboxDone = deleted < batchRows;
  }
  return round;
}
