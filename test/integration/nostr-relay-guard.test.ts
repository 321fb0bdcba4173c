import { describe, expect, it } from 'vitest';
import { createRelayLinks } from '../../src/adapters/nostr/relays.ts';
import { startNostrRelay } from '../fixtures/nostr-relay.ts';

describe('Nostr relay links and the outbound address guard', () => {
  it('never connects to a loopback relay unless NOSTR_ALLOW_PRIVATE; with it, subscribes', async () => {
    const relay = await startNostrRelay();
    try {
      let refused: (m: unknown) => void = () => {};
      const warned = new Promise((resolve) => {
        refused = resolve;
      });
      const log = {
        info() {},
        debug() {},
        error() {},
        warn(obj: object, msg?: string) {
          if (msg?.includes('address guard')) refused(obj);
        },
      };
      const guarded = createRelayLinks({ urls: [relay.url], allowPrivate: false, log });
      guarded.subscribe(
        (since) => ({ kinds: [23194], since }),
        () => {},
      );
      expect(await warned).toMatchObject({ relay: relay.url });
      await guarded.close();
      expect(relay.connectionCount).toBe(0);

      const open = createRelayLinks({ urls: [relay.url], allowPrivate: true, log });
      open.subscribe(
        (since) => ({ kinds: [23194], since }),
        () => {},
      );
      while (relay.subscriptions().length === 0) await new Promise((r) => setTimeout(r, 20));
      expect(relay.connectionCount).toBe(1);
      await open.close();
    } finally {
      await relay.close();
    }
  });

  it('refuses a host name that resolves to a private address', async () => {
    let refused: (m: unknown) => void = () => {};
    const warned = new Promise((resolve) => {
      refused = resolve;
    });
    const log = {
      info() {},
      debug() {},
      error() {},
      warn(obj: object, msg?: string) {
        if (msg?.includes('address guard')) refused(obj);
      },
    };
    const links = createRelayLinks({
      urls: ['wss://relay.example.com'],
      allowPrivate: false,
      log,
      lookup: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ],
    });
    expect(await warned).toMatchObject({ relay: 'wss://relay.example.com' });
    await links.close();
  });
});
