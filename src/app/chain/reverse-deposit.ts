import {
  addToReceived,
  lockDepositPayment,
  markDepositReversed,
  setRequestOutcome,
} from '../../db/repos/chain-deposits.ts';
import {
  availableBalance,
  createTransfer,
  lockAccountsInOrder,
  transferExists,
} from '../../db/repos/ledger.ts';
import { reopenPaidRequest } from '../../db/repos/payments.ts';
import { afterReversal } from '../../domain/chain-lateness.ts';
import { paymentEventBody } from '../../domain/payments/events.ts';
import type { AppDeps } from '../deps.ts';
import { enqueueWebhook } from '../outbox/enqueue.ts';
import { withdrawRefundsBeyondReceived } from '../refunds/withdraw-beyond-received.ts';
import { runPlainWrite } from '../write.ts';
import { settlementAccountOf } from './book-deposits.ts';

export type ReverseOutcome = 'reversed' | 'not_credited';

/**
 * Reverses the credit of a deposit the chain no longer shows (reorganised away), in one write unit:
 * - the deposit goes back to `dropped` with its `reversals` counted (mined again later, it is credited
 *   again, under transfer id `chain:<id>:<reversals>`);
 * - the ledger moves the amount back from the account's btc or usdt balance to the settlement account
 *   it came from (`chain-reversal:<id>:<n>`, code `chain_deposit_reversal`). User balances never go
 *   below zero, so what the account no longer holds (spent meanwhile) is taken from the system account
 *   `chain_reorg_shortfall` instead (`chain-reversal:<id>:<n>:shortfall`): the operator's loss, which
 *   `paytag audit` reports;
 * - the request's received amount goes down by it; a request paid on chain that it no longer covers is
 *   `pending` again (the expiry job declines it once expired, as any unpaid request); one paid by
 *   Lightning stays paid; its exception follows what it still received (domain afterReversal);
 * - open refunds of more than the request still received are cancelled, their escrow back to the merchant
 *   (refunds/withdraw-beyond-received.ts);
 * - a `payment.deposit_reversed` webhook event.
 * Idempotent: a deposit not credited (any more) is left alone.
 */
export async function reverseDeposit(deps: AppDeps, depositId: bigint): Promise<ReverseOutcome> {
  const nowMs = deps.clock.nowMs();
  const done = await runPlainWrite(deps.db, async (trx) => {
    const d = await markDepositReversed(trx, depositId, nowMs);
    if (d === undefined) return null;
    const payment = (await lockDepositPayment(trx, d.payment_id))!;
    const system = settlementAccountOf(d.network);
    const owner = { owner: d.account_id };
    await lockAccountsInOrder(trx, [owner, { system }, { system: 'chain_reorg_shortfall' }], d.asset);
    const n = d.reversals - 1n;
    const units = d.amount_units;
    const available = await availableBalance(trx, d.account_id, d.asset);
    const covered = available <= 0n ? 0n : available < units ? available : units;
    const shortfall = units - covered;
    const ref = `chain_deposit:${d.id}`;
    if (covered > 0n) {
      await createTransfer(
        trx,
        {
          id: `chain-reversal:${d.id}:${n}`,
          debit: owner,
          credit: { system },
          asset: d.asset,
          amount: covered,
          code: 'chain_deposit_reversal',
          ref,
        },
        nowMs,
      );
    }
    if (shortfall > 0n) {
      await createTransfer(
        trx,
        {
          id: `chain-reversal:${d.id}:${n}:shortfall`,
          debit: { system: 'chain_reorg_shortfall' },
          credit: { system },
          asset: d.asset,
          amount: shortfall,
          code: 'chain_deposit_reversal',
          ref,
        },
        nowMs,
      );
    }
    const now = await addToReceived(trx, payment.id, -units, nowMs);
    let status = now.status;
    const uncovered = now.receivedUnits < payment.amount_units;
    if (status === 'paid' && uncovered && !(await transferExists(trx, `pay:${payment.id}:in`))) {
      await reopenPaidRequest(trx, payment.id, nowMs);
      status = 'pending';
    }
    const exception = afterReversal({
      status,
      exception: payment.exception,
      amountUnits: payment.amount_units,
      receivedUnits: now.receivedUnits,
    });
    if (exception !== payment.exception) {
      await setRequestOutcome(trx, payment.id, status, { status, exception }, nowMs);
    }
    // Refunds of what the request no longer received are withdrawn while they are still open.
    const refundsCancelled = await withdrawRefundsBeyondReceived(trx, payment.id, nowMs);
    if (payment.callback_url !== null) {
      await enqueueWebhook(
        trx,
        {
          accountId: payment.requester_account_id,
          url: payment.callback_url,
          type: 'payment.deposit_reversed',
          body: paymentEventBody(
            payment,
            status,
            { wallet: d.asset, units },
            {
              wallet: payment.wallet,
              network: d.network,
              txHash: d.tx_hash,
              receivedUnits: now.receivedUnits,
            },
          ),
          eventId: `payment.deposit_reversed.${d.id}.${n}`,
          target: { kind: 'payment', id: String(payment.id) },
        },
        nowMs,
      );
    }
    return { d, publicId: payment.public_id, shortfall, status, refundsCancelled };
  });
  if (done === null) return 'not_credited';
  deps.paymentChanges.mayHaveChanged(done.publicId);
  deps.log.warn(
    {
      network: done.d.network,
      tx: done.d.tx_hash,
      index: Number(done.d.output_index),
      tid: done.publicId,
      status: done.status,
      shortfall: String(done.shortfall),
      refunds_cancelled: done.refundsCancelled,
    },
    'credited chain deposit no longer on the chain: credit reversed',
  );
  return 'reversed';
}
