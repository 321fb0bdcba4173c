import { batchVoucherCounts, listAccountBatches, type VoucherBatchRow } from '../../db/repos/vouchers.ts';
import { type BatchState, batchState } from '../../domain/vouchers.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';
import { batchFacts } from './view-voucher.ts';

export interface BatchSummary {
  batch: VoucherBatchRow;
  state: BatchState;
  redeemed: number;
  redeemable: number;
}

/** Batches per page of the list. */
const BATCH_PAGE = 25;

/** Where the next page starts: the last batch's (created_at_ms, id), as `ms.id`. */
const batchCursor = (b: VoucherBatchRow): string => `${b.created_at_ms}.${b.id}`;

function decodeCursor(cursor: string | null): { createdAtMs: bigint; id: string } | null {
  const m = cursor === null ? null : /^(\d{1,16})\.([A-Za-z0-9]{1,64})$/.exec(cursor);
  return m?.[1] && m[2] ? { createdAtMs: BigInt(m[1]), id: m[2] } : null;
}

/**
 * The caller's own voucher batches, newest first, a page at a time, each with its state and how many of
 * its vouchers are redeemed and still redeemable. Only the caller's batches: the account is the query's.
 */
export async function listBatches(
  deps: AppDeps,
  caller: Caller,
  cursor: string | null,
): Promise<{ batches: BatchSummary[]; next: string | null }> {
  const rows = await listAccountBatches(deps.db.read, caller.accountId, decodeCursor(cursor), BATCH_PAGE + 1);
  const page = rows.slice(0, BATCH_PAGE);
  const counts = await batchVoucherCounts(
    deps.db.read,
    page.map((b) => b.id),
  );
  const nowMs = deps.clock.nowMs();
  const last = page.at(-1);
  return {
    batches: page.map((batch) => {
      const c = counts.get(batch.id) ?? { redeemed: 0, redeemable: 0 };
      return { batch, state: batchState(batchFacts(batch), nowMs, c.redeemable), ...c };
    }),
    next: rows.length > BATCH_PAGE && last !== undefined ? batchCursor(last) : null,
  };
}
