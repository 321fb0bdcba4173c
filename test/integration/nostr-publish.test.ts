import { finalizeEvent, generateSecretKey } from 'nostr-tools/pure';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publishToRelay } from '../../src/adapters/nostr/publish.ts';
import { startNostrRelay, type TestRelay } from '../fixtures/nostr-relay.ts';

// Publishing one event to one relay (src/adapters/nostr/publish.ts), against the strict NIP-01 test relay.

describe('publishing a Nostr event to a relay', () => {
  let relay: TestRelay;
  beforeEach(async () => {
    relay = await startNostrRelay();
  });
  afterEach(() => relay.close());

  const event = () =>
    finalizeEvent({ kind: 9735, created_at: 1_700_000_000, content: '', tags: [] }, generateSecretKey());

  it('is accepted once the relay answers OK, and a second publish of it counts as delivered (duplicate)', async () => {
    const e = event();
    const opts = { timeoutMs: 5000, allowPrivate: true };
    expect(await publishToRelay(relay.url, e, opts)).toMatchObject({ ok: true });
    expect(await publishToRelay(relay.url, e, opts)).toMatchObject({ ok: true });
    expect(relay.received.map((x) => x.id)).toEqual([e.id]);
  });

  it('refuses loopback and private relays unless NOSTR_ALLOW_PRIVATE, and non-ws URLs, without retry', async () => {
    const r = await publishToRelay(relay.url, event(), { timeoutMs: 5000, allowPrivate: false });
    expect(r).toMatchObject({ ok: false, reason: 'blocked_address', retry: false });
    const lookup = async () => [{ address: '10.0.0.7', family: 4 as const }];
    const viaName = await publishToRelay('wss://relay.example', event(), {
      timeoutMs: 5000,
      allowPrivate: false,
      lookup,
    });
    expect(viaName).toMatchObject({ ok: false, reason: 'blocked_address', retry: false });
    expect(
      await publishToRelay('https://relay.example', event(), { timeoutMs: 5000, allowPrivate: true }),
    ).toMatchObject({ ok: false, reason: 'invalid_url', retry: false });
    expect(relay.received).toEqual([]);
  });

  it('an event the relay finds invalid is failed for good; a relay that is down is worth a retry', async () => {
    const bad = { ...event(), content: 'changed after signing' };
    const r = await publishToRelay(relay.url, bad, { timeoutMs: 5000, allowPrivate: true });
    expect(r).toMatchObject({ ok: false, reason: 'rejected', retry: false });
    await relay.stop();
    const down = await publishToRelay(relay.url, event(), { timeoutMs: 5000, allowPrivate: true });
    expect(down).toMatchObject({ ok: false, reason: 'connect_failed', retry: true });
  });
});
