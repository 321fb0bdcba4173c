import { settleIncomingInvoice } from '../app/payments/settle-incoming.ts';
import type { Job } from './runner.ts';

/**
 * Listens to the Lightning backend for invoices of this node paid from outside and credits them. One
 * round lasts until the service stops; delivery is at least once and settling is idempotent by payment
 * hash, so several processes may listen at the same time.
 */
export const invoiceSettlementsJob: Job = {
  name: 'invoice-settlements',
  async run(deps, signal) {
    const backend = deps.lightning;
    if (backend === null) return 60_000;
    backend.subscribeSettlements(async (s) => {
      try {
        const outcome = await settleIncomingInvoice(deps, s);
        if (outcome === 'unknown_invoice') {
          deps.log.warn({ paymentHash: s.paymentHash }, 'settled invoice is not a payment of this service');
        }
      } catch (e) {
        // Rethrown so the backend delivers the settlement again; logged here with its hash.
        deps.log.error({ err: e, paymentHash: s.paymentHash }, 'crediting a settled invoice failed');
        throw e;
      }
    }, signal);
    await new Promise<void>((resolve) => {
      if (signal.aborted) resolve();
      else signal.addEventListener('abort', () => resolve(), { once: true });
    });
    return 0;
  },
  errorDelayMs: 5_000,
};
