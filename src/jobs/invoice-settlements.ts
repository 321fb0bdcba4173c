import { creditSettlement, openSettlementStream } from '../app/payments/settlement/settlement-cursor.ts';
import type { Job } from './runner.ts';

/**
 * Listens to the Lightning backend for invoices of this node paid from outside and credits them. One
 * round lasts until the service stops; delivery is at least once and settling is idempotent by payment
 * hash, so several processes may listen at the same time. The stream resumes after the last settlement
 * credited (the cursor stored per node), so invoices paid while the service was down arrive at once.
 */
export const invoiceSettlementsJob: Job = {
  name: 'invoice-settlements',
  async run(deps, signal) {
    const backend = deps.lightning;
    const start = await openSettlementStream(deps, backend);
    if (!start.ok) return 5_000;
    const { key, fromCursor } = start.value;
    if (fromCursor !== null) deps.log.info({ key, fromCursor }, 'settlement stream resumes after cursor');
    backend.subscribeSettlements(
      async (s) => {
        try {
          const outcome = await creditSettlement(deps, key, s);
          if (outcome === 'unknown_invoice') {
            deps.log.warn({ paymentHash: s.paymentHash }, 'settled invoice is not a payment of this service');
          }
        } catch (e) {
          // Rethrown so the backend delivers the settlement again; logged here with its hash.
          deps.log.error({ err: e, paymentHash: s.paymentHash }, 'crediting a settled invoice failed');
          throw e;
        }
      },
      signal,
      fromCursor ?? undefined,
    );
    await new Promise<void>((resolve) => {
      if (signal.aborted) resolve();
      else signal.addEventListener('abort', () => resolve(), { once: true });
    });
    return 0;
  },
  errorDelayMs: 5_000,
};
