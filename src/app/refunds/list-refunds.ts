import { listRefundsOf } from '../../db/repos/refunds.ts';
import type { AppDeps } from '../deps.ts';
import type { Payment } from '../payments/payment.ts';
import { type RefundView, refundView } from './view.ts';

/** Most refunds a payment record lists (a payment has few: each is at least one satoshi of it). */
export const REFUNDS_LISTED_MAX = 100;

/** A payment's refunds, oldest first, as its record lists them; none for a sent payment. */
export async function paymentRefunds(deps: AppDeps, p: Payment): Promise<RefundView[]> {
  if (p.direction !== 'in') return [];
  const nowMs = deps.clock.nowMs();
  const rows = await listRefundsOf(deps.db.read, p.id, REFUNDS_LISTED_MAX);
  return rows.map((r) => refundView(r, nowMs));
}
