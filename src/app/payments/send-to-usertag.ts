import { findRecipientId, insertPayment, type PaymentRow } from '../../db/repos/payments.ts';
import { abort } from '../../domain/errors.ts';
import { err, type Result } from '../../domain/result.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';
import { runWrite } from '../write.ts';
import { feesFor, moveInternal } from './movements.ts';
import { feeColumns, newOutgoingRow, type SendDetails } from './outgoing-row.ts';

/**
 * Pays another account of this service by usertag: one write unit, instant, no network fee. The sender
 * gets a paid outgoing row, the receiver a paid incoming row; both are in their histories.
 */
export async function sendToUsertag(
  deps: AppDeps,
  caller: Caller,
  p: { usertag: string; amountMsat: bigint; details: SendDetails },
): Promise<Result<PaymentRow>> {
  if (p.usertag === caller.usertag) {
    return err('self_payment', 'cannot send to your own usertag', 'usertag');
  }
  const nowMs = deps.clock.nowMs();
  const send = feesFor(deps, p.amountMsat, 'out');
  const receive = feesFor(deps, p.amountMsat, 'in');
  const inId = BigInt(deps.ids.randomInt53());
  const out = newOutgoingRow(
    deps,
    caller.accountId,
    p.details,
    {
      route: 'internal',
      amount_msat: p.amountMsat,
      status: 'paid',
      paid_at_ms: BigInt(nowMs),
      counterpart_id: inId,
      receiver_usertag: p.usertag,
      ...feeColumns(send),
    },
    nowMs,
  );
  return runWrite(deps.db, async (trx) => {
    const receiverId = await findRecipientId(trx, p.usertag);
    if (receiverId === undefined)
      abort('usertag_not_found', `no account with usertag "${p.usertag}"`, 'usertag');
    if (!(await insertPayment(trx, out))) abort('idempotency_conflict', 'concurrent request with this key');
    await insertPayment(trx, {
      ...out,
      id: inId,
      public_id: deps.ids.publicId(16),
      account_id: receiverId!,
      requester_account_id: receiverId!,
      direction: 'in',
      counterpart_id: out.id,
      customer_name: null,
      order_id: null,
      extra: '{}',
      ...feeColumns(receive),
      idempotency_key: null,
      request_hash: null,
    });
    await moveInternal(
      trx,
      {
        outId: out.id,
        senderId: caller.accountId,
        receiverId: receiverId!,
        amountMsat: p.amountMsat,
        send,
        receive,
      },
      nowMs,
    );
    return out;
  });
}
