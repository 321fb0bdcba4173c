import type { Kysely } from 'kysely';
import {
  type AccountRef,
  createTransfer,
  createTransfers,
  resolvePending,
  type TransferInput,
} from '../../../db/repos/ledger.ts';
import type { PaymentRow } from '../../../db/repos/payments.ts';
import type { DB } from '../../../db/schema.ts';
import { paymentEventBody } from '../../../domain/payments/events.ts';
import { type ServiceFees, serviceFeesRoundedDownToSat } from '../../../domain/payments/fees.ts';
import type { PaymentDirection } from '../../../domain/payments/vocabulary.ts';
import type { AppDeps } from '../../deps.ts';
import { enqueueWebhook } from '../../outbox/enqueue.ts';

/**
 * The ledger side of payments. Every function runs inside the caller's write unit. Transfer ids derive
 * from the payment id (`pay:<id>:<step>`), so a replayed step is a no-op, never a second movement; every
 * transfer carries `ref = payment:<id>` of the row that owns the movement (the sending row for internal
 * payments), which is what the audit sums.
 */

type Trx = Kysely<DB>;

export const paymentRef = (id: bigint): string => `payment:${id}`;

/** The service fee and GST of `amountMsat` for one direction, at the configured rates. */
export const feesFor = (deps: AppDeps, amountMsat: bigint, direction: PaymentDirection): ServiceFees =>
  serviceFeesRoundedDownToSat(amountMsat, direction, {
    serviceSendPpm: deps.config.payments.serviceFeeSendPpm,
    serviceReceivePpm: deps.config.payments.serviceFeeReceivePpm,
    gstPpm: deps.config.payments.gstPpm,
  });

/** The transfers of a payment's fees from `payer` to the fee and tax accounts (zero amounts skipped). */
function feeTransfers(
  paymentId: bigint,
  payer: { owner: bigint } | { system: 'lightning_node' },
  serviceFeeMsat: bigint,
  gstFeeMsat: bigint,
): TransferInput[] {
  const fees = [
    { step: 'service_fee', amount: serviceFeeMsat, account: 'service_fees' },
    { step: 'gst', amount: gstFeeMsat, account: 'gst' },
  ] as const;
  return fees
    .filter((f) => f.amount > 0n)
    .map((f) => ({
      id: `pay:${paymentId}:${f.step}`,
      debit: payer,
      credit: { system: f.account },
      asset: 'lbtc' as const,
      amount: f.amount,
      code: `payment_${f.step}`,
      ref: paymentRef(paymentId),
    }));
}

/** The transfer of what the receiver keeps of `amountMsat` (its own fees deducted), if anything. */
function netTransfer(
  paymentId: bigint,
  step: 'internal' | 'in',
  from: AccountRef,
  receiverId: bigint,
  amountMsat: bigint,
  receiverFees: ServiceFees,
): TransferInput[] {
  const net = amountMsat - receiverFees.serviceFeeMsat - receiverFees.gstFeeMsat;
  if (net <= 0n) return [];
  return [
    {
      id: `pay:${paymentId}:${step}`,
      debit: from,
      credit: { owner: receiverId },
      asset: 'lbtc',
      amount: net,
      code: step === 'internal' ? 'payment_internal' : 'payment_lightning_in',
      ref: paymentRef(paymentId),
    },
  ];
}

/**
 * A payment between two accounts of this service: the sender pays amount + its send fees, the receiver
 * gets amount − its receive fees. Aborts with insufficient_balance (rolling the unit back) when the
 * sender cannot cover it.
 */
export async function moveInternal(trx: Trx, m: InternalMove, nowMs: number): Promise<void> {
  // One batch: on PostgreSQL one statement that locks the sender, the receiver and the fee accounts in
  // order and moves them all.
  await createTransfers(trx, internalTransfers(m), nowMs);
}

/** A payment between two accounts of this service (moveInternal). */
export interface InternalMove {
  outId: bigint;
  senderId: bigint;
  receiverId: bigint;
  amountMsat: bigint;
  send: ServiceFees;
  receive: ServiceFees;
}

/** The transfers of moveInternal: what the receiver keeps, then the fees of both sides. */
export const internalTransfers = (m: InternalMove): TransferInput[] => [
  ...netTransfer(m.outId, 'internal', { owner: m.senderId }, m.receiverId, m.amountMsat, m.receive),
  ...feeTransfers(
    m.outId,
    { owner: m.senderId },
    m.send.serviceFeeMsat + m.receive.serviceFeeMsat,
    m.send.gstFeeMsat + m.receive.gstFeeMsat,
  ),
];

/** Credits an invoice paid from outside: the Lightning node's liquidity pays amount − fees to the owner. */
export async function creditIncoming(
  trx: Trx,
  p: { id: bigint; accountId: bigint; amountMsat: bigint; fees: ServiceFees },
  nowMs: number,
): Promise<void> {
  const node = { system: 'lightning_node' } as const;
  await createTransfers(
    trx,
    [
      ...netTransfer(p.id, 'in', node, p.accountId, p.amountMsat, p.fees),
      ...feeTransfers(p.id, node, p.fees.serviceFeeMsat, p.fees.gstFeeMsat),
    ],
    nowMs,
  );
}

/** What an outgoing Lightning payment holds back: amount, the most routing fee, service fee and GST. */
const reservedTotal = (row: PaymentRow): bigint =>
  row.amount_msat + row.fee_reserve_msat + row.service_fee_msat + row.gst_fee_msat;

/** Reserves an outgoing Lightning payment (pending transfer to the node's liquidity). */
export async function reserveOutgoing(trx: Trx, row: PaymentRow, nowMs: number): Promise<void> {
  await createTransfer(
    trx,
    {
      id: `pay:${row.id}:reserve`,
      debit: { owner: row.account_id },
      credit: { system: 'lightning_node' },
      asset: 'lbtc',
      amount: reservedTotal(row),
      code: 'payment_lightning_out',
      ref: paymentRef(row.id),
      pending: true,
    },
    nowMs,
  );
}

/** Completes a reserved payment: posts amount + the actual routing fee, releases the rest, takes fees. */
export async function postOutgoing(
  trx: Trx,
  row: PaymentRow,
  networkFeeMsat: bigint,
  nowMs: number,
): Promise<void> {
  await resolvePending(
    trx,
    {
      id: `pay:${row.id}:post`,
      pendingId: `pay:${row.id}:reserve`,
      action: 'post',
      amount: row.amount_msat + networkFeeMsat,
      code: 'payment_lightning_out',
    },
    nowMs,
  );
  // The post released the service fee and GST held in the reserve; they move to their accounts now.
  await createTransfers(
    trx,
    feeTransfers(row.id, { owner: row.account_id }, row.service_fee_msat, row.gst_fee_msat),
    nowMs,
  );
}

/** Releases the whole reserve of a payment that failed. */
export async function voidOutgoing(trx: Trx, row: PaymentRow, nowMs: number): Promise<void> {
  await resolvePending(
    trx,
    {
      id: `pay:${row.id}:void`,
      pendingId: `pay:${row.id}:reserve`,
      action: 'void',
      code: 'payment_lightning_out',
    },
    nowMs,
  );
}

/**
 * The payment webhook of the spec's Events table, when the request named a callback_url. Besides the
 * spec's tid, status and amount it carries the request's order_id and description, so a merchant can
 * match it without asking again. It belongs to the account that made the request (the requester of a
 * request made for another account): signed with its secret, in its delivery log.
 */
export async function enqueuePaidWebhook(
  trx: Trx,
  row: Pick<
    PaymentRow,
    'id' | 'public_id' | 'requester_account_id' | 'callback_url' | 'order_id' | 'description'
  >,
  amountMsat: bigint,
  nowMs: number,
): Promise<void> {
  if (row.callback_url === null) return;
  await enqueueWebhook(
    trx,
    {
      accountId: row.requester_account_id,
      url: row.callback_url,
      type: 'payment.paid',
      // A Lightning amount is msat whatever the request's wallet (lbtc, or btc with the unified QR).
      body: paymentEventBody(row, 'paid', { wallet: 'lbtc', units: amountMsat }),
      eventId: `payment.paid.${row.id}`,
      target: { kind: 'payment', id: String(row.id) },
    },
    nowMs,
  );
}
