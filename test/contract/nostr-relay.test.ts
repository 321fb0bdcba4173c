import { type Event, finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startNostrRelay, type TestRelay } from '../fixtures/nostr-relay.ts';

// The tests' relay is what the wallet service and the zap receipts are checked against, so it must
// hold to NIP-01 itself: these drive it over a raw WebSocket, message by message.

type Msg = unknown[];

async function connect(url: string): Promise<{ send(m: Msg): void; next(): Promise<Msg>; close(): void }> {
  const ws = new WebSocket(url);
  const queue: Msg[] = [];
  const wake: Array<(m: Msg) => void> = [];
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw)) as Msg;
    const w = wake.shift();
    if (w) w(m);
    else queue.push(m);
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return {
    send: (m) => ws.send(JSON.stringify(m)),
    next: () => {
      const m = queue.shift();
      return m ? Promise.resolve(m) : new Promise((resolve) => wake.push(resolve));
    },
    close: () => ws.close(),
  };
}

const sk = generateSecretKey();
const pk = getPublicKey(sk);
// As it travels: JSON, without the marker nostr-tools puts on events it signed.
const sign = (
  kind: number,
  content: string,
  tags: string[][] = [],
  created_at = Math.floor(Date.now() / 1000),
): Event => JSON.parse(JSON.stringify(finalizeEvent({ kind, content, tags, created_at }, sk)));

describe('the test relay (NIP-01)', () => {
  let relay: TestRelay;
  beforeAll(async () => {
    relay = await startNostrRelay();
  });
  afterAll(() => relay.close());

  it('accepts a signed event with OK true, refuses a tampered one with OK false, and says duplicate', async () => {
    const c = await connect(relay.url);
    const e = sign(1, 'hello');
    c.send(['EVENT', e]);
    expect(await c.next()).toEqual(['OK', e.id, true, '']);
    c.send(['EVENT', { ...e, content: 'changed' }]);
    const bad = await c.next();
    expect(bad.slice(0, 3)).toEqual(['OK', e.id, false]);
    expect(String(bad[3])).toMatch(/^invalid: /);
    c.send(['EVENT', e]);
    const dup = await c.next();
    expect(dup.slice(0, 3)).toEqual(['OK', e.id, true]);
    expect(String(dup[3])).toMatch(/^duplicate: /);
    c.close();
  });

  it('answers a REQ with stored matches newest first, the limit, EOSE, then live events; CLOSE stops them', async () => {
    const tagged = sign(1111, 'a', [['p', pk]], 1_000);
    const other = sign(1111, 'b', [], 2_000);
    const pub = await connect(relay.url);
    for (const e of [tagged, other]) {
      pub.send(['EVENT', e]);
      await pub.next();
    }
    const sub = await connect(relay.url);
    sub.send(['REQ', 's1', { kinds: [1111], limit: 1 }]);
    expect(await sub.next()).toEqual(['EVENT', 's1', other]);
    expect(await sub.next()).toEqual(['EOSE', 's1']);
    sub.send(['REQ', 's2', { kinds: [1111], '#p': [pk] }]);
    expect(await sub.next()).toEqual(['EVENT', 's2', tagged]);
    expect(await sub.next()).toEqual(['EOSE', 's2']);
    const live = sign(1111, 'c', [['p', pk]]);
    pub.send(['EVENT', live]);
    // s1 (kinds 1111) and s2 (#p) both match the live event.
    const got = [await sub.next(), await sub.next()];
    expect(got).toEqual(
      expect.arrayContaining([
        ['EVENT', 's1', live],
        ['EVENT', 's2', live],
      ]),
    );
    sub.send(['CLOSE', 's1']);
    sub.send(['CLOSE', 's2']);
    sub.send(['REQ', 'bad', 'not a filter']);
    expect((await sub.next()).slice(0, 2)).toEqual(['CLOSED', 'bad']);
    pub.close();
    sub.close();
  });

  it('passes ephemeral events on without storing them and keeps only the latest replaceable one', async () => {
    const c = await connect(relay.url);
    c.send(['REQ', 'eph', { kinds: [23195] }]);
    expect(await c.next()).toEqual(['EOSE', 'eph']);
    const eph = sign(23195, 'x');
    c.send(['EVENT', eph]);
    const two = [await c.next(), await c.next()];
    expect(two).toEqual(
      expect.arrayContaining([
        ['OK', eph.id, true, ''],
        ['EVENT', 'eph', eph],
      ]),
    );
    c.send(['CLOSE', 'eph']);
    const older = sign(13194, 'old', [], 1_000);
    const newer = sign(13194, 'new', [], 2_000);
    for (const e of [older, newer]) {
      c.send(['EVENT', e]);
      await c.next();
    }
    c.send(['REQ', 'q', { kinds: [23195, 13194] }]);
    expect(await c.next()).toEqual(['EVENT', 'q', newer]);
    expect(await c.next()).toEqual(['EOSE', 'q']);
    c.close();
  });

  it('refuses an expired event (NIP-40) and keeps stored events across a restart on the same port', async () => {
    const c = await connect(relay.url);
    const gone = sign(1, 'gone', [['expiration', String(Math.floor(Date.now() / 1000) - 1)]]);
    c.send(['EVENT', gone]);
    expect((await c.next()).slice(0, 3)).toEqual(['OK', gone.id, false]);
    const kept: Event = sign(1, 'kept');
    c.send(['EVENT', kept]);
    await c.next();
    const url = relay.url;
    await relay.stop();
    await relay.start();
    expect(relay.url).toBe(url);
    const again = await connect(relay.url);
    again.send(['REQ', 'k', { ids: [kept.id] }]);
    expect(await again.next()).toEqual(['EVENT', 'k', kept]);
    expect(await again.next()).toEqual(['EOSE', 'k']);
    again.close();
  });
});
