import { findIncomingByHash, listInvoicePaymentsOf, type PaymentRow } from '../../db/repos/payments.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';

/** A page of an LNDhub list: at most `limit` rows after skipping `offset`. */
export interface ListPage {
  limit: number;
  offset: number;
}

/**
 * The caller's outgoing Lightning payments, paid or still under way (LNDhub's gettxs; declined ones moved
 * nothing and are left out, as LNbits' extension leaves them out), newest first.
 */
export const sentPayments = async (deps: AppDeps, caller: Caller, page: ListPage): Promise<PaymentRow[]> =>
  listInvoicePaymentsOf(deps.db.read, caller.accountId, 'out', ['paid', 'pending'], page);

/** The caller's invoices, paid, open or expired (LNDhub's getuserinvoices), newest first. */
export const receivedInvoices = async (
  deps: AppDeps,
  caller: Caller,
  page: ListPage,
): Promise<PaymentRow[]> =>
  listInvoicePaymentsOf(deps.db.read, caller.accountId, 'in', ['paid', 'pending', 'declined'], page);

/**
 * Whether the caller's invoice with that payment hash is paid (LNDhub's checkpayment). An invoice of
 * another account is not found, with the same answer as an unknown hash.
 */
export async function invoicePaid(
  deps: AppDeps,
  caller: Caller,
  paymentHash: string,
): Promise<Result<boolean>> {
  const row = await findIncomingByHash(deps.db.read, paymentHash);
  if (
    row === undefined ||
    (row.account_id !== caller.accountId && row.requester_account_id !== caller.accountId)
  ) {
    return err('not_found', 'no invoice of this account with that payment hash', 'payment_hash');
  }
  return ok(row.status === 'paid');
}
