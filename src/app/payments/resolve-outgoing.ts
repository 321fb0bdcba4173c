import type { Kysely } from 'kysely';
import { findPaymentById, type PaymentRow, transitionPayment } from '../../db/repos/payments.ts';
import type { DB } from '../../db/schema.ts';
import { storableText } from '../../domain/text.ts';
import type { AppDeps } from '../deps.ts';
import type { PayResult } from '../ports.ts';
import { bookFeeOverrun, chargedRoutingFee } from './fee-overrun.ts';
import { recheckDelayMs } from './late-success.ts';
import { postOutgoing, voidOutgoing } from './movements.ts';

/**
 * Runs inside the write unit that settles an outgoing payment, after its ledger moved, so what a feature
 * keeps about the payment (a voucher redeemed through it) changes in the same transaction, whether the
 * request or the reconciler learnt the outcome. Database work only; it must not abort.
 */
export type OutgoingResolvedHook = (
  deps: AppDeps,
  trx: Kysely<DB>,
  row: PaymentRow,
  outcome: 'paid' | 'declined',
  nowMs: number,
) => Promise<void>;

const resolvedHooks = new Set<OutgoingResolvedHook>();

/** Registering the same function again is harmless. */
export function onOutgoingResolved(hook: OutgoingResolvedHook): void {
  resolvedHooks.add(hook);
}

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
  const after = await deps.db.write(async (trx) => {
    overran = false;
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
        for (const hook of resolvedHooks) await hook(deps, trx, row, 'paid', nowMs);
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
        for (const hook of resolvedHooks) await hook(deps, trx, row, 'declined', nowMs);
      }
    }
    return (await findPaymentById(trx, row.id))!;
  });
  if (overran) deps.moneyCounters.feeOverruns += 1;
  return after;
}
