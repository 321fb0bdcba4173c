import { createHash } from 'node:crypto';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payFromOutside } from '../../src/app/sandbox/pay-from-outside.ts';
import { buildApp } from '../../src/http/app.ts';
import {
  DIALECTS,
  ManualClock,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';
import { openSse } from '../fixtures/sse.ts';

// biome-ignore lint/suspicious/noExplicitAny: API answers are checked field by field
type Json = any;

describe.each(DIALECTS)('hosted checkout page on %s', (dialect) => {
  let t: TestRuntime;
  let clock: ManualClock;
  let shop: TestAccount;
  let base: string;

  beforeAll(async () => {
    clock = new ManualClock(Date.now());
    t = await testRuntime(
      dialect,
      { CHECKOUT_HEARTBEAT_MS: '100', CHECKOUT_STATUS_POLL_MS: '200' },
      { clock },
    );
    shop = await makeAccount(t.deps, { fund: { lbtc: '0.01' } });
    await t.deps.db.write((trx) =>
      trx
        .updateTable('accounts')
        .set({ full_name: 'Asha Rao', company_kyc: JSON.stringify({ company_name: 'Chai & Co <Pune>' }) })
        .where('id', '=', shop.id)
        .execute(),
    );
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const receive = async (body: Record<string, unknown> = {}): Promise<Json> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/lapi/v1/receive',
      headers: { 'x-api-key': shop.invoiceKey, 'content-type': 'application/json' },
      payload: JSON.stringify({ amount: '0.00125', ...body }),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const pathOf = (p: Json) => new URL(p.hosted_checkout_url).pathname;

  it('shows who is paid, what for, the amounts, the QR code and the invoice, and nothing private', async () => {
    const p = await receive({
      description: 'Masala chai × 2',
      order_id: 'A-1001',
      fiat_currency: 'INR',
      fiat_value: '1234567.5',
      success_url: 'https://shop.example/thanks?x=1',
      callback_url: 'http://127.0.0.1:9/secret-hook',
      customer_name: 'Private Person',
      extra: { internal: 'do-not-show' },
    });
    expect(p.hosted_checkout_url).toBe(`http://paytag.test/checkout/${p.tid}`);
    const res = await get(pathOf(p));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const page = res.body;
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('Chai &amp; Co &lt;Pune&gt;');
    expect(page).toContain(`<p class="tag">${shop.usertag}</p>`);
    expect(page).toContain('Masala chai × 2');
    expect(page).toContain('<dt>Order</dt><dd>A-1001</dd>');
    expect(page).toMatch(/0\.00125000<span class="unit"> BTC<\/span>/);
    expect(page).toContain('125,000 sats');
    expect(page).toContain('<dt>Price in INR</dt><dd>₹1,234,567.50</dd>');
    const payreq: string = p.lightning_invoice.payreq;
    expect(page).toContain(`value="${payreq}"`);
    expect(page).toContain(`href="lightning:${payreq}"`);
    expect(page).toContain('Open in wallet');
    expect(page).toContain(`data-expires-at="${p.hosted_checkout_expiry * 1000}"`);
    // The QR code is the upper-case URI, which QR encodes in alphanumeric mode.
    const upper = `LIGHTNING:${payreq.toUpperCase()}`;
    expect(QRCode.create(upper, { errorCorrectionLevel: 'M' }).segments.map((s) => s.mode.id)).toEqual([
      'Alphanumeric',
    ]);
    const svg = await QRCode.toString(upper, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    expect(page).toContain(
      svg.replace('<svg ', '<svg role="img" aria-label="QR code of the Lightning invoice" '),
    );
    // The status region is announced; the sandbox button is there (sandbox backend).
    expect(page).toContain('role="status" aria-live="polite"');
    expect(page).toContain('Pay with sandbox wallet');
    for (const secret of ['secret-hook', 'Private Person', 'do-not-show', 'thanks', shop.invoiceKey]) {
      expect(page).not.toContain(secret);
    }
  });

  it('has a strict policy: scripts and styles are files of this service with integrity hashes', async () => {
    const p = await receive();
    const res = await get(pathOf(p));
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // No inline script or style: every <script> has a src, every stylesheet is a link.
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(res.body).not.toContain('<style');
    expect(res.body).not.toMatch(/\sstyle=/);
    const tags = [
      ...res.body.matchAll(/(?:src|href)="(\/checkout\/assets\/[^"]+)" integrity="(sha256-[^"]+)"/g),
    ];
    expect(tags).toHaveLength(2);
    for (const [, url, integrity] of tags) {
      const asset = await get(url!);
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-type']).toMatch(/^text\/(javascript|css); charset=utf-8$/);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(`sha256-${createHash('sha256').update(asset.rawPayload).digest('base64')}`).toBe(integrity);
    }
    expect((await get('/checkout/assets/checkout-0000000000000000.js')).statusCode).toBe(404);
    // The Devanagari font the stylesheet falls back to is served here too.
    const css = (await get(tags.find(([, url]) => url!.endsWith('.css'))![1]!)).body;
    const font = /url\((\/checkout\/assets\/noto-sans-devanagari-[0-9a-f]{16}\.woff2)\)/.exec(css)?.[1];
    const woff2 = await get(font!);
    expect(woff2.statusCode).toBe(200);
    expect(woff2.headers['content-type']).toBe('font/woff2');
    expect(woff2.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect(csp).toContain("font-src 'self'");
  });

  it('speaks Hindi from ?lang= or Accept-Language, and ?lang= wins', async () => {
    const p = await receive({ fiat_currency: 'INR', fiat_value: '1234567.5', description: 'चाय' });
    const byHeader = await get(pathOf(p), { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' });
    expect(byHeader.body).toContain('<html lang="hi">');
    expect(byHeader.body).toContain('लाइटनिंग इनवॉइस');
    expect(byHeader.body).toContain('₹12,34,567.50');
    expect(byHeader.body).toContain('1,25,000 सैट्स');
    expect(byHeader.headers['vary']).toContain('accept-language');
    const byQuery = await get(`${pathOf(p)}?lang=hi`);
    expect(byQuery.body).toContain('<html lang="hi">');
    const english = await get(`${pathOf(p)}?lang=en`, { 'accept-language': 'hi' });
    expect(english.body).toContain('<html lang="en">');
    const preferred = await get(pathOf(p), { 'accept-language': 'hi;q=0.2, en;q=0.9' });
    expect(preferred.body).toContain('<html lang="en">');
    const notFound = await get('/checkout/zzzzzzzzzzzzzzzz?lang=hi');
    expect(notFound.statusCode).toBe(404);
    expect(notFound.body).toContain('भुगतान पेज नहीं मिला');
  });

  it('answers an unknown, malformed or other kind of tid with the page’s 404 in HTML', async () => {
    const buyer = await makeAccount(t.deps, { fund: { lbtc: '0.001' } });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/lapi/v1/send',
      headers: { 'x-api-key': buyer.adminKey, 'content-type': 'application/json' },
      payload: JSON.stringify({ payment_mode: 'usertag', usertag: shop.usertag, amount: '0.00001' }),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const batch = await t.app.inject({
      method: 'POST',
      url: '/lapi/v1/requestVoucher',
      headers: { 'x-api-key': shop.adminKey, 'content-type': 'application/json' },
      payload: JSON.stringify({ amount: '0.00001', voucher_count: 1 }),
    });
    expect(batch.statusCode, batch.body).toBe(200);
    for (const tid of [
      'zzzzzzzzzzzzzzzz',
      'abc',
      'x'.repeat(80),
      '%E2%82%AC',
      'ZZZZ',
      sent.json().data.tid,
      batch.json().data.tid,
    ]) {
      const res = await get(`/checkout/${tid}`);
      expect(res.statusCode, tid).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.body).toContain('Payment page not found');
      const status = await get(`/checkout/${tid}/status`);
      expect(status.statusCode, tid).toBe(404);
      expect(status.json()).toMatchObject({ success: false, code: 'not_found' });
      const events = await get(`/checkout/${tid}/events`);
      expect(events.statusCode, tid).toBe(404);
    }
    const nested = await get('/checkout/a/b/c');
    expect(nested.statusCode).toBe(404);
    expect(nested.headers['content-type']).toBe('text/html; charset=utf-8');
    const nul = await get('/checkout/%00');
    expect(nul.statusCode).toBe(400);
    expect(nul.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('polling endpoint: pending, then paid with the time and the way back to the merchant', async () => {
    const p = await receive({ success_url: 'https://shop.example/done?order=7&tid=old' });
    const pending = await get(`/checkout/${p.tid}/status`);
    expect(pending.statusCode).toBe(200);
    expect(pending.headers['content-type']).toMatch(/^application\/json/);
    expect(pending.json()).toEqual({
      tid: p.tid,
      state: 'pending',
      event_id: 1,
      amount: '0.00125000',
      expires_at: p.hosted_checkout_expiry,
      paid_at: null,
      redirect_url: null,
      chain: null,
      exception: null,
    });
    const paid = await payFromOutside(t.deps, p.lightning_invoice.payreq);
    expect(paid.ok).toBe(true);
    const after = (await get(`/checkout/${p.tid.toUpperCase()}/status`)).json();
    expect(after).toMatchObject({ tid: p.tid, state: 'paid', event_id: 4, amount: '0.00125000' });
    expect(after.paid_at).toBeGreaterThanOrEqual(p.created_at);
    expect(after.redirect_url).toBe(`https://shop.example/done?order=7&tid=${p.tid}`);
  });

  it('the OpenAPI document describes the status endpoint, not the page, the stream or the sandbox form', async () => {
    const doc = (await get('/openapi.json')).json();
    const op = doc.paths['/checkout/{tid}/status']?.get;
    expect(op.summary).toBe('Live status of a hosted checkout page');
    expect(Object.keys(op.responses['200'].content['application/json'].schema.properties).sort()).toEqual(
      [
        'amount',
        'chain',
        'event_id',
        'exception',
        'expires_at',
        'paid_at',
        'redirect_url',
        'state',
        'tid',
      ].sort(),
    );
    expect(Object.keys(doc.paths).filter((k) => k.startsWith('/checkout'))).toEqual([
      '/checkout/{tid}/status',
    ]);
  });

  it('a paid page shows the confirmation, no QR code, and goes back to success_url after 3 s', async () => {
    const p = await receive({ success_url: 'https://shop.example/done' });
    expect((await payFromOutside(t.deps, p.lightning_invoice.payreq)).ok).toBe(true);
    const page = (await get(pathOf(p))).body;
    expect(page).toContain('data-state="paid"');
    expect(page).toContain('Payment received');
    expect(page).toContain(
      `<meta http-equiv="refresh" content="3;url=https://shop.example/done?tid=${p.tid}">`,
    );
    expect(page).toContain(`href="https://shop.example/done?tid=${p.tid}"`);
    expect(page).not.toContain('<svg role="img"');
    expect(page).not.toContain(p.lightning_invoice.payreq);
    expect(page).not.toContain('Pay with sandbox wallet');
  });

  it('an expired request shows the expired state, no QR code, and a link to the merchant it does not follow', async () => {
    clock.ms = Date.now();
    const p = await receive({ expires_in: 1, success_url: 'https://shop.example/done' });
    clock.advance(61_000);
    try {
      const res = await get(pathOf(p));
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('data-state="expired"');
      expect(res.body).toContain('This payment request has expired');
      expect(res.body).toContain('<a class="button" href="https://shop.example">Back to shop.example</a>');
      expect(res.body).not.toContain('http-equiv="refresh"');
      expect(res.body).not.toContain('<svg role="img"');
      expect(res.body).not.toContain(p.lightning_invoice.payreq);
      expect((await get(`/checkout/${p.tid}/status`)).json()).toMatchObject({
        state: 'expired',
        event_id: 3,
      });
      // The sandbox button cannot pay it any more.
      const pay = await t.app.inject({ method: 'POST', url: `/checkout/${p.tid}/pay` });
      expect(pay.statusCode).toBe(303);
      expect((await get(`/checkout/${p.tid}/status`)).json().state).toBe('expired');
    } finally {
      clock.advance(-61_000);
    }
  });

  it('a request declined before its expiry shows that, without QR code, and its stream ends at once', async () => {
    const p = await receive({ success_url: 'https://shop.example/done' });
    // No flow declines a request before its expiry today; the page must still say so if one does.
    await t.deps.db.write((trx) =>
      trx.updateTable('payments').set({ status: 'declined' }).where('public_id', '=', p.tid).execute(),
    );
    const res = await get(pathOf(p));
    expect(res.body).toContain('data-state="declined"');
    expect(res.body).toContain('This payment request was cancelled');
    expect(res.body).toContain('href="https://shop.example">Back to shop.example</a>');
    expect(res.body).not.toContain('<svg role="img"');
    expect(res.body).not.toContain(p.lightning_invoice.payreq);
    const s = await openSse(`${base}/checkout/${p.tid}/events`);
    const only = await s.next();
    expect(only.id).toBe('3');
    expect(JSON.parse(only.data).state).toBe('declined');
    await s.ended;
    expect(s.events).toHaveLength(1);
  });

  it('the sandbox button pays through the sandbox node and comes back to the page, paid', async () => {
    const p = await receive();
    const res = await t.app.inject({
      method: 'POST',
      url: `/checkout/${p.tid}/pay?lang=hi`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/checkout/${p.tid}?lang=hi`);
    const check = await t.app.inject({
      method: 'GET',
      url: `/lapi/v1/checkPayment?tid=${p.tid}`,
      headers: { 'x-api-key': shop.invoiceKey },
    });
    expect(check.json().data.status).toBe('paid');
    // Paying again changes nothing.
    const again = await t.app.inject({ method: 'POST', url: `/checkout/${p.tid}/pay` });
    expect(again.statusCode).toBe(303);
  });

  it('without the sandbox backend there is no sandbox button and no pay route', async () => {
    const deps = {
      ...t.deps,
      config: { ...t.deps.config, lightning: { ...t.deps.config.lightning, backend: 'lnd' as const } },
    };
    const app = await buildApp(deps);
    try {
      const p = await receive();
      const page = await app.inject({ method: 'GET', url: pathOf(p) });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('sandbox');
      expect(page.body).not.toContain('/pay');
      const pay = await app.inject({ method: 'POST', url: `/checkout/${p.tid}/pay` });
      expect(pay.statusCode).toBe(404);
      expect(pay.headers['content-type']).toBe('text/html; charset=utf-8');
    } finally {
      await app.close();
    }
  });

  describe('event stream', () => {
    const events = (tid: string) => `${base}/checkout/${tid}/events`;

    it('sends the current state, heartbeats, one event when paid, then ends', async () => {
      const p = await receive({ success_url: 'https://shop.example/ok' });
      const s = await openSse(events(p.tid));
      expect(s.status).toBe(200);
      expect(s.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(s.headers['cache-control']).toBe('no-store');
      const first = await s.next();
      expect(first.event).toBe('status');
      expect(first.id).toBe('1');
      expect(JSON.parse(first.data)).toMatchObject({ tid: p.tid, state: 'pending', event_id: 1 });
      expect(s.retry).toBe(2000);
      // Heartbeats every CHECKOUT_HEARTBEAT_MS (100 ms here), and no event while nothing changes.
      await new Promise((r) => setTimeout(r, 350));
      expect(s.comments.filter((c) => c === 'heartbeat').length).toBeGreaterThanOrEqual(2);
      expect(s.events).toHaveLength(1);
      const paidAt = Date.now();
      expect((await payFromOutside(t.deps, p.lightning_invoice.payreq)).ok).toBe(true);
      const second = await s.next(2000);
      expect(Date.now() - paidAt).toBeLessThan(1000);
      expect(second.id).toBe('4');
      expect(JSON.parse(second.data)).toMatchObject({
        state: 'paid',
        redirect_url: `https://shop.example/ok?tid=${p.tid}`,
      });
      await s.ended;
      expect(s.events).toHaveLength(2);
    });

    it('a payment from another account of this service (settled in the ledger) reaches the stream too', async () => {
      const p = await receive();
      const s = await openSse(events(p.tid));
      expect((await s.next()).id).toBe('1');
      const buyer = await makeAccount(t.deps, { fund: { lbtc: '0.01' } });
      const sent = await t.app.inject({
        method: 'POST',
        url: '/lapi/v1/send',
        headers: { 'x-api-key': buyer.adminKey, 'content-type': 'application/json' },
        payload: JSON.stringify({ payment_mode: 'lightning', lightning_invoice: p.lightning_invoice.payreq }),
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const answered = Date.now();
      const paid = await s.next(2000);
      expect(Date.now() - answered).toBeLessThan(1000);
      expect(JSON.parse(paid.data)).toMatchObject({ state: 'paid', event_id: 4 });
      await s.ended;
    });

    it('resumes after Last-Event-ID: nothing already seen is sent again; a seen final state is 204', async () => {
      const p = await receive();
      const resumed = await openSse(events(p.tid), { headers: { 'last-event-id': '1' } });
      expect(resumed.status).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      expect(resumed.events).toHaveLength(0);
      expect((await payFromOutside(t.deps, p.lightning_invoice.payreq)).ok).toBe(true);
      const paid = await resumed.next(2000);
      expect(paid.id).toBe('4');
      await resumed.ended;

      // A client that missed the payment gets it at once; one that saw it is told to stop.
      const missed = await openSse(events(p.tid), { headers: { 'last-event-id': '1' } });
      expect((await missed.next()).id).toBe('4');
      await missed.ended;
      expect(missed.events).toHaveLength(1);
      const seen = await openSse(events(p.tid), { headers: { 'last-event-id': '4' } });
      expect(seen.status).toBe(204);
      const fresh = await openSse(events(p.tid), { headers: { 'last-event-id': 'garbage' } });
      expect((await fresh.next()).id).toBe('4');
    });

    it('sends expired when the request expires, then ends', async () => {
      clock.ms = Date.now();
      const p = await receive({ expires_in: 1 });
      const s = await openSse(events(p.tid));
      expect((await s.next()).id).toBe('1');
      clock.advance(61_000);
      try {
        const expired = await s.next(3000);
        expect(expired.id).toBe('3');
        expect(JSON.parse(expired.data)).toMatchObject({ state: 'expired', redirect_url: null });
        await s.ended;
      } finally {
        clock.advance(-61_000);
      }
    });
  });
});

describe('event stream limits', () => {
  let t: TestRuntime;
  let base: string;
  let tid: string;

  beforeAll(async () => {
    t = await testRuntime('sqlite', { CHECKOUT_STREAMS_PER_ADDRESS: '2', CHECKOUT_STREAMS_TOTAL: '3' });
    const shop = await makeAccount(t.deps);
    const res = await t.app.inject({
      method: 'POST',
      url: '/lapi/v1/receive',
      headers: { 'x-api-key': shop.invoiceKey },
      payload: { amount: '0.0001' },
    });
    tid = res.json().data.tid;
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('limits open streams per address and in total, and frees a place when a stream closes', async () => {
    const url = `${base}/checkout/${tid}/events`;
    const from = (localAddress: string) => openSse(url, { localAddress });
    const a1 = await from('127.0.0.1');
    const a2 = await from('127.0.0.1');
    expect([a1.status, a2.status]).toEqual([200, 200]);
    const a3 = await from('127.0.0.1');
    expect(a3.status).toBe(429);
    expect(a3.headers['retry-after']).toBe('10');
    await a3.ended;
    expect(JSON.parse(a3.body())).toMatchObject({ code: 'rate_limited' });
    expect(JSON.parse(a3.body()).message).toContain('at most 2 status streams per address');
    const b1 = await from('127.0.0.2');
    expect(b1.status).toBe(200);
    const c1 = await from('127.0.0.3');
    expect(c1.status).toBe(429);
    await c1.ended;
    expect(JSON.parse(c1.body()).message).toContain('too many status streams');
    // The polling endpoint is not limited by open streams.
    expect((await fetch(`${base}/checkout/${tid}/status`)).status).toBe(200);

    a1.close();
    await a1.ended;
    await expect.poll(async () => (await from('127.0.0.3')).status, { timeout: 2000 }).toBe(200);
    for (const s of [a2, b1]) s.close();
  });
});
