/**
 * Every expected failure has a literal code. `http/errors.ts` maps each code to an HTTP status with an
 * exhaustive switch, so adding a code here without mapping it fails the typecheck.
 */
export type ErrorCode =
  | 'invalid_request'
  | 'unauthorized'
  | 'forbidden_key_kind'
  | 'account_disabled'
  | 'not_found'
  | 'payload_too_large'
  | 'rate_limited'
  | 'usertag_invalid'
  | 'usertag_taken'
  | 'email_invalid'
  | 'email_taken'
  | 'insufficient_balance'
  | 'balance_limit_exceeded'
  | 'transfer_exists_different'
  | 'transfer_not_pending'
  | 'idempotency_conflict'
  | 'sandbox_only'
  | 'usertag_not_found'
  | 'self_payment'
  | 'invoice_invalid'
  | 'invoice_expired'
  | 'invoice_already_paid'
  | 'amount_mismatch'
  | 'amount_out_of_range'
  | 'lnurl_invalid'
  | 'lnurl_unreachable'
  | 'payment_failed'
  | 'lightning_unavailable'
  | 'chain_unavailable'
  | 'storage_full'
  | 'shutting_down'
  | 'voucher_already_redeemed'
  | 'voucher_expired'
  | 'voucher_revoked'
  /** A payment that cannot be refunded: a sent one, or one received in an asset refunds do not pay. */
  | 'payment_not_refundable'
  /** A count or cap the account may not pass (resting orders, live trade credentials). */
  | 'limit_reached'
  /**
   * The thing is not in a state that allows the operation (already disabled, already paid, an attempt
   * under way, changed since it was read, or taken by a concurrent request): look again, then retry.
   */
  | 'state_conflict'
  | 'price_unavailable'
  | 'pair_unknown'
  | 'pair_closed'
  | 'amount_below_minimum'
  | 'price_off_tick'
  | 'price_stale'
  | 'order_not_open';

export interface AppError {
  code: ErrorCode;
  message: string;
  /** The request field the error is about, when there is one. */
  field?: string;
  /** For `rate_limited`, `storage_full` and `shutting_down`: seconds until asking again may succeed (HTTP sends it as Retry-After). */
  retryAfterSec?: number;
}

/**
 * Thrown inside a write unit to roll it back with an expected failure (`abort`; the database throws one
 * itself for `storage_full`). `runWrite` (app/write.ts) turns it back into a value. From a unit run with
 * `runPlainWrite` it is thrown on: an HTTP error handler answers it with its code like an HttpError
 * (http/family.ts `toProblem`), a job's runner logs it and retries the round.
 */
export class Abort extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
    this.name = 'Abort';
  }
}

export const abort = (code: ErrorCode, message: string, field?: string): never => {
  throw new Abort(field === undefined ? { code, message } : { code, message, field });
};
