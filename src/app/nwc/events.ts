import type { Kysely } from 'kysely';
import { finalizeEvent, getPublicKey, nip04, nip44 } from 'nostr-tools';
import { insertOutboxRow } from '../../db/repos/outbox.ts';
import type { DB } from '../../db/schema.ts';
import { NWC_KIND, type NwcEncryption, type NwcNotificationType } from '../../domain/nostr/nwc.ts';
import type { AppDeps } from '../deps.ts';
import type { NostrEvent } from '../ports.ts';
import type { NwcAnswer } from './methods.ts';

// The events the wallet service signs (NIP-47): answers (23195) and notifications (23197 NIP-44 v2,
// 23196 NIP-04), each encrypted to the client's key, and the outbox rows that carry a signed event to
// every NWC relay until each relay took it.

/** `event_type` of the outbox rows holding a signed NWC event (an answer or a notification). */
export const NWC_OUTBOX_EVENT = 'nwc.event';

export interface NwcKey {
  secret: Uint8Array;
  pubkey: string;
}

const keys = new Map<string, NwcKey>();

/** The wallet service's key; null when NWC is off (no NOSTR_SECRET_KEY or no NWC_RELAYS). */
export function nwcKey(deps: AppDeps): NwcKey | null {
  const hex = deps.config.nostr.secretKeyHex;
  if (hex === null || deps.config.nostr.nwcRelays.length === 0) return null;
  let k = keys.get(hex);
  if (k === undefined) {
    const secret = Uint8Array.from(Buffer.from(hex, 'hex'));
    k = { secret, pubkey: getPublicKey(secret) };
    keys.set(hex, k);
  }
  return k;
}

export const encryptTo = (key: NwcKey, scheme: NwcEncryption, clientPubkey: string, text: string): string =>
  scheme === 'nip44_v2'
    ? nip44.encrypt(text, nip44.getConversationKey(key.secret, clientPubkey))
    : nip04.encrypt(key.secret, clientPubkey, text);

export const decryptFrom = (
  key: NwcKey,
  scheme: NwcEncryption,
  clientPubkey: string,
  text: string,
): string =>
  scheme === 'nip44_v2'
    ? nip44.decrypt(text, nip44.getConversationKey(key.secret, clientPubkey))
    : nip04.decrypt(key.secret, clientPubkey, text);

export const signNwc = (
  key: NwcKey,
  kind: number,
  tags: string[][],
  content: string,
  nowMs: number,
): NostrEvent => finalizeEvent({ kind, tags, content, created_at: Math.floor(nowMs / 1000) }, key.secret);

/** The answer (23195) to request `requestId` of `clientPubkey`, in the request's encryption. */
export function responseEvent(
  key: NwcKey,
  req: { id: string; clientPubkey: string; scheme: NwcEncryption; method: string },
  a: Exclude<NwcAnswer, { pending: true }>,
  nowMs: number,
): NostrEvent {
  const body =
    'result' in a
      ? { result_type: req.method, error: null, result: a.result }
      : { result_type: req.method, error: a.error, result: null };
  return signNwc(
    key,
    NWC_KIND.response,
    [
      ['p', req.clientPubkey],
      ['e', req.id],
      ...(req.scheme === 'nip44_v2' ? [['encryption', req.scheme]] : []),
    ],
    encryptTo(key, req.scheme, req.clientPubkey, JSON.stringify(body)),
    nowMs,
  );
}

/**
 * A notification to one connection: kind 23197 (NIP-44 v2) or 23196 (NIP-04) as its client last asked;
 * both when it never asked (NIP-47: a wallet service that does not know the client's encryption sends
 * both kinds; @getalby/sdk's NWCClient subscribes to the one kind of the encryption it picked).
 */
export function notificationEvents(
  key: NwcKey,
  conn: { client_pubkey: string; encryption: NwcEncryption | null },
  type: NwcNotificationType,
  transaction: Record<string, unknown>,
  nowMs: number,
): NostrEvent[] {
  const text = JSON.stringify({ notification_type: type, notification: transaction });
  const schemes: NwcEncryption[] = conn.encryption === null ? ['nip44_v2', 'nip04'] : [conn.encryption];
  return schemes.map((s) =>
    signNwc(
      key,
      s === 'nip44_v2' ? NWC_KIND.notification : NWC_KIND.notificationNip04,
      [['p', conn.client_pubkey], ...(s === 'nip44_v2' ? [['encryption', s]] : [])],
      encryptTo(key, s, conn.client_pubkey, text),
      nowMs,
    ),
  );
}

const relayHost = (url: string): string => {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return '(invalid url)';
  }
};

/**
 * Queues a signed event for every NWC relay in the caller's write unit: one outbox row per relay, sent
 * (as is: it is signed already, so every attempt sends the same event id) until that relay took it, on
 * the webhook retry schedule. Rows of the same event are queued once.
 */
export async function enqueueNwcEvent(
  deps: AppDeps,
  trx: Kysely<DB>,
  ev: NostrEvent,
  nowMs: number,
): Promise<void> {
  for (const [i, relay] of deps.config.nostr.nwcRelays.entries()) {
    await insertOutboxRow(trx, {
      kind: 'nostr',
      event_id: `nwc:${ev.id}:${i}`,
      event_type: NWC_OUTBOX_EVENT,
      // No account: the service's own delivery, not one the account configured.
      account_id: null,
      destination: relay,
      dest_host: relayHost(relay),
      payload: JSON.stringify(ev),
      target_kind: null,
      target_id: null,
      next_attempt_at_ms: nowMs,
      created_at_ms: nowMs,
    });
  }
}
