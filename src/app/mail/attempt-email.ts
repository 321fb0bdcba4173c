import type { OutboxRow } from '../../db/repos/outbox.ts';
import type { AppDeps } from '../deps.ts';
import type { AttemptResult } from '../outbox/record-attempt.ts';

interface StoredMessage {
  subject: string;
  text: string;
  html: string;
}

function parseMessage(payload: string): StoredMessage | null {
  try {
    const m = JSON.parse(payload) as Partial<Record<keyof StoredMessage, unknown>>;
    if (typeof m.subject === 'string' && typeof m.text === 'string' && typeof m.html === 'string') {
      return { subject: m.subject, text: m.text, html: m.html };
    }
  } catch {
    // Reported below as a message that can never be sent.
  }
  return null;
}

/**
 * One submission of an e-mail row to the mailer (SMTP or the dev mailbox). A permanent refusal (SMTP
 * 5xx) is not retried; anything else is. Bounded by MAIL_TIMEOUT_MS (in the mailer).
 */
export async function attemptEmail(deps: AppDeps, row: OutboxRow): Promise<AttemptResult> {
  const startedAtMs = deps.clock.nowMs();
  const started = performance.now();
  const message = parseMessage(row.payload);
  if (message === null) {
    return {
      startedAtMs,
      durationMs: 0,
      verdict: 'failed',
      status: null,
      error: 'stored message is not {subject, text, html}',
      responseExcerpt: null,
      minRetryDelayMs: null,
    };
  }
  const r = await deps.mailer.send({
    eventId: row.event_id,
    from: deps.config.mail.from,
    to: row.destination,
    ...message,
  });
  const durationMs = Math.round(performance.now() - started);
  return r.ok
    ? {
        startedAtMs,
        durationMs,
        verdict: 'delivered',
        status: r.code,
        error: null,
        responseExcerpt: r.response,
        minRetryDelayMs: null,
      }
    : {
        startedAtMs,
        durationMs,
        verdict: r.permanent ? 'failed' : 'retry',
        status: r.code,
        error: r.error,
        responseExcerpt: null,
        minRetryDelayMs: null,
      };
}
