import type { Kysely } from 'kysely';
import { insertOutboxRow } from '../../db/repos/outbox.ts';
import type { DB } from '../../db/schema.ts';

/** Host group of e-mails: they all go through one SMTP server (or into the dev mailbox). */
const MAIL_HOST = 'mail';

/**
 * The host a delivery's attempts go to, for fairness between receivers: a webhook URL's host with its
 * port (lower case), `mail` for every e-mail.
 */
export function deliveryHost(kind: 'webhook' | 'email' | 'nostr', destination: string): string {
  if (kind === 'email') return MAIL_HOST;
  try {
    return new URL(destination).host.toLowerCase();
  } catch {
    return '(invalid url)';
  }
}

/** What a delivery reports its status to (e.g. a payment's callback_status). */
export interface DeliveryTarget {
  kind: string;
  id: string;
}

export interface WebhookEvent {
  accountId: bigint;
  url: string;
  /** e.g. `payment.paid`, `voucher.redeemed` */
  type: string;
  /** The body exactly as the spec's Events table gives it. */
  body: Record<string, unknown>;
  /** Unique and stable: the `webhook-id` header of every attempt. */
  eventId: string;
  target: DeliveryTarget | null;
}

/**
 * Records a webhook to deliver, inside the caller's write unit, so it exists exactly when the state change
 * that causes it does. Delivery (signing, retries, callback_status) is the outbox dispatcher's job.
 */
export async function enqueueWebhook(trx: Kysely<DB>, e: WebhookEvent, nowMs: number): Promise<void> {
  await insertOutboxRow(trx, {
    kind: 'webhook',
    event_id: e.eventId,
    event_type: e.type,
    account_id: e.accountId,
    destination: e.url,
    dest_host: deliveryHost('webhook', e.url),
    payload: JSON.stringify(e.body),
    target_kind: e.target?.kind ?? null,
    target_id: e.target?.id ?? null,
    next_attempt_at_ms: nowMs,
    created_at_ms: nowMs,
  });
}

export interface EmailMessage {
  accountId: bigint | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** e.g. `otp`, `voucher`, `order_receipt` */
  type: string;
  eventId: string;
  target: DeliveryTarget | null;
}

/** Records an e-mail to send, inside the caller's write unit. */
export async function enqueueEmail(trx: Kysely<DB>, m: EmailMessage, nowMs: number): Promise<void> {
  await insertOutboxRow(trx, {
    kind: 'email',
    event_id: m.eventId,
    event_type: m.type,
    account_id: m.accountId,
    destination: m.to,
    dest_host: MAIL_HOST,
    payload: JSON.stringify({ subject: m.subject, text: m.text, html: m.html }),
    target_kind: m.target?.kind ?? null,
    target_id: m.target?.id ?? null,
    next_attempt_at_ms: nowMs,
    created_at_ms: nowMs,
  });
}
