import { NWCClient } from '@getalby/sdk';
import { finalizeEvent, getPublicKey, nip04, nip44 } from 'nostr-tools';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { NwcService } from '../../src/app/nwc/wallet-service.ts';
import { dispatchDue } from '../../src/app/outbox/dispatch.ts';
import { reconcileOutgoing } from '../../src/app/payments/settlement/reconcile-outgoing.ts';
import { settleIncomingInvoice } from '../../src/app/payments/settlement/settle-incoming.ts';
import { WRITE_BATCH_LOCK } from '../../src/db/postgres/group-commit.ts';
import { startNwc } from '../../src/main.ts';
import { type FakeNodeRuntime, fakeNodeRuntime, foreignInvoice } from '../fixtures/lightning/fake-node.ts';
import { startNostrRelay, type TestRelay } from '../fixtures/nostr-relay.ts';
import { DIALECTS, itWhere, makeAccount, type TestAccount } from '../fixtures/runtime.ts';
import { captureStatements } from '../fixtures/statement-capture.ts';

// NIP-47 notifications (payment_received / payment_sent, kinds 23197 NIP-44 and 23196 NIP-04) and the
// answers of pay_invoice requests that resolve after the request handler let go of them, received by
// @getalby/sdk 8.0.3's NWCClient through the strict NIP-01 relay of test/fixtures/nostr-relay.ts. Both go
// through the outbox: each test delivers it with dispatchDue, as the outbox job does.
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;

// Installed before any runtime opens its connections (they bind the driver's query when made).
const batchStatements = captureStatements(/^(BEGIN|SELECT 1; COMMIT)|paytag_send_batch/);

const SERVICE_SECRET = '33'.repeat(32);
const SERVICE_PUBKEY = getPublicKey(Buffer.from(SERVICE_SECRET, 'hex'));
const never = new AbortController().signal;

// biome-ignore lint/suspicious/noExplicitAny: notifications read as JSON
type Json = any;

describe.each(DIALECTS)('NWC notifications on %s', (dialect) => {
  let relay: TestRelay;
  let f: FakeNodeRuntime;
  let service: NwcService | null;
  let alice: TestAccount;
  const clients: NWCClient[] = [];

  beforeEach(async () => {
    relay = await startNostrRelay();
    f = await fakeNodeRuntime(dialect, {
      env: { NOSTR_SECRET_KEY: SERVICE_SECRET, NWC_RELAYS: relay.url, NOSTR_ALLOW_PRIVATE: 'true' },
    });
    alice = await makeAccount(f.t.deps, { fund: { lbtc: '0.01' } });
    service = startNwc(f.t.deps);
    if (service === null) throw new Error('NWC did not start');
    await relay.waitFor((e) => e.kind === 13194 && e.pubkey === SERVICE_PUBKEY);
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await service?.stop();
    await f.t.close();
    await relay.close();
  });

  const connect = async (
    who: TestAccount,
    body: object,
  ): Promise<{ client: NWCClient; id: string; uri: string; pubkey: string }> => {
    const r = await f.t.app.inject({
      method: 'POST',
      url: '/lapi/v1/nwc/connections',
      headers: { 'x-api-key': who.adminKey },
      payload: body,
    });
    expect(r.statusCode).toBe(200);
    const data = r.json().data as Json;
    const client = new NWCClient({ nostrWalletConnectUrl: data.uri });
    clients.push(client);
    return { client, id: data.id, uri: data.uri, pubkey: data.client_pubkey };
  };
  /** Collects a client's notifications; resolves `next(type)` with the next one of that type. */
  const listen = async (client: NWCClient) => {
    const got: Json[] = [];
    const waiters: Array<() => void> = [];
    await client.subscribeNotifications((n) => {
      got.push(n);
      for (const w of waiters.splice(0)) w();
    });
    // The relay has the subscription before anything is published.
    await waitUntil(() =>
      relay.subscriptions().some((s) => JSON.stringify(s.filters).match(/2319[67]/) !== null),
    );
    return {
      got,
      async next(type: string, hash: string): Promise<Json> {
        for (;;) {
          const n = got.find((x) => x.notification_type === type && x.notification.payment_hash === hash);
          if (n !== undefined) return n;
          await new Promise<void>((r) => waiters.push(r));
        }
      },
    };
  };
  const deliver = () => dispatchDue(f.t.deps, never);
  const notificationsTo = (pubkey: string) =>
    relay.received.filter(
      (e) => (e.kind === 23196 || e.kind === 23197) && e.tags.some((t) => t[1] === pubkey),
    );

  it('advertises notifications, then sends payment_received (from outside) and payment_sent, NIP-44', async () => {
    const { client } = await connect(alice, { name: 'all' });
    const info = await client.getWalletServiceInfo();
    expect(info.capabilities).toContain('notifications');
    expect(info.notifications).toEqual(['payment_received', 'payment_sent']);
    const gi = await client.getInfo();
    expect(gi.notifications).toEqual(['payment_received', 'payment_sent']);
    expect(gi.methods).not.toContain('notifications');
    const inbox = await listen(client);

    const made = await client.makeInvoice({ amount: 21_000, description: 'notify me' });
    await settleIncomingInvoice(f.t.deps, await f.node.settleFromOutside(made.payment_hash));
    await deliver();
    const rec = await inbox.next('payment_received', made.payment_hash);
    const looked = await client.lookupInvoice({ payment_hash: made.payment_hash });
    // The same view as lookup_invoice.
    expect(rec.notification).toEqual(looked);
    expect(rec.notification).toMatchObject({
      type: 'incoming',
      state: 'settled',
      amount: 21_000,
      description: 'notify me',
      invoice: made.invoice,
    });
    expect(rec.notification.settled_at).toBeTypeOf('number');

    const out = foreignInvoice(9_000n);
    const paid = await client.payInvoice({ invoice: out.payreq });
    await deliver();
    const sent = await inbox.next('payment_sent', out.paymentHash);
    expect(sent.notification).toMatchObject({
      type: 'outgoing',
      state: 'settled',
      amount: 9_000,
      preimage: paid.preimage,
      fees_paid: paid.fees_paid,
      invoice: out.payreq,
    });
    const kinds = relay.received.filter((e) => e.kind === 23196 || e.kind === 23197).map((e) => e.kind);
    expect(new Set(kinds)).toEqual(new Set([23197]));
  });

  it('payment_received for an invoice paid by another paytag account inside the ledger; its payer gets payment_sent', async () => {
    const bob = await makeAccount(f.t.deps, { fund: { lbtc: '0.01' } });
    const a = await connect(alice, { name: 'alice' });
    const b = await connect(bob, { name: 'bob' });
    const aliceInbox = await listen(a.client);
    const bobInbox = await listen(b.client);
    const made = await a.client.makeInvoice({ amount: 13_000, description: 'from bob' });
    const paid = await b.client.payInvoice({ invoice: made.invoice });
    await deliver();
    const rec = await aliceInbox.next('payment_received', made.payment_hash);
    expect(rec.notification).toMatchObject({
      type: 'incoming',
      state: 'settled',
      amount: 13_000,
      preimage: paid.preimage,
    });
    const sent = await bobInbox.next('payment_sent', made.payment_hash);
    expect(sent.notification).toMatchObject({ type: 'outgoing', state: 'settled', amount: 13_000 });
    // Each notification went to its own account's connection only.
    expect(notificationsTo(a.pubkey)).toHaveLength(1);
    expect(notificationsTo(b.pubkey)).toHaveLength(1);
  });

  it('sends to a usertag written together in one batch notify the receiver and the payer, each', async () => {
    const bob = await makeAccount(f.t.deps, { fund: { lbtc: '0.01' } });
    const a = await connect(alice, { name: 'alice' });
    const b = await connect(bob, { name: 'bob' });
    const aliceInbox = await listen(a.client);
    const bobInbox = await listen(b.client);
    // Sent at once: on PostgreSQL they share a batch, which writes their payment rows together.
    const sends = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        f.t.app.inject({
          method: 'POST',
          url: '/lapi/v1/send',
          headers: { 'x-api-key': bob.adminKey },
          payload: { payment_mode: 'usertag', usertag: alice.usertag, amount: `0.0000${n}` },
        }),
      ),
    );
    for (const r of sends) expect(r.statusCode, r.body).toBe(200);
    await deliver();
    const amounts = (inbox: { got: Json[] }, type: string) =>
      inbox.got
        .filter((n) => n.notification_type === type)
        .map((n) => n.notification.amount as number)
        .sort((x, y) => x - y);
    const all = [1_000_000, 2_000_000, 3_000_000, 4_000_000, 5_000_000];
    await waitUntil(() => amounts(aliceInbox, 'payment_received').length >= 5);
    await waitUntil(() => amounts(bobInbox, 'payment_sent').length >= 5);
    expect(amounts(aliceInbox, 'payment_received')).toEqual(all);
    expect(amounts(bobInbox, 'payment_sent')).toEqual(all);
  });

  itWhere(dialect === 'postgres')(
    'sends between accounts whose connections take no notifications: the batch is one statement, nothing is queued; a connection that takes them is told',
    async () => {
      const bob = await makeAccount(f.t.deps, { fund: { lbtc: '0.01' } });
      const quiet = await connect(alice, { name: 'quiet', methods: ['get_info', 'make_invoice'] });
      const send = (sat: number) =>
        f.t.app.inject({
          method: 'POST',
          url: '/lapi/v1/send',
          headers: { 'x-api-key': bob.adminKey },
          payload: { payment_mode: 'usertag', usertag: alice.usertag, amount: (sat / 1e8).toFixed(8) },
        });
      // The first send to a usertag reads its account inside its unit; afterwards it is known.
      expect((await send(1000)).statusCode).toBe(200);
      // Another session holds the batch lock: the first of the next sends runs alone and waits for it,
      // and the others queue meanwhile, to form one batch.
      const other = new pg.Client({ connectionString: f.t.databaseUrl });
      await other.connect();
      let sends: Array<{ statusCode: number; body: string }>;
      try {
        await other.query('BEGIN');
        await other.query(`SELECT pg_advisory_xact_lock(${WRITE_BATCH_LOCK})`);
        batchStatements.start();
        const pending = Promise.all([2000, 3000, 4000, 5000].map(send));
        await new Promise((done) => setTimeout(done, 300));
        await other.query('COMMIT');
        sends = await pending;
      } finally {
        batchStatements.stop();
        await other.end();
      }
      for (const r of sends) expect(r.statusCode, r.body).toBe(200);
      // The first alone in its transaction; the three others one statement, without a transaction.
      expect(batchStatements.captured.map((c) => c.text.trim().slice(0, 11))).toEqual([
        'BEGIN; SELE',
        'SELECT 1; C',
        'WITH lk AS ',
      ]);
      await deliver();
      expect(notificationsTo(quiet.pubkey)).toEqual([]);

      // Once the receiver has a connection that takes notifications, its sends are told to it.
      const loud = await connect(alice, { name: 'loud' });
      const inbox = await listen(loud.client);
      const told = await Promise.all([6000, 7000].map(send));
      for (const r of told) expect(r.statusCode, r.body).toBe(200);
      await deliver();
      await waitUntil(() => inbox.got.filter((n) => n.notification_type === 'payment_received').length >= 2);
      expect(
        inbox.got
          .filter((n) => n.notification_type === 'payment_received')
          .map((n) => n.notification.amount)
          .sort(),
      ).toEqual([6_000_000, 7_000_000]);
      expect(notificationsTo(quiet.pubkey)).toEqual([]);
    },
  );

  it('a NIP-04 client gets kind 23196; revoked connections and ones without notifications get nothing', async () => {
    const legacy = await connect(alice, { name: 'legacy' });
    (legacy.client as unknown as { _encryptionType: string })._encryptionType = 'nip04';
    // Its first request tells the service which encryption it speaks.
    expect((await legacy.client.getBalance()).balance).toBe(1_000_000_000);
    const inbox = await listen(legacy.client);
    const revoked = await connect(alice, { name: 'gone' });
    const del = await f.t.app.inject({
      method: 'DELETE',
      url: `/lapi/v1/nwc/connections/${revoked.id}`,
      headers: { 'x-api-key': alice.adminKey },
    });
    expect(del.statusCode).toBe(200);
    const quiet = await connect(alice, { name: 'quiet', methods: ['get_info', 'make_invoice'] });
    await expect(quiet.client.getInfo()).resolves.toMatchObject({ notifications: [] });

    const made = await quiet.client.makeInvoice({ amount: 8_000 });
    await settleIncomingInvoice(f.t.deps, await f.node.settleFromOutside(made.payment_hash));
    await deliver();
    const rec = await inbox.next('payment_received', made.payment_hash);
    expect(rec.notification).toMatchObject({ type: 'incoming', amount: 8_000 });
    expect(notificationsTo(legacy.pubkey).map((e) => e.kind)).toEqual([23196]);
    expect(notificationsTo(revoked.pubkey)).toEqual([]);
    expect(notificationsTo(quiet.pubkey)).toEqual([]);
  });

  it('a connection that never made a request gets both kinds (its encryption is not known)', async () => {
    const fresh = await connect(alice, { name: 'fresh' });
    const other = await connect(alice, { name: 'other', methods: ['make_invoice'] });
    const made = await other.client.makeInvoice({ amount: 3_000 });
    await settleIncomingInvoice(f.t.deps, await f.node.settleFromOutside(made.payment_hash));
    await deliver();
    const kinds = notificationsTo(fresh.pubkey).map((e) => e.kind);
    expect(kinds.sort()).toEqual([23196, 23197]);
    const sk = secretOf(fresh.uri);
    const byKind = (k: number) => notificationsTo(fresh.pubkey).find((e) => e.kind === k)!;
    const a = JSON.parse(nip44.decrypt(byKind(23197).content, nip44.getConversationKey(sk, SERVICE_PUBKEY)));
    const b = JSON.parse(nip04.decrypt(sk, SERVICE_PUBKEY, byKind(23196).content));
    expect(a).toEqual(b);
    expect(a.notification_type).toBe('payment_received');
    // Sent again (as after an OK that was lost), the NIP-44 notification is the same event.
    await f.t.deps.db.write((trx) =>
      trx
        .updateTable('outbox')
        .set({ state: 'pending', next_attempt_at_ms: 0n })
        .where('event_type', '=', 'nwc.notification')
        .execute(),
    );
    await deliver();
    const nip44Ids = notificationsTo(fresh.pubkey)
      .filter((e) => e.kind === 23197)
      .map((e) => e.id);
    expect(nip44Ids).toHaveLength(2);
    expect(new Set(nip44Ids).size).toBe(1);
  });

  it('a notification made while the relay is down reaches the client after the relay is back', async () => {
    const { client, uri } = await connect(alice, { name: 'down' });
    const made = await client.makeInvoice({ amount: 5_000 });
    await relay.stop();
    await settleIncomingInvoice(f.t.deps, await f.node.settleFromOutside(made.payment_hash));
    const first = await deliver();
    expect(first.retrying).toBeGreaterThanOrEqual(1);
    await relay.start();
    // A client that subscribes again once its relay is back (ephemeral events are not stored).
    const again = new NWCClient({ nostrWalletConnectUrl: uri });
    clients.push(again);
    const inbox = await listen(again);
    f.clock.advance(3_600_000);
    await deliver();
    const rec = await inbox.next('payment_received', made.payment_hash);
    expect(rec.notification).toMatchObject({ type: 'incoming', amount: 5_000, state: 'settled' });
  });

  it('a pay_invoice still pending when its handler lets go is answered when it resolves, with no instance holding it', async () => {
    const { client } = await connect(alice, { name: 'slow' });
    const ok = foreignInvoice(6_000n);
    const bad = foreignInvoice(7_000n);
    f.node.payOutcomes.push({ status: 'pending' }, { status: 'pending' });
    const okAnswer = client.payInvoice({ invoice: ok.payreq });
    const badAnswer = client.payInvoice({ invoice: bad.payreq }).then(
      () => 'no error',
      (e: { code: string }) => e.code,
    );
    // Both taken and pending at the node, with nothing answered.
    await waitUntilAsync(async () => {
      const rows = await f.t.deps.db.read
        .selectFrom('nwc_requests')
        .select('payment_id')
        .where('method', '=', 'pay_invoice')
        .execute();
      return rows.length === 2 && rows.every((r) => r.payment_id !== null);
    });
    // No instance holds the requests any more: the service stops (it waits for its handlers).
    await service!.stop();
    service = null;
    expect(relay.received.filter((e) => e.kind === 23195)).toEqual([]);
    f.node.lookups.set(ok.paymentHash, { status: 'succeeded', feeMsat: 12n, preimage: 'ab'.repeat(32) });
    f.node.lookups.set(bad.paymentHash, { status: 'failed', reason: 'no route' });
    f.clock.advance((f.t.deps.config.payments.payTimeoutSec + 31) * 1000);
    await reconcileOutgoing(f.t.deps);
    await deliver();
    const paid = await okAnswer;
    expect(paid.preimage).toBe('ab'.repeat(32));
    expect(paid.fees_paid).toBeGreaterThanOrEqual(12);
    expect(await badAnswer).toBe('PAYMENT_FAILED');
    // Kept with the request: a duplicate delivery republishes exactly that answer.
    const kept = await f.t.deps.db.read
      .selectFrom('nwc_requests')
      .select(['event_id', 'response_event'])
      .where('method', '=', 'pay_invoice')
      .execute();
    expect(kept.every((r) => r.response_event !== null)).toBe(true);
  });

  it('an answer no relay took is sent when the relay is back', async () => {
    const { uri, pubkey } = await connect(alice, { name: 'lost' });
    const sk = secretOf(uri);
    const req = finalizeEvent(
      {
        kind: 23194,
        created_at: Math.floor(Date.now() / 1000),
        tags: [
          ['p', SERVICE_PUBKEY],
          ['encryption', 'nip44_v2'],
        ],
        content: nip44.encrypt(
          JSON.stringify({ method: 'get_balance', params: {} }),
          nip44.getConversationKey(sk, SERVICE_PUBKEY),
        ),
      },
      sk,
    );
    await relay.stop();
    await service!.handle(req);
    await relay.start();
    f.clock.advance(3_600_000);
    await deliver();
    const answer = await relay.waitFor(
      (e) => e.kind === 23195 && e.tags.some((t) => t[0] === 'e' && t[1] === req.id),
    );
    expect(answer.tags).toContainEqual(['p', pubkey]);
    const body = JSON.parse(nip44.decrypt(answer.content, nip44.getConversationKey(sk, SERVICE_PUBKEY)));
    expect(body).toMatchObject({ result_type: 'get_balance', result: { balance: 1_000_000_000 } });
  });
});

function secretOf(uri: string): Uint8Array {
  const s = new URL(uri.replace('nostr+walletconnect://', 'http://')).searchParams.get('secret') ?? '';
  return Uint8Array.from(Buffer.from(s, 'hex'));
}

async function waitUntil(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 20));
}

async function waitUntilAsync(cond: () => Promise<boolean>): Promise<void> {
  while (!(await cond())) await new Promise((r) => setTimeout(r, 20));
}
