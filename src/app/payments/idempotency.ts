import { err, ok, type Result } from '../../domain/result.ts';

/**
 * The answer to a request whose Idempotency-Key was used before: the earlier record (a payment, a voucher
 * batch) when the request is the same, a conflict when the key was used for another request. `what` names
 * the record in the conflict's message.
 */
export function replayOrConflict<T extends { request_hash: string | null }>(
  earlier: T,
  hash: string,
  what = 'payment',
): Result<T> {
  if (earlier.request_hash !== hash) {
    return err(
      'idempotency_conflict',
      `this Idempotency-Key was already used with a different request; use a new key for a new ${what}`,
      'Idempotency-Key',
    );
  }
  return ok(earlier);
}
