import { type DeliveryRow, listAccountDeliveries, listLatestAttempts } from '../../db/repos/outbox.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { AppDeps } from '../deps.ts';
import { NOT_SENT } from '../outbox/record-attempt.ts';

/** Most deliveries one listing returns. */
export const DELIVERIES_LIST_MAX = 100;
export const DELIVERIES_LIST_DEFAULT = 20;
/** Most attempts shown per delivery (the newest). */
const ATTEMPTS_SHOWN_MAX = 20;

export interface AttemptView {
  startedAtMs: number;
  durationMs: number;
  outcome: 'delivered' | 'retry' | 'failed';
  status: number | null;
  error: string | null;
  responseExcerpt: string | null;
}

export interface DeliveryView {
  /** The event id: a webhook's `webhook-id` header; an e-mail's Message-ID is derived from it. */
  deliveryId: string;
  channel: 'webhook' | 'email' | 'nostr';
  eventType: string;
  /** Webhook: the callback URL without any user:password part. E-mail: `mailto:<recipient as stored>`. */
  url: string;
  state: 'pending' | 'delivered' | 'failed';
  /** Attempts of the current round (a redelivery starts a new round). */
  attempts: number;
  /** HTTP status (webhook) or SMTP reply code (e-mail) of the latest attempt. */
  lastStatus: number | null;
  lastError: string | null;
  /** When the next attempt is due; null once delivered or failed. */
  nextAttemptAtMs: number | null;
  createdAtMs: number;
  deliveredAtMs: number | null;
  /** Newest first. */
  attemptLog: AttemptView[];
}

function withoutCredentials(url: string): string {
  try {
    const u = new URL(url);
    if (u.username === '' && u.password === '') return url;
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return url;
  }
}

/** Where the delivery goes, as the account is shown it. */
const urlOf = (r: Pick<DeliveryRow, 'kind' | 'destination'>): string =>
  r.kind === 'email' ? `mailto:${r.destination}` : withoutCredentials(r.destination);

const num = (v: bigint | null): number | null => (v === null ? null : Number(v));

/**
 * What an account is shown for a failed e-mail attempt. The SMTP server's words describe the operator's
 * mail set-up (host names, addresses, ports, authentication), not the account's, so they stay in the
 * attempt record for the operator; the reply code is shown as the attempt's status.
 */
export const MAIL_ERROR_SHOWN = 'the mail server did not take the message; the operator can see why';

// A delivery refused before any attempt carries this service's own reason (a revoked voucher), not the
// mail server's words: that one is shown.
const shownError = (kind: DeliveryRow['kind'], error: string | null): string | null =>
  error === null || kind !== 'email' || error.startsWith(NOT_SENT) ? error : MAIL_ERROR_SHOWN;

/**
 * The account's deliveries, webhooks and e-mails, newest first, each with its latest attempts. E-mails
 * enqueued for no account (account_id null) are nobody's and appear in no listing.
 */
export async function listDeliveries(
  deps: AppDeps,
  accountId: bigint,
  limit: number = DELIVERIES_LIST_DEFAULT,
): Promise<Result<DeliveryView[]>> {
  if (!Number.isInteger(limit) || limit < 1 || limit > DELIVERIES_LIST_MAX) {
    return err('invalid_request', `limit must be a whole number from 1 to ${DELIVERIES_LIST_MAX}`, 'limit');
  }
  const db = deps.db.read;
  const rows = await listAccountDeliveries(db, accountId, limit);
  if (rows.length === 0) return ok([]);

  const attempts = await listLatestAttempts(
    db,
    rows.map((r) => r.id),
    ATTEMPTS_SHOWN_MAX,
  );
  const kindOf = new Map(rows.map((r) => [r.id, r.kind]));
  const byRow = new Map<bigint, AttemptView[]>();
  for (const a of attempts) {
    const list = byRow.get(a.outbox_id) ?? [];
    list.push({
      startedAtMs: Number(a.started_at_ms),
      durationMs: Number(a.duration_ms),
      outcome: a.outcome,
      status: num(a.status),
      error: shownError(kindOf.get(a.outbox_id) ?? 'email', a.error),
      responseExcerpt: a.response_excerpt,
    });
    byRow.set(a.outbox_id, list);
  }

  return ok(
    rows.map((r) => ({
      deliveryId: r.event_id,
      channel: r.kind,
      eventType: r.event_type,
      url: urlOf(r),
      state: r.state,
      attempts: Number(r.attempts),
      lastStatus: num(r.last_status),
      lastError: shownError(r.kind, r.last_error),
      nextAttemptAtMs: r.state === 'pending' ? Number(r.next_attempt_at_ms) : null,
      createdAtMs: Number(r.created_at_ms),
      deliveredAtMs: num(r.delivered_at_ms),
      attemptLog: byRow.get(r.id) ?? [],
    })),
  );
}
