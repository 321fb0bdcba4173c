import type { OutboxRow } from '../../db/repos/outbox.ts';
import type { AppDeps } from '../deps.ts';
import type { AttemptResult } from '../outbox/record-attempt.ts';
import type { NostrEvent } from '../ports.ts';

/**
 * One attempt of an NWC event's outbox row (an answer or a notification, signed when it was queued):
 * published as is to the row's relay through the guarded one-shot publisher, so every attempt sends the
 * same event id. Delivered once the relay answered OK; retried on the webhook schedule when that may
 * help (no answer, a closed connection, `rate-limited:` or `error:`), failed for good when it cannot.
 */
export async function attemptNwcEvent(deps: AppDeps, row: OutboxRow): Promise<AttemptResult> {
  const startedAtMs = deps.clock.nowMs();
  const started = performance.now();
  const r = await deps.nostrPublish(row.destination, JSON.parse(row.payload) as NostrEvent, {
    timeoutMs: deps.config.webhooks.timeoutMs,
    allowPrivate: deps.config.nostr.allowPrivate,
  });
  return {
    startedAtMs,
    durationMs: Math.round(performance.now() - started),
    verdict: r.ok ? 'delivered' : r.retry ? 'retry' : 'failed',
    status: null,
    // `timeout:` as webhooks write it, so the dispatcher's circuit breaker counts it.
    error: r.ok ? null : `${r.reason}: ${r.message}`,
    responseExcerpt: r.ok && r.message !== '' ? r.message : null,
    minRetryDelayMs: null,
  };
}
