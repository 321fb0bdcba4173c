import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { sandboxDeposit, sandboxDepositChange } from '../../src/app/chain/sandbox-deposit.ts';
import { expireInvoices } from '../../src/app/payments/settlement/expire-invoices.ts';
import { availableBalance } from '../../src/db/repos/ledger.ts';
import { TEST_CHAIN_KEYS as KEYS } from '../fixtures/chain/keys.ts';
import {
  DIALECTS,
  ManualClock,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

// Every on-chain outcome as the merchant's API (/sapi record), the webhooks and the checkout's status
// see it, on the sandbox chain, for BTC and for USDT (docs/chain-deposits.md "Outcomes").
interface Rec {
  tid: number;
  status: string;
  amount: number;
  amount_received: number;
  exception: string | null;
  transaction_hash: string | null;
  deposits: {
    txid: string;
    index: number;
    amount: number;
    confirmations: number;
    state: string;
    flag: string | null;
  }[];
  hosted_checkout_url: string;
  uri: string | null;
}

const CASES = [
  { wallet: 'btc', extra: {}, amount: 0.001, part: '0.0004', rest: 0.0006, over: '0.0015', asset: 'btc' },
  {
    wallet: 'usdt',
    extra: { chain_network: 'MATIC' },
    amount: 25.5,
    part: '10',
    rest: 15.5,
    over: '30',
    asset: 'usdt',
  },
] as const;

describe.each(DIALECTS)('on-chain outcomes on %s', (dialect) => {
  let t: TestRuntime;
  let clock: ManualClock;
  let shop: TestAccount;
  beforeAll(async () => {
    clock = new ManualClock(Date.now());
    t = await testRuntime(
      dialect,
      {
        SANDBOX_NODE_KEY: '45'.repeat(32),
        BTC_XPUB: KEYS.btc.text,
        EVM_XPUB: KEYS.evm.text,
        CHAIN_WATCH_AFTER_EXPIRY_MIN: '120',
        CHAIN_MONITOR_AFTER_EXPIRY_MIN: '30',
      },
      { clock },
    );
    shop = await makeAccount(t.deps, { fund: { lbtc: '0.01' } });
  });
  afterAll(() => t.close());
  // A btc request's expiry is its Lightning invoice's, which the sandbox node dates by the real clock.
  beforeEach(() => {
    clock.ms = Date.now();
  });

  const receive = async (c: (typeof CASES)[number]): Promise<Rec> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sapi/v1/receive',
      headers: { authorization: shop.invoiceKey },
      payload: {
        wallet: c.wallet,
        payment_mode: 'onchain',
        amount: c.amount,
        expires_in: 1,
        callback_url: 'http://127.0.0.1:9/hook',
        ...c.extra,
      },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as Rec;
  };
  const record = async (tid: number): Promise<Rec> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/sapi/v1/checkPayment?tid=${tid}`,
      headers: { authorization: shop.invoiceKey },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as Rec;
  };
  const events = async (tid: number) =>
    (
      await t.deps.db.read
        .selectFrom('outbox')
        .select(['event_type', 'payload'])
        .where('target_id', '=', String(tid))
        .orderBy('id')
        .execute()
    ).map((e) => ({ type: e.event_type, body: JSON.parse(e.payload) as Record<string, unknown> }));
  const deposit = async (tid: number, o: { amount?: string; confirmations?: number } = {}) => {
    const d = await sandboxDeposit(t.deps, { tid: String(tid), ...o });
    if (!d.ok) throw new Error(d.error.message);
    return d.value.txHash;
  };
  const publicId = (r: Rec) => r.hosted_checkout_url.split('/').pop()!;
  const checkout = async (r: Rec) =>
    (await t.app.inject({ method: 'GET', url: `/checkout/${publicId(r)}/status` })).json() as {
      state: string;
    };
  const auditClean = async () => {
    const a = await auditLedger(t.deps);
    expect(a.violations).toEqual([]);
  };

  describe.each(CASES)('$wallet', (c) => {
    it('seen before expiry, confirmed after it: paid, no exception, one payment.paid', async () => {
      const r = await receive(c);
      const tx = await deposit(r.tid, { confirmations: 1 });
      clock.advance(2 * 60_000);
      await expireInvoices(t.deps);
      expect(await record(r.tid)).toMatchObject({ status: 'pending', amount_received: 0, exception: null });
      expect((await checkout(r)).state).toBe('confirming');
      expect((await sandboxDepositChange(t.deps, tx, { confirmations: 2 })).ok).toBe(true);
      const after = await record(r.tid);
      expect(after).toMatchObject({
        status: 'paid',
        amount_received: c.amount,
        exception: null,
        transaction_hash: tx,
        deposits: [{ txid: tx, index: 0, amount: c.amount, confirmations: 2, state: 'credited', flag: null }],
      });
      const ev = await events(r.tid);
      expect(ev.map((e) => e.type)).toEqual(['payment.deposit_seen', 'payment.paid']);
      expect(ev[0]!.body).toMatchObject({ status: 'pending', confirmations: 1, transaction_hash: tx });
      expect(ev[1]!.body).toMatchObject({ status: 'paid', exception: null, amount: c.amount });
      expect((await checkout(r)).state).toBe('paid');
      await auditClean();
    });

    it('first seen after expiry inside the monitoring window: paid with paid_late and payment.paid', async () => {
      const r = await receive(c);
      clock.advance(2 * 60_000);
      await expireInvoices(t.deps);
      expect((await record(r.tid)).status).toBe('declined');
      const before = await availableBalance(t.deps.db.read, shop.id, c.asset);
      const tx = await deposit(r.tid);
      expect(await record(r.tid)).toMatchObject({
        status: 'paid',
        exception: 'paid_late',
        amount_received: c.amount,
        transaction_hash: tx,
        deposits: [{ txid: tx, state: 'credited', flag: 'late' }],
      });
      expect(await availableBalance(t.deps.db.read, shop.id, c.asset)).toBeGreaterThan(before);
      const ev = await events(r.tid);
      expect(ev.map((e) => e.type)).toEqual(['payment.paid']);
      expect(ev[0]!.body).toMatchObject({ status: 'paid', exception: 'paid_late', flag: 'late' });
      expect(await checkout(r)).toMatchObject({ state: 'paid', exception: 'paid_late' });
      await auditClean();
    });

    it('first seen after the monitoring window: credited, flagged late, the request stays declined', async () => {
      const r = await receive(c);
      clock.advance(40 * 60_000);
      await expireInvoices(t.deps);
      const before = await availableBalance(t.deps.db.read, shop.id, c.asset);
      await deposit(r.tid);
      expect(await record(r.tid)).toMatchObject({
        status: 'declined',
        exception: null,
        amount_received: c.amount,
      });
      expect(await availableBalance(t.deps.db.read, shop.id, c.asset)).toBeGreaterThan(before);
      expect((await events(r.tid)).map((e) => e.type)).toEqual(['payment.deposit']);
      await auditClean();
    });

    it('underpaid: pending with amount_received, then declined at the expiry with paid_partial, the part credited', async () => {
      const r = await receive(c);
      const before = await availableBalance(t.deps.db.read, shop.id, c.asset);
      const tx = await deposit(r.tid, { amount: c.part });
      expect(await record(r.tid)).toMatchObject({
        status: 'pending',
        amount_received: Number(c.part),
        exception: null,
        transaction_hash: tx,
      });
      const status = (
        await t.app.inject({ method: 'GET', url: `/checkout/${publicId(r)}/status` })
      ).json() as {
        state: string;
        chain: { remaining: string; uri: string };
      };
      expect(status.state).toBe('pending');
      expect(status.chain.remaining).toBe(c.wallet === 'btc' ? '0.00060000' : '15.500000');
      expect(status.chain.uri).toEqual(
        c.wallet === 'btc'
          ? expect.stringMatching(/^bitcoin:bcrt1[0-9a-z]+\?amount=0\.0006(&|$)/)
          : expect.stringMatching(/\/transfer\?address=0x[0-9a-fA-F]{40}&uint256=15500000$/),
      );
      clock.advance(2 * 60_000);
      await expireInvoices(t.deps);
      const after = await record(r.tid);
      expect(after).toMatchObject({
        status: 'declined',
        exception: 'paid_partial',
        amount_received: Number(c.part),
      });
      const ev = await events(r.tid);
      expect(ev.map((e) => e.type)).toEqual(['payment.deposit', 'payment.paid_partial']);
      expect(ev[1]!.body).toMatchObject({
        status: 'declined',
        exception: 'paid_partial',
        received: Number(c.part),
      });
      expect(await availableBalance(t.deps.db.read, shop.id, c.asset)).toBeGreaterThan(before);
      expect(await checkout(r)).toMatchObject({ state: 'expired', exception: 'paid_partial' });
      await auditClean();
    });

    it('a second deposit to a paid request makes it paid_over; reorganised away, the exception goes with it', async () => {
      const r = await receive(c);
      await deposit(r.tid);
      const extra = await deposit(r.tid, { amount: c.part });
      expect(await record(r.tid)).toMatchObject({ status: 'paid', exception: 'paid_over' });
      expect((await sandboxDepositChange(t.deps, extra, { removed: true })).ok).toBe(true);
      expect(await record(r.tid)).toMatchObject({
        status: 'paid',
        exception: null,
        amount_received: c.amount,
      });
      await auditClean();
    });

    it('overpaid: paid with paid_over, the excess in the record', async () => {
      const r = await receive(c);
      const tx = await deposit(r.tid, { amount: c.over });
      const after = await record(r.tid);
      expect(after).toMatchObject({
        status: 'paid',
        exception: 'paid_over',
        amount_received: Number(c.over),
        transaction_hash: tx,
      });
      const ev = await events(r.tid);
      expect(ev.map((e) => e.type)).toEqual(['payment.paid']);
      expect(ev[0]!.body).toMatchObject({ exception: 'paid_over', amount: Number(c.over) });
      expect(await checkout(r)).toMatchObject({ state: 'paid', exception: 'paid_over' });
      await auditClean();
    });
  });
  // Refunds (POST /lapi/v1/refund) of what an on-chain request received: paid from the Lightning balance.
  describe('refunds of on-chain outcomes', () => {
    const btc = CASES[0];
    const refund = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/lapi/v1/refund',
        headers: { 'x-api-key': shop.adminKey, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const refusal = async (body: Record<string, unknown>) => {
      const r = await refund(body);
      return { status: r.statusCode, code: (r.json() as { code: string }).code };
    };
    const amountOf = async (body: Record<string, unknown>) => {
      const r = await refund(body);
      expect(r.statusCode, r.body).toBe(200);
      return (r.json() as { data: { amount: string } }).data.amount;
    };

    it('declined with part received (paid_partial): the refund is what arrived, not the amount asked', async () => {
      const r = await receive(btc);
      await deposit(r.tid, { amount: btc.part });
      // Still pending: the payer may send the rest, so nothing is refunded yet.
      expect(await refusal({ tid: String(r.tid) })).toEqual({ status: 409, code: 'state_conflict' });
      clock.advance(2 * 60_000);
      await expireInvoices(t.deps);
      expect(await record(r.tid)).toMatchObject({ status: 'declined', exception: 'paid_partial' });
      expect(await amountOf({ tid: String(r.tid) })).toBe('0.00040000');
      expect(await refusal({ tid: String(r.tid), amount: '0.00000001' })).toEqual({
        status: 422,
        code: 'amount_out_of_range',
      });
      expect(await refusal({ tid: String(r.tid), excess: true })).toEqual({
        status: 422,
        code: 'amount_out_of_range',
      });
      await auditClean();
    });

    it('paid over: the excess is refunded in one call, then the amount, and never more than received', async () => {
      const r = await receive(btc);
      await deposit(r.tid, { amount: btc.over });
      expect(await amountOf({ tid: String(r.tid), excess: true })).toBe('0.00050000');
      expect(await refusal({ tid: String(r.tid), excess: true })).toEqual({
        status: 422,
        code: 'amount_out_of_range',
      });
      expect(await amountOf({ tid: String(r.tid) })).toBe('0.00100000');
      expect(await refusal({ tid: String(r.tid), amount: '0.00000001' })).toEqual({
        status: 422,
        code: 'amount_out_of_range',
      });
      expect(await refusal({ tid: String(r.tid), excess: true, amount: '0.0001' })).toEqual({
        status: 400,
        code: 'invalid_request',
      });
      await auditClean();
    });

    it('a USDT payment is not refundable from the Lightning balance', async () => {
      const r = await receive(CASES[1]);
      await deposit(r.tid);
      expect(await refusal({ tid: String(r.tid) })).toEqual({ status: 422, code: 'payment_not_refundable' });
    });
  });
});
