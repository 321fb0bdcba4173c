import { findWebhookDelivery, rescheduleDelivery } from '../../db/repos/outbox.ts';
import { abort } from '../../domain/errors.ts';
import { err, type Result } from '../../domain/result.ts';
import type { AppDeps } from '../deps.ts';
import { runWrite } from '../write.ts';

export interface Redelivery {
  deliveryId: string;
  nextAttemptAtMs: number;
}

/**
 * Schedules the account's webhook delivery `deliveryId` (its event id) again, now, with a fresh retry
 * schedule and the same `webhook-id`, whatever its state. Refused while an attempt is in flight.
 */
export async function redeliverWebhook(
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
    const row = await findWebhookDelivery(trx, accountId, id);
    if (row === undefined) return abort('not_found', `no webhook delivery ${id}`, 'delivery_id');
    if (row.lease_until_ms !== null && row.lease_until_ms >= BigInt(nowMs)) {
      return abort('conflict', 'an attempt of this delivery is in progress; ask again in a few seconds');
    }
    await rescheduleDelivery(trx, row.id, nowMs);
    return { deliveryId: id, nextAttemptAtMs: nowMs };
  });
}
