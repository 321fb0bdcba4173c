import type { Result } from '../../../domain/result.ts';
import type { AppDeps } from '../../deps.ts';
import { settleIncomingInvoice } from '../settlement/settle-incoming.ts';

/**
 * An invoice of this service settled inside the ledger (paid by another account, or a voucher redeemed
 * to it) is still open at the node, where a payer outside could pay it too. This cancels it there. A
 * payment the node accepted before the cancel is booked (settleIncomingInvoice credits it on a row of
 * its own). Cancelling only narrows the window: a node that cannot cancel (or a payment racing the
 * cancel) still delivers its settlement, and that is booked the same way.
 */
async function closeSettledInvoiceAtNode(deps: AppDeps, paymentHash: string): Promise<void> {
  const backend = deps.lightning;
  let r: Awaited<ReturnType<typeof backend.cancelInvoice>>;
  try {
    r = await backend.cancelInvoice(paymentHash);
  } catch (e) {
    deps.log.warn({ err: e, paymentHash }, 'cancelling an invoice settled inside the ledger failed');
    return;
  }
  switch (r.status) {
    case 'settled':
      await settleIncomingInvoice(deps, {
        paymentHash,
        amountReceivedMsat: r.amountReceivedMsat,
        settledAtSec: r.settledAtSec,
      });
      return;
    case 'unknown':
      deps.log.info(
        { paymentHash, reason: r.reason },
        'invoice settled inside the ledger stays open at the node; a payment there is still booked',
      );
      return;
    case 'canceled':
    case 'not_found':
      return;
  }
}

/**
 * Passes `settled` through; when it settled an own invoice, cancels that invoice at the node after the
 * answer (a background task: the payer does not wait for the node).
 */
export async function thenCloseAtNode<T>(
  deps: AppDeps,
  paymentHash: string,
  settled: Promise<Result<T>>,
): Promise<Result<T>> {
  const r = await settled;
  if (r.ok) {
    deps.background.run('cancel an invoice settled inside the ledger', () =>
      closeSettledInvoiceAtNode(deps, paymentHash),
    );
  }
  return r;
}
