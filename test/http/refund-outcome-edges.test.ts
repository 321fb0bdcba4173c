import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setPassword } from '../../src/app/accounts/password.ts';
import { sandboxDeposit, sandboxDepositChange } from '../../src/app/chain/sandbox-deposit.ts';
import { expireInvoices } from '../../src/app/payments/settlement/expire-invoices.ts';
import { TEST_CHAIN_KEYS as KEYS } from '../fixtures/chain/keys.ts';
import { DashboardClient, PASSWORD } from '../fixtures/dashboard.ts';
import { DIALECTS, ManualClock, makeAccount, type TestAccount } from '../fixtures/runtime.ts';
import { auditViolations, type VoucherWorld, voucherWorld } from '../fixtures/vouchers.ts';

// Fiat prices, on-chain outcomes and refunds at their edges: reorganisations, both rails, refunds
// before late deposits, repeated forms, expiry before the sweep, another account's view.

describe.each(DIALECTS)('refunds and on-chain outcomes at their edges on %s', (dialect) => {
  let w: VoucherWorld;
  let merchant: TestAccount;
  let payer: TestAccount;

  beforeEach(async () => {
    const clock = new ManualClock(Date.now());
    w = await voucherWorld(
      dialect,
      {
        PRICE_STATIC: 'BTC-USD=50000,BTC-INR=4000000,BTC-USDT=97000',
        BTC_XPUB: KEYS.btc.text,
        EVM_XPUB: KEYS.evm.text,
        CHAIN_WATCH_AFTER_EXPIRY_MIN: '120',
        CHAIN_MONITOR_AFTER_EXPIRY_MIN: '30',
      },
      clock,
    );
    merchant = await makeAccount(w.deps, { fund: { lbtc: '0.01' } });
    payer = await makeAccount(w.deps, { fund: { lbtc: '0.01' } });
  });
  afterEach(async () => {
    await w.close();
  });

  const lapi = (path: string, key: string, body: unknown): Promise<LightMyRequestResponse> =>
    w.app.inject({
      method: 'POST',
      url: `/lapi/v1/${path}`,
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const sapi = (path: string, key: string, body: unknown): Promise<LightMyRequestResponse> =>
    w.app.inject({
      method: 'POST',
      url: `/sapi/v1/${path}`,
      headers: { authorization: key, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const record = async (tid: number) => {
    const r = await w.app.inject({
      method: 'GET',
      url: `/sapi/v1/checkPayment?tid=${tid}`,
      headers: { authorization: merchant.invoiceKey },
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as Record<string, unknown>;
  };
  const onchainRequest = async (amount: number, extra: Record<string, unknown> = {}) => {
    const r = await sapi('receive', merchant.invoiceKey, {
      wallet: 'btc',
      payment_mode: 'onchain',
      amount,
      expires_in: 1,
      ...extra,
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as { tid: number; lightning_invoice?: string; uri: string };
  };
  const deposit = async (tid: number, o: { amount?: string; confirmations?: number } = {}) => {
    const d = await sandboxDeposit(w.deps, { tid: String(tid), ...o });
    if (!d.ok) throw new Error(d.error.message);
    return d.value.txHash;
  };

  const refundsOf = async (tid: string | number, key = merchant.invoiceKey) => {
    const r = await w.app.inject({
      method: 'GET',
      url: `/lapi/v1/checkPayment?tid=${tid}`,
      headers: { 'x-api-key': key },
    });
    expect(r.statusCode, r.body).toBe(200);
    return {
      body: r.body,
      refunds: r.json().data.refunds as { tid: string; amount: string; status: string; refund_url: string }[],
    };
  };
  const codeOf = (url: string) => url.split('/').pop()!;

  it('an open refund is cancelled when the on-chain payment it refunds is reorganised away', async () => {
    // A payer pays on chain, asks for a refund, gets it, then double-spends the deposit (a reorg).
    const req = await onchainRequest(0.001);
    const tx = await deposit(req.tid);
    expect(await record(req.tid)).toMatchObject({ status: 'paid', amount_received: 0.001 });
    const r = await lapi('refund', merchant.adminKey, { tid: String(req.tid) });
    expect(r.statusCode, r.body).toBe(200);
    const refund = r.json().data as { refund_url: string };
    const gone = await sandboxDepositChange(w.deps, tx, { removed: true });
    expect(gone.ok).toBe(true);
    expect(await record(req.tid)).toMatchObject({ status: 'pending', amount_received: 0 });
    // The payment now holds nothing: its refund was cancelled, its escrow back with the merchant.
    expect((await refundsOf(req.tid)).refunds.map((x) => x.status)).toEqual(['cancelled']);
    const claim = await lapi('redeemVoucher', payer.invoiceKey, {
      voucher_code: codeOf(refund.refund_url),
      redeem_mode: 'usertag',
      redeem_to: payer.usertag,
    });
    expect(claim.statusCode, claim.body).not.toBe(200);
    expect(await auditViolations(w)).toEqual([]);
  });

  it('a btc request paid by its Lightning invoice and again on chain is paid_over, and the excess is refundable', async () => {
    const req = await onchainRequest(0.001);
    const paid = await lapi('send', payer.adminKey, {
      payment_mode: 'lightning',
      lightning_invoice: (req as unknown as { lightning_invoice: { payreq: string } }).lightning_invoice
        .payreq,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await record(req.tid)).toMatchObject({ status: 'paid' });
    // The payer's wallet also sends the on-chain half of the unified QR: 0.002 BTC arrived for 0.001 asked.
    await deposit(req.tid, { amount: '0.001' });
    expect(await record(req.tid)).toMatchObject({
      status: 'paid',
      exception: 'paid_over',
      amount_received: 0.002,
    });
    const excess = await lapi('refund', merchant.adminKey, { tid: String(req.tid), excess: true });
    expect(excess.statusCode, excess.body).toBe(200);
    expect(excess.json().data.amount).toBe('0.00100000');
  });

  it('the account that made a request for another account does not see the payee’s refund links', async () => {
    const requester = await makeAccount(w.deps);
    const req = await lapi('receive', requester.invoiceKey, {
      amount: '0.001',
      receiver_usertag: merchant.usertag,
    });
    expect(req.statusCode, req.body).toBe(200);
    const { tid, lightning_invoice } = req.json().data as {
      tid: string;
      lightning_invoice: { payreq: string };
    };
    const paid = await lapi('send', payer.adminKey, {
      payment_mode: 'lightning',
      lightning_invoice: lightning_invoice.payreq,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // The payee (merchant) refunds the payer from its own balance.
    const r = await lapi('refund', merchant.adminKey, { tid });
    expect(r.statusCode, r.body).toBe(200);
    const code = codeOf((r.json().data as { refund_url: string }).refund_url);
    // The requester is another account: it must not learn the refund's bearer link.
    const seen = await refundsOf(tid, requester.invoiceKey);
    expect(seen.body.includes(code)).toBe(false);
    expect(seen.refunds).toEqual([]);
    // The payee sees its refund.
    expect((await refundsOf(tid, merchant.invoiceKey)).refunds).toHaveLength(1);
  });

  it('fiat_value given as a JSON array is a 400, not a price', async () => {
    const l = await lapi('receive', merchant.invoiceKey, { fiat_value: [1500], fiat_currency: 'INR' });
    expect(l.statusCode, l.body).toBe(400);
    const s = await sapi('receive', merchant.invoiceKey, {
      wallet: 'lbtc',
      fiat_value: ['10'],
      fiat_currency: 'USD',
    });
    expect(s.statusCode, s.body).toBe(400);
  });

  it('a partial payment refunded, then the rest sent late: the request stays declined', async () => {
    const req = await onchainRequest(0.001);
    await deposit(req.tid, { amount: '0.0004' });
    w.clock.advance(2 * 60_000);
    await expireInvoices(w.deps);
    expect(await record(req.tid)).toMatchObject({ status: 'declined', exception: 'paid_partial' });
    // The merchant refunds what arrived, as the outcome invites.
    const r = await lapi('refund', merchant.adminKey, { tid: String(req.tid) });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.amount).toBe('0.00040000');
    // The payer then sends only the rest, inside the monitoring window.
    await deposit(req.tid, { amount: '0.0006' });
    // 0.001 asked, 0.0004 of it already refunded: the merchant holds 0.0006, the request must not be paid.
    expect((await record(req.tid)).status).not.toBe('paid');
  });

  it('a usdt request priced in fiat asks at most one 10^-6 USDT over the exact price', async () => {
    // 1,000,000 INR at BTC-INR 4,000,000 and BTC-USDT 97,000: exactly 24,250 USDT (1e6 × 97000 / 4e6).
    const r = await sapi('receive', merchant.invoiceKey, {
      wallet: 'usdt',
      payment_mode: 'onchain',
      chain_network: 'MATIC',
      fiat_value: '1000000',
      fiat_currency: 'INR',
    });
    expect(r.statusCode, r.body).toBe(200);
    // The smallest whole 10^-6 USDT worth at least the price is 24250.000000; rounding may add one unit.
    expect(r.json().amount).toBeLessThanOrEqual(24250.000001);
  });

  it('paid, reorganised away, declined, then paid late: a second payment.paid with an id of its own', async () => {
    const req = await onchainRequest(0.001, { callback_url: 'http://127.0.0.1:9/hook' });
    const first = await deposit(req.tid);
    expect((await sandboxDepositChange(w.deps, first, { removed: true })).ok).toBe(true);
    expect(await record(req.tid)).toMatchObject({ status: 'pending', amount_received: 0 });
    w.clock.advance(2 * 60_000);
    await expireInvoices(w.deps);
    expect(await record(req.tid)).toMatchObject({ status: 'declined' });
    // The payer pays again, late but inside the monitoring window: paid, paid_late.
    await deposit(req.tid);
    expect(await record(req.tid)).toMatchObject({ status: 'paid', exception: 'paid_late' });
    const paidEvents = await w.deps.db.read
      .selectFrom('outbox')
      .select(['event_id', 'payload'])
      .where('target_id', '=', String(req.tid))
      .where('event_type', '=', 'payment.paid')
      .orderBy('id')
      .execute();
    // The merchant's last word was payment.deposit_reversed: it must hear that the request is paid again.
    expect(paidEvents).toHaveLength(2);
    expect(JSON.parse(paidEvents[1]!.payload)).toMatchObject({ exception: 'paid_late' });
  });

  it('part paid on chain, then the whole invoice paid by Lightning: the amount asked is refundable in full', async () => {
    const req = await onchainRequest(0.001);
    await deposit(req.tid, { amount: '0.0004' });
    const paid = await lapi('send', payer.adminKey, {
      payment_mode: 'lightning',
      lightning_invoice: (req as unknown as { lightning_invoice: { payreq: string } }).lightning_invoice
        .payreq,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await record(req.tid)).toMatchObject({ status: 'paid' });
    // 0.0014 BTC arrived for 0.001 asked: the amount asked is refundable in full.
    const r = await lapi('refund', merchant.adminKey, { tid: String(req.tid) });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.amount).toBe('0.00100000');
  });

  it('the dashboard Refund form sent twice (a double click, a resubmit) makes one refund', async () => {
    const req = await lapi('receive', merchant.invoiceKey, { amount: '0.001' });
    const { tid, lightning_invoice } = req.json().data as {
      tid: string;
      lightning_invoice: { payreq: string };
    };
    const paid = await lapi('send', payer.adminKey, {
      payment_mode: 'lightning',
      lightning_invoice: lightning_invoice.payreq,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await setPassword(w.deps, merchant.usertag, PASSWORD);
    const c = new DashboardClient(w.app);
    expect((await c.signIn(merchant.usertag, PASSWORD)).statusCode).toBe(303);
    const page = await c.get(`/dashboard/payments/${tid}?lang=en`);
    expect(page.body).toContain('id="refund-form"');
    // Every hidden field the form carries (as the voucher form's form_key), sent the same both times.
    const form = /<form[^>]*id="refund-form"[^>]*>([\s\S]*?)<\/form>/.exec(page.body)?.[1] ?? '';
    const hidden = Object.fromEntries(
      [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)]
        .filter((m) => m[1] !== '_csrf')
        .map((m) => [m[1]!, m[2]!]),
    );
    const fields = { ...hidden, amount: '0.0004', password: PASSWORD };
    expect((await c.post(`/dashboard/payments/${tid}/refund`, fields)).statusCode).toBe(303);
    await c.post(`/dashboard/payments/${tid}/refund`, fields);
    expect((await refundsOf(tid)).refunds.map((r) => r.amount)).toEqual(['0.00040000']);
  });

  it('an expired refund, not yet swept, no longer counts against the payment', async () => {
    const req = await lapi('receive', merchant.invoiceKey, { amount: '0.001' });
    const { tid, lightning_invoice } = req.json().data as {
      tid: string;
      lightning_invoice: { payreq: string };
    };
    const paid = await lapi('send', payer.adminKey, {
      payment_mode: 'lightning',
      lightning_invoice: lightning_invoice.payreq,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await lapi('refund', merchant.adminKey, { tid })).statusCode).toBe(200);
    // Past VOUCHER_EXPIRY_DEFAULT_MIN (525,600 min): the refund can no longer be claimed.
    w.clock.advance(525_601 * 60_000);
    expect((await refundsOf(tid)).refunds.map((r) => r.status)).toEqual(['expired']);
    // docs/payments.md: "a cancelled or expired one does not [count]".
    const again = await lapi('refund', merchant.adminKey, { tid });
    expect(again.statusCode, again.body).toBe(200);
  });
});
