import { findAccountById } from '../../db/repos/accounts.ts';
import { lockAccountsInOrder } from '../../db/repos/ledger.ts';
import {
  bindPayoutPayment,
  claimPayoutItem,
  listClaimableItems,
  type PayoutWork,
} from '../../db/repos/payouts.ts';
import { type AppError, abort } from '../../domain/errors.ts';
import { ok, type Result } from '../../domain/result.ts';
import type { AppDeps } from '../deps.ts';
import type { Claimed, PayTarget } from '../payments/engine/pay-out.ts';
import { payOut } from '../payments/engine/pay-out.ts';
import { resolveLnurlInvoice } from '../payments/send-to-lnurl.ts';
import { runPlainWrite } from '../write.ts';
import { PAYOUT_ESCROW, releasePayoutItem } from './movements.ts';
import { endDecidedItems, endItem } from './settle-item.ts';

/** Items one round takes per lane at most (a round ends sooner when fewer are due). */
const ITEMS_PER_LANE = 8;

/**
 * One round of the payout worker: ends the items whose payment decided after a decline (endDecidedItems),
 * then takes the items that are due (queued, or claimed by a worker that stopped before it had a payment)
 * and pays them, PAYOUT_CONCURRENCY at a time. Answers how many it ended or took.
 */
export async function payDueItems(
  deps: AppDeps,
  signal?: AbortSignal,
): Promise<{ picked: number; limit: number }> {
  const lanes = deps.config.payouts.concurrency;
  const limit = lanes * ITEMS_PER_LANE;
  const decided = await endDecidedItems(deps, limit);
  const due = await listClaimableItems(deps.db.read, deps.clock.nowMs(), limit);
  let next = 0;
  const lane = async (): Promise<void> => {
    for (;;) {
      if (signal?.aborted) return;
      const item = due[next++];
      if (item === undefined) return;
      try {
        await payItem(deps, item);
      } catch (e) {
        // A bug or the database's own refusal: the item stays claimed, and once its lease has passed a
        // later round takes it again (its payment, if one was inserted, decides then).
        deps.log.error({ err: e, payoutItemId: String(item.id) }, 'payout item round failed');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, due.length) }, lane));
  return { picked: due.length + decided, limit };
}

/** Where the item's money goes: a usertag, or an invoice (an LNURL's or a Lightning address's, resolved now). */
async function targetOf(deps: AppDeps, item: PayoutWork): Promise<Result<PayTarget>> {
  switch (item.destination_kind) {
    case 'usertag':
      return ok({ kind: 'usertag', usertag: item.destination });
    case 'invoice': {
      const d = deps.decodeInvoice(item.destination);
      if (!d.ok) return { ok: false, error: { code: 'invoice_invalid', message: d.message } };
      return ok({ kind: 'invoice', invoice: d.invoice, invoiceType: 'invoice' });
    }
    case 'lnurl': {
      const inv = await resolveLnurlInvoice(deps, item.destination, item.amount_msat);
      return inv.ok ? ok({ kind: 'invoice', invoice: inv.value, invoiceType: 'lnurl' }) : inv;
    }
  }
}

/**
 * Pays one item, exactly once whatever stops when:
 * 1. a durable claim (queued → paying, with a lease), so one worker at a time works on it;
 * 2. the destination resolved to a target (an LNURL's invoice is requested now);
 * 3. the engine's payOut, whose claim step binds the item to the payment in the payment's own write
 *    unit and releases the item's escrow to the payer, who pays as any send: the item has a payment
 *    exactly when that unit committed. Settled inside the ledger, the item ends paid in that unit; to
 *    another node, a posted payment ends it paid in the posting unit (settle-item.ts), also when the
 *    payments reconciler resolves it after a restart; a declined one ends it failed only once the node's
 *    re-check has confirmed the failure, or paid on a late success (endDecidedItems);
 * 4. a refusal before any payment (an unknown usertag, an LNURL that does not answer, a route refused in
 *    the unit) ends the item failed and releases its escrow, in one unit, only while this claim holds it.
 * A worker that stops between 1 and 3 leaves a claim without a payment, taken again after its lease.
 */
async function payItem(deps: AppDeps, item: PayoutWork): Promise<void> {
  const nowMs = deps.clock.nowMs();
  const lease = nowMs + deps.config.payouts.claimLeaseMs;
  if (!(await runPlainWrite(deps.db, (trx) => claimPayoutItem(trx, item.id, nowMs, lease)))) return;
  // An account the operator disabled meanwhile pays nothing more: its open items fail, their escrow back.
  const payer = await findAccountById(deps.db.read, item.account_id);
  if (payer?.disabled_at_ms !== null) {
    return failWithoutPayment(deps, item, lease, {
      code: 'account_disabled',
      message: 'the paying account is disabled: it makes no payments',
    });
  }
  const target = await targetOf(deps, item);
  if (!target.ok) return failWithoutPayment(deps, item, lease, target.error);
  const paid = await payOut(deps, {
    purpose: 'payout',
    payerId: item.account_id,
    amountMsat: item.amount_msat,
    target: target.value,
    details: {
      description: item.memo,
      customerName: null,
      orderId: item.reference,
      fiatCurrency: item.fiat_currency,
      fiatValue: item.fiat_value,
      extra: JSON.stringify({ payout_id: item.batch_public_id, index: Number(item.position) }),
      idempotencyKey: null,
      requestHash: null,
    },
    sendFees: {
      serviceFeeMsat: item.service_fee_msat,
      gstFeeMsat: item.gst_fee_msat,
      servicePpm: item.service_fee_ppm,
    },
    feeReserveMsat: item.fee_reserve_msat,
    field: 'destination',
    refusals: {
      selfUsertag: 'cannot pay your own usertag',
      selfInvoice: 'this invoice belongs to the paying account',
      amount: 'the amount differs from the invoice amount',
    },
    claimMoves: [PAYOUT_ESCROW],
    claim: async (trx, c): Promise<Claimed> => {
      if (!(await bindPayoutPayment(trx, item.id, c.paymentId, lease))) {
        abort('state_conflict', 'another worker took this payout item over');
      }
      await releasePayoutItem(trx, item, item.account_id, deps.clock.nowMs());
      if (c.receiver !== null) {
        // Settled inside the ledger in this very unit: the item is paid when it commits.
        await endItem(
          trx,
          item,
          c.paymentId,
          {
            status: 'paid',
            tid: c.paymentPublicId,
            networkFeeMsat: 0n,
            preimage: null,
            error: null,
            errorCode: null,
          },
          deps.clock.nowMs(),
        );
      }
      return { voucherId: null };
    },
    payment: 'await',
  });
  if (!paid.ok && paid.error.code !== 'state_conflict')
    await failWithoutPayment(deps, item, lease, paid.error);
}

/** Ends an item that got no payment as failed and gives its escrow back, while this claim holds it. */
async function failWithoutPayment(
  deps: AppDeps,
  item: PayoutWork,
  lease: number,
  e: AppError,
): Promise<void> {
  const nowMs = deps.clock.nowMs();
  await runPlainWrite(deps.db, async (trx) => {
    await lockAccountsInOrder(trx, [{ owner: item.account_id }, PAYOUT_ESCROW]);
    const ended = await endItem(
      trx,
      item,
      null,
      {
        status: 'failed',
        tid: null,
        networkFeeMsat: 0n,
        preimage: null,
        error: e.message,
        errorCode: e.code,
      },
      nowMs,
      lease,
    );
    if (ended) await releasePayoutItem(trx, item, item.account_id, nowMs);
  });
}
