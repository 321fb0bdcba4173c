import { lockAccountsInOrder } from '../../db/repos/ledger.ts';
import { findBatch, listEndedOpenBatches } from '../../db/repos/vouchers.ts';
import type { AppDeps } from '../deps.ts';
import { runPlainWrite } from '../write.ts';
import { issuerAndEscrow, refundBatch } from './movements.ts';

/** Batches one sweeper round handles at most. */
export const EXPIRY_BATCH = 50;

export interface ExpiryReport {
  batches: number;
  refunded: number;
}

/**
 * Returns the escrow of every unredeemed voucher of expired (and revoked) batches to their issuers, one
 * write unit per batch, and closes them. A batch with a payment still under way stays open until that
 * payment settles. Concurrent redemptions, revokes and sweepers agree through the conditional updates.
 */
export async function expireVouchers(deps: AppDeps, signal?: AbortSignal): Promise<ExpiryReport> {
  const nowMs = deps.clock.nowMs();
  const ids = await listEndedOpenBatches(deps.db.read, nowMs, EXPIRY_BATCH);
  let refunded = 0;
  let batches = 0;
  for (const id of ids) {
    if (signal?.aborted) break;
    refunded += await runPlainWrite(deps.db, async (trx) => {
      const batch = await findBatch(trx, id);
      if (batch !== undefined) await lockAccountsInOrder(trx, issuerAndEscrow(batch));
      return batch === undefined || batch.closed_at_ms !== null ? 0 : refundBatch(trx, batch, nowMs);
    });
    batches += 1;
  }
  return { batches, refunded };
}
