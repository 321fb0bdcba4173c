import { createTransfer } from '../../../db/repos/ledger.ts';
import {
  listDueRechecks,
  type PaymentRow,
  setRecheckAt,
  transitionPayment,
} from '../../../db/repos/payments.ts';
import type { AppDeps } from '../../deps.ts';
import { notifyNwcPayment } from '../../nwc/notify.ts';
import type { LightningBackend, PayResult } from '../../ports.ts';
import { runPlainWrite, runWrite } from '../../write.ts';
import { bookFeeOverrun, chargedRoutingFee } from './fee-overrun.ts';
import { paymentRef } from './movements.ts';

/** Most declined payments one round asks about again. */
const RECHECK_BATCH = 100;

/** How long after a decline the node is asked once more: past the send timeout, with a margin. */
/**
 * The node's word on an outgoing payment (by its hash), or null when the node could not be asked; that
 * is logged with what happens next (`then`), and the caller asks again on a later round.
 */
export async function askNodeForOutcome(
  deps: AppDeps,
  backend: LightningBackend,
  row: Pick<PaymentRow, 'id' | 'payment_hash'>,
  then: string,
): Promise<PayResult | null> {
  try {
    return await backend.lookupPayment(row.payment_hash!);
  } catch (e) {
    deps.log.warn({ err: e, paymentId: String(row.id) }, `lookupPayment failed; ${then}`);
    return null;
  }
}

export const recheckDelayMs = (deps: AppDeps): number => (deps.config.payments.payTimeoutSec + 30) * 1000;

/**
 * Asks the node once more about declined outgoing payments whose re-check is due. An adapter that
 * misread an error as a failure would otherwise never notice that the payment went through: the node's
 * money left, and the ledger must say so. A late success is booked (bookLateSuccess); a failure confirms
 * the decline; an answer of pending (still in flight) asks again later; no answer retries next round.
 */
export async function recheckDeclinedOutgoing(
  deps: AppDeps,
  signal?: AbortSignal,
): Promise<{ checked: number; booked: number }> {
  const backend = deps.lightning;
  const nowMs = deps.clock.nowMs();
  const due = await listDueRechecks(deps.db.read, nowMs, RECHECK_BATCH);
  let booked = 0;
  for (const row of due) {
    if (signal?.aborted) break;
    const result = await askNodeForOutcome(deps, backend, row, 'the re-check is retried');
    if (result === null) continue;
    if (result.status === 'succeeded') {
      if (await bookLateSuccess(deps, row, result)) booked += 1;
    } else {
      const next = result.status === 'pending' ? nowMs + recheckDelayMs(deps) : null;
      await runPlainWrite(deps.db, (trx) => setRecheckAt(trx, row.id, next));
    }
  }
  return { checked: due.length, booked };
}

/**
 * A declined payment (its reserve released) that the node paid after all: in one write unit the row
 * becomes paid and new posted transfers move amount + routing fee from the account to the node's
 * liquidity, plus the service fee and GST, with the ids and `ref` of any paid payment, so the audit
 * finds exactly its transfers. The routing fee charged is capped at the reserve and any excess is
 * booked to `fee_overrun`, as in resolveOutgoing.
 * When the account no longer holds that much, nothing is booked: the row stays declined, the event is
 * logged as an error and counted, and the audit's node comparison shows the difference.
 */
async function bookLateSuccess(
  deps: AppDeps,
  row: PaymentRow,
  result: Extract<PayResult, { status: 'succeeded' }>,
): Promise<boolean> {
  const nowMs = deps.clock.nowMs();
  const feeMsat = chargedRoutingFee(row, result.feeMsat);
  const ref = paymentRef(row.id);
  const moved = await runWrite(deps.db, async (trx) => {
    const changed = await transitionPayment(trx, row.id, ['declined'], {
      status: 'paid',
      network_fee_msat: feeMsat,
      preimage: result.preimage,
      paid_at_ms: nowMs,
      failure_reason: null,
      recheck_at_ms: null,
      updated_at_ms: nowMs,
    });
    if (!changed) return false;
    const debit = { owner: row.account_id };
    await createTransfer(
      trx,
      {
        id: `pay:${row.id}:late`,
        debit,
        credit: { system: 'lightning_node' },
        asset: 'lbtc',
        amount: row.amount_msat + feeMsat,
        code: 'payment_lightning_out',
        ref,
      },
      nowMs,
    );
    const fees = [
      ['service_fee', 'service_fees', row.service_fee_msat, 'payment_service_fee'],
      ['gst', 'gst', row.gst_fee_msat, 'payment_gst'],
    ] as const;
    await bookFeeOverrun(deps, trx, row, result.feeMsat, nowMs);
    for (const [step, account, amount, code] of fees) {
      if (amount > 0n) {
        await createTransfer(
          trx,
          {
            id: `pay:${row.id}:${step}`,
            debit,
            credit: { system: account },
            asset: 'lbtc',
            amount,
            code,
            ref,
          },
          nowMs,
        );
      }
    }
    if (row.purpose === 'send' || row.purpose === 'payout') {
      await notifyNwcPayment(
        deps,
        trx,
        { payment: row.id, accountId: row.account_id, type: 'payment_sent' },
        nowMs,
      );
    }
    return true;
  });
  if (moved.ok) {
    if (moved.value) {
      deps.moneyCounters.lateSuccesses += 1;
      if (feeMsat !== result.feeMsat) deps.moneyCounters.feeOverruns += 1;
      deps.log.warn(
        { paymentId: String(row.id) },
        'a declined payment succeeded at the node later; booked as paid',
      );
    }
    return moved.value;
  }
  deps.moneyCounters.lateSuccesses += 1;
  deps.log.error(
    { paymentId: String(row.id), code: moved.error.code },
    'a declined payment succeeded at the node later, and its account cannot cover it; not booked',
  );
  await runPlainWrite(deps.db, (trx) => setRecheckAt(trx, row.id, null));
  return false;
}
