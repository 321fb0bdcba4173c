import { findPaymentById, findPaymentByPublicId, type PaymentRow } from '../../db/repos/payments.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';

const PUBLIC_ID = /^[a-z0-9]{16}$/;
const INTEGER_ID = /^[1-9]\d{0,15}$/;

/** A payment by its string tid, or by its integer id (a voucher's `redeemed_tid`, the /sapi tid). */
async function findByTid(deps: AppDeps, id: string): Promise<PaymentRow | undefined> {
  const byPublic = PUBLIC_ID.test(id) ? await findPaymentByPublicId(deps.db.read, id) : undefined;
  if (byPublic !== undefined || !INTEGER_ID.test(id)) return byPublic;
  return findPaymentById(deps.db.read, BigInt(id));
}

/**
 * One payment of the caller by its tid (the 16-character string) or its integer id: one the caller sent
 * or received, or a request the caller created for another account (receive with receiver_usertag).
 * Anything else is not found, never "forbidden", so a tid of someone else reveals nothing.
 */
export async function checkPayment(deps: AppDeps, caller: Caller, tid: string): Promise<Result<PaymentRow>> {
  const row = await findByTid(deps, tid);
  if (
    row === undefined ||
    (row.account_id !== caller.accountId && row.requester_account_id !== caller.accountId)
  ) {
    return notFound(tid);
  }
  return ok(row);
}

/**
 * One payment of the caller's own account (one it sent or received) by its tid or integer id, for
 * changes only that account may make. A request the caller made for another account is not found,
 * with the same answer as any payment of someone else.
 */
export async function findOwnPayment(
  deps: AppDeps,
  caller: Caller,
  tid: string,
): Promise<Result<PaymentRow>> {
  const row = await findByTid(deps, tid);
  if (row === undefined || row.account_id !== caller.accountId) return notFound(tid);
  return ok(row);
}

const notFound = (tid: string): Result<never> =>
  err('not_found', `no payment with tid "${tid.slice(0, 40)}"`, 'tid');
