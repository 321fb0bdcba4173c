import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/app/accounts/authenticate.ts';
import {
  sandboxDeposit,
  sandboxDepositChange,
  sandboxRequestDepositsChange,
} from '../../src/app/chain/sandbox-deposit.ts';
import { receive } from '../../src/app/payments/receive.ts';
import { expireInvoices } from '../../src/app/payments/settlement/expire-invoices.ts';
import { decodeProReceive } from '../../src/http/sapi/payments.contract.ts';
import { TEST_CHAIN_KEYS as KEYS } from '../fixtures/chain/keys.ts';
import {
  DIALECTS,
  ManualClock,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

// An on-chain request expires like an invoice: the expiry job declines it at its expiry, and its
// address stays watched for CHAIN_WATCH_AFTER_EXPIRY_MIN more (a late deposit is still found).
describe.each(DIALECTS)('expiry of on-chain requests on %s', (dialect) => {
  let t: TestRuntime;
  let clock: ManualClock;
  let shop: TestAccount;
  beforeAll(async () => {
    clock = new ManualClock(Date.UTC(2026, 5, 1));
    t = await testRuntime(dialect, { CHAIN_WATCH_AFTER_EXPIRY_MIN: '60' }, { clock });
    shop = await makeAccount(t.deps);
  });
  afterAll(() => t.close());

  it('declines an unpaid usdt request at its expiry and keeps its address watched for the configured time', async () => {
    const cmd = decodeProReceive(
      { wallet: 'usdt', payment_mode: 'onchain', chain_network: 'MATIC', amount: 7, expires_in: 30 },
      null,
    );
    if (!cmd.ok) throw new Error(cmd.error.message);
    const caller: Caller = { accountId: shop.id, usertag: shop.usertag, kind: 'invoice' };
    const made = await receive(t.deps, caller, cmd.value);
    if (!made.ok) throw new Error(made.error.message);
    const created = clock.nowMs();
    expect(made.value.hosted_checkout_expiry_ms).toBe(BigInt(created + 30 * 60_000));
    const address = await t.deps.db.read
      .selectFrom('chain_addresses')
      .selectAll()
      .where('payment_id', '=', made.value.id)
      .executeTakeFirstOrThrow();
    expect(address.watch_until_ms).toBe(BigInt(created + 30 * 60_000 + 60 * 60_000));

    clock.advance(29 * 60_000);
    await expireInvoices(t.deps);
    const before = await t.deps.db.read
      .selectFrom('payments')
      .select('status')
      .where('id', '=', made.value.id)
      .executeTakeFirstOrThrow();
    expect(before.status).toBe('pending');
    clock.advance(60_000);
    await expireInvoices(t.deps);
    const after = await t.deps.db.read
      .selectFrom('payments')
      .select('status')
      .where('id', '=', made.value.id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('declined');
  });

  it('stores an on-chain request with route chain and its amount in its wallet’s units; a Lightning one with route lightning', async () => {
    const caller: Caller = { accountId: shop.id, usertag: shop.usertag, kind: 'invoice' };
    const make = async (body: Record<string, unknown>) => {
      const cmd = decodeProReceive(body, null);
      if (!cmd.ok) throw new Error(cmd.error.message);
      const made = await receive(t.deps, caller, cmd.value);
      if (!made.ok) throw new Error(made.error.message);
      return t.deps.db.read
        .selectFrom('payments')
        .select(['route', 'amount_msat', 'amount_units'])
        .where('id', '=', made.value.id)
        .executeTakeFirstOrThrow();
    };
    expect(
      await make({ wallet: 'usdt', payment_mode: 'onchain', chain_network: 'ERC20', amount: 2 }),
    ).toEqual({
      route: 'chain',
      amount_msat: 0n,
      amount_units: 2_000_000n,
    });
    expect(await make({ wallet: 'btc', payment_mode: 'onchain', amount: 0.001 })).toEqual({
      route: 'chain',
      amount_msat: 100_000_000n,
      amount_units: 100_000_000n,
    });
    expect(await make({ wallet: 'lbtc', payment_mode: 'lightning', amount: 0.001 })).toEqual({
      route: 'lightning',
      amount_msat: 100_000_000n,
      amount_units: 100_000_000n,
    });
  });
});

// Lateness is judged by when a deposit was first seen: a payment on the chain before the request's expiry
// is on time whenever it becomes final. Meanwhile the request stays pending (the expiry job holds it) as
// long as on-time deposits not yet final cover it and its address is watched; it ends declined when they
// are dropped or the watch ends.
describe.each(DIALECTS)('on-chain payments seen before expiry on %s', (dialect) => {
  let t: TestRuntime;
  let clock: ManualClock;
  let shop: TestAccount;
  beforeAll(async () => {
    clock = new ManualClock(Date.now());
    t = await testRuntime(
      dialect,
      {
        SANDBOX_NODE_KEY: '44'.repeat(32),
        BTC_XPUB: KEYS.btc.text,
        EVM_XPUB: KEYS.evm.text,
        CHAIN_WATCH_AFTER_EXPIRY_MIN: '60',
      },
      { clock },
    );
    shop = await makeAccount(t.deps);
  });
  afterAll(() => t.close());
  // A btc request's expiry is its Lightning invoice's, which the sandbox node dates by the real clock.
  beforeEach(() => {
    clock.ms = Date.now();
  });

  const request = async (body: Record<string, unknown>) => {
    const cmd = decodeProReceive(
      { payment_mode: 'onchain', expires_in: 1, callback_url: 'http://127.0.0.1:9/hook', ...body },
      null,
    );
    if (!cmd.ok) throw new Error(cmd.error.message);
    const caller: Caller = { accountId: shop.id, usertag: shop.usertag, kind: 'invoice' };
    const made = await receive(t.deps, caller, cmd.value);
    if (!made.ok) throw new Error(made.error.message);
    return made.value;
  };
  const statusOf = async (id: bigint) =>
    (
      await t.deps.db.read
        .selectFrom('payments')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;
  const depositsOf = (id: bigint) =>
    t.deps.db.read
      .selectFrom('chain_deposits')
      .select(['state', 'flag'])
      .where('payment_id', '=', id)
      .orderBy('id')
      .execute();
  const eventsOf = async (id: bigint) =>
    (
      await t.deps.db.read
        .selectFrom('outbox')
        .select(['event_type', 'payload'])
        .where('target_id', '=', String(id))
        .orderBy('id')
        .execute()
    ).map((e) => ({
      type: e.event_type,
      body: JSON.parse(e.payload) as { status: string; flag: string | null },
    }));
  const checkoutState = async (publicId: string) =>
    (await t.app.inject({ method: 'GET', url: `/checkout/${publicId}/status` })).json() as {
      state: string;
      chain: { unconfirmed: string | null; confirmations: number | null } | null;
    };
  const deposit = async (id: bigint, o: { amount?: string; confirmations?: number } = {}) => {
    const d = await sandboxDeposit(t.deps, { tid: String(id), ...o });
    if (!d.ok) throw new Error(d.error.message);
    return d.value.txHash;
  };

  it('a btc payment seen before expiry and final after it is paid, with payment.paid and no flag', async () => {
    const r = await request({ wallet: 'btc', amount: 0.001 });
    const tx = await deposit(r.id, { confirmations: 1 });
    clock.advance(2 * 60_000);
    await expireInvoices(t.deps);
    expect(await statusOf(r.id)).toBe('pending');
    expect(await checkoutState(r.public_id)).toMatchObject({
      state: 'confirming',
      chain: { unconfirmed: '0.00100000', confirmations: 1 },
    });
    expect((await sandboxDepositChange(t.deps, tx, { confirmations: 2 })).ok).toBe(true);
    expect(await statusOf(r.id)).toBe('paid');
    expect(await depositsOf(r.id)).toEqual([{ state: 'credited', flag: null }]);
    const events = await eventsOf(r.id);
    expect(events.map((e) => e.type)).toEqual(['payment.deposit_seen', 'payment.paid']);
    expect(events[1]!.body).toMatchObject({ status: 'paid', flag: null, exception: null });
    expect((await checkoutState(r.public_id)).state).toBe('paid');
  });

  it('a usdt payment seen before expiry in two parts that together cover it is held, then paid', async () => {
    const r = await request({ wallet: 'usdt', chain_network: 'MATIC', amount: 10 });
    await deposit(r.id, { amount: '4', confirmations: 1 });
    await deposit(r.id, { amount: '6', confirmations: 1 });
    clock.advance(2 * 60_000);
    await expireInvoices(t.deps);
    expect(await statusOf(r.id)).toBe('pending');
    expect((await checkoutState(r.public_id)).state).toBe('confirming');
    const done = await sandboxRequestDepositsChange(t.deps, r.public_id, { confirmations: 2 });
    expect(done.ok).toBe(true);
    expect(await statusOf(r.id)).toBe('paid');
    expect((await depositsOf(r.id)).map((d) => d.flag)).toEqual([null, null]);
  });

  it('a payment seen before expiry that is then dropped ends declined at the next expiry round', async () => {
    const r = await request({ wallet: 'btc', amount: 0.001 });
    const tx = await deposit(r.id, { confirmations: 1 });
    clock.advance(2 * 60_000);
    await expireInvoices(t.deps);
    expect(await statusOf(r.id)).toBe('pending');
    expect((await sandboxDepositChange(t.deps, tx, { removed: true })).ok).toBe(true);
    expect(await depositsOf(r.id)).toEqual([{ state: 'dropped', flag: null }]);
    expect((await checkoutState(r.public_id)).state).toBe('expired');
    await expireInvoices(t.deps);
    expect(await statusOf(r.id)).toBe('declined');
  });

  it('a payment seen before expiry that never becomes final ends declined when its address is no longer watched', async () => {
    const r = await request({ wallet: 'btc', amount: 0.001 });
    await deposit(r.id, { confirmations: 1 });
    clock.advance(30 * 60_000);
    await expireInvoices(t.deps);
    expect(await statusOf(r.id)).toBe('pending');
    // Expiry (1 min) + CHAIN_WATCH_AFTER_EXPIRY_MIN (60): the watcher no longer looks at the address.
    clock.advance(31 * 60_000);
    expect((await checkoutState(r.public_id)).state).toBe('expired');
    await expireInvoices(t.deps);
    expect(await statusOf(r.id)).toBe('declined');
  });

  it('a part seen before expiry does not hold the request: it is declined, and the part is credited late', async () => {
    const r = await request({ wallet: 'btc', amount: 0.001 });
    const tx = await deposit(r.id, { amount: '0.0004', confirmations: 1 });
    clock.advance(2 * 60_000);
    expect((await checkoutState(r.public_id)).state).toBe('expired');
    await expireInvoices(t.deps);
    expect(await statusOf(r.id)).toBe('declined');
    expect((await sandboxDepositChange(t.deps, tx, { confirmations: 2 })).ok).toBe(true);
    expect(await depositsOf(r.id)).toEqual([{ state: 'credited', flag: 'late' }]);
    expect(await statusOf(r.id)).toBe('declined');
  });

  it('a payment first seen after expiry is late even before the expiry job ran: credited, flagged, paid late', async () => {
    const r = await request({ wallet: 'btc', amount: 0.001 });
    clock.advance(2 * 60_000);
    await deposit(r.id);
    expect(await depositsOf(r.id)).toEqual([{ state: 'credited', flag: 'late' }]);
    const events = await eventsOf(r.id);
    expect(events.map((e) => e.type)).toEqual(['payment.paid']);
    expect(events[0]!.body).toMatchObject({ status: 'paid', flag: 'late', exception: 'paid_late' });
    // Inside CHAIN_MONITOR_AFTER_EXPIRY_MIN (here capped at the 60-minute watch): paid, late.
    await expireInvoices(t.deps);
    expect(await statusOf(r.id)).toBe('paid');
  });
});
