import { findBatch, type VoucherBatchRow } from '../../db/repos/vouchers.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { normalizeBatchId } from '../../domain/vouchers.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';
import { batchView, type VoucherBatchView } from './view-voucher.ts';

/**
 * The caller's batch by tid. A batch of another account is not found, never "forbidden", so a tid
 * reveals nothing to whoever is not its issuer.
 */
export async function findOwnBatch(
  deps: AppDeps,
  caller: Caller,
  tid: string,
): Promise<Result<VoucherBatchRow>> {
  const id = normalizeBatchId(tid);
  const batch = id === null ? undefined : await findBatch(deps.db.read, id);
  if (batch === undefined || batch.account_id !== caller.accountId) {
    return err('not_found', `no voucher batch with tid "${tid.slice(0, 40)}"`, 'tid');
  }
  return ok(batch);
}

/** checkVoucher: the caller's batch with every voucher's state. */
export async function checkVoucher(
  deps: AppDeps,
  caller: Caller,
  tid: string,
): Promise<Result<VoucherBatchView>> {
  const found = await findOwnBatch(deps, caller, tid);
  if (!found.ok) return found;
  return ok(await batchView(deps, found.value));
}
