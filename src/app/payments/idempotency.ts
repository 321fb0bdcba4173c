import { findByIdempotencyKey, type PaymentRow } from '../../db/repos/payments.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { AppDeps } from '../deps.ts';
import { requestHash } from './input.ts';

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

/** An Idempotency-Key and the fingerprint of its request. */
export interface Idempotent {
  key: string;
  hash: string;
}

/** The key and request fingerprint to check, or null without a key (nothing is hashed then). */
export const idempotencyOf = (key: string | null, operation: string, body: unknown): Idempotent | null =>
  key === null ? null : { key, hash: requestHash(operation, body) };

/**
 * The answer of an earlier payment request of the caller with this key: a replay, or a conflict when it
 * had another body. Undefined without a key or when the key is new.
 */
export async function replayPayment(
  deps: AppDeps,
  accountId: bigint,
  idem: Idempotent | null,
): Promise<Result<PaymentRow> | undefined> {
  if (idem === null) return undefined;
  const earlier = await findByIdempotencyKey(deps.db.read, accountId, idem.key);
  return earlier === undefined ? undefined : replayOrConflict(earlier, idem.hash);
}
