import { finalizeEvent, getPublicKey, nip44 } from 'nostr-tools';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sweepNwcRequests } from '../../src/app/nwc/request-retention.ts';
import type { NwcService } from '../../src/app/nwc/wallet-service.ts';
import { feesFor } from '../../src/app/payments/engine/movements.ts';
import type { NostrEvent } from '../../src/app/ports.ts';
import { feeReserveRoundedUp } from '../../src/domain/payments/fees.ts';
import { ALL_JOBS } from '../../src/jobs/index.ts';
import { nwcRequestRetentionJob } from '../../src/jobs/nwc-request-retention.ts';
import { startNwc } from '../../src/main.ts';
import { type FakeNodeRuntime, fakeNodeRuntime, foreignInvoice } from '../fixtures/lightning/fake-node.ts';
import { startNostrRelay, type TestRelay } from '../fixtures/nostr-relay.ts';
import { DIALECTS, makeAccount, type TestAccount, testRuntime } from '../fixtures/runtime.ts';

// The retention of nwc_requests: rows older than NWC_REQUEST_RETENTION_DAYS go, except those whose
// payment still counts toward a budget period that is not over (a `total` budget's: every payment
// ever), because the budget is summed from these rows. After a sweep get_budget answers what it
// answered before, and a pay_invoice at the budget's edge is decided as before.

const SERVICE_SECRET = '44'.repeat(32);
const SERVICE_PUBKEY = getPublicKey(Buffer.from(SERVICE_SECRET, 'hex'));
const DAY_MS = 86_400_000;

type Answer = { error: { code: string } | null; result: Record<string, number> | null };

describe.each(DIALECTS)('NWC request retention on %s', (dialect) => {
  let relay: TestRelay;
  let f: FakeNodeRuntime;
  let service: NwcService;
  let alice: TestAccount;

  beforeEach(async () => {
    relay = await startNostrRelay();
    f = await fakeNodeRuntime(dialect, {
      env: {
        NOSTR_SECRET_KEY: SERVICE_SECRET,
        NWC_RELAYS: relay.url,
        NOSTR_ALLOW_PRIVATE: 'true',
        NWC_REQUEST_RETENTION_DAYS: '30',
      },
    });
    // Saturday 2 January 2027, 10:00 UTC.
    f.clock.ms = Date.UTC(2027, 0, 2, 10);
    alice = await makeAccount(f.t.deps, { fund: { lbtc: '0.01' } });
    const s = startNwc(f.t.deps);
    if (s === null) throw new Error('NWC did not start');
    service = s;
    await relay.waitFor((e) => e.kind === 13194 && e.pubkey === SERVICE_PUBKEY);
  });
  afterEach(async () => {
    await service.stop();
    await f.t.close();
    await relay.close();
  });

  const connect = async (body: object): Promise<Uint8Array> => {
    const r = await f.t.app.inject({
      method: 'POST',
      url: '/lapi/v1/nwc/connections',
      headers: { 'x-api-key': alice.adminKey },
      payload: body,
    });
    expect(r.statusCode).toBe(200);
    const uri = (r.json().data as { uri: string }).uri;
    const secret = new URL(uri.replace('nostr+walletconnect://', 'http://')).searchParams.get('secret');
    return Uint8Array.from(Buffer.from(secret ?? '', 'hex'));
  };

  const request = (sk: Uint8Array, method: string, params: object = {}): NostrEvent =>
    finalizeEvent(
      {
        kind: 23194,
        created_at: Math.floor(f.clock.nowMs() / 1000),
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

  /** Sends a request and answers its latest answer. */
  const call = async (sk: Uint8Array, method: string, params: object = {}): Promise<Answer> => {
    const req = request(sk, method, params);
    await service.handle(req);
    const ev = relay.received
      .filter((e) => e.kind === 23195 && e.tags.some((t) => t[0] === 'e' && t[1] === req.id))
      .at(-1);
    if (ev === undefined) throw new Error(`no answer to ${method}`);
    return JSON.parse(nip44.decrypt(ev.content, nip44.getConversationKey(sk, SERVICE_PUBKEY))) as Answer;
  };
  const pay = (sk: Uint8Array, amountMsat: bigint) =>
    call(sk, 'pay_invoice', {
      invoice: foreignInvoice(amountMsat, { createdAtSec: Math.floor(f.clock.nowMs() / 1000) }).payreq,
    });
  const usedBudget = async (sk: Uint8Array) => (await call(sk, 'get_budget')).result?.['used_budget'];
  const rowCount = async () =>
    Number(
      (
        await f.t.deps.db.read
          .selectFrom('nwc_requests')
          .select((eb) => eb.fn.countAll<bigint>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('keeps what budgets still count, deletes the rest; get_budget and a payment at the edge are unchanged', async () => {
    const amount = 100_000n;
    const { feeReservePpm, feeReserveMinMsat } = f.t.deps.config.payments;
    const reserve = feeReserveRoundedUp(amount, feeReservePpm, feeReserveMinMsat);
    const fees = feesFor(f.t.deps, amount, 'out');
    // The node charges the whole reserve, so a paid payment costs what a pending one holds.
    f.node.defaultPay = { status: 'succeeded', feeMsat: reserve, preimage: '11'.repeat(32) };
    const cost = amount + reserve + fees.serviceFeeMsat + fees.gstFeeMsat;
    // Room for exactly two payments.
    const total = await connect({ name: 'total', budget: Number(cost * 2n), budget_renewal: 'total' });
    const yearly = await connect({ name: 'yearly', budget: Number(cost * 2n), budget_renewal: 'yearly' });
    const monthly = await connect({ name: 'monthly', budget: Number(cost * 2n), budget_renewal: 'monthly' });
    for (const sk of [total, yearly, monthly]) {
      expect((await call(sk, 'get_balance')).error).toBeNull();
      expect((await pay(sk, amount)).error).toBeNull();
      f.node.payOutcomes.push({ status: 'failed', reason: 'no route' });
      expect((await pay(sk, amount)).error?.code).toBe('PAYMENT_FAILED');
    }
    // get_balance, the paid and the failed payment of each: nine rows, all of 2 January.
    expect(await rowCount()).toBe(9);

    // 20 February 2027: every row is older than 30 days; January's month is over, its year is not.
    f.clock.ms = Date.UTC(2027, 1, 20, 10);
    const before = {
      total: await usedBudget(total),
      yearly: await usedBudget(yearly),
      monthly: await usedBudget(monthly),
    };
    expect(before).toEqual({ total: Number(cost), yearly: Number(cost), monthly: 0 });
    const rowsNow = await rowCount();

    const logged: Array<{ obj: Record<string, unknown>; msg: string }> = [];
    const log = (obj: object, msg?: string) =>
      logged.push({ obj: obj as Record<string, unknown>, msg: msg ?? '' });
    const next = await nwcRequestRetentionJob.run(
      { ...f.t.deps, log: { info: log, warn: log, error: log, debug: log } },
      new AbortController().signal,
    );
    expect(next).toBeGreaterThan(0);
    expect(ALL_JOBS).toContain(nwcRequestRetentionJob);
    // The nine of January but the paid payments of the total and the yearly budget; the get_budget
    // requests just made are recent.
    expect(await rowCount()).toBe(rowsNow - 7);
    expect(logged).toHaveLength(1);
    expect(logged[0]?.obj).toMatchObject({ job: 'nwc-request-retention', deleted: 7, kept: 2 });
    expect(logged[0]?.msg).toMatch(/NWC_REQUEST_RETENTION_DAYS/);

    expect({
      total: await usedBudget(total),
      yearly: await usedBudget(yearly),
      monthly: await usedBudget(monthly),
    }).toEqual(before);
    // At the edge: one more payment fits each budget, a second does not.
    for (const sk of [total, yearly, monthly]) expect((await pay(sk, amount)).error).toBeNull();
    for (const sk of [total, yearly]) expect((await pay(sk, 1000n)).error?.code).toBe('QUOTA_EXCEEDED');
    expect((await pay(monthly, amount)).error).toBeNull();
    expect((await pay(monthly, 1000n)).error?.code).toBe('QUOTA_EXCEEDED');
  });

  it('a request delivered again after its row went pays nothing again and costs no budget again', async () => {
    const sk = await connect({ name: 'replay', budget: 10_000_000, budget_renewal: 'monthly' });
    const req = request(sk, 'pay_invoice', {
      // Still payable when delivered again.
      invoice: foreignInvoice(50_000n, {
        createdAtSec: Math.floor(f.clock.nowMs() / 1000),
        expirySec: 90 * 86_400,
      }).payreq,
    });
    await service.handle(req);
    expect(f.node.paid).toHaveLength(1);
    f.clock.ms = Date.UTC(2027, 1, 20, 10);
    const round = await sweepNwcRequests(f.t.deps, { nowMs: f.clock.nowMs() });
    expect(round.deleted).toBe(1);
    await service.handle(req);
    expect(f.node.paid).toHaveLength(1);
    expect(await usedBudget(sk)).toBe(0);
  });

  it('sweeps in small batches past kept rows, and two instances sweeping at once delete each row once', async () => {
    const total = await connect({ name: 'total', budget: 100_000_000, budget_renewal: 'total' });
    const daily = await connect({ name: 'daily', budget: 100_000_000, budget_renewal: 'daily' });
    // Kept and deletable rows interleaved: each total payment is kept, everything else goes.
    for (let i = 0; i < 6; i++) {
      expect((await pay(total, 1000n)).error).toBeNull();
      expect((await call(daily, 'get_balance')).error).toBeNull();
      expect((await pay(daily, 1000n)).error).toBeNull();
      f.clock.advance(1000);
    }
    expect(await rowCount()).toBe(18);
    const second = await testRuntime(
      dialect,
      { NWC_REQUEST_RETENTION_DAYS: '30' },
      { databaseUrl: f.t.databaseUrl, clock: f.clock, lightning: f.node },
    );
    try {
      f.clock.advance(31 * DAY_MS);
      const nowMs = f.clock.nowMs();
      const [r1, r2] = await Promise.all([
        sweepNwcRequests(f.t.deps, { nowMs, batchRows: 2, maxBatches: 100 }),
        sweepNwcRequests(second.deps, { nowMs, batchRows: 3, maxBatches: 100 }),
      ]);
      expect(r1.deleted + r2.deleted).toBe(12);
      expect(r1.more || r2.more).toBe(false);
      expect(await rowCount()).toBe(6);
      // A round with too small a budget stops and says so; the next goes on from where it stopped.
      const first = await sweepNwcRequests(f.t.deps, { nowMs, batchRows: 2, maxBatches: 1 });
      expect(first).toMatchObject({ deleted: 0, more: true });
    } finally {
      await second.close();
    }
    expect(await usedBudget(total)).toBe(6 * Number(1000n + 1000n + feesOf(1000n)));
  });

  const feesOf = (amount: bigint) => {
    const x = feesFor(f.t.deps, amount, 'out');
    return x.serviceFeeMsat + x.gstFeeMsat;
  };
});
