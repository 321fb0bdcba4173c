import type { Kysely } from 'kysely';
import { createTransfer } from '../../../db/repos/ledger.ts';
import type { PaymentRow } from '../../../db/repos/payments.ts';
import type { DB } from '../../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { paymentRef } from './movements.ts';

/**
 * The routing fee the account is charged: what the node paid, at most the reserve (the limit the node
 * was given; a larger fee is the node's fault, not the account holder's).
 */
export const chargedRoutingFee = (row: PaymentRow, paidFeeMsat: bigint): bigint =>
  paidFeeMsat > row.fee_reserve_msat ? row.fee_reserve_msat : paidFeeMsat;

/**
 * Books the part of a routing fee above the reserve, inside the unit that books the payment: it moves
 * from the `fee_overrun` system account (the operator's loss) to `lightning_node`, so that account
 * matches what the node really paid out. Logged and counted; a no-op when the fee was within the reserve.
 */
export async function bookFeeOverrun(
  deps: AppDeps,
  trx: Kysely<DB>,
  row: PaymentRow,
  paidFeeMsat: bigint,
  nowMs: number,
): Promise<void> {
  const overrun = paidFeeMsat - chargedRoutingFee(row, paidFeeMsat);
  if (overrun <= 0n) return;
  await createTransfer(
    trx,
    {
      id: `pay:${row.id}:fee_overrun`,
      debit: { system: 'fee_overrun' },
      credit: { system: 'lightning_node' },
      asset: 'lbtc',
      amount: overrun,
      code: 'payment_fee_overrun',
      ref: paymentRef(row.id),
    },
    nowMs,
  );
  deps.log.error(
    {
      paymentId: String(row.id),
      feeMsat: String(paidFeeMsat),
      limitMsat: String(row.fee_reserve_msat),
      overrunMsat: String(overrun),
    },
    'Lightning backend paid more routing fee than allowed; the excess is booked to fee_overrun',
  );
}
