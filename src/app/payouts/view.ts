import {
  countItemsByStatus,
  findPayoutBatch,
  listPayoutBatches,
  listPayoutItems,
  type PayoutBatchRow,
  type PayoutItemView,
} from '../../db/repos/payouts.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';
import type { ListPayoutsCommand } from './commands.ts';

export type { PayoutItemView };

export interface PayoutCounts {
  queued: number;
  paying: number;
  paid: number;
  failed: number;
}

export interface PayoutView {
  batch: PayoutBatchRow;
  counts: PayoutCounts;
  items: PayoutItemView[];
}

export interface PayoutSummary {
  batch: PayoutBatchRow;
  counts: PayoutCounts;
}

const countsOf = (rows: Array<{ status: string; n: bigint }>): PayoutCounts => {
  const n = (s: string) => Number(rows.reduce((sum, r) => (r.status === s ? sum + r.n : sum), 0n));
  return { queued: n('queued'), paying: n('paying'), paid: n('paid'), failed: n('failed') };
};

/** A batch with every item, as it is now. */
export async function viewPayout(deps: AppDeps, batch: PayoutBatchRow): Promise<PayoutView> {
  const items = await listPayoutItems(deps.db.read, batch.id);
  return { batch, counts: countsOf(items.map((i) => ({ status: i.status, n: 1n }))), items };
}

/** One batch of the caller by its id; another account's batch is not found, as a missing one. */
export async function getPayout(
  deps: AppDeps,
  caller: Caller,
  publicId: string,
): Promise<Result<PayoutView>> {
  const batch = /^[a-z0-9]{16}$/.test(publicId)
    ? await findPayoutBatch(deps.db.read, caller.accountId, publicId)
    : undefined;
  if (batch === undefined) return err('not_found', 'no payout with this id');
  return ok(await viewPayout(deps, batch));
}

/** A page of the caller's batches, newest first, and the `before` of the next page (null: none). */
export async function listPayouts(
  deps: AppDeps,
  caller: Caller,
  cmd: ListPayoutsCommand,
): Promise<Result<{ batches: PayoutSummary[]; next: string | null }>> {
  let beforeId: bigint | null = null;
  if (cmd.before !== null) {
    const from = /^[a-z0-9]{16}$/.test(cmd.before)
      ? await findPayoutBatch(deps.db.read, caller.accountId, cmd.before)
      : undefined;
    if (from === undefined)
      return err('invalid_request', 'before is not a payout id of this account', 'before');
    beforeId = from.id;
  }
  const rows = await listPayoutBatches(deps.db.read, caller.accountId, beforeId, cmd.limit + 1);
  const page = rows.slice(0, cmd.limit);
  const counts = await countItemsByStatus(
    deps.db.read,
    page.map((b) => b.id),
  );
  return ok({
    batches: page.map((batch) => ({
      batch,
      counts: countsOf(counts.filter((c) => c.batch_id === batch.id)),
    })),
    next: rows.length > cmd.limit ? (page[page.length - 1]?.public_id ?? null) : null,
  });
}
