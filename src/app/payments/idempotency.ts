import type { PaymentRow } from '../../db/repos/payments.ts';
import { err, ok, type Result } from '../../domain/result.ts';

/**
 * The answer to a request whose Idempotency-Key was used before: the earlier payment when the request is
 * the same, a conflict when the key was used for another request.
 */
export function replayOrConflict(earlier: PaymentRow, hash: string): Result<PaymentRow> {
  if (earlier.request_hash !== hash) {
    return err(
      'idempotency_conflict',
      'this Idempotency-Key was already used with a different request; use a new key for a new payment',
      'Idempotency-Key',
    );
  }
  return ok(earlier);
}
