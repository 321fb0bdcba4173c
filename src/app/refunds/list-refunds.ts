import { listRefundsOf } from '../../db/repos/refunds.ts';
import type { AppDeps } from '../deps.ts';
import type { Payment } from '../payments/payment.ts';
import { type RefundView, refundView } from './view.ts';

/** Most refunds a payment record lists (a payment has few: each is at least one satoshi of it). */
export const REFUNDS_LISTED_MAX = 100;

/**
 * A payment's refunds, oldest first, as its record lists them to `caller`: only to the payee, who made
 * them (a refund's link is a bearer credential: the account that made the request for the payee reads
 * the payment, not its refunds); none for a sent payment.
 */
export async function paymentRefunds(
  deps: AppDeps,
  caller: { accountId: bigint },
  p: Payment,
): Promise<RefundView[]> {
  if (p.direction !== 'in' || p.account_id !== caller.accountId) return [];
  const nowMs = deps.clock.nowMs();
  const rows = await listRefundsOf(deps.db.read, p.id, REFUNDS_LISTED_MAX);
  return rows.map((r) => refundView(r, nowMs));
}
