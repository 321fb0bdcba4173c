import { findAccountDelivery, rescheduleDelivery } from '../../db/repos/outbox.ts';
import { abort } from '../../domain/errors.ts';
import { err, type Result } from '../../domain/result.ts';
import type { AppDeps } from '../deps.ts';
import { reportToTarget } from '../outbox/status-sinks.ts';
import { runWrite } from '../write.ts';

export interface Redelivery {
  deliveryId: string;
  nextAttemptAtMs: number;
}

/**
 * Schedules the account's delivery `deliveryId` (its event id), a webhook or an e-mail, again, now, with
 * a fresh retry schedule, whatever its state. It goes out as before: a webhook with the same
 * `webhook-id` and body, an e-mail with the same Message-ID and content to the same recipient. Refused
 * while an attempt is in flight. In the same write unit the delivery's target is told a new attempt is
 * queued (an e-mail's `email_status` says `pending` again).
 */
export async function redeliver(
  deps: AppDeps,
  accountId: bigint,
  deliveryId: unknown,
): Promise<Result<Redelivery>> {
  const id = typeof deliveryId === 'number' ? String(deliveryId) : deliveryId;
  if (typeof id !== 'string' || id === '' || id.length > 200) {
    return err('invalid_request', 'delivery_id is required', 'delivery_id');
  }
  const nowMs = deps.clock.nowMs();
  return runWrite(deps.db, async (trx) => {
    const row = await findAccountDelivery(trx, accountId, id);
    if (row === undefined) return abort('not_found', `no delivery ${id}`, 'delivery_id');
    if (!(await rescheduleDelivery(trx, row.id, nowMs))) {
      return abort('conflict', 'an attempt of this delivery is in progress; ask again in a few seconds');
    }
    await reportToTarget(
      trx,
      row,
      { channel: row.kind, outcome: 'queued', status: null, attemptedAtMs: nowMs, error: null },
      deps.log,
    );
    return { deliveryId: id, nextAttemptAtMs: nowMs };
  });
}
