import type { Kysely } from 'kysely';
import {
  addInvoiceReceiptToRequest,
  type PaymentRow,
  transitionPayment,
} from '../../../db/repos/payments.ts';
import type { DB } from '../../../db/schema.ts';
import { abort } from '../../../domain/errors.ts';
import { isExpired, type ServiceFees } from '../../../domain/payments/fees.ts';
import { enqueueZapReceipt } from '../../zaps/enqueue-receipt.ts';
import { enqueuePaidWebhook, moveInternal } from './movements.ts';
import { feeColumns } from './rows.ts';

// Paying an invoice issued by this service (by `send`, or by redeeming a voucher to it) never touches
// the Lightning backend: inside one write unit the invoice is checked, marked paid and settled in the
// ledger. These run in the caller's write unit; refusals abort it.

export interface OwnInvoiceRefusals {
  /** The request field the refusals are about. */
  field: string;
  selfMessage: string;
  amountMessage: string;
}

/** Refuses paying one's own invoice, a paid or expired invoice, or another amount than the invoice's. */
export function assertOwnInvoicePayable(
  target: PaymentRow,
  p: { payerAccountId: bigint; amountMsat: bigint; nowMs: number } & OwnInvoiceRefusals,
): void {
  if (target.account_id === p.payerAccountId) abort('self_payment', p.selfMessage, p.field);
  if (target.status === 'paid') abort('invoice_already_paid', 'the invoice is already paid', p.field);
  const expired = target.invoice_expires_at_ms !== null && isExpired(target.invoice_expires_at_ms, p.nowMs);
  if (target.status !== 'pending' || expired) abort('invoice_expired', 'the invoice has expired', p.field);
  if (target.amount_msat !== p.amountMsat) abort('amount_mismatch', p.amountMessage, p.field);
}

/**
 * Marks the invoice paid by the outgoing payment `outId` (already inserted), moves the money from the
 * payer to the invoice's account, and queues the invoice's payment webhook (and, for a zap invoice, its
 * zap receipt: a zap settled inside the ledger is a zap too).
 */
export async function settleOwnInvoice(
  trx: Kysely<DB>,
  p: {
    target: PaymentRow;
    outId: bigint;
    payerAccountId: bigint;
    amountMsat: bigint;
    send: ServiceFees;
    receive: ServiceFees;
    field: string;
    nowMs: number;
  },
): Promise<void> {
  const { target, receive, nowMs } = p;
  const settled = await transitionPayment(trx, target.id, ['pending'], {
    status: 'paid',
    route: 'internal',
    counterpart_id: p.outId,
    paid_at_ms: nowMs,
    ...feeColumns(receive),
    updated_at_ms: nowMs,
  });
  if (!settled) abort('invoice_already_paid', 'the invoice is already paid', p.field);
  await moveInternal(
    trx,
    {
      outId: p.outId,
      senderId: p.payerAccountId,
      receiverId: target.account_id,
      amountMsat: p.amountMsat,
      send: p.send,
      receive,
    },
    nowMs,
  );
  await addInvoiceReceiptToRequest(trx, target.id, p.amountMsat, nowMs);
  await enqueuePaidWebhook(trx, target, p.amountMsat, nowMs);
  await enqueueZapReceipt(trx, target, nowMs, nowMs);
}
