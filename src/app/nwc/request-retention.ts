import { deleteNwcRequests, type NwcRequestPosition, oldNwcRequests } from '../../db/repos/nwc-retention.ts';
import { BUDGET_RENEWALS, type BudgetRenewal, budgetPeriodStartMs } from '../../domain/nostr/nwc.ts';
import type { AppDeps } from '../deps.ts';
import { runPlainWrite } from '../write.ts';

export type { NwcRequestPosition };

const DAY_MS = 86_400_000;

export interface NwcRetentionRound {
  /** Rows deleted. */
  deleted: number;
  /** Rows past the retention kept because a budget still counts their payment. */
  kept: number;
  /** Write units used. */
  batches: number;
  /** The round stopped at its budget (or on abort) with more perhaps left to walk. */
  more: boolean;
  /** Where the walk stopped (give it to the next round as `after`); null when it reached the end. */
  next: NwcRequestPosition | null;
}

/**
 * One round of NWC request retention: walks the requests taken more than NWC_REQUEST_RETENTION_DAYS
 * ago, oldest first, in write units of `batchRows`, and deletes each one unless its connection's budget
 * still counts its payment (paid or pending, in the budget period that holds `nowMs`; a total budget
 * counts every payment ever, a revoked connection none). The budget is summed from these rows, so it is
 * the same after a sweep as before. A request delivered again after its row went is taken anew; a
 * payment it asks for is found again by its Idempotency-Key (kept with the payment), never made twice.
 * Kept rows are walked past, not read again: a round starts `after` where the previous one stopped.
 */
export async function sweepNwcRequests(
  deps: AppDeps,
  {
    nowMs,
    after = null,
    batchRows = 1000,
    maxBatches = 20,
    signal,
  }: {
    nowMs: number;
    after?: NwcRequestPosition | null;
    batchRows?: number;
    maxBatches?: number;
    signal?: AbortSignal;
  },
): Promise<NwcRetentionRound> {
  if (!Number.isInteger(batchRows) || batchRows < 1 || !Number.isInteger(maxBatches) || maxBatches < 1) {
    throw new Error(`sweepNwcRequests: invalid limits batchRows=${batchRows} maxBatches=${maxBatches}`);
  }
  const beforeMs = nowMs - deps.config.nostr.nwcRequestRetentionDays * DAY_MS;
  const periodStartMs = Object.fromEntries(
    BUDGET_RENEWALS.map((r) => [r, budgetPeriodStartMs(r, nowMs)]),
  ) as Record<BudgetRenewal, number>;
  const round: NwcRetentionRound = { deleted: 0, kept: 0, batches: 0, more: false, next: after };
  for (;;) {
    if (round.batches >= maxBatches || signal?.aborted === true) {
      round.more = true;
      return round;
    }
    const position = round.next;
    const batch = await runPlainWrite(deps.db, async (trx) => {
      const rows = await oldNwcRequests(trx, { beforeMs, after: position, periodStartMs, limit: batchRows });
      const deleted = await deleteNwcRequests(
        trx,
        rows.filter((r) => !r.counted).map((r) => r.id),
      );
      return { rows, deleted };
    });
    round.batches += 1;
    round.deleted += batch.deleted;
    round.kept += batch.rows.filter((r) => r.counted).length;
    const last = batch.rows.at(-1);
    if (batch.rows.length < batchRows || last === undefined) {
      round.next = null;
      return round;
    }
    round.next = { createdAtMs: last.createdAtMs, id: last.id };
  }
}
