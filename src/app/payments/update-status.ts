import { setStatusPayee } from '../../db/repos/payments.ts';
import type { PaymentStatus } from '../../domain/payments/vocabulary.ts';
import { err, type Result } from '../../domain/result.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';
import { runWrite } from '../write.ts';
import { findOwnPayment } from './check-payment.ts';
import type { Payment } from './payment.ts';

/**
 * The payee's own status of a request it receives (`status_payee`, pro variant): a note for its
 * dashboard and its clients. It never changes `status` and never moves money. Only the payee sets it:
 * the account that made the request for it (receiver_usertag) may read the payment but gets not_found
 * here, as for any payment it cannot act on.
 */
export async function updatePayeeStatus(
  deps: AppDeps,
  caller: Caller,
  tid: string,
  status: PaymentStatus,
): Promise<Result<Payment>> {
  const found = await findOwnPayment(deps, caller, tid);
  if (!found.ok) return found;
  if (found.value.direction !== 'in') {
    return err(
      'invalid_request',
      'status_payee is for payments the account receives, not ones it sent',
      'tid',
    );
  }
  const nowMs = deps.clock.nowMs();
  return runWrite(deps.db, async (trx) => {
    await setStatusPayee(trx, found.value.id, caller.accountId, status, nowMs);
    return { ...found.value, status_payee: status, updated_at_ms: BigInt(nowMs) };
  });
}
