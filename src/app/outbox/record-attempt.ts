import type { Kysely } from 'kysely';
import { insertAttempt, type OutboxRow, setAttemptedState } from '../../db/repos/outbox.ts';
import type { DB } from '../../db/schema.ts';
import { storableText } from '../../domain/text.ts';
import { RETRY_DELAYS_MS, retryDelayMs } from '../../domain/webhooks.ts';
import type { AppHooks } from '../deps.ts';
import type { Logger } from '../ports.ts';
import { type DeliveryReport, reportToTarget } from './status-sinks.ts';

// Recording an attempt of the outbox delivery engine together with the row's next state and the
// target's status. The queries are in db/repos/outbox.ts.

/** Longest response or server reply kept per attempt. */
const RESPONSE_EXCERPT_MAX_CHARS = 1024;
/** Longest error text kept per attempt. */
const ERROR_MAX_CHARS = 500;

/** What one attempt found out, before it is recorded. */
export interface AttemptResult {
  startedAtMs: number;
  durationMs: number;
  /** delivered; retry: worth trying again later; failed: never worth trying again. */
  verdict: 'delivered' | 'retry' | 'failed';
  status: number | null;
  error: string | null;
  responseExcerpt: string | null;
  /** The least wait the receiver asked for (Retry-After), if any. */
  minRetryDelayMs: number | null;
}

/** What an attempt leads to (an attempt is never `queued`: that is a redelivery being scheduled). */
export type AttemptOutcome = Exclude<DeliveryReport['outcome'], 'queued'>;

/** At most `max` characters of text from outside, storable on both databases. */
const clip = (s: string | null, max: number): string | null =>
  s === null ? null : storableText(s.length > max ? `${s.slice(0, max)}…` : s);

/**
 * Records one attempt in one write unit: the attempt row, the outbox row's next state (delivered;
 * pending with the next retry time; or failed when the schedule is used up) and the target's status via
 * its sink in the hook table. Applies only while `owner` still holds the lease: if another worker took the row
 * over meanwhile, only the attempt row is kept (it did happen) and the other worker decides the state.
 * Returns the outcome, or null when the lease had been lost.
 */
export async function recordAttempt(
  trx: Kysely<DB>,
  row: OutboxRow,
  owner: string,
  a: AttemptResult,
  nowMs: number,
  deps: { hooks: AppHooks; log: Logger },
): Promise<AttemptOutcome | null> {
  await insertAttempt(trx, {
    outbox_id: row.id,
    started_at_ms: a.startedAtMs,
    duration_ms: a.durationMs,
    outcome: a.verdict,
    status: a.status,
    error: clip(a.error, ERROR_MAX_CHARS),
    response_excerpt: clip(a.responseExcerpt, RESPONSE_EXCERPT_MAX_CHARS),
  });

  const attempts = Number(row.attempts) + 1;
  const delayMs = a.verdict === 'retry' ? retryDelayMs(attempts) : null;
  const outcome: AttemptOutcome =
    a.verdict === 'delivered' ? 'delivered' : delayMs === null ? 'failed' : 'retrying';
  const lastError = clip(
    outcome === 'failed' && a.verdict === 'retry'
      ? `gave up after ${attempts} attempts: ${a.error}`
      : a.error,
    ERROR_MAX_CHARS,
  );
  // A receiver's Retry-After may lengthen the wait, up to the schedule's longest step.
  const longestMs = RETRY_DELAYS_MS[RETRY_DELAYS_MS.length - 1] ?? 0;
  const waitMs = delayMs === null ? 0 : Math.max(delayMs, Math.min(a.minRetryDelayMs ?? 0, longestMs));

  const kept = await setAttemptedState(trx, row.id, owner, {
    state: outcome === 'delivered' ? 'delivered' : outcome === 'failed' ? 'failed' : 'pending',
    attempts,
    nextAttemptAtMs: outcome === 'retrying' ? nowMs + waitMs : row.next_attempt_at_ms,
    lastStatus: a.status,
    lastError,
    deliveredAtMs: outcome === 'delivered' ? nowMs : null,
  });
  if (!kept) return null;

  await reportToTarget(trx, deps, row, {
    channel: row.kind,
    outcome,
    status: a.status,
    attemptedAtMs: a.startedAtMs,
    error: outcome === 'delivered' ? null : lastError,
  });
  return outcome;
}

/** Starts the `last_error` of a delivery its target refused before any attempt: this service's own words. */
export const NOT_SENT = 'not sent: ';

/**
 * Records that the row was not sent because its target refused it before the attempt (e.g. the voucher
 * of a voucher e-mail was revoked or redeemed meanwhile): the row is `failed` with `not sent: <why>`, no
 * attempt is counted or logged (nothing was sent), and the target is told the delivery failed. Applies
 * only while `owner` holds the lease; answers whether it did.
 */
export async function recordNotSent(
  trx: Kysely<DB>,
  row: OutboxRow,
  owner: string,
  why: string,
  nowMs: number,
  deps: { hooks: AppHooks; log: Logger },
): Promise<boolean> {
  const lastError = clip(`${NOT_SENT}${why}`, ERROR_MAX_CHARS);
  const kept = await setAttemptedState(trx, row.id, owner, {
    state: 'failed',
    attempts: Number(row.attempts),
    nextAttemptAtMs: row.next_attempt_at_ms,
    lastStatus: null,
    lastError,
    deliveredAtMs: null,
  });
  if (!kept) return false;
  await reportToTarget(trx, deps, row, {
    channel: row.kind,
    outcome: 'failed',
    status: null,
    attemptedAtMs: nowMs,
    error: lastError,
  });
  return true;
}
