import { findAccountDelivery, latestAttemptAtMs, rescheduleDelivery } from '../../db/repos/outbox.ts';
import { Abort, abort } from '../../domain/errors.ts';
import { err, type Result } from '../../domain/result.ts';
import type { AppDeps } from '../deps.ts';
import { redeliveryRefusal, reportToTarget } from '../outbox/status-sinks.ts';
import { runWrite } from '../write.ts';

/**
 * An e-mail goes to a person: it is sent again at most once per this long, so a key cannot make the
 * service flood an inbox by redelivering.
 */
export const EMAIL_REDELIVERY_COOLDOWN_MS = 10 * 60_000;

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
  /** As sent (http/wire/text.ts `idText`): '' when none was given. */
  deliveryId: string,
): Promise<Result<Redelivery>> {
  const id = deliveryId;
  if (id === '' || id.length > 200) {
    return err('invalid_request', 'delivery_id is required', 'delivery_id');
  }
  const nowMs = deps.clock.nowMs();
  return runWrite(deps.db, async (trx) => {
    const row = await findAccountDelivery(trx, accountId, id);
    if (row === undefined) return abort('not_found', `no delivery ${id}`, 'delivery_id');
    const refusal = await redeliveryRefusal(trx, deps.hooks, row, nowMs);
    if (refusal !== null) throw new Abort(refusal);
    if (row.kind === 'email') {
      const last = await latestAttemptAtMs(trx, row.id);
      const waitMs = last === null ? 0 : last + EMAIL_REDELIVERY_COOLDOWN_MS - nowMs;
      if (waitMs > 0) {
        const retryAfterSec = Math.ceil(waitMs / 1000);
        throw new Abort({
          code: 'rate_limited',
          message: `this e-mail was sent less than ${EMAIL_REDELIVERY_COOLDOWN_MS / 60_000} minutes ago; it can be sent again in ${retryAfterSec} s`,
          retryAfterSec,
        });
      }
    }
    if (!(await rescheduleDelivery(trx, row.id, nowMs))) {
      return abort(
        'state_conflict',
        'an attempt of this delivery is in progress; ask again in a few seconds',
      );
    }
    await reportToTarget(trx, deps, row, {
      channel: row.kind,
      outcome: 'queued',
      status: null,
      attemptedAtMs: nowMs,
      error: null,
    });
    return { deliveryId: id, nextAttemptAtMs: nowMs };
  });
}
