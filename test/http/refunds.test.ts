import { sha256 } from '@noble/hashes/sha2.js';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expireVouchers } from '../../src/app/vouchers/expire-vouchers.ts';
import { listen, type RunningServer, sendJson } from '../fixtures/lightning/http-server.ts';
import { DIALECTS, makeAccount, type TestAccount } from '../fixtures/runtime.ts';
import {
  auditViolations,
  balanceOf,
  outsideInvoice,
  type VoucherWorld,
  voucherWorld,
} from '../fixtures/vouchers.ts';

const PATIENCE = { timeout: 15_000, interval: 20 };
/** The voucher fee reserve at the defaults (1 %, at least 10 sat) of the amounts below. */
const reserveOf = (msat: bigint): bigint => {
  const ppm = (msat * 10_000n + 999_999n) / 1_000_000n;
  return ppm > 10_000n ? ppm : 10_000n;
};

interface Refund {
  tid: string;
  payment_tid: string;
  amount: string;
  status: string;
  claimed_at: number | null;
  refund_url: string;
}

describe.each(DIALECTS)('refunds on %s', (dialect) => {
  let w: VoucherWorld;
  let merchant: TestAccount;
  let payer: TestAccount;

  beforeEach(async () => {
    // LNURL_ALLOW_PRIVATE: the other service's Lightning address below is on 127.0.0.1.
    w = await voucherWorld(dialect, {
      PRICE_STATIC: 'BTC-USD=50000,BTC-INR=4000000',
      LNURL_ALLOW_PRIVATE: 'true',
    });
    merchant = await makeAccount(w.deps, { fund: { lbtc: '0.01' } });
    payer = await makeAccount(w.deps, { fund: { lbtc: '0.01' } });
  });
  afterEach(async () => {
    await w.close();
  });

  const post = (path: string, key: string, body: unknown): Promise<LightMyRequestResponse> =>
    w.app.inject({
      method: 'POST',
      url: `/lapi/v1/${path}`,
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const get = (path: string, key: string): Promise<LightMyRequestResponse> =>
    w.app.inject({ method: 'GET', url: `/lapi/v1/${path}`, headers: { 'x-api-key': key } });

  /** A request of the merchant for `amount` BTC, paid by the payer: its tid. */
  async function paidPayment(amount: string, extra: Record<string, unknown> = {}): Promise<string> {
    const r = await post('receive', merchant.invoiceKey, { amount, ...extra });
    expect(r.statusCode, r.body).toBe(200);
    const { tid, lightning_invoice } = r.json().data as {
      tid: string;
      lightning_invoice: { payreq: string };
    };
    const s = await post('send', payer.adminKey, {
      payment_mode: 'lightning',
      lightning_invoice: lightning_invoice.payreq,
    });
    expect(s.statusCode, s.body).toBe(200);
    return tid;
  }
  const refund = async (body: Record<string, unknown>, key = merchant.adminKey) => post('refund', key, body);
  const refunded = async (body: Record<string, unknown>): Promise<Refund> => {
    const r = await refund(body);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as Refund;
  };
  const refundsOf = async (tid: string): Promise<Refund[]> => {
    const r = await get(`checkPayment?tid=${tid}`, merchant.invoiceKey);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data.refunds as Refund[];
  };
  const codeOf = (r: Refund) => r.refund_url.split('/').pop()!;
  const refusal = (r: LightMyRequestResponse) => ({ status: r.statusCode, code: r.json().code as string });

  it('a full refund escrows the original amount + reserve and is listed on the payment', async () => {
    const tid = await paidPayment('0.001');
    const before = await balanceOf(w, merchant);
    const r = await refunded({ tid });
    expect(r).toMatchObject({ payment_tid: tid, amount: '0.00100000', status: 'open', claimed_at: null });
    expect(r.refund_url).toMatch(/^http:\/\/paytag\.test\/refund\/[a-z0-9]{10}$/);
    expect(before - (await balanceOf(w, merchant))).toBe(100_000_000n + reserveOf(100_000_000n));
    expect(await refundsOf(tid)).toEqual([
      { tid: r.tid, amount: '0.00100000', status: 'open', claimed_at: null, refund_url: r.refund_url },
    ]);
    // Nothing more can be refunded, whatever way it is asked.
    expect(refusal(await refund({ tid, amount: '0.00000001' }))).toEqual({
      status: 422,
      code: 'amount_out_of_range',
    });
    expect(await auditViolations(w)).toEqual([]);
  });

  it('partial and repeated refunds add up to at most what was received', async () => {
    const tid = await paidPayment('0.001');
    await refunded({ tid, amount: '0.0004' });
    await refunded({ tid, amount: 0.0004 });
    const before = await balanceOf(w, merchant);
    expect(refusal(await refund({ tid, amount: '0.00020001' }))).toEqual({
      status: 422,
      code: 'amount_out_of_range',
    });
    expect(refusal(await refund({ tid }))).toEqual({ status: 422, code: 'amount_out_of_range' });
    expect(await balanceOf(w, merchant)).toBe(before);
    await refunded({ tid, amount: '0.0002' });
    expect((await refundsOf(tid)).map((x) => x.amount)).toEqual(['0.00040000', '0.00040000', '0.00020000']);
    expect(await auditViolations(w)).toEqual([]);
  });

  it('a refund in fiat takes the current price of the payment’s fiat_currency', async () => {
    const tid = await paidPayment('0.001', { fiat_currency: 'USD', fiat_value: '50' });
    // 25 USD at 50000 USD a BTC = 0.0005 BTC.
    expect((await refunded({ tid, fiat_value: '25' })).amount).toBe('0.00050000');
    const noFiat = await paidPayment('0.001');
    expect(refusal(await refund({ tid: noFiat, fiat_value: '1' }))).toEqual({
      status: 400,
      code: 'invalid_request',
    });
    expect(refusal(await refund({ tid, fiat_value: '1', amount: '0.0001' }))).toEqual({
      status: 400,
      code: 'invalid_request',
    });
    expect(await auditViolations(w)).toEqual([]);
  });

  it('a fiat refund without a published price with 503 price_unavailable and moves nothing', async () => {
    const tid = await paidPayment('0.001', { fiat_currency: 'EUR', fiat_value: '40' });
    const before = await balanceOf(w, merchant);
    expect(refusal(await refund({ tid, fiat_value: '10' }))).toEqual({
      status: 503,
      code: 'price_unavailable',
    });
    expect(await balanceOf(w, merchant)).toBe(before);
  });

  it('refusals: a sent payment, another account’s tid, a pending request, no balance, bad fields', async () => {
    const tid = await paidPayment('0.001');
    const sentByPayer = (await get(`history?limit=1`, payer.invoiceKey)).json().data[0].tid as string;
    const pending = (await post('receive', merchant.invoiceKey, { amount: '0.001' })).json().data.tid;
    const before = await balanceOf(w, merchant);
    expect(refusal(await refund({ tid: sentByPayer }, payer.adminKey))).toEqual({
      status: 422,
      code: 'payment_not_refundable',
    });
    expect(refusal(await refund({ tid }, payer.adminKey))).toEqual({ status: 404, code: 'not_found' });
    expect(refusal(await refund({ tid }, merchant.invoiceKey))).toEqual({
      status: 403,
      code: 'forbidden_key_kind',
    });
    expect(refusal(await refund({ tid: pending }))).toEqual({ status: 409, code: 'state_conflict' });
    expect(refusal(await refund({ tid, amount: '-0.0001' })).status).toBe(400);
    expect(refusal(await refund({ tid, amount: '0.000000001' })).status).toBe(400);
    expect(refusal(await refund({ tid, amount: [1] })).status).toBe(400);
    expect(refusal(await refund({ tid, receiver_email: 'nope' }))).toEqual({
      status: 400,
      code: 'email_invalid',
    });
    expect(refusal(await refund({ tid, description: 'x'.repeat(241) })).status).toBe(400);
    expect(refusal(await refund({}))).toEqual({ status: 400, code: 'invalid_request' });
    expect(await balanceOf(w, merchant)).toBe(before);

    // A merchant who spent the payment cannot refund it: insufficient_balance, nothing moves.
    const broke = await makeAccount(w.deps);
    const r = await post('receive', broke.invoiceKey, { amount: '0.001' });
    await post('send', payer.adminKey, {
      payment_mode: 'lightning',
      lightning_invoice: r.json().data.lightning_invoice.payreq,
    });
    const brokeTid = r.json().data.tid as string;
    expect(refusal(await refund({ tid: brokeTid }, broke.adminKey))).toEqual({
      status: 422,
      code: 'insufficient_balance',
    });
    expect(await refundsOf(tid)).toEqual([]);
    expect(await auditViolations(w)).toEqual([]);
  });

  it('50 concurrent refunds of one payment never refund more than it received', async () => {
    const tid = await paidPayment('0.001');
    const before = await balanceOf(w, merchant);
    const answers = await Promise.all(Array.from({ length: 50 }, () => refund({ tid, amount: '0.00003' })));
    const ok = answers.filter((a) => a.statusCode === 200);
    for (const a of answers) {
      if (a.statusCode !== 200) expect(refusal(a)).toEqual({ status: 422, code: 'amount_out_of_range' });
    }
    // 33 × 0.00003 = 0.00099 fits in 0.001; a 34th would not.
    expect(ok).toHaveLength(33);
    expect((await refundsOf(tid)).length).toBe(33);
    expect(before - (await balanceOf(w, merchant))).toBe(33n * (3_000_000n + reserveOf(3_000_000n)));
    expect(await auditViolations(w)).toEqual([]);
  });

  it('claimed by usertag: the payer gets the amount, the record says claimed, payment.refunded is queued', async () => {
    const tid = await paidPayment('0.001', { callback_url: 'https://shop.example.com/hook' });
    const r = await refunded({ tid, amount: '0.0005' });
    const payerBefore = await balanceOf(w, payer);
    const red = await post('redeemVoucher', payer.invoiceKey, {
      voucher_code: codeOf(r),
      redeem_mode: 'usertag',
      redeem_to: payer.usertag,
    });
    expect(red.statusCode, red.body).toBe(200);
    expect((await balanceOf(w, payer)) - payerBefore).toBe(50_000_000n);
    const [item] = await refundsOf(tid);
    expect(item).toMatchObject({ status: 'claimed', claimed_at: Math.floor(w.clock.nowMs() / 1000) });
    const hooks = await w.deps.db.read
      .selectFrom('outbox')
      .select(['event_type', 'payload', 'destination'])
      .where('event_type', '=', 'payment.refunded')
      .execute();
    expect(hooks).toHaveLength(1);
    expect(hooks[0]!.destination).toBe('https://shop.example.com/hook');
    expect(JSON.parse(hooks[0]!.payload)).toMatchObject({ tid, refund_tid: r.tid, amount: 0.0005 });
    // A claimed refund keeps counting: the rest is all that can still be refunded.
    expect(refusal(await refund({ tid, amount: '0.00050001' })).code).toBe('amount_out_of_range');
    expect(refusal(await post('cancelRefund', merchant.adminKey, { tid: r.tid }))).toEqual({
      status: 409,
      code: 'state_conflict',
    });
    expect(await auditViolations(w)).toEqual([]);
  });

  it('claimed by LNURL-withdraw with a wallet of another node', async () => {
    const tid = await paidPayment('0.001');
    const r = await refunded({ tid, amount: '0.0002' });
    const offer = await w.app.inject({ method: 'GET', url: `/lnurlw/${codeOf(r)}` });
    expect(offer.statusCode, offer.body).toBe(200);
    const req = offer.json() as { k1: string; callback: string; maxWithdrawable: number };
    expect(req.maxWithdrawable).toBe(20_000_000);
    const inv = await outsideInvoice(w, 20_000_000n);
    const cb = new URL(req.callback);
    const res = await w.app.inject({
      method: 'GET',
      url: `${cb.pathname}?k1=${req.k1}&pr=${inv.payreq}`,
    });
    expect(res.json()).toMatchObject({ status: 'OK' });
    await vi.waitFor(async () => expect((await refundsOf(tid))[0]?.status).toBe('claimed'), PATIENCE);
    expect(await auditViolations(w)).toEqual([]);
  });

  it('cancel returns the escrow; the cancelled amount can be refunded again', async () => {
    const tid = await paidPayment('0.001');
    const before = await balanceOf(w, merchant);
    const r = await refunded({ tid });
    const c = await post('cancelRefund', merchant.adminKey, { tid: r.tid });
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json().data).toMatchObject({ tid: r.tid, status: 'cancelled' });
    expect(await balanceOf(w, merchant)).toBe(before);
    const again = await post('cancelRefund', merchant.adminKey, { tid: r.tid });
    expect(again.json().data.status).toBe('cancelled');
    expect(await balanceOf(w, merchant)).toBe(before);
    expect(refusal(await post('cancelRefund', payer.adminKey, { tid: r.tid }))).toEqual({
      status: 404,
      code: 'not_found',
    });
    const red = await post('redeemVoucher', payer.invoiceKey, {
      voucher_code: codeOf(r),
      redeem_mode: 'usertag',
      redeem_to: payer.usertag,
    });
    expect(red.json().code).toBe('voucher_revoked');
    expect(await auditViolations(w)).toEqual([]);
    await refunded({ tid });
    expect((await refundsOf(tid)).map((x) => x.status)).toEqual(['cancelled', 'open']);
    expect(await auditViolations(w)).toEqual([]);
  });

  it('an unclaimed refund expires like a voucher: the escrow returns and it no longer counts', async () => {
    const tid = await paidPayment('0.001');
    const before = await balanceOf(w, merchant);
    const r = await refunded({ tid });
    w.clock.advance(w.deps.config.vouchers.expiryDefaultMin * 60_000 + 1);
    expect((await refundsOf(tid))[0]?.status).toBe('expired');
    await expireVouchers(w.deps);
    expect(await balanceOf(w, merchant)).toBe(before);
    expect(await auditViolations(w)).toEqual([]);
    expect((await refunded({ tid })).tid).not.toBe(r.tid);
  });

  const page = (code: string, to?: string) =>
    w.app.inject(
      to === undefined
        ? { method: 'GET', url: `/refund/${code}` }
        : {
            method: 'POST',
            url: `/refund/${code}`,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams({ redeem_to: to }).toString(),
          },
    );

  it('the refund page shows the refund and claims it to a Lightning address of this service', async () => {
    const tid = await paidPayment('0.001');
    const r = await refunded({ tid, amount: '0.0003', description: 'Returned item' });
    const shown = await page(codeOf(r));
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('0.00030000 BTC');
    expect(shown.body).toContain(`Refund from ${merchant.usertag}`);
    expect(shown.body).toContain(`Refund of payment ${tid}: Returned item`);
    const payerBefore = await balanceOf(w, payer);
    const claimed = await page(codeOf(r), `${payer.usertag}@paytag.test`);
    expect(claimed.statusCode, claimed.body).toBe(303);
    expect(claimed.headers.location).toBe(`/refund/${codeOf(r)}?lang=en&done=claimed`);
    expect((await balanceOf(w, payer)) - payerBefore).toBe(30_000_000n);
    const after = await w.app.inject({ method: 'GET', url: claimed.headers.location as string });
    expect(after.body).toContain('was sent to you');
    expect((await refundsOf(tid))[0]?.status).toBe('claimed');
    // Claimed once: a claim to another account is refused on the page, nothing moves.
    const other = await makeAccount(w.deps);
    const twice = await page(codeOf(r), other.usertag);
    expect(twice.statusCode).toBe(409);
    expect(await balanceOf(w, other)).toBe(0n);
    expect((await balanceOf(w, payer)) - payerBefore).toBe(30_000_000n);
    expect(await auditViolations(w)).toEqual([]);
  });

  it('the refund page claims to a usertag and to an invoice; an ordinary voucher has no refund page', async () => {
    const tid = await paidPayment('0.001');
    const a = await refunded({ tid, amount: '0.0001' });
    expect((await page(codeOf(a), payer.usertag)).statusCode).toBe(303);
    const b = await refunded({ tid, amount: '0.0001' });
    const inv = await outsideInvoice(w, 10_000_000n);
    expect((await page(codeOf(b), `lightning:${inv.payreq}`)).statusCode).toBe(303);
    expect((await refundsOf(tid)).map((x) => x.status)).toEqual(['claimed', 'claimed']);
    const v = await post('requestVoucher', merchant.adminKey, { amount: '0.0001', voucher_count: 1 });
    const code = (v.json().data.voucher_urls[0].voucher_url as string).split('/').pop()!;
    expect((await page(code)).statusCode).toBe(404);
    expect((await page('nosuchcode')).statusCode).toBe(404);
    expect(await auditViolations(w)).toEqual([]);
  });

  it('the refund page claims to a Lightning address of another service (LUD-16): an invoice of exactly the amount, committed to its metadata', async () => {
    // Another service's Lightning address: LUD-16's payRequest, its callback's invoices made by another
    // node (w.outside), with a description hash of the metadata (LUD-06). `lie` answers one sat more.
    const metadata = JSON.stringify([
      ['text/plain', 'Pay carol'],
      ['text/identifier', 'carol@other.test'],
    ]);
    let lie = false;
    const asked: string[] = [];
    const other: RunningServer = await listen((req, res) => {
      const url = new URL(req.url ?? '/', 'http://other.test');
      if (url.pathname === '/.well-known/lnurlp/carol') {
        sendJson(res, 200, {
          tag: 'payRequest',
          callback: `${other.url}/callback`,
          minSendable: 1000,
          maxSendable: 100_000_000_000,
          metadata,
        });
        return;
      }
      if (url.pathname === '/callback') {
        const amount = BigInt(url.searchParams.get('amount') ?? '0');
        asked.push(amount.toString());
        void w.outside
          .createInvoice({
            amountMsat: lie ? amount + 1000n : amount,
            description: metadata,
            descriptionHash: sha256(new TextEncoder().encode(metadata)),
            expirySec: 600,
          })
          .then((inv) => sendJson(res, 200, { pr: inv.payreq, routes: [] }));
        return;
      }
      sendJson(res, 404, { status: 'ERROR', reason: 'not found' });
    });
    try {
      const tid = await paidPayment('0.001');
      const r = await refunded({ tid, amount: '0.0002' });
      const address = `carol@127.0.0.1:${other.port}`;
      const merchantBefore = await balanceOf(w, merchant);
      lie = true;
      const refused = await page(codeOf(r), address);
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode).toBeLessThan(500);
      expect((await refundsOf(tid))[0]?.status).toBe('open');
      lie = false;
      const claimed = await page(codeOf(r), address);
      expect(claimed.statusCode, claimed.body).toBe(303);
      expect(asked).toEqual(['20000000', '20000000']);
      await vi.waitFor(async () => expect((await refundsOf(tid))[0]?.status).toBe('claimed'), PATIENCE);
      // The escrow paid the other node; what the fee reserve did not spend came back to the merchant.
      const back = (await balanceOf(w, merchant)) - merchantBefore;
      expect(back).toBeGreaterThanOrEqual(0n);
      expect(back).toBeLessThan(reserveOf(20_000_000n));
      expect(await auditViolations(w)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('with an Idempotency-Key a retried refund answers the first and escrows once, also when sent at once', async () => {
    const tid = await paidPayment('0.001');
    const withKey = (key: string, body: Record<string, unknown>) =>
      w.app.inject({
        method: 'POST',
        url: '/lapi/v1/refund',
        headers: {
          'x-api-key': merchant.adminKey,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        payload: JSON.stringify(body),
      });
    const before = await balanceOf(w, merchant);
    const first = await withKey('refund-1', { tid, amount: '0.0002' });
    expect(first.statusCode, first.body).toBe(200);
    const again = await withKey('refund-1', { tid, amount: 0.0002 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.tid).toBe(first.json().data.tid);
    expect(refusal(await withKey('refund-1', { tid, amount: '0.0003' }))).toEqual({
      status: 409,
      code: 'idempotency_conflict',
    });
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => withKey('refund-2', { tid, amount: '0.0001' })),
    );
    expect(burst.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(burst.map((r) => r.json().data.tid as string)).size).toBe(1);
    expect((await refundsOf(tid)).map((x) => x.amount)).toEqual(['0.00020000', '0.00010000']);
    expect(before - (await balanceOf(w, merchant))).toBe(
      30_000_000n + reserveOf(20_000_000n) + reserveOf(10_000_000n),
    );
    expect(await auditViolations(w)).toEqual([]);
  });
});
