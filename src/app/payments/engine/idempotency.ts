import { createHash } from 'node:crypto';
import { findByIdempotencyKey, type PaymentRow } from '../../../db/repos/payments.ts';
import { err, ok, type Result } from '../../../domain/result.ts';
import type { AppDeps } from '../../deps.ts';
import { asOutcome } from './pay-out.ts';

function canonical(value: unknown): unknown {
  if (typeof value === 'bigint') return `${value}n`;
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/**
 * Fingerprint of a request for Idempotency-Key: the operation and what was asked, key order ignored.
 * Given a parsed command, two requests that ask the same (`0.001` and `"0.001"`) are one request.
 */
export const requestHash = (operation: string, asked: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify([operation, canonical(asked ?? {})]))
    .digest('hex');

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
const idempotencyOf = (key: string | null, operation: string, asked: unknown): Idempotent | null =>
  key === null ? null : { key, hash: requestHash(operation, asked) };

/** A command's fingerprint: everything it asks, without its Idempotency-Key. */
export const commandIdempotency = <C extends { idempotencyKey: string | null }>(
  operation: string,
  command: C,
): Idempotent | null => {
  const { idempotencyKey, ...asked } = command;
  return idempotencyOf(idempotencyKey, operation, asked);
};

/**
 * The answer of an earlier payment request of the caller with this key: a replay, or a conflict when it
 * had another body. Undefined without a key or when the key is new.
 */
export async function replayPayment(
  deps: AppDeps,
  accountId: bigint,
  idem: Idempotent | null,
  opts: { asSent?: boolean } = {},
): Promise<Result<PaymentRow> | undefined> {
  if (idem === null) return undefined;
  const earlier = await findByIdempotencyKey(deps.db.read, accountId, idem.key);
  if (earlier === undefined) return undefined;
  const r = replayOrConflict(earlier, idem.hash);
  return r.ok && opts.asSent === true ? asOutcome(r.value) : r;
}

/**
 * A payment use case's answer: its result, or, when a concurrent request with the same key won the
 * insert (idempotency_conflict from the write unit), the winner's answer, as a retry would get it.
 */
export async function answerOrReplay(
  deps: AppDeps,
  accountId: bigint,
  idem: Idempotent | null,
  result: Result<PaymentRow>,
  opts: { asSent?: boolean } = {},
): Promise<Result<PaymentRow>> {
  if (result.ok || result.error.code !== 'idempotency_conflict') return result;
  return (await replayPayment(deps, accountId, idem, opts)) ?? result;
}
