import { finalizeEvent, generateSecretKey, getPublicKey, nip44 } from 'nostr-tools';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NwcService } from '../../src/app/nwc/wallet-service.ts';
import type { NostrEvent } from '../../src/app/ports.ts';
import { startNwc } from '../../src/main.ts';
import { type FakeNodeRuntime, fakeNodeRuntime } from '../fixtures/lightning/fake-node.ts';
import { startNostrRelay, type TestRelay } from '../fixtures/nostr-relay.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

// The NWC wallet service's limits across instances: two instances of the service on one database (as
// two processes behind one relay set would be), each handed its own requests, share one count per
// connection (NWC_REQUESTS_PER_MINUTE) and one count of refusals to keys that are no live connection
// (NWC_REFUSALS_PER_MINUTE), through the shared rate-limit table (RATE_LIMIT_STORE=database).

const SERVICE_SECRET = '33'.repeat(32);
const SERVICE_PUBKEY = getPublicKey(Buffer.from(SERVICE_SECRET, 'hex'));

const ENV = {
  NOSTR_SECRET_KEY: SERVICE_SECRET,
  NOSTR_ALLOW_PRIVATE: 'true',
  RATE_LIMIT_STORE: 'database',
  NWC_REQUESTS_PER_MINUTE: '5',
  NWC_REFUSALS_PER_MINUTE: '3',
};

/** A signed NIP-44 request of `sk` to the service. */
function request(sk: Uint8Array, method: string, params: object = {}): NostrEvent {
  return finalizeEvent(
    {
      kind: 23194,
      created_at: Math.floor(Date.now() / 1000),
      tags: [
        ['p', SERVICE_PUBKEY],
        ['encryption', 'nip44_v2'],
      ],
      content: nip44.encrypt(
        JSON.stringify({ method, params }),
        nip44.getConversationKey(sk, SERVICE_PUBKEY),
      ),
    },
    sk,
  );
}

type Logged = { level: string; obj: Record<string, unknown>; msg: string };

describe.each(DIALECTS)('NWC limits across two instances on %s', (dialect) => {
  let relay: TestRelay;
  let f: FakeNodeRuntime;
  let second: TestRuntime;
  let a: NwcService;
  let b: NwcService;
  let alice: TestAccount;
  const logged: Logged[] = [];

  beforeEach(async () => {
    relay = await startNostrRelay();
    const env = { ...ENV, NWC_RELAYS: relay.url };
    f = await fakeNodeRuntime(dialect, { env });
    second = await testRuntime(dialect, env, {
      databaseUrl: f.t.databaseUrl,
      clock: f.clock,
      lightning: f.node,
    });
    alice = await makeAccount(f.t.deps, { fund: { lbtc: '0.01' } });
    logged.length = 0;
    const log = (level: string) => (obj: Record<string, unknown>, msg: string) =>
      logged.push({ level, obj, msg });
    const capture = { info: log('info'), warn: log('warn'), error: log('error'), debug: log('debug') };
    const sa = startNwc({ ...f.t.deps, log: capture });
    const sb = startNwc({ ...second.deps, log: capture });
    if (sa === null || sb === null) throw new Error('NWC did not start');
    a = sa;
    b = sb;
    await relay.waitFor((e) => e.kind === 13194 && e.pubkey === SERVICE_PUBKEY);
  });
  afterEach(async () => {
    await a.stop();
    await b.stop();
    await second.close();
    await f.t.close();
    await relay.close();
  });

  const connect = async (): Promise<{ sk: Uint8Array; id: string }> => {
    const r = await f.t.app.inject({
      method: 'POST',
      url: '/lapi/v1/nwc/connections',
      headers: { 'x-api-key': alice.adminKey },
      payload: { name: 'limits' },
    });
    expect(r.statusCode).toBe(200);
    const data = r.json().data as { uri: string; id: string };
    const secret = new URL(data.uri.replace('nostr+walletconnect://', 'http://')).searchParams.get('secret');
    return { sk: Uint8Array.from(Buffer.from(secret ?? '', 'hex')), id: data.id };
  };

  /** The answers the relay holds to `req`, decrypted. */
  const answersTo = (sk: Uint8Array, req: NostrEvent) =>
    relay.received
      .filter((e) => e.kind === 23195 && e.tags.some((t) => t[0] === 'e' && t[1] === req.id))
      .map(
        (e) =>
          JSON.parse(nip44.decrypt(e.content, nip44.getConversationKey(sk, SERVICE_PUBKEY))) as {
            error: { code: string } | null;
            result: unknown;
          },
      );

  it('a connection gets NWC_REQUESTS_PER_MINUTE in total, whichever instance answers', async () => {
    const { sk } = await connect();
    const reqs = Array.from({ length: 10 }, () => request(sk, 'get_balance'));
    // Alternating instances, as requests spread over two processes would.
    for (const [i, r] of reqs.entries()) await (i % 2 === 0 ? a : b).handle(r);
    const outcomes = reqs.map((r) => {
      const got = answersTo(sk, r);
      expect(got).toHaveLength(1);
      return got[0]?.error === null ? 'ok' : got[0]?.error.code;
    });
    expect(outcomes).toEqual([...Array(5).fill('ok'), ...Array(5).fill('RATE_LIMITED')]);
    // A new minute, a new allowance.
    f.clock.advance(60_000);
    const next = request(sk, 'get_balance');
    await b.handle(next);
    expect(answersTo(sk, next)[0]?.error).toBeNull();
  });

  it('refusals to unknown keys stop at NWC_REFUSALS_PER_MINUTE across instances; later ones are dropped, logged sampled', async () => {
    const strangers = Array.from({ length: 8 }, () => generateSecretKey());
    const reqs = strangers.map((sk) => request(sk, 'get_balance'));
    for (const [i, r] of reqs.entries()) await (i % 2 === 0 ? a : b).handle(r);
    const answered = reqs.map((r, i) => answersTo(strangers[i]!, r));
    expect(answered.map((x) => x.length)).toEqual([1, 1, 1, 0, 0, 0, 0, 0]);
    for (const x of answered.slice(0, 3)) expect(x[0]?.error?.code).toBe('UNAUTHORIZED');
    // One line per instance for its first drop of the minute, not one per request.
    const drops = logged.filter((l) => l.msg.includes('NWC_REFUSALS_PER_MINUTE'));
    expect(drops).toHaveLength(2);
    expect(drops.every((d) => d.level === 'warn')).toBe(true);

    // A request with an encryption the service does not speak is a refusal of the same kind.
    const odd = generateSecretKey();
    const oddReq = finalizeEvent(
      {
        kind: 23194,
        created_at: Math.floor(Date.now() / 1000),
        tags: [
          ['p', SERVICE_PUBKEY],
          ['encryption', 'nip99'],
        ],
        content: 'x',
      },
      odd,
    );
    await a.handle(oddReq);
    expect(relay.received.some((e) => e.tags.some((t) => t[0] === 'e' && t[1] === oddReq.id))).toBe(false);

    // A live connection is not held back by the cap.
    const { sk } = await connect();
    const mine = request(sk, 'get_balance');
    await a.handle(mine);
    expect(answersTo(sk, mine)[0]?.error).toBeNull();

    // The next minute: refusals are answered again; an instance's next line counts its drops since its
    // last line (here: two more of the past minute and this one).
    f.clock.advance(60_000);
    const later = generateSecretKey();
    const laterReq = request(later, 'get_balance');
    await a.handle(laterReq);
    expect(answersTo(later, laterReq)[0]?.error?.code).toBe('UNAUTHORIZED');
    for (let i = 0; i < 3; i++) await a.handle(request(generateSecretKey(), 'get_info'));
    const lines = logged.filter((l) => l.msg.includes('NWC_REFUSALS_PER_MINUTE'));
    expect(lines).toHaveLength(3);
    expect(lines.at(-1)?.obj).toMatchObject({ dropped: 3 });
  });

  it('revoked and expired connections count toward the refusal cap like unknown keys', async () => {
    const soon = Math.floor(f.clock.nowMs() / 1000) + 3600;
    const r = await f.t.app.inject({
      method: 'POST',
      url: '/lapi/v1/nwc/connections',
      headers: { 'x-api-key': alice.adminKey },
      payload: { name: 'soon', expires_at: soon },
    });
    const expiringUri = (r.json().data as { uri: string }).uri;
    const expiring = Uint8Array.from(
      Buffer.from(
        new URL(expiringUri.replace('nostr+walletconnect://', 'http://')).searchParams.get('secret') ?? '',
        'hex',
      ),
    );
    f.clock.advance(3600_000);
    const revoked = await connect();
    const del = await f.t.app.inject({
      method: 'DELETE',
      url: `/lapi/v1/nwc/connections/${revoked.id}`,
      headers: { 'x-api-key': alice.adminKey },
    });
    expect(del.statusCode).toBe(200);
    const senders = [revoked.sk, expiring, revoked.sk, expiring, revoked.sk];
    const reqs = senders.map((sk) => request(sk, 'get_balance'));
    for (const [i, q] of reqs.entries()) await (i % 2 === 0 ? a : b).handle(q);
    expect(reqs.map((q, i) => answersTo(senders[i]!, q).length)).toEqual([1, 1, 1, 0, 0]);
    expect(answersTo(expiring, reqs[1]!)[0]?.error?.code).toBe('UNAUTHORIZED');
  });
});
