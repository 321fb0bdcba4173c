import { lockAccountsInOrder } from '../../db/repos/ledger.ts';
import { findBatch, markRevoked, type VoucherBatchRow } from '../../db/repos/vouchers.ts';
import type { Result } from '../../domain/result.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';
import { runWrite } from '../write.ts';
import { findOwnBatch } from './check-voucher.ts';
import { issuerAndEscrow, refundBatch } from './movements.ts';

/**
 * revokeVoucher: every voucher of the caller's batch not yet redeemed becomes unredeemable and its
 * escrow returns to the caller, in one write unit. Idempotent: revoking again answers the batch as it
 * is and moves nothing. A voucher whose invoice payment is under way is left to that payment: if it
 * fails, the voucher's funds stay with the issuer (see settle-claim.ts).
 */
export async function revokeVoucher(
  deps: AppDeps,
  caller: Caller,
  tid: string,
): Promise<Result<VoucherBatchRow>> {
  const found = await findOwnBatch(deps, caller, tid);
  if (!found.ok) return found;
  const nowMs = deps.clock.nowMs();
  return runWrite(deps.db, async (trx) => {
    await lockAccountsInOrder(trx, issuerAndEscrow(found.value));
    if (await markRevoked(trx, found.value.id, nowMs)) await refundBatch(trx, found.value, nowMs);
    const batch = await findBatch(trx, found.value.id);
    if (batch === undefined) throw new Error(`voucher batch ${found.value.id} vanished`);
    return batch;
  });
}
