import {
  findIncomingByHash,
  findLatestOutgoingByHash,
  findPaymentByPublicId,
  listAccountPaymentsByHash,
  type PaymentRow,
} from '../../db/repos/payments.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';

const HASH = /^[0-9a-f]{64}$/;
const TID = /^[a-z0-9]{16}$/;

/**
 * A payment by its payment hash (64 hex characters), or, for one without a hash (a payment between two
 * accounts of this service by usertag), by `internal_<tid>` or its tid: LNbits' `checking_id`.
 * With a caller, only the caller's own payments (sent or received; of two rows of one hash, the newest);
 * without, any payment of the service, the invoice of this service first (LNbits answers whether a hash
 * is paid to anyone who asks, and so does its status call here: the caller learns only paid or not).
 */
export async function findPaymentByHash(
  deps: AppDeps,
  caller: Caller | null,
  ref: string,
): Promise<Result<PaymentRow>> {
  const text = ref.trim().toLowerCase();
  let row: PaymentRow | undefined;
  if (HASH.test(text)) {
    row =
      caller === null
        ? ((await findIncomingByHash(deps.db.read, text)) ??
          (await findLatestOutgoingByHash(deps.db.read, text)))
        : (await listAccountPaymentsByHash(deps.db.read, caller.accountId, text))[0];
  } else {
    const tid = text.startsWith('internal_') ? text.slice('internal_'.length) : text;
    if (TID.test(tid)) {
      const found = await findPaymentByPublicId(deps.db.read, tid);
      if (found !== undefined && (caller === null || found.account_id === caller.accountId)) row = found;
    }
  }
  return row === undefined ? err('not_found', 'Payment does not exist.') : ok(row);
}
