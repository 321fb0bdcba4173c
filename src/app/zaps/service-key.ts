import { getPublicKey } from 'nostr-tools/pure';
import type { Config } from '../../config/index.ts';

const pubkeys = new Map<string, string>();

/**
 * The service's Nostr public key (x-only, hex): the `nostrPubkey` of every Lightning address and the
 * author of every zap receipt. Null when NOSTR_SECRET_KEY is unset (no zaps).
 */
export function servicePubkey(config: Config): string | null {
  const secret = config.nostr.secretKeyHex;
  if (secret === null) return null;
  let pub = pubkeys.get(secret);
  if (pub === undefined) {
    pub = getPublicKey(Buffer.from(secret, 'hex'));
    pubkeys.set(secret, pub);
  }
  return pub;
}
