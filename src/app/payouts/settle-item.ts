import type { Kysely } from 'kysely';
import { findPaymentById, type PaymentRow } from '../../db/repos/payments.ts';
import {
  countItemsByStatus,
  countOpenPayoutItems,
  endPayoutItem,
  findPayoutItemByPayment,
  listDecidedPayoutItems,
  lockPayoutBatch,
  markPayoutBatchDone,
  type PayoutWork,
} from '../../db/repos/payouts.ts';
import type { DB } from '../../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { runPlainWrite } from '../write.ts';
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
 * The hook table's paymentResolved for purpose `payout`: the item whose payment was posted ends `paid`
 * in the same unit, whoever resolved it (the worker, or the payments reconciler after a restart). A
 * declined payment does not end its item yet: the node is asked once more after the send timeout
 * (engine/late-success.ts), and a payment it reports paid after all is booked paid. The item stays
 * `paying` until that re-check has decided (endDecidedItems), so it is never shown failed while its
 * payment may still have succeeded. The void already gave the reserve back to the payer.
 */
export async function settlePayoutItem(
  _deps: AppDeps,
  trx: Kysely<DB>,
  row: PaymentRow,
  outcome: 'paid' | 'declined',
  nowMs: number,
): Promise<void> {
  if (outcome !== 'paid') return;
  const item = await findPayoutItemByPayment(trx, row.id);
  if (item === undefined) return;
  const now = (await findPaymentById(trx, row.id)) ?? row;
  await endItem(trx, item, row.id, paidOutcome(now), nowMs);
}

const paidOutcome = (p: PaymentRow) => ({
  status: 'paid' as const,
  tid: p.public_id,
  networkFeeMsat: p.network_fee_msat,
  preimage: p.preimage,
  error: null,
  errorCode: null,
});

/**
 * Ends items whose payment has decided outside a paymentResolved unit: paid by a late success, or
 * declined and confirmed by the re-check (recheck_at_ms cleared). Each in its own unit that reads the
 * payment again; answers how many it ended.
 */
export async function endDecidedItems(deps: AppDeps, limit: number): Promise<number> {
  const decided = await listDecidedPayoutItems(deps.db.read, limit);
  let n = 0;
  for (const item of decided) {
    const ended = await runPlainWrite(deps.db, async (trx) => {
      const p = await findPaymentById(trx, item.payment_id!);
      if (p === undefined) return false;
      if (p.status === 'paid') return endItem(trx, item, p.id, paidOutcome(p), deps.clock.nowMs());
      if (p.status !== 'declined' || p.recheck_at_ms !== null) return false;
      return endItem(
        trx,
        item,
        p.id,
        {
          status: 'failed',
          tid: p.public_id,
          networkFeeMsat: 0n,
          preimage: null,
          error: p.failure_reason ?? 'the payment failed',
          errorCode: 'payment_failed',
        },
        deps.clock.nowMs(),
      );
    });
    if (ended) n += 1;
  }
  return n;
}
