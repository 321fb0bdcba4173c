import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** What one delivery attempt means for the thing the delivery reports to (an outbox row's target). */
export interface DeliveryReport {
  channel: 'webhook' | 'email';
  /**
   * delivered: the receiver accepted it (2xx / SMTP accepted); retrying: this attempt failed and another
   * is scheduled; failed: no further attempt will be made (the failure is in the delivery record).
   */
  outcome: 'delivered' | 'retrying' | 'failed';
  /** HTTP status of this attempt (webhook) or SMTP reply code (e-mail); null when no answer came. */
  status: number | null;
  attemptedAtMs: number;
  /** Why the attempt failed; null when it was delivered. */
  error: string | null;
}

/**
 * Updates the target's status columns (e.g. `payments.callback_status`). Runs inside the write unit that
 * records the attempt, so it must only use `trx` (database work only, no network) and must not throw for
 * a missing target (the target may be gone; the delivery record keeps the outcome).
 */
export type DeliveryStatusSink = (trx: Kysely<DB>, targetId: string, report: DeliveryReport) => Promise<void>;

const sinks = new Map<string, DeliveryStatusSink>();

/**
 * Registers where deliveries of `target_kind = kind` report their status. Call it once, at module load,
 * from the module that enqueues such deliveries (so every process that can produce the event has it).
 * Registering the same function again is harmless; a different function for a taken kind is a bug.
 */
export function registerDeliveryStatusSink(kind: string, sink: DeliveryStatusSink): void {
  const existing = sinks.get(kind);
  if (existing !== undefined && existing !== sink) {
    throw new Error(`a delivery status sink for target kind "${kind}" is already registered`);
  }
  sinks.set(kind, sink);
}

export function deliveryStatusSink(kind: string): DeliveryStatusSink | undefined {
  return sinks.get(kind);
}

/**
 * The `email_status` value a report leads to: `success` once the SMTP server accepted the message,
 * `pending` while retries remain, `undefined` (the API's string) when the last attempt failed.
 * Before the first attempt the producer writes `pending` itself, in the unit that enqueues the e-mail.
 */
export function emailStatusOf(report: DeliveryReport): 'success' | 'pending' | 'undefined' {
  switch (report.outcome) {
    case 'delivered':
      return 'success';
    case 'retrying':
      return 'pending';
    case 'failed':
      return 'undefined';
  }
}
