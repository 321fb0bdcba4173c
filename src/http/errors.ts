import type { AppError, ErrorCode } from '../domain/errors.ts';

/**
 * The one place where error codes become HTTP statuses. Exhaustive: a new code must be mapped here (the
 * typecheck fails otherwise). The OpenAPI document lists these codes as the errors' `code`.
 */
const STATUS_OF: { readonly [code in ErrorCode]: number } = {
  invalid_request: 400,
  usertag_invalid: 400,
  email_invalid: 400,
  invoice_invalid: 400,
  amount_mismatch: 400,
  lnurl_invalid: 400,
  pair_unknown: 400,
  unauthorized: 401,
  forbidden_key_kind: 403,
  account_disabled: 403,
  not_found: 404,
  sandbox_only: 404,
  usertag_not_found: 404,
  usertag_taken: 409,
  email_taken: 409,
  transfer_exists_different: 409,
  transfer_not_pending: 409,
  idempotency_conflict: 409,
  invoice_already_paid: 409,
  voucher_already_redeemed: 409,
  limit_reached: 409,
  state_conflict: 409,
  order_not_open: 409,
  payload_too_large: 413,
  insufficient_balance: 422,
  balance_limit_exceeded: 422,
  self_payment: 422,
  invoice_expired: 422,
  amount_out_of_range: 422,
  lnurl_unreachable: 422,
  payment_failed: 422,
  voucher_expired: 422,
  voucher_revoked: 422,
  payment_not_refundable: 422,
  pair_closed: 422,
  amount_below_minimum: 422,
  price_off_tick: 422,
  price_stale: 422,
  rate_limited: 429,
  lightning_unavailable: 503,
  chain_unavailable: 503,
  storage_full: 503,
  price_unavailable: 503,
  shutting_down: 503,
};

export function httpStatusOf(code: ErrorCode): number {
  return STATUS_OF[code];
}

/** Every error code, in the order of their statuses. */
export const ERROR_CODES = Object.keys(STATUS_OF) as ErrorCode[];

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
