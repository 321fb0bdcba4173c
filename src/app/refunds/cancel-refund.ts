import { findRefund } from '../../db/repos/refunds.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { normalizeBatchId } from '../../domain/vouchers.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';
import { revokeVoucher } from '../vouchers/revoke-voucher.ts';
import { type RefundView, refundView } from './view.ts';

/**
 * Cancels an unclaimed refund of the caller: its voucher is revoked and its escrow returns to the caller
 * (revokeVoucher), and what it held counts no more against the payment. Cancelling again answers the
 * same; a claimed refund is refused (409), one being claimed is left to that claim.
 */
export async function cancelRefund(
  deps: AppDeps,
  caller: Caller,
  refundTid: string,
): Promise<Result<RefundView>> {
  const id = normalizeBatchId(refundTid);
  const before = id === null ? undefined : await findRefund(deps.db.read, id);
  if (before === undefined || before.accountId !== caller.accountId) {
    return err('not_found', `no refund with tid "${refundTid.slice(0, 40)}"`, 'tid');
  }
  if (before.redeemedAtMs !== null) return err('state_conflict', 'the refund is already claimed', 'tid');
  const revoked = await revokeVoucher(deps, caller, before.batchId);
  if (!revoked.ok) return revoked;
  const after = await findRefund(deps.db.read, before.batchId);
  if (after === undefined) throw new Error(`refund ${before.batchId} vanished`);
  return ok(refundView(after, deps.clock.nowMs()));
}
