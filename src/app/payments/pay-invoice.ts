import { isUniqueViolation } from '../../db/errors.ts';
import {
  findIncomingByHash,
  findLiveOutgoingByHash,
  insertPayment,
  type PaymentRow,
} from '../../db/repos/payments.ts';
import { abort } from '../../domain/errors.ts';
import { feeReserveRoundedUp, isExpired } from '../../domain/payments.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';
import type { DecodedInvoice, PayResult } from '../ports.ts';
import { runWrite } from '../write.ts';
import { thenCloseAtNode } from './close-settled-invoice.ts';
import { feesFor, reserveOutgoing } from './movements.ts';
import { feeColumns, newOutgoingRow, type SendDetails } from './outgoing-row.ts';
import { assertOwnInvoicePayable, settleOwnInvoice } from './own-invoice.ts';
import { resolveOutgoing } from './resolve-outgoing.ts';

export const ALREADY_PAYING = 'this invoice is already paid or being paid';

export interface PayInvoiceRequest {
  invoice: DecodedInvoice;
  /** What to pay: the invoice's amount, or the chosen amount of an amountless invoice. */
  amountMsat: bigint;
  invoiceType: 'invoice' | 'lnurl';
  details: SendDetails;
}

/**
 * Pays a BOLT11 invoice. An invoice of this service is settled inside the ledger (no backend, no network
 * fee); any other is paid through the Lightning backend: reserve, pay outside the write unit, then post
 * or void. Answers the outgoing payment: paid, or pending when the backend does not know the outcome yet.
 */
export async function payInvoice(
  deps: AppDeps,
  caller: Caller,
  req: PayInvoiceRequest,
): Promise<Result<PaymentRow>> {
  const inv = req.invoice;
  if (inv.network !== deps.config.lightning.network) {
    return err(
      'invoice_invalid',
      `the invoice is for ${inv.network}; this service pays ${deps.config.lightning.network} invoices`,
      'lightning_invoice',
    );
  }
  const nowMs = deps.clock.nowMs();
  if (isExpired(inv.expiresAtSec * 1000, nowMs)) {
    return err('invoice_expired', 'the invoice has expired', 'lightning_invoice');
  }
  const own = await findIncomingByHash(deps.db.read, inv.paymentHash);
  return own !== undefined ? payOwnInvoice(deps, caller, req, nowMs) : payExternal(deps, caller, req, nowMs);
}

const invoiceFields = (req: PayInvoiceRequest) => ({
  amount_msat: req.amountMsat,
  payment_hash: req.invoice.paymentHash,
  payreq: req.invoice.payreq,
  invoice_type: req.invoiceType,
  invoice_expires_at_ms: BigInt(req.invoice.expiresAtSec * 1000),
});

/** An invoice issued by this service: one write unit, as a usertag payment. */
function payOwnInvoice(
  deps: AppDeps,
  caller: Caller,
  req: PayInvoiceRequest,
  nowMs: number,
): Promise<Result<PaymentRow>> {
  const send = feesFor(deps, req.amountMsat, 'out');
  const receive = feesFor(deps, req.amountMsat, 'in');
  const settled = runWrite(deps.db, async (trx) => {
    const target = await findIncomingByHash(trx, req.invoice.paymentHash);
    if (target === undefined) throw new Error('own invoice vanished');
    assertOwnInvoicePayable(target, {
      payerAccountId: caller.accountId,
      amountMsat: req.amountMsat,
      nowMs,
      field: 'lightning_invoice',
      selfMessage: 'this invoice belongs to your own account',
      amountMessage: 'amount differs from the invoice amount',
    });
    const out = newOutgoingRow(
      deps,
      caller.accountId,
      req.details,
      {
        ...invoiceFields(req),
        route: 'internal',
        status: 'paid',
        paid_at_ms: BigInt(nowMs),
        counterpart_id: target.id,
        ...feeColumns(send),
      },
      nowMs,
    );
    if (!(await insertPayment(trx, out))) abort('idempotency_conflict', 'concurrent request with this key');
    await settleOwnInvoice(trx, {
      target,
      outId: out.id,
      payerAccountId: caller.accountId,
      amountMsat: req.amountMsat,
      send,
      receive,
      field: 'lightning_invoice',
      nowMs,
    });
    return out;
  });
  return thenCloseAtNode(deps, req.invoice.paymentHash, settled);
}

/** An invoice of another node: reserve, pay through the backend, then settle what it answered. */
async function payExternal(
  deps: AppDeps,
  caller: Caller,
  req: PayInvoiceRequest,
  nowMs: number,
): Promise<Result<PaymentRow>> {
  const backend = deps.lightning;
  if (backend === null) return err('lightning_unavailable', 'no Lightning backend is configured');
  const { feeReservePpm, feeReserveMinMsat, payTimeoutSec } = deps.config.payments;
  const row = newOutgoingRow(
    deps,
    caller.accountId,
    req.details,
    {
      ...invoiceFields(req),
      route: 'lightning',
      fee_reserve_msat: feeReserveRoundedUp(req.amountMsat, feeReservePpm, feeReserveMinMsat),
      ...feeColumns(feesFor(deps, req.amountMsat, 'out')),
    },
    nowMs,
  );
  const reserved = await runWrite(deps.db, async (trx) => {
    if (await findLiveOutgoingByHash(trx, row.payment_hash!)) {
      abort('invoice_already_paid', ALREADY_PAYING, 'lightning_invoice');
    }
    if (!(await insertPayment(trx, row))) abort('idempotency_conflict', 'concurrent request with this key');
    await reserveOutgoing(trx, row, nowMs);
    return row;
  }).catch((e: unknown) => {
    // A concurrent send of the same invoice won the unique index on live outgoing payment hashes.
    if (isUniqueViolation(e)) return err('invoice_already_paid', ALREADY_PAYING, 'lightning_invoice');
    throw e;
  });
  if (!reserved.ok) return reserved;

  let result: PayResult;
  try {
    result = await backend.payInvoice({
      payreq: req.invoice.payreq,
      amountMsat: req.amountMsat,
      maxFeeMsat: row.fee_reserve_msat,
      timeoutSec: payTimeoutSec,
    });
  } catch (e) {
    // The payment may or may not have left: it stays reserved and the reconciler asks the backend later.
    deps.log.error({ err: e, paymentId: String(row.id) }, 'Lightning backend failed during payInvoice');
    result = { status: 'pending' };
  }
  return asOutcome(await resolveOutgoing(deps, row, result));
}

/**
 * A sent payment as the sender is answered: paid or pending as itself, declined as the payment_failed
 * error naming its tid (a retry with the same Idempotency-Key answers the same).
 */
export function asOutcome(row: PaymentRow): Result<PaymentRow> {
  if (row.status === 'declined') {
    return err(
      'payment_failed',
      `the payment failed (${row.failure_reason ?? 'no route'}); no money was moved (tid ${row.public_id})`,
    );
  }
  return ok(row);
}
