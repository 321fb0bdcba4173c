import type { Kysely } from 'kysely';
import { lockAccountsInOrder } from '../../db/repos/ledger.ts';
import { listOpenRefunds, lockPaymentForRefund, refundedMsat } from '../../db/repos/refunds.ts';
import { findBatch, markRevoked } from '../../db/repos/vouchers.ts';
import type { DB } from '../../db/schema.ts';
import { receivedMsat } from '../../domain/refunds.ts';
import { issuerAndEscrow, refundBatch } from '../vouchers/movements.ts';

/**
 * When a payment received less than before (a deposit reorganised away), its refunds must not pay back
 * more than it still received: in the unit that lowered it, open refunds are cancelled, newest first,
 * their escrow back to the merchant, until what the rest hold fits. A claimed refund, or one being
 * claimed, cannot be called back: what it paid beyond is the merchant's loss, and `paytag audit`
 * (`refunds_within_received`) reports it. Answers how many refunds it cancelled.
 */
export async function withdrawRefundsBeyondReceived(
  trx: Kysely<DB>,
  paymentId: bigint,
  nowMs: number,
): Promise<number> {
  const received = receivedMsat(await lockPaymentForRefund(trx, paymentId));
  let held = await refundedMsat(trx, paymentId, nowMs);
  let cancelled = 0;
  for (const open of await listOpenRefunds(trx, paymentId, nowMs)) {
    if (held <= received) break;
    const batch = await findBatch(trx, open.batchId);
    if (batch === undefined) continue;
    await lockAccountsInOrder(trx, issuerAndEscrow(batch));
    if (await markRevoked(trx, batch.id, nowMs)) await refundBatch(trx, batch, nowMs);
    held -= open.amountMsat;
    cancelled += 1;
  }
  return cancelled;
}
