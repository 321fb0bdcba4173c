import type { AppError, ErrorCode } from '../domain/errors.ts';

/** The one place where error codes become HTTP statuses. Exhaustive: a new code must be mapped here. */
export function httpStatusOf(code: ErrorCode): number {
  switch (code) {
    case 'invalid_request':
    case 'usertag_invalid':
    case 'email_invalid':
    case 'invoice_invalid':
    case 'amount_mismatch':
    case 'lnurl_invalid':
    case 'pair_unknown':
      return 400;
    case 'unauthorized':
      return 401;
    case 'forbidden_key_kind':
      return 403;
    case 'not_found':
    case 'sandbox_only':
    case 'usertag_not_found':
      return 404;
    case 'usertag_taken':
    case 'email_taken':
    case 'transfer_exists_different':
    case 'transfer_not_pending':
    case 'idempotency_conflict':
    case 'invoice_already_paid':
    case 'voucher_already_redeemed':
    case 'conflict':
    case 'order_not_open':
      return 409;
    case 'payload_too_large':
      return 413;
    case 'insufficient_balance':
    case 'balance_limit_exceeded':
    case 'self_payment':
    case 'invoice_expired':
    case 'amount_out_of_range':
    case 'lnurl_unreachable':
    case 'payment_failed':
    case 'voucher_expired':
    case 'voucher_revoked':
    case 'pair_closed':
    case 'amount_below_minimum':
    case 'price_off_tick':
    case 'price_stale':
      return 422;
    case 'rate_limited':
      return 429;
    case 'lightning_unavailable':
    case 'chain_unavailable':
    case 'storage_full':
    case 'price_unavailable':
    case 'shutting_down':
      return 503;
    default: {
      const unmapped: never = code;
      throw new Error(`unmapped error code ${String(unmapped)}`);
    }
  }
}

/** Thrown by a route with an expected failure; the family's error handler writes it in the family's shape. */
export class HttpError extends Error {
  readonly status: number;
  constructor(readonly error: AppError) {
    super(error.message);
    this.name = 'HttpError';
    this.status = httpStatusOf(error.code);
  }
}

/** Unwraps a use case result for a route: the value, or an HttpError thrown for the family to answer. */
export function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: AppError }): T {
  if (!r.ok) throw new HttpError(r.error);
  return r.value;
}

export const badRequest = (message: string, field?: string): HttpError =>
  new HttpError(
    field === undefined ? { code: 'invalid_request', message } : { code: 'invalid_request', message, field },
  );
