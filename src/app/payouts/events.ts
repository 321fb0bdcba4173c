import type { Kysely } from 'kysely';
import type { PayoutBatchRow, PayoutWork } from '../../db/repos/payouts.ts';
import type { DB } from '../../db/schema.ts';
import { formatMsatAsBtc } from '../../domain/money.ts';
import { enqueueWebhook } from '../outbox/enqueue.ts';

/**
 * The payout webhooks (docs/payouts.md), queued in the unit that ends the item or the batch, signed and
 * delivered by the outbox like payment.paid. Event ids are stable: `payout.item.<item id>` (an item ends
 * once) and `payout.done.<batch id>`.
 */

export interface ItemOutcome {
  status: 'paid' | 'failed';
  /** The payment's tid, when the item has a payment. */
  tid: string | null;
  networkFeeMsat: bigint;
  preimage: string | null;
  error: string | null;
}

export async function enqueueItemWebhook(
  trx: Kysely<DB>,
  item: PayoutWork,
  o: ItemOutcome,
  nowMs: number,
): Promise<void> {
  if (item.callback_url === null) return;
  const type = o.status === 'paid' ? 'payout.item.paid' : 'payout.item.failed';
  await enqueueWebhook(
    trx,
    {
      accountId: item.account_id,
      url: item.callback_url,
      type,
      body: {
        event: type,
        payout_id: item.batch_public_id,
        index: Number(item.position),
        status: o.status,
        destination: item.destination,
        amount: formatMsatAsBtc(item.amount_msat),
        amount_msat: item.amount_msat.toString(),
        fee: formatMsatAsBtc(o.networkFeeMsat),
        fee_msat: o.networkFeeMsat.toString(),
        preimage: o.preimage,
        tid: o.tid,
        error: o.error,
        memo: item.memo,
        reference: item.reference,
      },
      eventId: `payout.item.${item.id}`,
      target: null,
    },
    nowMs,
  );
}

export async function enqueueDoneWebhook(
  trx: Kysely<DB>,
  batch: PayoutBatchRow,
  counts: { paid: number; failed: number },
  nowMs: number,
): Promise<void> {
  if (batch.callback_url === null) return;
  await enqueueWebhook(
    trx,
    {
      accountId: batch.account_id,
      url: batch.callback_url,
      type: 'payout.done',
      body: {
        event: 'payout.done',
        payout_id: batch.public_id,
        status: 'done',
        items: Number(batch.item_count),
        paid: counts.paid,
        failed: counts.failed,
      },
      eventId: `payout.done.${batch.id}`,
      target: null,
    },
    nowMs,
  );
}
