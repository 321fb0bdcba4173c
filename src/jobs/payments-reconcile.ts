import { RECONCILE_BATCH, reconcileOutgoing } from '../app/payments/reconcile-outgoing.ts';
import type { Job } from './runner.ts';

/**
 * Resolves outgoing Lightning payments whose outcome was unknown (in flight, timed out, or interrupted by
 * a restart) by asking the backend. What it cannot learn stays reserved for the next round.
 */
export const paymentsReconcileJob: Job = {
  name: 'payments-reconcile',
  async run(deps, signal) {
    const report = await reconcileOutgoing(deps, signal);
    return report.checked >= RECONCILE_BATCH && report.resolved > 0 ? 0 : 30_000;
  },
  errorDelayMs: 30_000,
};
