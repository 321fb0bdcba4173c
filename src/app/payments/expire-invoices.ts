import { declineInvoices, listExpiredInvoiceIds } from '../../db/repos/payments.ts';
import type { AppDeps } from '../deps.ts';

/** Most invoices one round declines; a full batch means another round should follow at once. */
export const EXPIRE_BATCH = 500;

/**
 * Declines incoming invoices that are still unpaid at their expiry. A payment arriving later is still
 * credited (see settleIncomingInvoice). Answers how many were declined.
 */
export async function expireInvoices(deps: AppDeps): Promise<number> {
  const nowMs = deps.clock.nowMs();
  const ids = await listExpiredInvoiceIds(deps.db.read, nowMs, EXPIRE_BATCH);
  if (ids.length === 0) return 0;
  return deps.db.write((trx) => declineInvoices(trx, ids, nowMs));
}
