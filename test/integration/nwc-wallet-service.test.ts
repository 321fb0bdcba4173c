import { NWCClient } from '@getalby/sdk';
import { finalizeEvent, getPublicKey, nip04, nip44 } from 'nostr-tools';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { NwcService } from '../../src/app/nwc/wallet-service.ts';
import { feesFor } from '../../src/app/payments/engine/movements.ts';
import { settleIncomingInvoice } from '../../src/app/payments/settlement/settle-incoming.ts';
import { NWC_RETAKE_AFTER_MS } from '../../src/domain/nostr/nwc.ts';
import { feeReserveRoundedUp } from '../../src/domain/payments/fees.ts';
import { startNwc } from '../../src/main.ts';
import { type FakeNodeRuntime, fakeNodeRuntime, foreignInvoice } from '../fixtures/lightning/fake-node.ts';
import { startNostrRelay, type TestRelay } from '../fixtures/nostr-relay.ts';
import { DIALECTS, makeAccount, type TestAccount, testRuntime } from '../fixtures/runtime.ts';

// The NIP-47 wallet service driven by a real NWC client, @getalby/sdk 8.0.3's NWCClient, through the strict
// NIP-01 relay of test/fixtures/nostr-relay.ts on loopback. Under Node 20 the SDK's bundled nostr-tools
// takes the global WebSocket.
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;

const SERVICE_SECRET = '22'.repeat(32);
const SERVICE_PUBKEY = getPublicKey(Buffer.from(SERVICE_SECRET, 'hex'));

// biome-ignore lint/suspicious/noExplicitAny: answers read as JSON
type Json = any;

describe.each(DIALECTS)('NWC wallet service on %s', (dialect) => {
  let relay: TestRelay;
  let f: FakeNodeRuntime;
  let service: NwcService;
  let alice: TestAccount;
  const clients: NWCClient[] = [];

  beforeEach(async () => {
    relay = await startNostrRelay();
    f = await fakeNodeRuntime(dialect, {
      env: { NOSTR_SECRET_KEY: SERVICE_SECRET, NWC_RELAYS: relay.url, NOSTR_ALLOW_PRIVATE: 'true' },
    });
    alice = await makeAccount(f.t.deps, { fund: { lbtc: '0.01' } });
    const s = startNwc(f.t.deps);
    if (s === null) throw new Error('NWC did not start');
    service = s;
    await relay.waitFor((e) => e.kind === 13194 && e.pubkey === SERVICE_PUBKEY);
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await service.stop();
    await f.t.close();
    await relay.close();
  });

  const connect = async (body: object): Promise<{ client: NWCClient; id: string; uri: string }> => {
    const r = await f.t.app.inject({
      method: 'POST',
      url: '/lapi/v1/nwc/connections',
      headers: { 'x-api-key': alice.adminKey },
      payload: body,
    });
    expect(r.statusCode).toBe(200);
    const data = r.json().data as Json;
    const client = new NWCClient({ nostrWalletConnectUrl: data.uri });
    clients.push(client);
    return { client, id: data.id, uri: data.uri };
  };
  const errorCodeOf = async (p: Promise<unknown>): Promise<string> => {
    try {
      await p;
    } catch (e) {
      return (e as { code: string }).code;
    }
    return 'no error';
  };

  it('answers every method through NWCClient with NIP-44 v2, through the payment use cases', async () => {
    const { client } = await connect({ name: 'all', budget: 500_000_000, budget_renewal: 'daily' });
    const info = await client.getWalletServiceInfo();
    expect(info.encryptions).toEqual(['nip44_v2', 'nip04']);
    expect(info.notifications).toEqual(['payment_received', 'payment_sent']);
    expect(info.capabilities).toEqual(expect.arrayContaining(['pay_invoice', 'get_budget', 'notifications']));

    const gi = await client.getInfo();
    expect(gi).toMatchObject({ network: 'regtest', methods: expect.arrayContaining(['get_balance']) });
    expect((await client.getBalance()).balance).toBe(1_000_000_000);

    const made = await client.makeInvoice({ amount: 21_000, description: 'nwc coffee' });
    expect(made).toMatchObject({
      type: 'incoming',
      state: 'pending',
      amount: 21_000,
      description: 'nwc coffee',
    });
    expect(made.payment_hash).toMatch(/^[0-9a-f]{64}$/);
    await settleIncomingInvoice(f.t.deps, await f.node.settleFromOutside(made.payment_hash));
    const looked = await client.lookupInvoice({ payment_hash: made.payment_hash });
    expect(looked).toMatchObject({ type: 'incoming', state: 'settled', amount: 21_000 });
    expect(looked.settled_at).toBeTypeOf('number');

    f.clock.advance(1000);
    const out = foreignInvoice(50_000n);
    const paid = await client.payInvoice({ invoice: out.payreq });
    expect(paid.preimage).toBe('00'.repeat(32));
    expect(paid.fees_paid).toBeGreaterThanOrEqual(1000);
    const sent = await client.lookupInvoice({ invoice: out.payreq });
    expect(sent).toMatchObject({
      type: 'outgoing',
      state: 'settled',
      amount: 50_000,
      preimage: '00'.repeat(32),
    });

    const list = await client.listTransactions({ limit: 10 });
    expect(list.transactions.map((t) => [t.type, t.state, t.amount])).toEqual([
      ['outgoing', 'settled', 50_000],
      ['incoming', 'settled', 21_000],
    ]);
    expect((await client.listTransactions({ type: 'incoming' })).transactions).toHaveLength(1);
    expect((await client.listTransactions({ limit: 1, offset: 1 })).transactions[0]?.amount).toBe(21_000);

    const budget = (await client.getBudget()) as Json;
    expect(budget).toMatchObject({ total_budget: 500_000_000, renewal_period: 'daily' });
    expect(budget.used_budget).toBe(50_000 + paid.fees_paid);
    expect(budget.renews_at).toBe(Math.floor(Date.UTC(...utcDay(f.clock.nowMs())) / 1000));

    expect(await errorCodeOf(client.payKeysend({ amount: 1000, pubkey: '02'.padEnd(66, '1') }))).toBe(
      'NOT_IMPLEMENTED',
    );
    expect(await errorCodeOf(client.lookupInvoice({ payment_hash: 'ab'.repeat(32) }))).toBe('NOT_FOUND');
  });

  it('speaks NIP-04 to a client that asks in NIP-04', async () => {
    const { client } = await connect({ name: 'legacy' });
    (client as unknown as { _encryptionType: string })._encryptionType = 'nip04';
    expect((await client.getBalance()).balance).toBe(1_000_000_000);
    const made = await client.makeInvoice({ amount: 5_000 });
    expect(made.amount).toBe(5_000);
    const answers = relay.received.filter((e) => e.kind === 23195);
    expect(answers.length).toBeGreaterThanOrEqual(2);
    for (const a of answers) expect(a.tags.find((t) => t[0] === 'encryption')).toBeUndefined();
  });

  it('refuses revoked, expired, restricted and over-cap requests with NIP-47 codes', async () => {
    const narrow = await connect({ name: 'read', methods: ['get_balance'] });
    expect(await errorCodeOf(narrow.client.payInvoice({ invoice: foreignInvoice(1000n).payreq }))).toBe(
      'RESTRICTED',
    );
    const capped = await connect({ name: 'cap', max_amount: 10_000 });
    expect(await errorCodeOf(capped.client.payInvoice({ invoice: foreignInvoice(10_001n).payreq }))).toBe(
      'QUOTA_EXCEEDED',
    );
    expect(f.node.paid).toHaveLength(0);

    const soon = Math.floor(f.clock.nowMs() / 1000) + 3600;
    const expiring = await connect({ name: 'soon', expires_at: soon });
    expect((await expiring.client.getBalance()).balance).toBe(1_000_000_000);
    f.clock.advance(3600_000);
    expect(await errorCodeOf(expiring.client.getBalance())).toBe('UNAUTHORIZED');

    expect((await narrow.client.getBalance()).balance).toBe(1_000_000_000);
    const del = await f.t.app.inject({
      method: 'DELETE',
      url: `/lapi/v1/nwc/connections/${narrow.id}`,
      headers: { 'x-api-key': alice.adminKey },
    });
    expect(del.statusCode).toBe(200);
    expect(await errorCodeOf(narrow.client.getBalance())).toBe('UNAUTHORIZED');
  });

  it('50 concurrent pay_invoice at the budget’s edge: exactly as many pass as the budget holds', async () => {
    const amount = 100_000n;
    const { feeReservePpm, feeReserveMinMsat } = f.t.deps.config.payments;
    const reserve = feeReserveRoundedUp(amount, feeReservePpm, feeReserveMinMsat);
    const fees = feesFor(f.t.deps, amount, 'out');
    // The node charges the whole reserve, so a paid payment costs what a pending one holds.
    f.node.defaultPay = { status: 'succeeded', feeMsat: reserve, preimage: '11'.repeat(32) };
    const cost = amount + reserve + fees.serviceFeeMsat + fees.gstFeeMsat;
    const { client } = await connect({
      name: 'edge',
      budget: Number(cost * 5n + cost - 1n),
      budget_renewal: 'total',
    });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => client.payInvoice({ invoice: foreignInvoice(amount).payreq })),
    );
    const passed = results.filter((r) => r.status === 'fulfilled');
    const refused = results
      .filter((r) => r.status === 'rejected')
      .map((r) => (r.reason as { code: string }).code);
    expect(passed).toHaveLength(5);
    expect(refused).toEqual(Array(45).fill('QUOTA_EXCEEDED'));
    expect(f.node.paid).toHaveLength(5);
    expect(((await client.getBudget()) as Json).used_budget).toBe(Number(cost * 5n));
  }, 120_000);

  it('answers a request sent after the relay restarted; a request delivered twice pays once', async () => {
    const { client, uri } = await connect({ name: 'restart' });
    expect((await client.getBalance()).balance).toBe(1_000_000_000);
    await relay.stop();
    await relay.start();
    // The service reconnects and subscribes again.
    await waitUntil(() =>
      relay.subscriptions().some((s) => JSON.stringify(s.filters).includes(SERVICE_PUBKEY)),
    );
    expect((await client.getBalance()).balance).toBe(1_000_000_000);

    // The same signed request handed to the service twice at once (as two relays would deliver it).
    const secret = new URL(uri.replace('nostr+walletconnect://', 'http://')).searchParams.get('secret') ?? '';
    const sk = Uint8Array.from(Buffer.from(secret, 'hex'));
    const out = foreignInvoice(7_000n);
    const req = finalizeEvent(
      {
        kind: 23194,
        created_at: Math.floor(Date.now() / 1000),
        tags: [
          ['p', SERVICE_PUBKEY],
          ['encryption', 'nip44_v2'],
        ],
        content: nip44.encrypt(
          JSON.stringify({ method: 'pay_invoice', params: { invoice: out.payreq } }),
          nip44.getConversationKey(sk, SERVICE_PUBKEY),
        ),
      },
      sk,
    );
    await Promise.all([service.handle(req), service.handle(req)]);
    await service.handle(req);
    expect(f.node.paid.filter((p) => p.payreq === out.payreq)).toHaveLength(1);
    const answers = relay.received.filter(
      (e) => e.kind === 23195 && e.tags.some((t) => t[0] === 'e' && t[1] === req.id),
    );
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    const body = JSON.parse(nip44.decrypt(answers[0]!.content, nip44.getConversationKey(sk, SERVICE_PUBKEY)));
    expect(body).toMatchObject({
      result_type: 'pay_invoice',
      error: null,
      result: { preimage: '00'.repeat(32) },
    });

    // An expired request (NIP-40 expiration in the past) is ignored.
    const stale = finalizeEvent(
      {
        kind: 23194,
        created_at: Math.floor(Date.now() / 1000) - 120,
        tags: [
          ['p', SERVICE_PUBKEY],
          ['encryption', 'nip44_v2'],
          ['expiration', String(Math.floor(Date.now() / 1000) - 60)],
        ],
        content: nip44.encrypt(
          JSON.stringify({ method: 'pay_invoice', params: { invoice: foreignInvoice(3_000n).payreq } }),
          nip44.getConversationKey(sk, SERVICE_PUBKEY),
        ),
      },
      sk,
    );
    await service.handle(stale);
    expect(f.node.paid).toHaveLength(1);
    expect(relay.received.some((e) => e.tags.some((t) => t[0] === 'e' && t[1] === stale.id))).toBe(false);
  });

  it('a request paid by an instance that stopped before answering is answered later, and paid once', async () => {
    const { uri } = await connect({ name: 'crash' });
    const secret = new URL(uri.replace('nostr+walletconnect://', 'http://')).searchParams.get('secret') ?? '';
    const sk = Uint8Array.from(Buffer.from(secret, 'hex'));
    const out = foreignInvoice(4_000n);
    const req = finalizeEvent(
      {
        kind: 23194,
        created_at: Math.floor(Date.now() / 1000),
        tags: [['p', SERVICE_PUBKEY]],
        content: nip04.encrypt(
          sk,
          SERVICE_PUBKEY,
          JSON.stringify({ method: 'pay_invoice', params: { invoice: out.payreq } }),
        ),
      },
      sk,
    );
    await service.handle(req);
    // As if the instance stopped after paying and before keeping and sending its answer.
    await f.t.deps.db.write((trx) =>
      trx
        .updateTable('nwc_requests')
        .set({ response_event: null, answered_at_ms: null })
        .where('event_id', '=', req.id)
        .execute(),
    );
    const answersNow = () =>
      relay.received.filter((e) => e.kind === 23195 && e.tags.some((t) => t[0] === 'e' && t[1] === req.id))
        .length;
    const before = answersNow();
    await service.handle(req);
    expect(answersNow()).toBe(before);
    f.clock.advance(NWC_RETAKE_AFTER_MS + 1);
    await service.handle(req);
    expect(answersNow()).toBe(before + 1);
    expect(f.node.paid.filter((p) => p.payreq === out.payreq)).toHaveLength(1);
    const last = relay.received
      .filter((e) => e.kind === 23195 && e.tags.some((t) => t[0] === 'e' && t[1] === req.id))
      .at(-1)!;
    const body = JSON.parse(nip04.decrypt(sk, SERVICE_PUBKEY, last.content));
    expect(body).toMatchObject({
      result_type: 'pay_invoice',
      error: null,
      result: { preimage: '00'.repeat(32) },
    });
  });

  it('two instances on one database answer each request once', async () => {
    const second = await testRuntime(
      dialect,
      { NOSTR_SECRET_KEY: SERVICE_SECRET, NWC_RELAYS: relay.url, NOSTR_ALLOW_PRIVATE: 'true' },
      { databaseUrl: f.t.databaseUrl, clock: f.clock, lightning: f.node },
    );
    const other = startNwc(second.deps);
    try {
      await waitUntil(
        () =>
          relay.subscriptions().filter((s) => JSON.stringify(s.filters).includes(SERVICE_PUBKEY)).length >= 2,
      );
      const { client } = await connect({ name: 'two' });
      const invoices = Array.from({ length: 5 }, () => foreignInvoice(2_000n));
      const paid = await Promise.all(invoices.map((i) => client.payInvoice({ invoice: i.payreq })));
      expect(paid.every((p) => p.preimage === '00'.repeat(32))).toBe(true);
      expect(f.node.paid).toHaveLength(5);
      const requests = relay.received.filter((e) => e.kind === 23194);
      for (const r of requests) {
        const answers = relay.received.filter(
          (e) => e.kind === 23195 && e.tags.some((t) => t[0] === 'e' && t[1] === r.id),
        );
        expect(new Set(answers.map((a) => a.id)).size).toBe(1);
      }
    } finally {
      await other?.stop();
      await second.close();
    }
  });
});

function utcDay(ms: number): [number, number, number] {
  const d = new Date(ms);
  return [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1];
}

async function waitUntil(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 20));
}
