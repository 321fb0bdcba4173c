import type { Kysely } from 'kysely';
import { findPaymentById } from '../../db/repos/payments.ts';
import type { VoucherBatchRow } from '../../db/repos/vouchers.ts';
import type { DB } from '../../db/schema.ts';
import { eventAmount } from '../../domain/payments/events.ts';
import { enqueueWebhook } from '../outbox/enqueue.ts';

/**
 * `payment.refunded`, when a refund's voucher is claimed (in the unit that redeems it: a usertag, an
 * invoice of this service, or the settlement of another node's invoice): to the refunded payment's
 * callback_url, signed as its other events, from the account that made the request.
 */
export async function enqueueRefundedWebhook(
  trx: Kysely<DB>,
  b: Pick<VoucherBatchRow, 'id' | 'amount_msat' | 'refund_of_payment_id'>,
  nowMs: number,
): Promise<void> {
  if (b.refund_of_payment_id === null) return;
  const p = await findPaymentById(trx, b.refund_of_payment_id);
  if (p === undefined || p.callback_url === null) return;
  await enqueueWebhook(
    trx,
    {
      accountId: p.requester_account_id,
      url: p.callback_url,
      type: 'payment.refunded',
      body: {
        tid: p.public_id,
        refund_tid: b.id,
        amount: eventAmount('lbtc', b.amount_msat),
        claimed_at: Math.floor(nowMs / 1000),
        order_id: p.order_id,
        description: p.description,
      },
      eventId: `payment.refunded.${b.id}`,
      target: null,
    },
    nowMs,
  );
}
