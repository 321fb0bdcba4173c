import { declineInvoices, listExpiredInvoices } from '../../db/repos/payments.ts';
import type { AppDeps } from '../deps.ts';
import type { InvoiceState } from '../ports.ts';
import { settleIncomingInvoice } from './settle-incoming.ts';

/** Most invoices one round looks at; a full batch means another round should follow at once. */
export const EXPIRE_BATCH = 500;

/**
 * Declines incoming invoices still unpaid at their expiry. Each is first looked up on the Lightning node:
 * one that was settled while its settlement event was missed (the service was down, a stream broke) is
 * credited instead. An invoice is declined only on the node's word: while the node does not answer,
 * expired invoices stay pending and are asked about again next round (a settlement missed then would
 * otherwise never be credited). A payment arriving after the decline is still credited (see
 * settleIncomingInvoice). Answers how many invoices the round decided.
 */
export async function expireInvoices(deps: AppDeps): Promise<number> {
  const nowMs = deps.clock.nowMs();
  const expired = await listExpiredInvoices(deps.db.read, nowMs, EXPIRE_BATCH);
  const unpaid: bigint[] = [];
  let decided = 0;
  for (const inv of expired) {
    let state: InvoiceState | null = null;
    if (deps.lightning !== null && inv.payment_hash !== null) {
      state = await deps.lightning.lookupInvoice(inv.payment_hash).catch(() => null);
      if (state === null) {
        deps.log.warn(
          { deferred: expired.length - decided },
          'Lightning node did not answer; expired invoices stay pending until it does',
        );
        break;
      }
    }
    decided += 1;
    if (state?.state === 'settled' && inv.payment_hash !== null) {
      const outcome = await settleIncomingInvoice(deps, {
        paymentHash: inv.payment_hash,
        amountReceivedMsat: state.amountReceivedMsat ?? 0n,
        settledAtSec: state.settledAtSec ?? Math.floor(nowMs / 1000),
      });
      // A short payment (booked on its own row) or one without an amount does not pay the invoice.
      if (outcome !== 'credited') unpaid.push(inv.id);
    } else {
      unpaid.push(inv.id);
    }
  }
  if (unpaid.length > 0) await deps.db.write((trx) => declineInvoices(trx, unpaid, nowMs));
  return decided;
}
