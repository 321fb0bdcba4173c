import type { Kysely } from 'kysely';
import { findPaymentById, type PaymentRow } from '../../db/repos/payments.ts';
import {
  countItemsByStatus,
  countOpenPayoutItems,
  endPayoutItem,
  findPayoutItemByPayment,
  lockPayoutBatch,
  markPayoutBatchDone,
  type PayoutWork,
} from '../../db/repos/payouts.ts';
import type { DB } from '../../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { enqueueDoneWebhook, enqueueItemWebhook, type ItemOutcome } from './events.ts';

/**
 * Ends an item `paid` or `failed` inside the caller's unit, once: the item must still be open and bound
 * to `paymentId` (null: it has no payment). Queues its webhook, and when it was the batch's last open
 * item, marks the batch done and queues `payout.done`. The batch row is locked first, so of the units
 * ending a batch's last items exactly one sees none open. Answers whether this call ended the item.
 */
export async function endItem(
  trx: Kysely<DB>,
  item: PayoutWork,
  paymentId: bigint | null,
  o: ItemOutcome & { errorCode: string | null },
  nowMs: number,
  leaseUntilMs?: number,
): Promise<boolean> {
  const batch = await lockPayoutBatch(trx, item.batch_id);
  const ended = await endPayoutItem(trx, item.id, paymentId, {
    status: o.status,
    errorCode: o.errorCode,
    error: o.error,
    nowMs,
    ...(leaseUntilMs === undefined ? {} : { leaseUntilMs }),
  });
  if (!ended) return false;
  await enqueueItemWebhook(trx, item, o, nowMs);
  if (
    (await countOpenPayoutItems(trx, batch.id)) === 0n &&
    (await markPayoutBatchDone(trx, batch.id, nowMs))
  ) {
    const counts = await countItemsByStatus(trx, [batch.id]);
    const n = (s: string) => Number(counts.find((c) => c.status === s)?.n ?? 0n);
    await enqueueDoneWebhook(trx, batch, { paid: n('paid'), failed: n('failed') }, nowMs);
  }
  return true;
}

/**
 * The hook table's paymentResolved for purpose `payout`: the item whose payment was posted (paid) or
 * voided (declined) ends with it, in the same unit, whoever resolved it (the worker, or the payments
 * reconciler after a restart). The void already gave the reserve back to the payer.
 */
export async function settlePayoutItem(
  _deps: AppDeps,
  trx: Kysely<DB>,
  row: PaymentRow,
  outcome: 'paid' | 'declined',
  nowMs: number,
): Promise<void> {
  const item = await findPayoutItemByPayment(trx, row.id);
  if (item === undefined) return;
  const now = (await findPaymentById(trx, row.id)) ?? row;
  await endItem(
    trx,
    item,
    row.id,
    outcome === 'paid'
      ? {
          status: 'paid',
          tid: now.public_id,
          networkFeeMsat: now.network_fee_msat,
          preimage: now.preimage,
          error: null,
          errorCode: null,
        }
      : {
          status: 'failed',
          tid: now.public_id,
          networkFeeMsat: 0n,
          preimage: null,
          error: now.failure_reason ?? 'the payment failed',
          errorCode: 'payment_failed',
        },
    nowMs,
  );
}
