import { createHash } from 'node:crypto';
import { nip19 } from 'nostr-tools';
import { validateZapRequest } from 'nostr-tools/nip57';
import {
  finalizeEvent,
  generateSecretKey,
  getPublicKey,
  type NostrEvent,
  verifyEvent,
} from 'nostr-tools/pure';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatchDue } from '../../src/app/outbox/dispatch.ts';
import { payFromOutside } from '../../src/app/sandbox/pay-from-outside.ts';
import { startNostrRelay, type TestRelay } from '../fixtures/nostr-relay.ts';
import {
  DIALECTS,
  ManualClock,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';
import { freePort } from '../fixtures/server-process.ts';

// NIP-57 zaps on every Lightning address (https://github.com/nostr-protocol/nips/blob/master/57.md):
// the payRequest advertises them, the callback checks a zap request as appendix D says and commits the
// invoice to it.

const SERVICE_KEY = '3b'.repeat(32);
const servicePubkey = getPublicKey(Buffer.from(SERVICE_KEY, 'hex'));

/** A zap request (kind 9734) signed by `sk`, with the tags NIP-57 appendix A lists, changed by `edit`. */
function zapRequest(
  sk: Uint8Array,
  p: { recipient: string; amountMsat: number; relays: string[]; eventId?: string },
  edit: (tags: string[][]) => string[][] = (t) => t,
): NostrEvent {
  const tags = [
    ['relays', ...p.relays],
    ['amount', String(p.amountMsat)],
    ['p', p.recipient],
    ...(p.eventId === undefined
      ? []
      : [
          ['e', p.eventId],
          ['k', '1'],
        ]),
  ];
  return finalizeEvent(
    { kind: 9734, created_at: Math.floor(Date.now() / 1000), content: 'Zap!', tags: edit(tags) },
    sk,
  );
}

describe.each(DIALECTS)('Zaps on a Lightning address over real HTTP on %s', (dialect) => {
  let t: TestRuntime;
  let base: string;
  let bob: TestAccount;
  let alice: TestAccount;
  let relay: TestRelay;
  let relay2: TestRelay;
  let clock: ManualClock;
  const sender = generateSecretKey();
  const senderPubkey = getPublicKey(sender);
  const recipient = getPublicKey(generateSecretKey());
  const never = new AbortController().signal;

  beforeEach(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    clock = new ManualClock(Date.now());
    relay = await startNostrRelay();
    relay2 = await startNostrRelay();
    t = await testRuntime(
      dialect,
      {
        SANDBOX_NODE_KEY: '22'.repeat(32),
        PUBLIC_URL: base,
        NOSTR_SECRET_KEY: SERVICE_KEY,
        NOSTR_ALLOW_PRIVATE: 'true',
      },
      { clock },
    );
    await t.app.listen({ port, host: '127.0.0.1' });
    bob = await makeAccount(t.deps);
    alice = await makeAccount(t.deps, { fund: { lbtc: '0.01' } });
  });
  afterEach(async () => {
    await t.close();
    await relay.close();
    await relay2.close();
  });

  /** A zap invoice of 21 sat for bob, zapping event `eventId`, its receipt to the test relays. */
  async function zapInvoice(relays: string[]) {
    const eventId = 'e7'.repeat(32);
    const zap = JSON.stringify(zapRequest(sender, { recipient, amountMsat: 21_000, relays, eventId }));
    const res = await callback(21_000, zap);
    expect(res.status).toBe(200);
    const cb = (await res.json()) as { pr: string; verify: string };
    const decoded = t.deps.decodeInvoice(cb.pr);
    if (!decoded.ok) throw new Error(decoded.message);
    return { zap, eventId, pr: cb.pr, verify: cb.verify, paymentHash: decoded.invoice.paymentHash };
  }

  /** The receipt's checks NIP-57 appendix F and the issue ask for. */
  function expectReceipt(
    receipt: NostrEvent,
    z: { zap: string; eventId: string; pr: string; paymentHash: string },
    paidAtSec: number,
  ) {
    expect(verifyEvent(receipt)).toBe(true);
    expect(receipt.kind).toBe(9735);
    expect(receipt.pubkey).toBe(servicePubkey);
    expect(receipt.created_at).toBe(paidAtSec);
    const tag = (n: string) => receipt.tags.filter((x) => x[0] === n).map((x) => x[1]);
    expect(tag('description')).toEqual([z.zap]);
    expect(validateZapRequest(z.zap)).toBeNull();
    expect(tag('bolt11')).toEqual([z.pr]);
    expect(tag('p')).toEqual([recipient]);
    expect(tag('P')).toEqual([senderPubkey]);
    expect(tag('e')).toEqual([z.eventId]);
    expect(tag('k')).toEqual(['1']);
    const preimage = tag('preimage')[0] ?? '';
    expect(createHash('sha256').update(Buffer.from(preimage, 'hex')).digest('hex')).toBe(z.paymentHash);
  }

  const callback = (amount: number | string, nostr?: string) =>
    fetch(
      `${base}/lnurlp/${bob.usertag}/callback?amount=${amount}${nostr === undefined ? '' : `&nostr=${encodeURIComponent(nostr)}`}`,
    );

  it('advertises zaps and issues an invoice whose description hash is the SHA-256 of the zap request', async () => {
    const doc = (await (await fetch(`${base}/.well-known/lnurlp/${bob.usertag}`)).json()) as Record<
      string,
      unknown
    >;
    expect(doc).toMatchObject({ allowsNostr: true, nostrPubkey: servicePubkey });
    const zap = JSON.stringify(
      zapRequest(sender, { recipient, amountMsat: 21_000, relays: ['wss://relay.example'] }),
    );
    const res = await callback(21_000, zap);
    expect(res.status).toBe(200);
    const cb = (await res.json()) as { pr: string; verify: string };
    const decoded = t.deps.decodeInvoice(cb.pr);
    expect(decoded.ok && decoded.invoice.amountMsat).toBe(21_000n);
    expect(decoded.ok && decoded.invoice.descriptionHash).toBe(
      createHash('sha256').update(zap).digest('hex'),
    );
    expect(cb.verify).toBe(
      `${base}/lnurlp/${bob.usertag}/verify/${decoded.ok && decoded.invoice.paymentHash}`,
    );
  });

  it('a zap paid from outside (the sandbox node) publishes a valid zap receipt to the request’s relays', async () => {
    const z = await zapInvoice([relay.url, relay2.url]);
    const paid = await payFromOutside(t.deps, z.pr);
    expect(paid.ok).toBe(true);
    await dispatchDue(t.deps, never);
    const isReceipt = (e: NostrEvent) => e.kind === 9735;
    const [one, two] = await Promise.all([relay.waitFor(isReceipt), relay2.waitFor(isReceipt)]);
    expect(one.id).toBe(two.id);
    const settled = (await t.app.inject({ url: new URL(z.verify).pathname })).json() as Record<
      string,
      unknown
    >;
    const paidAtSec = Math.floor(Number(paid.ok && paid.value.paid_at_ms) / 1000);
    expectReceipt(one, z, paidAtSec);
    expect(settled).toEqual({
      status: 'OK',
      settled: true,
      preimage: one.tags.find((x) => x[0] === 'preimage')?.[1],
      pr: z.pr,
    });
  });

  it('a zap paid by another account of this service (inside the ledger) publishes its receipt too', async () => {
    const z = await zapInvoice([relay.url]);
    const res = await fetch(`${base}/lapi/v1/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': alice.adminKey },
      body: JSON.stringify({
        payment_mode: 'lightning',
        lightning_invoice_type: 'invoice',
        lightning_invoice: z.pr,
      }),
    });
    expect(((await res.json()) as { message: string }).message).toBe('Paid');
    await dispatchDue(t.deps, never);
    const receipt = await relay.waitFor((e) => e.kind === 9735);
    expectReceipt(receipt, z, Math.floor(clock.nowMs() / 1000));
  });

  it('a relay that was down gets the receipt on a later attempt; one that took it is not sent it again', async () => {
    const z = await zapInvoice([relay.url, relay2.url]);
    await relay2.stop();
    expect((await payFromOutside(t.deps, z.pr)).ok).toBe(true);
    const first = await dispatchDue(t.deps, never);
    expect([first.delivered, first.retrying]).toEqual([1, 1]);
    await relay.waitFor((e) => e.kind === 9735);
    await relay2.start();
    clock.advance(60 * 60 * 1000);
    const second = await dispatchDue(t.deps, never);
    expect([second.claimed, second.delivered]).toEqual([1, 1]);
    const late = await relay2.waitFor((e) => e.kind === 9735);
    expectReceipt(late, z, late.created_at);
    expect(relay.received.filter((e) => e.kind === 9735)).toHaveLength(1);
    // Nothing more is due: each relay has it once.
    expect((await dispatchDue(t.deps, never)).claimed).toBe(0);
  });

  it('a plain LNURL-pay invoice (no zap request) publishes nothing', async () => {
    const res = (await (await callback(5000)).json()) as { pr: string; verify: string };
    expect((await payFromOutside(t.deps, res.pr)).ok).toBe(true);
    expect((await dispatchDue(t.deps, never)).claimed).toBe(0);
  });

  it('NIP-05: an account publishes its key (hex or npub) as usertag@host, with relays; others get no names', async () => {
    const sk = generateSecretKey();
    const pub = getPublicKey(sk);
    const put = (key: string, body: unknown) =>
      fetch(`${base}/lapi/v1/nostr/pubkey`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        body: JSON.stringify(body),
      });
    const nostrJson = async (name: string) => {
      const res = await fetch(`${base}/.well-known/nostr.json?name=${encodeURIComponent(name)}`);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      return [res.status, await res.json()];
    };
    expect(await nostrJson(bob.usertag)).toEqual([200, { names: {} }]);
    expect((await put(bob.invoiceKey, { pubkey: pub })).status).toBe(403);
    for (const bad of [
      { pubkey: 'ab'.repeat(31) },
      { pubkey: 'npub1nonsense' },
      { pubkey: 'ff'.repeat(32) },
      { pubkey: pub, relays: ['https://r.example'] },
      { pubkey: pub, relays: 'wss://r.example' },
      {},
    ]) {
      const res = await put(bob.adminKey, bad);
      expect([JSON.stringify(bad), res.status]).toEqual([JSON.stringify(bad), 400]);
    }
    const set = await put(bob.adminKey, { pubkey: nip19.npubEncode(pub), relays: ['wss://relay.example'] });
    expect(((await set.json()) as { data: unknown }).data).toEqual({
      pubkey: pub,
      relays: ['wss://relay.example/'],
    });
    expect(await nostrJson(bob.usertag.toUpperCase())).toEqual([
      200,
      { names: { [bob.usertag]: pub }, relays: { [pub]: ['wss://relay.example/'] } },
    ]);
    expect(await nostrJson('nobody_here')).toEqual([200, { names: {} }]);
    expect(await nostrJson('')).toEqual([200, { names: {} }]);

    // Zap requests to the address must now name that key.
    const other = JSON.stringify(zapRequest(sender, { recipient, amountMsat: 21_000, relays: [relay.url] }));
    expect((await callback(21_000, other)).status).toBe(400);
    const mine = JSON.stringify(
      zapRequest(sender, { recipient: pub, amountMsat: 21_000, relays: [relay.url] }),
    );
    expect((await callback(21_000, mine)).status).toBe(200);

    const del = await fetch(`${base}/lapi/v1/nostr/pubkey`, {
      method: 'DELETE',
      headers: { 'x-api-key': bob.adminKey },
    });
    expect(((await del.json()) as { data: unknown }).data).toEqual({ removed: true });
    expect(await nostrJson(bob.usertag)).toEqual([200, { names: {} }]);
  });

  it('LUD-21: verify says unpaid (no preimage) until paid; unknown or foreign hashes are not found', async () => {
    const z = await zapInvoice([relay.url]);
    const verify = async (path: string) => {
      const res = await fetch(`${base}${path}`);
      return [res.status, await res.json()];
    };
    const path = new URL(z.verify).pathname;
    expect(await verify(path)).toEqual([200, { status: 'OK', settled: false, preimage: null, pr: z.pr }]);
    const notFound = [404, { status: 'ERROR', reason: 'Not found' }];
    expect(await verify(`/lnurlp/${bob.usertag}/verify/${'00'.repeat(32)}`)).toEqual(notFound);
    expect(await verify(`/lnurlp/${alice.usertag}/verify/${z.paymentHash}`)).toEqual(notFound);
    expect(await verify(`/lnurlp/${bob.usertag}/verify/nothex`)).toEqual(notFound);
    // An invoice of the API (not the Lightning address) is not LUD-21's to tell.
    const api = await fetch(`${base}/lapi/v1/receive`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': bob.invoiceKey },
      body: JSON.stringify({ payment_mode: 'lightning', amount: '0.00001' }),
    });
    const apiHash = t.deps.decodeInvoice(
      ((await api.json()) as { data: { lightning_invoice: { payreq: string } } }).data.lightning_invoice
        .payreq,
    );
    expect(
      await verify(`/lnurlp/${bob.usertag}/verify/${apiHash.ok && apiHash.invoice.paymentHash}`),
    ).toEqual(notFound);
  });

  it('refuses each zap request NIP-57 appendix D rules out, with the LNURL error shape', async () => {
    const ok = { recipient, amountMsat: 21_000, relays: ['wss://relay.example'] };
    const badSig = { ...zapRequest(sender, ok) };
    badSig.sig = `${badSig.sig.slice(0, -2)}${badSig.sig.endsWith('00') ? '11' : '00'}`;
    const changedContent = { ...zapRequest(sender, ok), content: 'changed after signing' };
    const cases: Array<[string, unknown, number]> = [
      ['bad signature', badSig, 21_000],
      ['id not the hash of the event', changedContent, 21_000],
      ['two p tags', zapRequest(sender, ok, (t) => [...t, ['p', getPublicKey(generateSecretKey())]]), 21_000],
      ['no p tag', zapRequest(sender, ok, (t) => t.filter((x) => x[0] !== 'p')), 21_000],
      [
        'two e tags',
        zapRequest(sender, ok, (t) => [...t, ['e', 'aa'.repeat(32)], ['e', 'bb'.repeat(32)]]),
        21_000,
      ],
      ['amount mismatch', zapRequest(sender, ok), 22_000],
      ['no relays tag', zapRequest(sender, ok, (t) => t.filter((x) => x[0] !== 'relays')), 21_000],
      [
        'relays that are no ws URLs',
        zapRequest(sender, ok, (t) => [['relays', 'https://x.example'], ...t.slice(1)]),
        21_000,
      ],
      ['P tag not the sender', zapRequest(sender, ok, (t) => [...t, ['P', recipient]]), 21_000],
      ['a tag not a coordinate', zapRequest(sender, ok, (t) => [...t, ['a', 'nonsense']]), 21_000],
      [
        'wrong kind',
        finalizeEvent(
          {
            kind: 1,
            created_at: 1,
            content: '',
            tags: [
              ['p', recipient],
              ['relays', 'wss://r.example'],
            ],
          },
          sender,
        ),
        21_000,
      ],
      ['not JSON', '{"kind":9734', 21_000],
    ];
    for (const [why, event, amount] of cases) {
      const res = await callback(amount, typeof event === 'string' ? event : JSON.stringify(event));
      const body = (await res.json()) as { status: string; reason: string };
      expect([why, res.status, body.status]).toEqual([why, 400, 'ERROR']);
      expect(body.reason).toMatch(/^nostr: /);
    }
    const twice = await fetch(`${base}/lnurlp/${bob.usertag}/callback?amount=21000&nostr=a&nostr=b`);
    expect([twice.status, ((await twice.json()) as { status: string }).status]).toEqual([400, 'ERROR']);
    // Nothing was recorded for any of them.
    const history = await fetch(`${base}/lapi/v1/history?limit=50`, {
      headers: { 'x-api-key': bob.invoiceKey },
    });
    expect(((await history.json()) as { data: unknown[] }).data).toEqual([]);
  });
});

describe('Zaps without a Nostr key', () => {
  it('offers no zaps and makes a plain LNURL-pay invoice when a zap request is sent anyway', async () => {
    const t = await testRuntime('sqlite', { SANDBOX_NODE_KEY: '22'.repeat(32) });
    try {
      const bob = await makeAccount(t.deps);
      const doc = await t.app.inject({ url: `/.well-known/lnurlp/${bob.usertag}` });
      expect(doc.json()).not.toHaveProperty('allowsNostr');
      expect(doc.json()).not.toHaveProperty('nostrPubkey');
      const zap = JSON.stringify(
        zapRequest(generateSecretKey(), {
          recipient: 'ab'.repeat(32),
          amountMsat: 5000,
          relays: ['wss://r.example'],
        }),
      );
      const res = await t.app.inject({
        url: `/lnurlp/${bob.usertag}/callback?amount=5000&nostr=${encodeURIComponent(zap)}`,
      });
      expect(res.statusCode).toBe(200);
      const decoded = t.deps.decodeInvoice((res.json() as { pr: string }).pr);
      const metadata = (doc.json() as { metadata: string }).metadata;
      expect(decoded.ok && decoded.invoice.descriptionHash).toBe(
        createHash('sha256').update(metadata).digest('hex'),
      );
    } finally {
      await t.close();
    }
  });
});
