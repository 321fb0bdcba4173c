import { type AccountRef, lockAccountsInOrder } from '../../../db/repos/ledger.ts';
import { findPaymentById, type PaymentRow, transitionPayment } from '../../../db/repos/payments.ts';
import { storableText } from '../../../domain/text.ts';
import type { AppDeps } from '../../deps.ts';
import { nwcOutgoingResolved } from '../../nwc/notify.ts';
import type { PayResult } from '../../ports.ts';
import { runPlainWrite } from '../../write.ts';
import { bookFeeOverrun, chargedRoutingFee } from './fee-overrun.ts';
import { recheckDelayMs } from './late-success.ts';
import { postOutgoing, voidOutgoing } from './movements.ts';

/** Every ledger account settling `row` may move: its reserve, its fees, and a voucher's escrow. */
const accountsMovedBy = (row: PaymentRow): AccountRef[] => [
  { owner: row.account_id },
  { system: 'lightning_node' },
  ...(row.service_fee_msat > 0n ? [{ system: 'service_fees' as const }] : []),
  ...(row.gst_fee_msat > 0n ? [{ system: 'gst' as const }] : []),
  ...(row.purpose === 'voucher_claim' ? [{ system: 'voucher_escrow' as const }] : []),
];

/**
 * Applies what the Lightning backend said about an outgoing payment: succeeded → post amount + actual
 * routing fee and take the service fees; failed → release the reserve; pending → nothing (it stays reserved
 * until the backend knows). Only a pending row changes, so the request and the reconciler may both report
 * the same outcome and the money still moves once. Answers the row as it is afterwards.
 */
export async function resolveOutgoing(
  deps: AppDeps,
  row: PaymentRow,
  result: PayResult,
): Promise<PaymentRow> {
  if (result.status === 'pending') return row;
  const nowMs = deps.clock.nowMs();
  let overran = false;
  const after = await runPlainWrite(deps.db, async (trx) => {
    overran = false;
    await lockAccountsInOrder(trx, accountsMovedBy(row));
    if (result.status === 'succeeded') {
      // The backend was told the limit; a larger fee is its fault. The account is charged the limit only.
      const feeMsat = chargedRoutingFee(row, result.feeMsat);
      const moved = await transitionPayment(trx, row.id, ['pending'], {
        status: 'paid',
        network_fee_msat: feeMsat,
        preimage: result.preimage,
        paid_at_ms: nowMs,
        updated_at_ms: nowMs,
      });
      if (moved) {
        await postOutgoing(trx, row, feeMsat, nowMs);
        await bookFeeOverrun(deps, trx, row, result.feeMsat, nowMs);
        if (feeMsat !== result.feeMsat) overran = true;
        await deps.hooks.paymentResolved[row.purpose]?.(deps, trx, row, 'paid', nowMs);
        await nwcOutgoingResolved(deps, trx, row, 'paid', nowMs);
      }
    } else {
      const moved = await transitionPayment(trx, row.id, ['pending'], {
        status: 'declined',
        failure_reason: storableText(result.reason.slice(0, 500)),
        // Asked about once more a little later: a misread failure must not hide a payment that left.
        recheck_at_ms: nowMs + recheckDelayMs(deps),
        updated_at_ms: nowMs,
      });
      if (moved) {
        await voidOutgoing(trx, row, nowMs);
        await deps.hooks.paymentResolved[row.purpose]?.(deps, trx, row, 'declined', nowMs);
        await nwcOutgoingResolved(deps, trx, row, 'declined', nowMs);
      }
    }
    return (await findPaymentById(trx, row.id))!;
  });
  if (overran) deps.moneyCounters.feeOverruns += 1;
  return after;
}
