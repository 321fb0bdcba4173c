import type { Kysely } from 'kysely';
import { findZap } from '../../db/repos/lnurl-invoices.ts';
import { insertOutboxRow } from '../../db/repos/outbox.ts';
import type { PaymentRow } from '../../db/repos/payments.ts';
import type { DB } from '../../db/schema.ts';
import { zapReceiptTemplate } from '../../domain/nostr/zap-receipt.ts';

/** `event_type` of a zap receipt's outbox rows. */
export const ZAP_RECEIPT_EVENT = 'zap.receipt';

/** The host part of a relay URL (its delivery host group), as webhooks group by host. */
function relayHost(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return '(invalid url)';
  }
}

/**
 * NIP-57 appendix E: when a zap invoice (an LNURL-pay invoice made for a zap request) is paid, its receipt
 * is queued in the same write unit as the settlement, one outbox row per relay of the request, so it
 * exists exactly when the payment does and each relay that took it is never sent it again. The rows hold
 * the unsigned receipt; the dispatcher signs it with the service's key (app/zaps/attempt-receipt.ts).
 * Any other payment: nothing (one indexed read, for LNURL-pay invoices only).
 */
export async function enqueueZapReceipt(
  trx: Kysely<DB>,
  invoice: PaymentRow,
  paidAtMs: number,
  nowMs: number,
): Promise<void> {
  if (invoice.invoice_type !== 'lnurl' || invoice.direction !== 'in' || invoice.payreq === null) return;
  const zap = await findZap(trx, invoice.id);
  if (zap === null) return;
  const receipt = JSON.stringify(
    zapReceiptTemplate({
      zapRequest: zap.zapRequest,
      bolt11: invoice.payreq,
      preimage: invoice.preimage,
      paidAtSec: Math.floor(paidAtMs / 1000),
    }),
  );
  const relays = JSON.parse(zap.relays) as string[];
  for (const [i, relay] of relays.entries()) {
    await insertOutboxRow(trx, {
      kind: 'nostr',
      event_id: `zap:${invoice.public_id}:${i}`,
      event_type: ZAP_RECEIPT_EVENT,
      // No account: the receipt is the service's, not a delivery the account configured.
      account_id: null,
      destination: relay,
      dest_host: relayHost(relay),
      payload: receipt,
      target_kind: null,
      target_id: null,
      next_attempt_at_ms: nowMs,
      created_at_ms: nowMs,
    });
  }
}
