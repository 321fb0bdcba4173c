import { recheckDeclinedOutgoing } from '../app/payments/engine/late-success.ts';
import { RECONCILE_BATCH, reconcileOutgoing } from '../app/payments/settlement/reconcile-outgoing.ts';
import type { Job } from './runner.ts';

/**
 * Resolves outgoing Lightning payments whose outcome was unknown (in flight, timed out, or interrupted by
 * a restart) by asking the backend, and asks once more about payments declined a while ago. What it
 * cannot learn stays reserved for the next round. A full page means more pending payments lie behind the
 * cursor, so the next page follows at once; after the last page the walk starts over 30 s later.
 */
export const paymentsReconcileJob: Job = {
  name: 'payments-reconcile',
  async run(deps, signal) {
    const report = await reconcileOutgoing(deps, signal);
    await recheckDeclinedOutgoing(deps, signal);
    return report.checked >= RECONCILE_BATCH ? 0 : 30_000;
  },
  errorDelayMs: 30_000,
};
