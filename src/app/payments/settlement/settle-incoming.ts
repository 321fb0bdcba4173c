import type { Kysely } from 'kysely';
import { type AccountRef, lockAccountsInOrder, transferExists } from '../../../db/repos/ledger.ts';
import {
  addInvoiceReceiptToRequest,
  findIncomingByHash,
  findSecondPayment,
  insertSecondPayment,
  markSettlementProblem,
  type PaymentRow,
  transitionPayment,
} from '../../../db/repos/payments.ts';
import type { DB } from '../../../db/schema.ts';
import type { ServiceFees } from '../../../domain/payments/fees.ts';
import type { AppDeps } from '../../deps.ts';
import { notifyNwcPayment } from '../../nwc/notify.ts';
import type { InvoiceSettlement } from '../../ports.ts';
import { runPlainWrite } from '../../write.ts';
import { enqueueZapReceipt } from '../../zaps/enqueue-receipt.ts';
import { creditIncoming, enqueuePaidWebhook, feesFor } from '../engine/movements.ts';
import { feeColumns, newPaymentRow } from '../engine/rows.ts';

/**
 * - `credited`: the invoice is paid by this settlement.
 * - `second_payment`: the invoice was already settled inside the ledger; this payment is booked on a
 *   row of its own (see bookSeparately).
 * - `short_payment`: the node received less than the invoice asked; booked on a row of its own, and the
 *   invoice stays unpaid.
 * - `no_amount`: the node reported no amount (or zero); nothing booked, the invoice stays unpaid.
 * - `already_paid`: this settlement was booked before (settlements arrive at least once).
 */
export type SettleOutcome =
  | 'credited'
  | 'second_payment'
  | 'short_payment'
  | 'no_amount'
  | 'already_paid'
  | 'unknown_invoice';

/**
 * An invoice of this service was paid at the node: book it once, all in one write unit. Idempotent by
 * payment hash (settlement events arrive at least once). Every settlement that carries money is booked:
 * - the invoice is unpaid (pending, or declined as expired: the money is here anyway) → it is paid with
 *   the amount the node received (BOLT #11 allows overpaying), its webhook queued;
 * - the invoice was settled inside the ledger (another account or a voucher paid it) and a payer outside
 *   paid it at the node too → that payment is credited to the invoice's account on a row of its own;
 * - the node received less than the invoice asked → credited on a row of its own; the invoice stays
 *   unpaid, so a checkout never ships for a part payment.
 * A settlement without an amount (or of zero) is not booked: it marks the invoice and is reported.
 */
export async function settleIncomingInvoice(deps: AppDeps, s: InvoiceSettlement): Promise<SettleOutcome> {
  const nowMs = deps.clock.nowMs();
  const outcome = await runPlainWrite(deps.db, (trx) => settleInUnit(deps, trx, s, nowMs));
  reportSettlement(deps, s, outcome);
  return outcome;
}

/**
 * settleIncomingInvoice's work inside the caller's write unit (which may also move a stream cursor). The
 * caller reports the outcome with reportSettlement once the unit committed.
 */
export async function settleInUnit(
  deps: AppDeps,
  trx: Kysely<DB>,
  s: InvoiceSettlement,
  nowMs: number,
): Promise<SettleOutcome> {
  const row = await findIncomingByHash(trx, s.paymentHash);
  if (row === undefined) return 'unknown_invoice';
  const outcome = await settleRow(deps, trx, row, s, nowMs);
  if (outcome !== 'already_paid' || row.status === 'paid') return outcome;
  // Another unit paid the invoice after this one read it (PostgreSQL: the conditional update waited
  // for it): decide again on the row as that unit left it.
  return settleRow(deps, trx, (await findIncomingByHash(trx, s.paymentHash))!, s, nowMs);
}

async function settleRow(
  deps: AppDeps,
  trx: Kysely<DB>,
  row: PaymentRow,
  s: InvoiceSettlement,
  nowMs: number,
): Promise<SettleOutcome> {
  const received = s.amountReceivedMsat;
  if (row.status === 'paid') {
    // Paid by a settlement of the node: this is that settlement again. Paid inside the ledger, or on
    // chain (a btc request's unified QR): the node accepted a payment as well, which is booked once.
    if (received <= 0n) return 'already_paid';
    if (row.route !== 'internal' && !(await paidOnChain(trx, row))) return 'already_paid';
    return (await bookSeparately(deps, trx, row, s, nowMs)) ? 'second_payment' : 'already_paid';
  }
  if (received <= 0n) {
    await markSettlementProblem(
      trx,
      row.id,
      'the node reported this invoice settled without an amount',
      nowMs,
    );
    return 'no_amount';
  }
  if (received < row.amount_msat) {
    if (!(await bookSeparately(deps, trx, row, s, nowMs))) return 'already_paid';
    await markSettlementProblem(
      trx,
      row.id,
      `short payment: the node received ${received} msat of ${row.amount_msat} msat`,
      nowMs,
    );
    return 'short_payment';
  }
  const fees = feesFor(deps, received, 'in');
  const moved = await transitionPayment(trx, row.id, ['pending', 'declined', 'undefined'], {
    status: 'paid',
    // A btc on-chain request (route chain) paid through its invoice was paid by Lightning.
    route: 'lightning',
    amount_msat: received,
    paid_at_ms: s.settledAtSec * 1000,
    ...feeColumns(fees),
    failure_reason: null,
    updated_at_ms: nowMs,
  });
  if (!moved) return 'already_paid';
  await lockAccountsInOrder(trx, accountsCreditedWith(row.account_id, fees));
  await creditIncoming(trx, { id: row.id, accountId: row.account_id, amountMsat: received, fees }, nowMs);
  await addInvoiceReceiptToRequest(trx, row.id, received, nowMs);
  await enqueuePaidWebhook(trx, row, received, nowMs);
  await enqueueZapReceipt(trx, row, s.settledAtSec * 1000, nowMs);
  await notifyNwcPayment(
    deps,
    trx,
    { payment: row.id, accountId: row.account_id, type: 'payment_received' },
    nowMs,
  );
  deps.paymentChanges.mayHaveChanged(row.public_id);
  return 'credited';
}

/**
 * A btc on-chain request paid by its deposits, not by a settlement of its invoice: no Lightning credit
 * (`pay:<id>:in`, see creditIncoming) was ever booked for it.
 */
async function paidOnChain(trx: Kysely<DB>, row: PaymentRow): Promise<boolean> {
  if (row.payment_mode !== 'onchain' || row.received_units <= 0n) return false;
  return !(await transferExists(trx, `pay:${row.id}:in`));
}

/** The ledger accounts crediting an incoming Lightning payment with these fees moves. */
const accountsCreditedWith = (accountId: bigint, fees: ServiceFees): AccountRef[] => [
  { owner: accountId },
  { system: 'lightning_node' },
  ...(fees.serviceFeeMsat > 0n ? [{ system: 'service_fees' as const }] : []),
  ...(fees.gstFeeMsat > 0n ? [{ system: 'gst' as const }] : []),
];

/**
 * Books a payment the node accepted that does not pay invoice `invoice`: a paid incoming row of the
 * invoice's account (its own tid, `second_payment_of` naming the invoice), credited what the node
 * received less the receive fees. No webhook: the requester's system knows the invoice's tid only.
 * False when it was booked before.
 */
async function bookSeparately(
  deps: AppDeps,
  trx: Kysely<DB>,
  invoice: PaymentRow,
  s: InvoiceSettlement,
  nowMs: number,
): Promise<boolean> {
  if ((await findSecondPayment(trx, invoice.id)) !== undefined) return false;
  const fees = feesFor(deps, s.amountReceivedMsat, 'in');
  await lockAccountsInOrder(trx, accountsCreditedWith(invoice.account_id, fees));
  const row = newPaymentRow(
    deps,
    {
      account_id: invoice.account_id,
      requester_account_id: invoice.account_id,
      direction: 'in',
      route: 'lightning',
      amount_msat: s.amountReceivedMsat,
      status: 'paid',
      invoice_type: invoice.invoice_type,
      description: invoice.description,
      paid_at_ms: BigInt(s.settledAtSec * 1000),
      ...feeColumns(fees),
      second_payment_of: invoice.id,
    },
    nowMs,
  );
  if (!(await insertSecondPayment(trx, row))) return false;
  await creditIncoming(
    trx,
    { id: row.id, accountId: row.account_id, amountMsat: row.amount_msat, fees },
    nowMs,
  );
  return true;
}

/** Logs and counts a settlement that needs an operator's eye; call after the unit committed. */
export function reportSettlement(deps: AppDeps, s: InvoiceSettlement, outcome: SettleOutcome): void {
  const at = { paymentHash: s.paymentHash, amountReceivedMsat: String(s.amountReceivedMsat) };
  switch (outcome) {
    case 'second_payment':
      deps.moneyCounters.secondPayments += 1;
      deps.log.warn(
        at,
        'invoice settled inside the ledger was paid at the node too; credited on its own row',
      );
      return;
    case 'short_payment':
      deps.moneyCounters.shortSettlements += 1;
      deps.log.warn(at, 'node received less than the invoice asked; credited on its own row, invoice unpaid');
      return;
    case 'no_amount':
      deps.moneyCounters.settlementsWithoutAmount += 1;
      deps.log.warn(at, 'node reported an invoice settled without an amount; not booked, invoice unpaid');
      return;
    case 'credited':
    case 'already_paid':
    case 'unknown_invoice':
      return;
  }
}
