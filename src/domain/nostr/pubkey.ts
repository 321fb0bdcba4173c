import { schnorr } from '@noble/curves/secp256k1.js';
import { nip19 } from 'nostr-tools';
import { err, ok, type Result } from '../result.ts';

/** Most relays an account may publish with its Nostr key (NIP-05 `relays`). */
export const NOSTR_IDENTITY_MAX_RELAYS = 5;
const RELAY_URL_MAX_CHARS = 256;

/**
 * A Nostr public key as a person gives it: 64 hex digits (x-only, BIP-340) or a NIP-19 `npub1…`.
 * Answers the 64 lowercase hex digits NIP-05 serves, only for a key that is a point of the curve.
 */
export function parseNostrPubkey(text: string): Result<string> {
  const t = text.trim();
  let hex: string | null = null;
  if (/^[0-9a-fA-F]{64}$/.test(t)) hex = t.toLowerCase();
  else if (t.startsWith('npub1') && t.length <= 100) {
    try {
      const d = nip19.decode(t);
      if (d.type === 'npub') hex = d.data;
    } catch {}
  }
  if (hex === null) return err('invalid_request', 'pubkey must be 64 hex digits or an npub1… key', 'pubkey');
  try {
    schnorr.utils.lift_x(BigInt(`0x${hex}`));
  } catch {
    return err('invalid_request', 'pubkey is not a valid Nostr public key', 'pubkey');
  }
  return ok(hex);
}

/** Relay URLs to publish with the key: at most NOSTR_IDENTITY_MAX_RELAYS ws(s):// URLs, duplicates once. */
export function parseIdentityRelays(list: readonly string[]): Result<string[]> {
  if (list.length > NOSTR_IDENTITY_MAX_RELAYS) {
    return err('invalid_request', `at most ${NOSTR_IDENTITY_MAX_RELAYS} relays`, 'relays');
  }
  const out: string[] = [];
  for (const s of list) {
    let u: URL | null = null;
    try {
      u = s.length <= RELAY_URL_MAX_CHARS ? new URL(s.trim()) : null;
    } catch {}
    if (u === null || (u.protocol !== 'wss:' && u.protocol !== 'ws:') || u.hostname === '') {
      return err('invalid_request', 'relays must be ws:// or wss:// URLs', 'relays');
    }
    if (u.username !== '' || u.password !== '') {
      return err('invalid_request', 'relay URLs carry no credentials', 'relays');
    }
    const norm = u.toString();
    if (!out.includes(norm)) out.push(norm);
  }
  return ok(out);
}
