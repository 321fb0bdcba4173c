import type { Kysely } from 'kysely';
import { lockAccountsInOrder } from '../../db/repos/ledger.ts';
import { findIncomingByHash, transitionPayment } from '../../db/repos/payments.ts';
import type { DB } from '../../db/schema.ts';
import { paymentMayHaveChanged } from '../checkout/live-status.ts';
import type { AppDeps } from '../deps.ts';
import type { InvoiceSettlement } from '../ports.ts';
import { feeColumns } from './engine/rows.ts';
import { creditIncoming, enqueuePaidWebhook, feesFor } from './movements.ts';

export type SettleOutcome = 'credited' | 'already_paid' | 'unknown_invoice';

/**
 * An invoice of this service was paid from outside: credit its account once, mark it paid and queue its
 * webhook, all in one write unit. Idempotent by payment hash (settlement events arrive at least once). A
 * payment that arrives after the invoice was declined as expired is still credited: the money is here.
 * When more than the invoice asked arrives (BOLT #11 allows overpaying), the amount received is credited.
 */
export async function settleIncomingInvoice(deps: AppDeps, s: InvoiceSettlement): Promise<SettleOutcome> {
  const nowMs = deps.clock.nowMs();
  return deps.db.write((trx) => settleInUnit(deps, trx, s, nowMs));
}

/** settleIncomingInvoice's work inside the caller's write unit (which may also move a stream cursor). */
export async function settleInUnit(
  deps: AppDeps,
  trx: Kysely<DB>,
  s: InvoiceSettlement,
  nowMs: number,
): Promise<SettleOutcome> {
  const row = await findIncomingByHash(trx, s.paymentHash);
  if (row === undefined) return 'unknown_invoice';
  if (row.status === 'paid') return 'already_paid';
  const amountMsat = s.amountReceivedMsat > row.amount_msat ? s.amountReceivedMsat : row.amount_msat;
  const fees = feesFor(deps, amountMsat, 'in');
  const moved = await transitionPayment(trx, row.id, ['pending', 'declined', 'undefined'], {
    status: 'paid',
    amount_msat: amountMsat,
    paid_at_ms: s.settledAtSec * 1000,
    ...feeColumns(fees),
    failure_reason: null,
    updated_at_ms: nowMs,
  });
  if (!moved) return 'already_paid';
  await lockAccountsInOrder(trx, deps.db.dialect, [
    { owner: row.account_id },
    { system: 'lightning_node' },
    ...(fees.serviceFeeMsat > 0n ? [{ system: 'service_fees' as const }] : []),
    ...(fees.gstFeeMsat > 0n ? [{ system: 'gst' as const }] : []),
  ]);
  await creditIncoming(trx, { id: row.id, accountId: row.account_id, amountMsat, fees }, nowMs);
  await enqueuePaidWebhook(trx, row, amountMsat, nowMs);
  paymentMayHaveChanged(row.public_id);
  return 'credited';
}
