import { type NostrEvent, validateEvent, verifyEvent } from 'nostr-tools/pure';
import { err, ok, type Result } from '../result.ts';

// NIP-57 appendix D: what the LNURL-pay callback checks of a zap request (kind 9734) before it issues an
// invoice committing to it. https://github.com/nostr-protocol/nips/blob/master/57.md

export const ZAP_REQUEST_KIND = 9734;
/** Longest zap request text accepted (characters): one event with its relays and a short comment. */
export const ZAP_REQUEST_MAX_CHARS = 8192;
/** Most tags a zap request may have. */
const ZAP_REQUEST_MAX_TAGS = 100;

/** A zap request that passed appendix D, with what the receipt needs. */
export interface ZapRequest {
  /** The event exactly as received: the invoice's description, the receipt's `description` tag. */
  text: string;
  /** The payer (the receipt's `P`). */
  pubkey: string;
  /** The recipient (`p`). */
  recipient: string;
  /** Where the receipt goes: ws(s) URLs, distinct, at most the configured count. */
  relays: string[];
}

const HEX32 = /^[0-9a-f]{64}$/;
/** NIP-01 event coordinate `<kind>:<pubkey>:<d tag>`. */
const COORDINATE = /^\d{1,10}:[0-9a-f]{64}:[^\n]*$/;

const refuse = (message: string) => err('invalid_request', `nostr: ${message}`, 'nostr');

/**
 * Appendix D of NIP-57: a valid signature and id, kind 9734, tags, exactly one `p`, at most one `e`,
 * a `relays` tag with at least one ws(s) URL, an `amount` (when present) equal to the callback's, an
 * `a` (when present) a valid coordinate, at most one `P` and, when present, the payer's key. When the
 * account published its Nostr key (NIP-05), `p` must be that key.
 */
export function parseZapRequest(
  text: string,
  opts: { amountMsat: bigint; recipient: string | null; maxRelays: number },
): Result<ZapRequest> {
  if (text.length > ZAP_REQUEST_MAX_CHARS) return refuse(`longer than ${ZAP_REQUEST_MAX_CHARS} characters`);
  let event: unknown;
  try {
    event = JSON.parse(text);
  } catch {
    return refuse('not JSON');
  }
  if (!validateEvent(event)) return refuse('not a Nostr event');
  const e = event as NostrEvent;
  if (e.kind !== ZAP_REQUEST_KIND) return refuse(`kind must be ${ZAP_REQUEST_KIND} (a zap request)`);
  if (!verifyEvent({ ...e })) return refuse('invalid id or signature');
  if (e.tags.length === 0) return refuse('the zap request has no tags');
  if (e.tags.length > ZAP_REQUEST_MAX_TAGS) return refuse(`more than ${ZAP_REQUEST_MAX_TAGS} tags`);
  const named = (n: string) => e.tags.filter((t) => t[0] === n);

  const p = named('p');
  if (p.length !== 1) return refuse('must have exactly one p tag');
  const recipient = p[0]?.[1] ?? '';
  if (!HEX32.test(recipient)) return refuse('the p tag must be a hex public key');
  if (opts.recipient !== null && recipient !== opts.recipient) {
    return refuse('the p tag is not the Nostr key of this Lightning address');
  }
  const es = named('e');
  if (es.length > 1) return refuse('must have at most one e tag');
  if (es.length === 1 && !HEX32.test(es[0]?.[1] ?? '')) return refuse('the e tag must be a hex event id');
  const payer = named('P');
  if (payer.length > 1) return refuse('must have at most one P tag');
  if (payer.length === 1 && payer[0]?.[1] !== e.pubkey) return refuse('the P tag must be the sender’s key');
  const as = named('a');
  if (as.length > 1) return refuse('must have at most one a tag');
  if (as.length === 1 && !COORDINATE.test(as[0]?.[1] ?? '')) {
    return refuse('the a tag must be an event coordinate');
  }
  const amount = named('amount');
  if (amount.length > 1) return refuse('must have at most one amount tag');
  if (amount.length === 1 && amount[0]?.[1] !== opts.amountMsat.toString()) {
    return refuse('the amount tag must equal the amount asked for (millisatoshis)');
  }
  const relayTags = named('relays');
  if (relayTags.length === 0) return refuse('must have a relays tag');
  const relays = receiptRelays(
    relayTags.flatMap((t) => t.slice(1)),
    opts.maxRelays,
  );
  if (relays.length === 0) return refuse('the relays tag names no ws:// or wss:// URL');
  return ok({ text, pubkey: e.pubkey, recipient, relays });
}

/** Longest relay URL kept. */
const RELAY_URL_MAX_CHARS = 512;

/** The relays a receipt goes to: the first `max` distinct ws(s) URLs named, others skipped. */
function receiptRelays(named: string[], max: number): string[] {
  const out: string[] = [];
  for (const s of named) {
    if (out.length >= max) break;
    if (s.length > RELAY_URL_MAX_CHARS) continue;
    let u: URL;
    try {
      u = new URL(s.trim());
    } catch {
      continue;
    }
    if ((u.protocol !== 'wss:' && u.protocol !== 'ws:') || u.hostname === '') continue;
    const norm = u.toString();
    if (!out.includes(norm)) out.push(norm);
  }
  return out;
}
