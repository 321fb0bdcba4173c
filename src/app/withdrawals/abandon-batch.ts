import { batchById, batchByPublicId, markAbandoned } from '../../db/repos/withdrawal-batches.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { AppDeps } from '../deps.ts';
import { runPlainWrite } from '../write.ts';
import { btcTransactionsOf, withdrawalKeys } from './batch-keys.ts';
import { batchView, type WithdrawalBatchView } from './batch-view.ts';

/**
 * `paytag payouts abandon <batch>`: gives up a batch not yet broadcast. Its withdrawals go back to
 * `queued` (no batch, no fee share; they may be cancelled again or built into the next batch), its inputs
 * are freed. Refused once the batch is broadcast, and when the chain shows its transaction (the operator's
 * wallet may have broadcast it itself: the tracking job then follows it). With a chain set up that cannot
 * be reached, refused as well: an abandoned batch whose transaction later confirms would pay twice.
 */
export async function abandonWithdrawalBatch(
  deps: AppDeps,
  batchPublicId: string,
): Promise<Result<WithdrawalBatchView>> {
  const batch = await batchByPublicId(deps.db.read, batchPublicId);
  if (batch === undefined) return err('not_found', `no withdrawal batch ${batchPublicId}`);
  if (batch.status !== 'signing') {
    return err(
      'state_conflict',
      `batch ${batchPublicId} is ${batch.status}: only a batch still signing can be abandoned`,
    );
  }
  const chain = btcTransactionsOf(deps);
  if (chain !== null) {
    const seen = await chain.status(batch.txid);
    if (!seen.ok) {
      return err(
        'chain_unavailable',
        `cannot check that transaction ${batch.txid} is not on the chain: ${seen.error.reason}`,
      );
    }
    if (seen.value.state !== 'unknown') {
      return err(
        'state_conflict',
        `transaction ${batch.txid} of batch ${batchPublicId} is on the chain (${seen.value.state}): it cannot be abandoned; it is followed to confirmation`,
      );
    }
  }
  await runPlainWrite(deps.db, (trx) => markAbandoned(trx, batch.id, deps.clock.nowMs()));
  const now = await batchById(deps.db.read, batch.id);
  if (now === undefined) throw new Error(`withdrawal batch ${batch.id} vanished`);
  if (now.status !== 'abandoned') {
    return err(
      'state_conflict',
      `batch ${batchPublicId} is ${now.status}: only a batch still signing can be abandoned`,
    );
  }
  const keys = withdrawalKeys(deps);
  return ok(await batchView(deps.db.read, now, keys.ok ? keys.value.origin : undefined));
}
