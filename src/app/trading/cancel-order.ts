import { findOrder, markCancelled, type OrderRow } from '../../db/repos/orders.ts';
import { abort } from '../../domain/errors.ts';
import type { Result } from '../../domain/result.ts';
import type { AppDeps } from '../deps.ts';
import { runWrite } from '../write.ts';
import { lockOrderAccounts, releaseOrder } from './movements.ts';
import { getOrder } from './view-orders.ts';

/**
 * Cancels a resting order of the account: it becomes `cancelled` (revoked, with revoked_at) and its
 * reservation is released, in one write unit. Cancelling a cancelled order answers it as it is and
 * moves nothing; an executed order can no longer be cancelled (order_not_open). The matcher's fill and
 * a cancel race through the same conditional update: exactly one of them wins.
 */
export async function cancelOrder(deps: AppDeps, accountId: bigint, tid: string): Promise<Result<OrderRow>> {
  const found = await getOrder(deps, accountId, tid);
  if (!found.ok) return found;
  const nowMs = deps.clock.nowMs();
  return runWrite(deps.db, async (trx) => {
    await lockOrderAccounts(trx, found.value);
    if (await markCancelled(trx, tid, nowMs)) await releaseOrder(trx, found.value, nowMs);
    const order = await findOrder(trx, tid);
    if (order === undefined) throw new Error(`order ${tid} vanished`);
    if (order.status === 'filled') {
      return abort(
        'order_not_open',
        `order ${tid} was executed at ${new Date(Number(order.executed_at_ms)).toISOString()}; it can no longer be cancelled`,
        'tid',
      );
    }
    return order;
  });
}
