import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AppError } from '../../domain/errors.ts';
import type { Logger } from '../ports.ts';

/**
 * What happened to a delivery, for the thing the delivery reports to (an outbox row's target): one
 * attempt's result, or a new round of attempts being scheduled.
 */
export interface DeliveryReport {
  channel: 'webhook' | 'email';
  /**
   * delivered: the receiver accepted it (2xx / SMTP accepted); retrying: this attempt failed and another
   * is scheduled; failed: no further attempt will be made (the failure is in the delivery record);
   * queued: no attempt was made, a new one is scheduled (a redelivery), so `status` is null.
   */
  outcome: 'delivered' | 'retrying' | 'failed' | 'queued';
  /** HTTP status of this attempt (webhook) or SMTP reply code (e-mail); null when no answer came. */
  status: number | null;
  /** When the attempt started; for `queued`, when the redelivery was scheduled. */
  attemptedAtMs: number;
  /** Why the attempt failed; null when it was delivered or queued. */
  error: string | null;
}

/**
 * Updates the target's status columns (e.g. `payments.callback_status`). Runs inside the write unit that
 * records the attempt (or schedules the redelivery), so it must only use `trx` (database work only, no
 * network) and must not throw for a missing target (the target may be gone; the delivery record keeps
 * the outcome).
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
 * Whether a delivery to a target may be sent now: null when it may, else why not (e.g. the e-mail of a
 * voucher that was revoked meanwhile would hand out a dead voucher). Runs before every attempt, the first
 * included (a refusal there records the delivery as not sent), and in a redelivery's unit (a refusal
 * there refuses the redelivery).
 */
export type RedeliveryGuard = (trx: Kysely<DB>, targetId: string, nowMs: number) => Promise<AppError | null>;

const guards = new Map<string, RedeliveryGuard>();

/** Registers the redelivery guard of `target_kind = kind`; kinds without one may always be redelivered. */
export function registerRedeliveryGuard(kind: string, guard: RedeliveryGuard): void {
  const existing = guards.get(kind);
  if (existing !== undefined && existing !== guard) {
    throw new Error(`a redelivery guard for target kind "${kind}" is already registered`);
  }
  guards.set(kind, guard);
}

/** Why the row's target refuses that the delivery be sent now, or null. */
export async function sendRefusal(
  exec: Kysely<DB>,
  row: StoredTarget,
  nowMs: number,
): Promise<AppError | null> {
  if (row.target_kind === null || row.target_id === null) return null;
  const guard = guards.get(row.target_kind);
  return guard === undefined ? null : guard(exec, row.target_id, nowMs);
}

/** Why the row's target refuses a redelivery now, or null. */
export async function redeliveryRefusal(
  trx: Kysely<DB>,
  row: StoredTarget & { kind: 'webhook' | 'email' },
  nowMs: number,
): Promise<AppError | null> {
  const why = await sendRefusal(trx, row, nowMs);
  if (why === null) return null;
  const what = row.kind === 'email' ? 'the e-mail' : 'the webhook';
  return { ...why, message: `${what} is not sent again: ${why.message}` };
}

/** An outbox row's target, as stored (`target_kind`, `target_id`; both null when it reports nowhere). */
export interface StoredTarget {
  id: bigint;
  target_kind: string | null;
  target_id: string | null;
}

/**
 * Hands `report` to the sink registered for the row's target, inside the caller's write unit. A row
 * without a target reports nowhere; a target kind without a sink is logged (its status is not updated).
 */
export async function reportToTarget(
  trx: Kysely<DB>,
  row: StoredTarget,
  report: DeliveryReport,
  log: Logger,
): Promise<void> {
  if (row.target_kind === null || row.target_id === null) return;
  const sink = deliveryStatusSink(row.target_kind);
  if (sink === undefined) {
    log.error(
      { outboxId: String(row.id), targetKind: row.target_kind },
      'no delivery status sink registered for this target kind; its status was not updated',
    );
    return;
  }
  await sink(trx, row.target_id, report);
}

/**
 * The `email_status` value a report leads to: `success` once the SMTP server accepted the message,
 * `pending` while retries remain or once a redelivery is scheduled, `undefined` (the API's string) when
 * the last attempt failed. Before the first attempt the producer writes `pending` itself, in the unit
 * that enqueues the e-mail.
 */
export function emailStatusOf(report: DeliveryReport): 'success' | 'pending' | 'undefined' {
  switch (report.outcome) {
    case 'delivered':
      return 'success';
    case 'retrying':
    case 'queued':
      return 'pending';
    case 'failed':
      return 'undefined';
  }
}
