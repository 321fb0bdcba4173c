import { findOrder, listOrders as listOrderRows, type OrderRow } from '../../db/repos/orders.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { AppDeps } from '../deps.ts';
import type { ListOrdersQuery } from './commands.ts';

/**
 * One order of the account. Another account's order is answered exactly as an unknown id, so an id
 * tells nobody whether it exists.
 */
export async function getOrder(deps: AppDeps, accountId: bigint, tid: string): Promise<Result<OrderRow>> {
  const row = await findOrder(deps.db.read, tid);
  if (row === undefined || row.account_id !== accountId) {
    return err('not_found', `no order ${tid}`, 'tid');
  }
  return ok(row);
}

/** The account's orders, newest first, of one status or all. */
export const listOrders = (deps: AppDeps, accountId: bigint, q: ListOrdersQuery): Promise<OrderRow[]> =>
  listOrderRows(deps.db.read, accountId, q.status, q.limit);
