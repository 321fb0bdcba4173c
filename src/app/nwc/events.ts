import { createCipheriv, createECDH, createHmac } from 'node:crypto';
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

/** `event_type` of the outbox rows holding a notification to sign and send (see enqueueNwcNotification). */
export const NWC_NOTIFICATION_EVENT = 'nwc.notification';

/** What a notification's outbox row holds: everything but the signature and the ciphertext. */
export interface QueuedNotification {
  clientPubkey: string;
  scheme: NwcEncryption;
  createdAtSec: number;
  /** The notification's JSON text. */
  text: string;
  /** The same for every relay's row of one notification: its NIP-44 nonce is derived from it. */
  seed: string;
}

/**
 * NIP-04 encryption with a given initialisation vector (nostr-tools' nip04.encrypt draws its own):
 * AES-256-CBC under the X coordinate of the ECDH point of our key and the client's (NIP-04: "the shared
 * point ... only the X coordinate"), `base64(ciphertext)?iv=base64(iv)`. Any NIP-04 reader decrypts it.
 */
function nip04EncryptWithIv(secret: Uint8Array, clientPubkey: string, text: string, iv: Buffer): string {
  const ecdh = createECDH('secp256k1');
  ecdh.setPrivateKey(secret);
  const sharedX = ecdh.computeSecret(Buffer.from(`02${clientPubkey}`, 'hex'));
  const cipher = createCipheriv('aes-256-cbc', sharedX, iv);
  const ciphertext = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return `${ciphertext.toString('base64')}?iv=${iv.toString('base64')}`;
}

/**
 * A queued notification as the event sent: kind 23197 (NIP-44 v2) or 23196 (NIP-04), `p` the client.
 * Its NIP-44 nonce, or its NIP-04 initialisation vector, is an HMAC of the seed under the service's key
 * (unpredictable to anyone else, different for every notification), so every attempt and every relay
 * get the same ciphertext, hence the same event id: a relay that took it once drops a repeat, and a
 * retry after an OK that was lost does not reach the client as a second payment.
 */
export function notificationEvent(key: NwcKey, n: QueuedNotification): NostrEvent {
  const derived = createHmac('sha256', key.secret).update(n.seed).digest();
  const content =
    n.scheme === 'nip44_v2'
      ? nip44.encrypt(n.text, nip44.getConversationKey(key.secret, n.clientPubkey), derived)
      : nip04EncryptWithIv(key.secret, n.clientPubkey, n.text, derived.subarray(0, 16));
  return finalizeEvent(
    {
      kind: n.scheme === 'nip44_v2' ? NWC_KIND.notification : NWC_KIND.notificationNip04,
      tags: [['p', n.clientPubkey], ...(n.scheme === 'nip44_v2' ? [['encryption', n.scheme]] : [])],
      content,
      created_at: n.createdAtSec,
    },
    key.secret,
  );
}

/**
 * Queues a notification to one connection in the caller's write unit, unsigned: signing and encrypting
 * cost milliseconds each, so they happen at the attempt, outside any write unit, not while the
 * settlement holds its locks. One row per NWC relay and per kind: the kind its client last asked in,
 * or both when it never asked (NIP-47: a wallet service that does not know the client's encryption
 * publishes both; @getalby/sdk's NWCClient subscribes to the one kind of the encryption it chose).
 */
export async function enqueueNwcNotification(
  deps: AppDeps,
  trx: Kysely<DB>,
  n: {
    conn: { id: bigint; client_pubkey: string; encryption: NwcEncryption | null };
    type: NwcNotificationType;
    paymentPublicId: string;
    transaction: Record<string, unknown>;
  },
  nowMs: number,
): Promise<void> {
  const text = JSON.stringify({ notification_type: n.type, notification: n.transaction });
  const schemes: NwcEncryption[] = n.conn.encryption === null ? ['nip44_v2', 'nip04'] : [n.conn.encryption];
  for (const scheme of schemes) {
    const seed = `nwc:${n.type}:${n.paymentPublicId}:${n.conn.id}:${scheme}`;
    const queued: QueuedNotification = {
      clientPubkey: n.conn.client_pubkey,
      scheme,
      createdAtSec: Math.floor(nowMs / 1000),
      text,
      seed,
    };
    for (const [i, relay] of deps.config.nostr.nwcRelays.entries()) {
      await insertOutboxRow(trx, {
        kind: 'nostr',
        event_id: `${seed}:${i}`,
        event_type: NWC_NOTIFICATION_EVENT,
        account_id: null,
        destination: relay,
        dest_host: relayHost(relay),
        payload: JSON.stringify(queued),
        target_kind: null,
        target_id: null,
        next_attempt_at_ms: nowMs,
        created_at_ms: nowMs,
      });
    }
  }
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
