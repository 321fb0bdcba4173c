import type { OutboxRow } from '../../db/repos/outbox.ts';
import type { AppDeps } from '../deps.ts';
import type { AttemptResult } from '../outbox/record-attempt.ts';
import type { NostrEvent } from '../ports.ts';
import { NWC_NOTIFICATION_EVENT, notificationEvent, nwcKey, type QueuedNotification } from './events.ts';

/**
 * One attempt of an NWC event's outbox row: an answer (signed when it was queued) as is, or a
 * notification signed now (notificationEvent: the same event id at every attempt for NIP-44), published to the row's relay through the guarded one-shot publisher, so every attempt sends the
 * same event id. Delivered once the relay answered OK; retried on the webhook schedule when that may
 * help (no answer, a closed connection, `rate-limited:` or `error:`), failed for good when it cannot.
 */
export async function attemptNwcEvent(deps: AppDeps, row: OutboxRow): Promise<AttemptResult> {
  const startedAtMs = deps.clock.nowMs();
  const started = performance.now();
  let event: NostrEvent;
  if (row.event_type === NWC_NOTIFICATION_EVENT) {
    const key = nwcKey(deps);
    if (key === null) {
      return {
        startedAtMs,
        durationMs: 0,
        verdict: 'failed',
        status: null,
        error: 'NWC is off: NOSTR_SECRET_KEY or NWC_RELAYS is unset',
        responseExcerpt: null,
        minRetryDelayMs: null,
      };
    }
    event = notificationEvent(key, JSON.parse(row.payload) as QueuedNotification);
  } else event = JSON.parse(row.payload) as NostrEvent;
  const r = await deps.nostrPublish(row.destination, event, {
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
