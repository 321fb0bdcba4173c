import type { Kysely } from 'kysely';
import {
  listNotifiedNwcConnections,
  setNwcResponse,
  unansweredNwcRequestsOfPayment,
} from '../../db/repos/nwc.ts';
import { findPaymentById, type PaymentRow } from '../../db/repos/payments.ts';
import type { DB } from '../../db/schema.ts';
import type { NwcNotificationType } from '../../domain/nostr/nwc.ts';
import type { AppDeps } from '../deps.ts';
import { enqueueNwcEvent, enqueueNwcNotification, nwcKey, responseEvent } from './events.ts';
import { nwcTransaction, payInvoiceResult } from './methods.ts';

// What NWC adds to the write unit that settles a payment: the NIP-47 notifications of the account's
// connections, and the answer of a pay_invoice request whose handler let go of it while the payment was
// pending. Both are queued in the outbox in that unit (the answer signed, kept with its request), so they exist exactly when the payment's
// outcome does and reach every NWC relay, also one that was down then, whichever instance (or none) held
// the request. Nothing happens when NWC is off; database work only, no network.

/**
 * A payment just settled in this unit, of `accountId`: `type` to each live connection of the account
 * granted `notifications`, with the payment as lookup_invoice shows it. `payment` is its row as written,
 * or its id to read it by: a row its batch has yet to write (db/deferred.ts) must be given as a row.
 */
export async function notifyNwcPayment(
  deps: AppDeps,
  trx: Kysely<DB>,
  p: { payment: PaymentRow | bigint; accountId: bigint; type: NwcNotificationType },
  nowMs: number,
): Promise<void> {
  if (nwcKey(deps) === null) return;
  const conns = await listNotifiedNwcConnections(trx, p.accountId, nowMs);
  if (conns.length === 0) return;
  const row = typeof p.payment === 'bigint' ? await findPaymentById(trx, p.payment) : p.payment;
  if (row === undefined || row.status !== 'paid' || row.wallet !== 'lbtc') return;
  const transaction = nwcTransaction(deps, row);
  for (const conn of conns) {
    await enqueueNwcNotification(
      deps,
      trx,
      { conn, type: p.type, paymentPublicId: row.public_id, transaction },
      nowMs,
    );
  }
}

/**
 * An outgoing payment resolved in this unit (paid or declined): payment_sent when it was paid from an
 * account's wallet, and the answer of every request that made it and has none yet (its handler gave up
 * waiting, or its instance stopped): the result with the preimage and fees, or PAYMENT_FAILED. The
 * answer is kept with the request (a duplicate delivery republishes it) and queued for the relays.
 */
export async function nwcOutgoingResolved(
  deps: AppDeps,
  trx: Kysely<DB>,
  row: PaymentRow,
  outcome: 'paid' | 'declined',
  nowMs: number,
): Promise<void> {
  const key = nwcKey(deps);
  if (key === null) return;
  if (outcome === 'paid' && (row.purpose === 'send' || row.purpose === 'payout')) {
    await notifyNwcPayment(
      deps,
      trx,
      { payment: row.id, accountId: row.account_id, type: 'payment_sent' },
      nowMs,
    );
  }
  const requests = await unansweredNwcRequestsOfPayment(trx, row.id);
  if (requests.length === 0) return;
  const after = await findPaymentById(trx, row.id);
  if (after === undefined) return;
  for (const r of requests) {
    const answer =
      outcome === 'paid'
        ? { result: payInvoiceResult(after) }
        : {
            error: {
              code: 'PAYMENT_FAILED' as const,
              message: after.failure_reason ?? 'the payment failed',
            },
          };
    const ev = responseEvent(
      key,
      { id: r.event_id, clientPubkey: r.client_pubkey, scheme: r.encryption ?? 'nip04', method: r.method },
      answer,
      nowMs,
    );
    if (await setNwcResponse(trx, r.event_id, JSON.stringify(ev), nowMs))
      await enqueueNwcEvent(deps, trx, ev, nowMs);
  }
}
