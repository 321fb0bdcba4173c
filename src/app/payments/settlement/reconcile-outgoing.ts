import { listPendingOutgoingAfter } from '../../../db/repos/payments.ts';
import { setSweepPosition, sweepPosition } from '../../cursors.ts';
import type { AppDeps } from '../../deps.ts';
import { askNodeForOutcome } from '../engine/late-success.ts';
import { resolveOutgoing } from '../engine/resolve-outgoing.ts';

export const RECONCILE_BATCH = 100;

export interface ReconcileReport {
  checked: number;
  resolved: number;
}

/**
 * Asks the Lightning backend about outgoing payments whose outcome is still unknown (in flight, a timeout,
 * or a restart between reserve and result) and settles the ones it knows. Only payments older than the
 * send timeout plus a margin are asked about, so a send still waiting for its own answer is left alone.
 * A backend that cannot answer leaves the payment reserved: never voided on a guess. Rounds walk all
 * pending payments with a cursor over (created_at_ms, id): payments that stay pending at the node for
 * days stay behind the cursor and never keep a later one from being asked about.
 */
export async function reconcileOutgoing(deps: AppDeps, signal?: AbortSignal): Promise<ReconcileReport> {
  const backend = deps.lightning;
  const settleMs = (deps.config.payments.payTimeoutSec + 30) * 1000;
  const after = sweepPosition(deps.db, SWEEPER);
  const rows = await listPendingOutgoingAfter(
    deps.db.read,
    deps.clock.nowMs() - settleMs,
    after,
    RECONCILE_BATCH,
  );
  const last = rows[rows.length - 1];
  setSweepPosition(
    deps.db,
    SWEEPER,
    rows.length < RECONCILE_BATCH || last === undefined ? null : { atMs: last.created_at_ms, id: last.id },
  );
  let resolved = 0;
  for (const row of rows) {
    if (signal?.aborted) break;
    const result = await askNodeForOutcome(deps, backend, row, 'the payment stays pending');
    if (result === null) continue;
    const after = await resolveOutgoing(deps, row, result);
    if (after.status !== 'pending') resolved += 1;
  }
  return { checked: rows.length, resolved };
}

const SWEEPER = 'payments-reconcile';
