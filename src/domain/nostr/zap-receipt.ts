import { type EventTemplate, finalizeEvent, type NostrEvent } from 'nostr-tools/pure';

// NIP-57 appendix E: the zap receipt (kind 9735) of a paid zap invoice.

export const ZAP_RECEIPT_KIND = 9735;

/**
 * The receipt of a paid zap invoice, unsigned: `p`, `e`, `a`, `k` as in the request, `P` the payer,
 * `bolt11` the invoice, `description` the request exactly as received (its SHA-256 is the invoice's
 * description hash), `preimage` when known; `created_at` the payment's time, so every signing of it has
 * the same id.
 */
export function zapReceiptTemplate(p: {
  zapRequest: string;
  bolt11: string;
  preimage: string | null;
  paidAtSec: number;
}): EventTemplate {
  const request = JSON.parse(p.zapRequest) as NostrEvent;
  const copied = request.tags
    .filter((t) => t[0] === 'p' || t[0] === 'e' || t[0] === 'a' || t[0] === 'k')
    .map((t) => [t[0] as string, t[1] ?? '']);
  const tags = [
    ...copied,
    ['P', request.pubkey],
    ['bolt11', p.bolt11],
    ['description', p.zapRequest],
    ...(p.preimage === null ? [] : [['preimage', p.preimage]]),
  ];
  return { kind: ZAP_RECEIPT_KIND, created_at: p.paidAtSec, content: '', tags };
}

/** Signs a receipt template with the service's key (64 hex digits). */
export function signZapReceipt(template: EventTemplate, secretKeyHex: string): NostrEvent {
  return finalizeEvent(template, Buffer.from(secretKeyHex, 'hex'));
}
