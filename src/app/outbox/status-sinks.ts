import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AppError } from '../../domain/errors.ts';
import type { AppHooks, DeliveryReport } from '../deps.ts';
import type { Logger } from '../ports.ts';

// Delivery results reach their target (a payment, a voucher, a batch) through the hook table's
// `deliveryStatus` sinks; whether a target may be delivered again, through its `redeliveryGuards`.

export type { DeliveryReport } from '../deps.ts';

/**
 * Why the row's target refuses that the delivery be sent now, or null (e.g. the e-mail of a voucher that
 * was revoked meanwhile would hand out a dead voucher). Runs before every attempt, the first included (a
 * refusal there records the delivery as not sent), and in a redelivery's unit (a refusal there refuses
 * the redelivery). The target kinds' guards are the hook table's `redeliveryGuards`.
 */
export async function sendRefusal(
  exec: Kysely<DB>,
  hooks: AppHooks,
  row: StoredTarget,
  nowMs: number,
): Promise<AppError | null> {
  if (row.target_kind === null || row.target_id === null) return null;
  const guard = hooks.redeliveryGuards[row.target_kind];
  return guard === undefined ? null : guard(exec, row.target_id, nowMs);
}

/** Why the row's target refuses a redelivery now, or null. */
export async function redeliveryRefusal(
  trx: Kysely<DB>,
  hooks: AppHooks,
  row: StoredTarget & { kind: 'webhook' | 'email' | 'nostr' },
  nowMs: number,
): Promise<AppError | null> {
  const why = await sendRefusal(trx, hooks, row, nowMs);
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
 * Hands `report` to the hook table's sink for the row's target, inside the caller's write unit. A row
 * without a target reports nowhere; a target kind without a sink is logged (its status is not updated).
 */
export async function reportToTarget(
  trx: Kysely<DB>,
  deps: { hooks: AppHooks; log: Logger },
  row: StoredTarget,
  report: DeliveryReport,
): Promise<void> {
  if (row.target_kind === null || row.target_id === null) return;
  const sink = deps.hooks.deliveryStatus[row.target_kind];
  if (sink === undefined) {
    deps.log.error(
      { outboxId: String(row.id), targetKind: row.target_kind },
      'no delivery status sink in the hook table for this target kind; its status was not updated',
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
