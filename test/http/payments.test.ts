import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { foreignInvoice } from '../fixtures/lightning/fake-node.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

const RECORD_KEYS = [
  'amount',
  'callback_status',
  'callback_url',
  'created_at',
  'customer_name',
  'description',
  'extra',
  'fiat_currency',
  'fiat_rate',
  'fiat_value',
  'hosted_checkout_expiry',
  'hosted_checkout_url',
  'lightning_invoice',
  'order_id',
  'payment_mode',
  'receiver_usertag',
  'status',
  'success_url',
  'tid',
  'total_fee',
  'ttl',
  'uri',
  'wallet',
];

describe.each(DIALECTS)('payments over HTTP on %s', (dialect) => {
  let t: TestRuntime;
  let alice: TestAccount;
  let bob: TestAccount;

  const post = (url: string, key: string | null, body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...(key ? { 'x-api-key': key } : {}), ...headers },
      payload: body as object,
    });
  const get = (url: string, key: string, body?: unknown) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { 'x-api-key': key, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
  const balanceOf = async (a: TestAccount) =>
    (await get('/lapi/v1/wallet', a.invoiceKey)).json().data.balance_lbtc as string;

  async function setUp(env: Record<string, string> = {}) {
    t = await testRuntime(dialect, { SANDBOX_NODE_KEY: '11'.repeat(32), ...env });
    alice = await makeAccount(t.deps, { fund: { lbtc: '0.01' } });
    bob = await makeAccount(t.deps);
  }
  afterEach(() => t.close());

  describe('defaults', () => {
    beforeEach(() => setUp());

    it('receive answers the full standard payment record', async () => {
      const res = await post('/lapi/v1/receive', bob.invoiceKey, {
        amount: 0.00012345,
        description: 'T-shirt',
        fiat_value: 850,
        fiat_currency: 'inr',
        expires_in: 30,
        customer_name: 'Asha',
        order_id: 'A-1',
        success_url: 'https://shop.example/ok',
        extra: { email: 'a@example.com' },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ status: true, message: '' });
      const p = body.data;
      expect(Object.keys(p).sort()).toEqual(RECORD_KEYS);
      expect(p).toMatchObject({
        payment_mode: 'lightning',
        wallet: 'lbtc',
        amount: '0.00012345',
        receiver_usertag: bob.usertag,
        description: 'T-shirt',
        status: 'pending',
        callback_url: null,
        callback_status: null,
        success_url: 'https://shop.example/ok',
        hosted_checkout_url: `http://paytag.test/checkout/${p.tid}`,
        customer_name: 'Asha',
        order_id: 'A-1',
        fiat_currency: 'INR',
        fiat_value: '850',
        extra: { email: 'a@example.com' },
        uri: `lightning:${p.lightning_invoice.payreq}`,
        ttl: 10,
        total_fee: { network_fee: null, service_fee: null, gst_fee: null },
      });
      expect(p.tid).toMatch(/^[a-z0-9]{16}$/);
      expect(p.lightning_invoice.lightning_invoice_type).toBe('invoice');
      expect(p.lightning_invoice.payreq).toMatch(/^lnbcrt123450n1/);
      expect(p.created_at).toBeGreaterThan(1_700_000_000);
      expect(p.created_at).toBeLessThan(10_000_000_000);
      expect(p.lightning_invoice.expires_at - p.created_at).toBeGreaterThanOrEqual(30 * 60 - 1);
      expect(p.hosted_checkout_expiry).toBe(p.lightning_invoice.expires_at);

      const decoded = (
        await get(`/lapi/v1/decodeInvoice?invoice=${p.lightning_invoice.payreq}`, bob.invoiceKey)
      ).json();
      expect(decoded.data).toMatchObject({
        network: 'regtest',
        amount: '0.00012345',
        amount_msat: '12345000',
        description: 'T-shirt',
        expired: false,
      });
    });

    it('an invoice paid from outside (sandbox) becomes paid and credits the receiver', async () => {
      const p = (await post('/lapi/v1/receive', bob.invoiceKey, { amount: '0.0005' })).json().data;
      const paid = await post('/sandbox/v1/pay', null, { invoice: p.lightning_invoice.payreq });
      expect(paid.statusCode).toBe(200);
      expect(paid.json()).toMatchObject({
        status: true,
        data: { tid: p.tid, status: 'paid', amount: '0.00050000' },
      });
      expect((await post('/sandbox/v1/pay', null, { invoice: p.lightning_invoice.payreq })).statusCode).toBe(
        409,
      );
      const check = (await get(`/lapi/v1/checkPayment?tid=${p.tid}`, bob.invoiceKey)).json();
      expect(check.data.status).toBe('paid');
      expect(await balanceOf(bob)).toBe('0.00050000');
    });

    it('receive → another account pays by invoice → both histories and balances are right', async () => {
      const p = (await post('/lapi/v1/receive', bob.invoiceKey, { amount: '0.001' })).json().data;
      const sent = await post('/lapi/v1/send', alice.adminKey, {
        payment_mode: 'lightning',
        lightning_invoice: p.lightning_invoice.payreq,
      });
      expect(sent.statusCode).toBe(200);
      const sentBody = sent.json();
      expect(sentBody).toEqual({
        status: true,
        success: true,
        data: { tid: expect.any(String) },
        message: 'Paid',
      });

      // GET with a JSON body, as the original clients send it.
      const aliceHistory = (await get('/lapi/v1/history', alice.invoiceKey, { limit: 10 })).json().data;
      expect(aliceHistory).toHaveLength(1);
      expect(aliceHistory[0]).toMatchObject({
        tid: sentBody.data.tid,
        amount: '-0.00100000',
        status: 'paid',
        uri: null,
        hosted_checkout_url: null,
        lightning_invoice: { lightning_invoice_type: 'invoice', payreq: p.lightning_invoice.payreq },
        total_fee: { network_fee: null, service_fee: null, gst_fee: null },
      });
      const bobHistory = (await get('/lapi/v1/history?limit=10', bob.invoiceKey)).json().data;
      expect(bobHistory.map((h: { tid: string; status: string }) => [h.tid, h.status])).toEqual([
        [p.tid, 'paid'],
      ]);
      expect(await balanceOf(alice)).toBe('0.00900000');
      expect(await balanceOf(bob)).toBe('0.00100000');
      expect((await auditLedger(t.deps)).violations).toEqual([]);
    });

    it('sends to a usertag and to an external invoice through the sandbox network', async () => {
      const u = await post('/lapi/v1/send', alice.adminKey, {
        payment_mode: 'usertag',
        usertag: bob.usertag,
        amount: '0.0001',
        description: 'lunch',
      });
      expect(u.json()).toMatchObject({ status: true, message: 'Paid' });
      const ext = await post('/lapi/v1/send', alice.adminKey, {
        payment_mode: 'lightning',
        lightning_invoice: foreignInvoice(100_000_000n).payreq,
        lightning_invoice_type: 'invoice',
      });
      expect(ext.statusCode).toBe(200);
      const rec = (await get(`/lapi/v1/checkPayment?tid=${ext.json().data.tid}`, alice.invoiceKey)).json()
        .data;
      // Sandbox routing fee: 1000 msat + 1000 ppm of 100,000 sat = 101 sat.
      expect(rec).toMatchObject({
        amount: '-0.00100000',
        status: 'paid',
        total_fee: { network_fee: '0.00000101 btc' },
      });
      expect(await balanceOf(alice)).toBe('0.00889899');
      expect((await auditLedger(t.deps)).violations).toEqual([]);
    });

    it('answers every bad input with a clear 4xx in the envelope and moves no money', async () => {
      const cases: Array<[string, () => ReturnType<typeof post>, number, string]> = [
        ['no key', () => post('/lapi/v1/send', null, {}), 401, 'unauthorized'],
        [
          'invoice key on send',
          () => post('/lapi/v1/send', alice.invoiceKey, { payment_mode: 'usertag' }),
          403,
          'forbidden_key_kind',
        ],
        ['no mode', () => post('/lapi/v1/send', alice.adminKey, {}), 400, 'invalid_request'],
        [
          'bad mode',
          () => post('/lapi/v1/send', alice.adminKey, { payment_mode: 'cash' }),
          400,
          'invalid_request',
        ],
        [
          'usertag without amount',
          () => post('/lapi/v1/send', alice.adminKey, { payment_mode: 'usertag', usertag: bob.usertag }),
          400,
          'invalid_request',
        ],
        [
          '9 decimals',
          () =>
            post('/lapi/v1/send', alice.adminKey, {
              payment_mode: 'usertag',
              usertag: bob.usertag,
              amount: '0.000000011',
            }),
          400,
          'invalid_request',
        ],
        [
          'negative',
          () =>
            post('/lapi/v1/send', alice.adminKey, {
              payment_mode: 'usertag',
              usertag: bob.usertag,
              amount: -1,
            }),
          400,
          'invalid_request',
        ],
        [
          'too much',
          () =>
            post('/lapi/v1/send', alice.adminKey, {
              payment_mode: 'usertag',
              usertag: bob.usertag,
              amount: '5',
            }),
          422,
          'insufficient_balance',
        ],
        [
          'self',
          () =>
            post('/lapi/v1/send', alice.adminKey, {
              payment_mode: 'usertag',
              usertag: alice.usertag,
              amount: '0.0001',
            }),
          422,
          'self_payment',
        ],
        [
          'unknown usertag',
          () =>
            post('/lapi/v1/send', alice.adminKey, {
              payment_mode: 'usertag',
              usertag: 'ghost_user',
              amount: '0.0001',
            }),
          404,
          'usertag_not_found',
        ],
        [
          'garbage invoice',
          () =>
            post('/lapi/v1/send', alice.adminKey, { payment_mode: 'lightning', lightning_invoice: 'hello' }),
          400,
          'invoice_invalid',
        ],
        [
          'lnurl without amount',
          () =>
            post('/lapi/v1/send', alice.adminKey, {
              payment_mode: 'lightning',
              lightning_invoice: 'a@b.example',
              lightning_invoice_type: 'lnurl',
            }),
          400,
          'invalid_request',
        ],
        [
          'bad lnurl',
          () =>
            post('/lapi/v1/send', alice.adminKey, {
              payment_mode: 'lightning',
              lightning_invoice: 'not an lnurl',
              lightning_invoice_type: 'lnurl',
              amount: '0.0001',
            }),
          400,
          'lnurl_invalid',
        ],
        [
          'receive without amount',
          () => post('/lapi/v1/receive', bob.invoiceKey, {}),
          400,
          'invalid_request',
        ],
        [
          'receive zero',
          () => post('/lapi/v1/receive', bob.invoiceKey, { amount: 0 }),
          400,
          'invalid_request',
        ],
        [
          'receive expires_in',
          () => post('/lapi/v1/receive', bob.invoiceKey, { amount: 1, expires_in: 0 }),
          400,
          'invalid_request',
        ],
        [
          'receive callback scheme',
          () => post('/lapi/v1/receive', bob.invoiceKey, { amount: 1, callback_url: 'ftp://x.example/' }),
          400,
          'invalid_request',
        ],
        [
          'receive unknown receiver',
          () => post('/lapi/v1/receive', bob.invoiceKey, { amount: 1, receiver_usertag: 'ghost_user' }),
          404,
          'usertag_not_found',
        ],
        [
          'receive extra not object',
          () => post('/lapi/v1/receive', bob.invoiceKey, { amount: 1, extra: 'x' }),
          400,
          'invalid_request',
        ],
      ];
      for (const [name, call, status, code] of cases) {
        const res = await call();
        expect([name, res.statusCode]).toEqual([name, status]);
        const body = res.json();
        expect([name, body.status, body.success, body.data, body.code]).toEqual([
          name,
          false,
          false,
          null,
          code,
        ]);
        expect(body.message.length).toBeGreaterThan(5);
      }
      for (const [url, status] of [
        ['/lapi/v1/history', 400],
        ['/lapi/v1/history?limit=0', 400],
        ['/lapi/v1/history?limit=1001', 400],
        ['/lapi/v1/history?limit=abc', 400],
        ['/lapi/v1/checkPayment', 400],
        ['/lapi/v1/checkPayment?tid=aaaaaaaaaaaaaaaa', 404],
        ['/lapi/v1/decodeInvoice?invoice=lnbc1xyz', 400],
      ] as const) {
        const res = await get(url, alice.invoiceKey);
        expect([url, res.statusCode, res.json().status]).toEqual([url, status, false]);
      }
      expect(await balanceOf(alice)).toBe('0.01000000');
    });

    it('Idempotency-Key replays the first result and refuses another body with 409', async () => {
      const body = { payment_mode: 'usertag', usertag: bob.usertag, amount: '0.0002' };
      const first = await post('/lapi/v1/send', alice.adminKey, body, { 'idempotency-key': 'order-77' });
      const again = await post('/lapi/v1/send', alice.adminKey, body, { 'idempotency-key': 'order-77' });
      expect(again.json()).toEqual(first.json());
      const other = await post(
        '/lapi/v1/send',
        alice.adminKey,
        { ...body, amount: '0.0003' },
        { 'idempotency-key': 'order-77' },
      );
      expect(other.statusCode).toBe(409);
      expect(other.json().code).toBe('idempotency_conflict');
      expect(await balanceOf(bob)).toBe('0.00020000');
    });

    it('refuses invoices it cannot pay and bad Idempotency-Keys with their own 4xx, moving no money', async () => {
      const payreqOf = async (amount: string) =>
        (await post('/lapi/v1/receive', bob.invoiceKey, { amount })).json().data.lightning_invoice
          .payreq as string;
      const pay = (invoice: string, extra: Record<string, unknown> = {}, headers = {}) =>
        post(
          '/lapi/v1/send',
          alice.adminKey,
          { payment_mode: 'lightning', lightning_invoice: invoice, ...extra },
          headers,
        );
      const paid = await payreqOf('0.001');
      expect((await pay(paid)).statusCode).toBe(200);
      const nowSec = Math.floor(t.deps.clock.nowMs() / 1000);
      const expired = foreignInvoice(100_000n, { expirySec: 60, createdAtSec: nowSec - 120 }).payreq;
      const open = await payreqOf('0.0005');
      const cases: Array<[string, () => ReturnType<typeof post>, number, string]> = [
        ['already paid', () => pay(paid), 409, 'invoice_already_paid'],
        ['amount differs', () => pay(open, { amount: '0.0006' }), 400, 'amount_mismatch'],
        ['expired', () => pay(expired), 422, 'invoice_expired'],
        [
          'own invoice',
          () => post('/lapi/v1/send', bob.adminKey, { payment_mode: 'lightning', lightning_invoice: open }),
          422,
          'self_payment',
        ],
        [
          'Idempotency-Key with a space',
          () => pay(open, {}, { 'idempotency-key': 'a b' }),
          400,
          'invalid_request',
        ],
        [
          'receive with a bad Idempotency-Key',
          () =>
            post('/lapi/v1/receive', bob.invoiceKey, { amount: 1 }, { 'idempotency-key': 'x'.repeat(256) }),
          400,
          'invalid_request',
        ],
      ];
      for (const [name, call, status, code] of cases) {
        const res = await call();
        expect([name, res.statusCode, res.json().status, res.json().code]).toEqual([
          name,
          status,
          false,
          code,
        ]);
      }
      expect(await balanceOf(alice)).toBe('0.00900000');
      expect(await balanceOf(bob)).toBe('0.00100000');
      const bobHistory = (await get('/lapi/v1/history?limit=10', bob.invoiceKey)).json().data;
      expect(bobHistory.map((h: { status: string }) => h.status).sort()).toEqual(['paid', 'pending']);
      expect((await auditLedger(t.deps)).violations).toEqual([]);
    });

    it('checkPayment shows a payment only to its own account', async () => {
      const p = (await post('/lapi/v1/receive', bob.invoiceKey, { amount: '0.0001' })).json().data;
      expect((await get(`/lapi/v1/checkPayment?tid=${p.tid}`, alice.invoiceKey)).statusCode).toBe(404);
      expect((await get('/lapi/v1/checkPayment', bob.invoiceKey, { tid: p.tid })).json().data.tid).toBe(
        p.tid,
      );
    });
  });

  describe('with a real Lightning node', () => {
    it('answers 404 on the sandbox payer, which only the sandbox backend has', async () => {
      t = await testRuntime(dialect, {
        LIGHTNING_BACKEND: 'lnd',
        LND_URL: 'http://127.0.0.1:9',
        LND_MACAROON_HEX: '00',
      });
      const res = await post('/sandbox/v1/pay', null, { invoice: foreignInvoice(1000n).payreq });
      expect([res.statusCode, res.json().status]).toEqual([404, false]);
    });
  });

  describe('with fees', () => {
    beforeEach(() =>
      setUp({ SERVICE_FEE_SEND_PERCENT: '0.1', SERVICE_FEE_RECEIVE_PERCENT: '0', GST_PERCENT: '18' }),
    );

    it('shows the service fee with its percent and the GST as strings', async () => {
      const sent = await post('/lapi/v1/send', alice.adminKey, {
        payment_mode: 'usertag',
        usertag: bob.usertag,
        amount: 0.002,
      });
      const rec = (await get(`/lapi/v1/checkPayment?tid=${sent.json().data.tid}`, alice.invoiceKey)).json()
        .data;
      expect(rec.total_fee).toEqual({
        network_fee: null,
        service_fee: '0.00000200 btc (0.1%)',
        gst_fee: '0.00000036 btc',
      });
      expect(await balanceOf(alice)).toBe('0.00799764');
      expect(await balanceOf(bob)).toBe('0.00200000');
      expect((await auditLedger(t.deps)).violations).toEqual([]);
    });
  });
});
