import type { AppError } from '../../domain/errors.ts';
import { httpStatusOf } from '../errors.ts';

/**
 * A refusal in LNbits' words and status (lnbits/lnbits `lnbits/exceptions.py` @7d98c6b): `{detail}`, and
 * for a payment or an invoice that could not be made (its `PaymentError`, `InvoiceError`) status 520
 * with `status` "failed" (nothing was paid) or "pending" (not known yet).
 */
export class LnbitsError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly paymentStatus?: 'failed' | 'pending' | 'success',
    readonly retryAfterSec?: number,
  ) {
    super(detail);
    this.name = 'LnbitsError';
  }
}

/** LNbits' status for one of ours: it answers 400 where we say 409 or 422 (its ValueError, HTTPException 400). */
export function lnbitsStatus(status: number): number {
  return status === 409 || status === 422 ? 400 : status;
}

/** A use case's refusal in LNbits' status. */
export const lnbitsErrorOf = (e: AppError): LnbitsError =>
  new LnbitsError(lnbitsStatus(httpStatusOf(e.code)), e.message, undefined, e.retryAfterSec);

/**
 * A refusal of creating or paying (LNbits' `InvoiceError`, `PaymentError`): 520 with `status` "failed",
 * nothing was paid; a request that was not understood stays a 400, a limit 429, an instance going away 503.
 */
export function paymentErrorOf(e: AppError): LnbitsError {
  const status = httpStatusOf(e.code);
  if (
    status === 400 ||
    status === 401 ||
    status === 403 ||
    status === 413 ||
    status === 429 ||
    status === 503
  ) {
    return lnbitsErrorOf(e);
  }
  return new LnbitsError(520, e.message, 'failed');
}
