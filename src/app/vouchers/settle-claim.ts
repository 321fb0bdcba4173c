import type { Kysely } from 'kysely';
import type { PaymentRow } from '../../db/repos/payments.ts';
import {
  closeIfSettled,
  completeClaim,
  findBatch,
  findVoucherByClaim,
  releaseClaim,
} from '../../db/repos/vouchers.ts';
import type { DB } from '../../db/schema.ts';
import { batchState } from '../../domain/vouchers.ts';
import type { AppDeps } from '../deps.ts';
import { enqueueRedeemedWebhook, moveForRedemption } from './movements.ts';
import { batchFacts } from './view-voucher.ts';

/**
 * Settles the voucher behind an outgoing payment, inside the unit that posted or voided that payment
 * (the hook table's paymentResolved for voucher_claim, so the redeem request and the payments reconciler
 * both get here).
 * paid → the voucher is redeemed by the invoice and its webhook is queued; declined → the voucher's funds
 * go back into escrow and it is redeemable again, or, when its batch was revoked or expired while the
 * payment was under way, it counts as refunded (the void already gave the issuer the funds back).
 */
export async function settleVoucherClaim(
  deps: AppDeps,
  trx: Kysely<DB>,
  row: PaymentRow,
  outcome: 'paid' | 'declined',
  nowMs: number,
): Promise<void> {
  const voucher = await findVoucherByClaim(trx, row.id);
  if (voucher === undefined) return;
  const batch = await findBatch(trx, voucher.batch_id);
  if (batch === undefined) throw new Error(`voucher ${voucher.id} without its batch`);
  const ended = batchState(batchFacts(batch), nowMs, null) !== 'redeemable';
  if (outcome === 'paid') {
    const by = row.payreq ?? '';
    await completeClaim(trx, row.id, { mode: 'invoice', by, paymentId: row.id, nowMs });
    await enqueueRedeemedWebhook(
      trx,
      deps.config.publicUrl,
      batch,
      voucher,
      { by, paymentId: row.id },
      nowMs,
    );
  } else if (ended) {
    await releaseClaim(trx, row.id, nowMs);
  } else {
    await releaseClaim(trx, row.id, null);
    await moveForRedemption(trx, 'return', batch, voucher.code, row.id, nowMs);
  }
  if (ended) await closeIfSettled(trx, batch.id, nowMs);
}
