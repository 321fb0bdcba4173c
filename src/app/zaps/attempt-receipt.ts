import type { EventTemplate } from 'nostr-tools/pure';
import type { OutboxRow } from '../../db/repos/outbox.ts';
import { signZapReceipt } from '../../domain/nostr/zap-receipt.ts';
import type { AppDeps } from '../deps.ts';
import type { AttemptResult } from '../outbox/record-attempt.ts';

/**
 * One attempt of a zap receipt's outbox row: signs the stored receipt with the service's key (its
 * `created_at` is the payment's time, so every attempt publishes the same event id) and publishes it to
 * the row's relay. Delivered once the relay answered OK; retried on the webhook schedule when it may help
 * (no answer, a closed connection, `rate-limited:` or `error:`); failed for good when it cannot (a
 * blocked address, `invalid:`, no key any more). Bounded by WEBHOOK_TIMEOUT_MS.
 */
export async function attemptZapReceipt(deps: AppDeps, row: OutboxRow): Promise<AttemptResult> {
  const startedAtMs = deps.clock.nowMs();
  const started = performance.now();
  const result = (
    verdict: AttemptResult['verdict'],
    error: string | null,
    excerpt: string | null = null,
  ): AttemptResult => ({
    startedAtMs,
    durationMs: Math.round(performance.now() - started),
    verdict,
    status: null,
    error,
    responseExcerpt: excerpt,
    minRetryDelayMs: null,
  });
  const secret = deps.config.nostr.secretKeyHex;
  if (secret === null) return result('failed', 'no Nostr key: NOSTR_SECRET_KEY is unset');
  const event = signZapReceipt(JSON.parse(row.payload) as EventTemplate, secret);
  const r = await deps.nostrPublish(row.destination, event, {
    timeoutMs: deps.config.webhooks.timeoutMs,
    allowPrivate: deps.config.nostr.allowPrivate,
  });
  if (r.ok) return result('delivered', null, r.message === '' ? null : r.message);
  // `timeout:` as webhooks write it, so the dispatcher's circuit breaker counts it.
  return result(r.retry ? 'retry' : 'failed', `${r.reason}: ${r.message}`);
}
