import type { Kysely } from 'kysely';
import { type AccountRef, createTransfer } from '../../db/repos/ledger.ts';
import type { PayoutItemRow } from '../../db/repos/payouts.ts';
import type { DB } from '../../db/schema.ts';

/**
 * The ledger side of payouts. Every function runs inside the caller's write unit; transfer ids derive
 * from the batch or the item, so a replayed step is a no-op, never a second movement.
 *
 *   creation   payer → payout_escrow   Σ share of the items   `pob:<batch>:escrow`   ref payout_batch:<id>
 *   release    payout_escrow → payer   the item's share       `poi:<item>:release`   ref payout_item:<id>
 *              in the unit that inserts the item's payment (the payment then takes what it costs from
 *              the payer, as any send), or in the unit that ends an item that got no payment
 *
 * An item's share is amount + service fee + GST + fee reserve, what a send of it would reserve. An item
 * is released exactly once: its one transfer id.
 */

export const PAYOUT_ESCROW: AccountRef = { system: 'payout_escrow' };

export const shareOf = (
  i: Pick<PayoutItemRow, 'amount_msat' | 'service_fee_msat' | 'gst_fee_msat' | 'fee_reserve_msat'>,
): bigint => i.amount_msat + i.service_fee_msat + i.gst_fee_msat + i.fee_reserve_msat;

/** Escrows a new batch; aborts with insufficient_balance (rolling the unit back) when the payer cannot. */
export async function fundPayoutBatch(
  trx: Kysely<DB>,
  b: { id: bigint; accountId: bigint; reservedMsat: bigint },
  nowMs: number,
): Promise<void> {
  await createTransfer(
    trx,
    {
      id: `pob:${b.id}:escrow`,
      debit: { owner: b.accountId },
      credit: PAYOUT_ESCROW,
      asset: 'lbtc',
      amount: b.reservedMsat,
      code: 'payout_escrow',
      ref: `payout_batch:${b.id}`,
    },
    nowMs,
  );
}

/** Gives the item's share back to the payer: to pay it, or because it ended without a payment. */
export async function releasePayoutItem(
  trx: Kysely<DB>,
  item: PayoutItemRow,
  accountId: bigint,
  nowMs: number,
): Promise<void> {
  await createTransfer(
    trx,
    {
      id: `poi:${item.id}:release`,
      debit: PAYOUT_ESCROW,
      credit: { owner: accountId },
      asset: 'lbtc',
      amount: shareOf(item),
      code: 'payout_release',
      ref: `payout_item:${item.id}`,
    },
    nowMs,
  );
}
