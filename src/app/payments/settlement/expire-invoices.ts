import type { Kysely } from 'kysely';
import { listFirstDepositHashes } from '../../../db/repos/chain-deposits.ts';
import { listOnTimeDeposits } from '../../../db/repos/chain-on-time.ts';
import {
  declineInvoices,
  listExpiredInvoicesAfter,
  markPartialDeclines,
  type PaymentRow,
} from '../../../db/repos/payments.ts';
import type { DB } from '../../../db/schema.ts';
import { awaitsConfirmations, exceptionAtDecline } from '../../../domain/chain-lateness.ts';
import { paymentEventBody } from '../../../domain/payments/events.ts';
import { setSweepPosition, sweepPosition } from '../../cursors.ts';
import type { AppDeps } from '../../deps.ts';
import { enqueueWebhook } from '../../outbox/enqueue.ts';
import type { InvoiceState } from '../../ports.ts';
import { runPlainWrite } from '../../write.ts';
import { settleIncomingInvoice } from './settle-incoming.ts';

/** Most invoices one round looks at; a full batch means another round should follow at once. */
export const EXPIRE_BATCH = 500;

/**
 * Declines incoming invoices still unpaid at their expiry. Each is first looked up on the Lightning node:
 * one that was settled while its settlement event was missed (the service was down, a stream broke) is
 * credited instead. An invoice the node does not know (`not_found`: never made there, or deleted after
 * it expired) was not settled there and is declined. An invoice is declined only on the node's word:
 * one the node cannot answer about stays pending and is asked about again next round (a settlement
 * missed then would otherwise never be credited), and the round goes on with the others, so one invoice
 * the node keeps failing on never holds up the rest. A payment arriving after the decline is still
 * credited (see settleIncomingInvoice). An on-chain request that deposits seen before its expiry cover is
 * not declined while they are on their way to final (domain/chain-lateness.ts): they pay it, on time, once
 * final; it is declined once they are dropped or its address is no longer watched. Answers how many
 * invoices the round decided.
 */
export async function expireInvoices(deps: AppDeps): Promise<number> {
  return (await expireInvoicesRound(deps)).decided;
}

/**
 * One round of expireInvoices: `listed` invoices looked at (a full batch: more are due), `decided` of
 * them declined or credited. Rounds walk the expired invoices with a cursor, so invoices the node keeps
 * failing on stay behind it and never hold up later ones.
 */
export async function expireInvoicesRound(deps: AppDeps): Promise<{ listed: number; decided: number }> {
  const nowMs = deps.clock.nowMs();
  const after = sweepPosition(deps.db, SWEEPER);
  const expired = await listExpiredInvoicesAfter(deps.db.read, nowMs, after, EXPIRE_BATCH);
  const last = expired[expired.length - 1];
  setSweepPosition(
    deps.db,
    SWEEPER,
    expired.length < EXPIRE_BATCH || last === undefined
      ? null
      : { atMs: last.invoice_expires_at_ms ?? 0n, id: last.id },
  );
  const unpaid: bigint[] = [];
  let decided = 0;
  let unanswered = 0;
  const held = await awaitingConfirmations(
    deps.db.read,
    expired.map((inv) => inv.id),
    nowMs,
  );
  for (const inv of expired) {
    if (held.has(inv.id)) continue;
    let state: InvoiceState | null = null;
    if (inv.payment_hash !== null) {
      state = await lookupOrNull(deps, inv.payment_hash);
      if (state === null) {
        unanswered += 1;
        continue;
      }
    }
    decided += 1;
    if (state?.state === 'settled' && inv.payment_hash !== null) {
      const outcome = await settleIncomingInvoice(deps, {
        paymentHash: inv.payment_hash,
        amountReceivedMsat: state.amountReceivedMsat ?? 0n,
        settledAtSec: state.settledAtSec ?? Math.floor(nowMs / 1000),
      });
      // A short payment (booked on its own row) or one without an amount does not pay the invoice.
      if (outcome !== 'credited') unpaid.push(inv.id);
    } else {
      unpaid.push(inv.id);
    }
  }
  if (unanswered > 0) {
    deps.log.warn(
      { unanswered },
      'Lightning node did not answer about some expired invoices; they stay pending',
    );
  }
  if (unpaid.length > 0) {
    await runPlainWrite(deps.db, async (trx) => {
      // Asked again in the write unit: a deposit booked since the first look holds its request too.
      const now = await awaitingConfirmations(trx, unpaid, nowMs);
      const ids = unpaid.filter((id) => !now.has(id));
      const declined = await declineInvoices(trx, ids, nowMs);
      await announcePartials(trx, await markPartialDeclines(trx, ids, nowMs), nowMs);
      return declined;
    });
  }
  return { listed: expired.length, decided };
}

/** Of these expired requests, the on-chain ones that on-time deposits not yet final cover. */
async function awaitingConfirmations(
  exec: Kysely<DB>,
  ids: readonly bigint[],
  nowMs: number,
): Promise<Set<bigint>> {
  const rows = await listOnTimeDeposits(exec, ids);
  return new Set(
    rows
      .filter((r) =>
        awaitsConfirmations(
          {
            paymentMode: r.payment_mode,
            amountUnits: r.amount_units,
            onTimeUnits: r.on_time_units,
            onTimeSeenUnits: r.on_time_seen_units,
            watchUntilMs: r.watch_until_ms,
          },
          nowMs,
        ),
      )
      .map((r) => r.id),
  );
}

/**
 * `payment.paid_partial` for each on-chain request declined at its expiry with part of the amount
 * received (credited: it stays on the account; the refunds API pays it back), with the first deposit's
 * transaction hash.
 */
async function announcePartials(trx: Kysely<DB>, rows: readonly PaymentRow[], nowMs: number): Promise<void> {
  const withHook = rows.filter((p) => p.callback_url !== null);
  if (withHook.length === 0) return;
  const hashes = await listFirstDepositHashes(
    trx,
    withHook.map((p) => p.id),
  );
  for (const p of withHook) {
    const network = p.chain_network;
    const txHash = hashes.get(p.id);
    if (network === null || txHash === undefined) continue;
    await enqueueWebhook(
      trx,
      {
        accountId: p.requester_account_id,
        url: p.callback_url!,
        type: 'payment.paid_partial',
        body: paymentEventBody(
          p,
          'declined',
          { wallet: p.wallet, units: p.received_units },
          {
            wallet: p.wallet,
            network,
            txHash,
            receivedUnits: p.received_units,
            exception: exceptionAtDecline(p.received_units),
          },
        ),
        eventId: `payment.paid_partial.${p.id}`,
        target: { kind: 'payment', id: String(p.id) },
      },
      nowMs,
    );
  }
}

const SWEEPER = 'invoice-expiry';

/** The node's state of an invoice; a `not_found` error counts as the state; null when it did not answer. */
async function lookupOrNull(deps: AppDeps, paymentHash: string): Promise<InvoiceState | null> {
  try {
    return await deps.lightning.lookupInvoice(paymentHash);
  } catch (e) {
    // LND and Core Lightning adapters report an unknown invoice as an error with code `not_found`.
    if ((e as { code?: unknown } | null)?.code === 'not_found') {
      return { state: 'not_found', amountReceivedMsat: null, settledAtSec: null };
    }
    deps.log.debug({ err: e, paymentHash }, 'lookupInvoice failed; the invoice stays pending');
    return null;
  }
}
