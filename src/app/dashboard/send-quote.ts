import { feeReserveRoundedUp } from '../../domain/payments/fees.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { AppDeps } from '../deps.ts';
import type { SendCommand } from '../payments/commands.ts';
import { feesFor } from '../payments/engine/movements.ts';

export interface SendQuote {
  amountMsat: bigint;
  /** Service fee and its GST, as the send will book them. */
  serviceFeeMsat: bigint;
  /** The most routing fee the send may use (reserved up front; what is unused comes back). */
  routingFeeMaxMsat: bigint;
  totalMaxMsat: bigint;
}

/**
 * What a send will cost at most, from the same fee rules the send books (feesFor, feeReserveRoundedUp),
 * for the dashboard's confirmation step. A payment to a usertag moves inside the service: no routing fee.
 */
export function quoteSend(deps: AppDeps, cmd: SendCommand): Result<SendQuote> {
  const t = cmd.target;
  let amountMsat: bigint | null = t.amountMsat;
  if (t.kind === 'invoice') {
    const decoded = deps.decodeInvoice(t.payreq);
    if (!decoded.ok)
      return err('invoice_invalid', `not a valid BOLT11 invoice: ${decoded.message}`, 'lightning_invoice');
    amountMsat = decoded.invoice.amountMsat ?? t.amountMsat;
  }
  if (amountMsat === null) return err('invalid_request', 'this invoice has no amount: give amount', 'amount');
  const fees = feesFor(deps, amountMsat, 'out');
  const { feeReservePpm, feeReserveMinMsat } = deps.config.payments;
  const routingFeeMaxMsat =
    t.kind === 'usertag' ? 0n : feeReserveRoundedUp(amountMsat, feeReservePpm, feeReserveMinMsat);
  const serviceFeeMsat = fees.serviceFeeMsat + fees.gstFeeMsat;
  return ok({
    amountMsat,
    serviceFeeMsat,
    routingFeeMaxMsat,
    totalMaxMsat: amountMsat + serviceFeeMsat + routingFeeMaxMsat,
  });
}
