import { batchByPublicId, listBatches } from '../../db/repos/withdrawal-batches.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { AppDeps } from '../deps.ts';
import { withdrawalKeys } from './batch-keys.ts';
import { batchView, type WithdrawalBatchView } from './batch-view.ts';

/** One withdrawal batch by its id. */
export async function getWithdrawalBatch(
  deps: AppDeps,
  publicId: string,
): Promise<Result<WithdrawalBatchView>> {
  const b = /^[a-z0-9]{16}$/.test(publicId) ? await batchByPublicId(deps.db.read, publicId) : undefined;
  if (b === undefined) return err('not_found', `no withdrawal batch ${publicId}`);
  const keys = withdrawalKeys(deps);
  return ok(await batchView(deps.db.read, b, keys.ok ? keys.value.origin : undefined));
}

/** The newest withdrawal batches (at most 100). */
export async function listWithdrawalBatches(
  deps: AppDeps,
  opts: { limit: number },
): Promise<Result<WithdrawalBatchView[]>> {
  const limit = Math.min(Math.max(opts.limit, 1), 100);
  const keys = withdrawalKeys(deps);
  const origin = keys.ok ? keys.value.origin : undefined;
  const rows = await listBatches(deps.db.read, limit);
  return ok(await Promise.all(rows.map((b) => batchView(deps.db.read, b, origin))));
}
