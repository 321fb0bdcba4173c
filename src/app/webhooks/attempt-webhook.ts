import type { OutboxRow } from '../../db/repos/outbox.ts';
import { classifyWebhookStatus, retryAfterMs, webhookHeaders } from '../../domain/webhooks.ts';
import type { AppDeps } from '../deps.ts';
import type { AttemptResult } from '../outbox/record-attempt.ts';

/** Refusals of the destination itself: asking again later cannot help. */
const PERMANENT_FAILURES = new Set(['invalid_url', 'blocked_address']);

/**
 * One POST of a webhook row: the stored payload bytes exactly, signed per Standard Webhooks with the
 * row's event id (stable across retries) and this attempt's timestamp. Bounded by WEBHOOK_TIMEOUT_MS.
 */
export async function attemptWebhook(
  deps: AppDeps,
  row: OutboxRow,
  secrets: readonly string[],
): Promise<AttemptResult> {
  const startedAtMs = deps.clock.nowMs();
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  if (secrets.length === 0) {
    return {
      startedAtMs,
      durationMs: 0,
      verdict: 'failed',
      status: null,
      error: 'the account of this webhook no longer exists',
      responseExcerpt: null,
      minRetryDelayMs: null,
    };
  }
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'paytag-webhooks/1',
    ...webhookHeaders(secrets, row.event_id, Math.floor(startedAtMs / 1000), row.payload),
  };
  const res = await deps.webhookPost(row.destination, {
    headers,
    body: row.payload,
    timeoutMs: deps.config.webhooks.timeoutMs,
    maxBytes: deps.config.webhooks.responseMaxBytes,
    allowPrivate: deps.config.webhooks.allowPrivate,
  });
  const durationMs = elapsed();
  if (!res.ok) {
    return {
      startedAtMs,
      durationMs,
      verdict: PERMANENT_FAILURES.has(res.reason) ? 'failed' : 'retry',
      status: null,
      error: `${res.reason}: ${res.message}`,
      responseExcerpt: null,
      minRetryDelayMs: null,
    };
  }
  const verdict = classifyWebhookStatus(res.status);
  return {
    startedAtMs,
    durationMs,
    verdict,
    status: res.status,
    error:
      verdict === 'delivered'
        ? null
        : `receiver answered HTTP ${res.status}${verdict === 'failed' ? ' (not retried)' : ''}`,
    responseExcerpt: res.body === '' ? null : res.body,
    minRetryDelayMs: verdict === 'retry' ? retryAfterMs(res.headers['retry-after'], startedAtMs) : null,
  };
}
