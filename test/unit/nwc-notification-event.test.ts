import { generateSecretKey, getPublicKey, nip04, nip44, verifyEvent } from 'nostr-tools';
import { describe, expect, it } from 'vitest';
import { notificationEvent } from '../../src/app/nwc/events.ts';

// A notification is signed at each attempt of its outbox row (src/app/nwc/attempt-event.ts): a retry
// after a relay's OK was lost must be the same event, or the client sees the payment twice.
describe('an NWC notification signed again', () => {
  const secret = generateSecretKey();
  const key = { secret, pubkey: getPublicKey(secret) };
  const client = generateSecretKey();
  const clientPubkey = getPublicKey(client);
  const base = {
    clientPubkey,
    createdAtSec: 1_790_000_000,
    text: JSON.stringify({ notification_type: 'payment_received', notification: { amount: 1000 } }),
    seed: 'outbox-notification-1',
  };

  it.each(['nip44_v2', 'nip04'] as const)('is the same event for %s, which the client decrypts', (scheme) => {
    const a = notificationEvent(key, { ...base, scheme });
    const b = notificationEvent(key, { ...base, scheme });
    expect(verifyEvent(a)).toBe(true);
    expect(b.id).toBe(a.id);
    expect(a.kind).toBe(scheme === 'nip44_v2' ? 23197 : 23196);
    const text =
      scheme === 'nip44_v2'
        ? nip44.decrypt(a.content, nip44.getConversationKey(client, key.pubkey))
        : nip04.decrypt(client, key.pubkey, a.content);
    expect(text).toBe(base.text);
  });

  it.each(['nip44_v2', 'nip04'] as const)('differs for another notification (%s)', (scheme) => {
    const a = notificationEvent(key, { ...base, scheme });
    const b = notificationEvent(key, { ...base, scheme, seed: 'outbox-notification-2' });
    expect(b.content).not.toBe(a.content);
    // NIP-04's initialisation vector is not reused across notifications.
    if (scheme === 'nip04') expect(b.content.split('?iv=')[1]).not.toBe(a.content.split('?iv=')[1]);
  });
});
