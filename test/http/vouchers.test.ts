import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatchDue } from '../../src/app/outbox/dispatch.ts';
import { DIALECTS, makeAccount, type TestAccount } from '../fixtures/runtime.ts';
import {
  auditViolations,
  balanceOf,
  outsideInvoice,
  ownInvoice,
  type VoucherWorld,
  voucherWorld,
} from '../fixtures/vouchers.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../fixtures/webhook-receiver.ts';

const never = new AbortController().signal;

interface Call {
  method?: 'GET' | 'POST';
  key?: string;
  body?: unknown;
  query?: Record<string, string>;
}

describe.each(DIALECTS)('voucher API on %s', (dialect) => {
  let w: VoucherWorld;
  let issuer: TestAccount;
  let alice: TestAccount;

  beforeEach(async () => {
    w = await voucherWorld(dialect);
    issuer = await makeAccount(w.deps, { fund: { lbtc: '0.01' } });
    alice = await makeAccount(w.deps);
  });
  afterEach(async () => {
    await w.close();
  });

  const call = (path: string, c: Call = {}): Promise<LightMyRequestResponse> =>
    w.app.inject({
      method: c.method ?? 'POST',
      url: `/lapi/v1/${path}`,
      headers: {
        ...(c.key === undefined ? {} : { 'x-api-key': c.key }),
        ...(c.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(c.query === undefined ? {} : { query: c.query }),
      ...(c.body === undefined
        ? {}
        : { payload: typeof c.body === 'string' ? c.body : JSON.stringify(c.body) }),
    });
  const create = async (body: Record<string, unknown> = {}) => {
    const res = await call('requestVoucher', {
      key: issuer.adminKey,
      body: { amount: 0.0001, voucher_count: 2, ...body },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      tid: string;
      voucher_urls: Array<{ voucher_url: string }>;
      voucher_static_url: string;
      print_url: string;
    };
  };
  const codeOf = (url: string) => url.split('/').pop()!;

  it('requestVoucher answers the creation record with the spec’s types', async () => {
    const res = await call('requestVoucher', {
      key: issuer.adminKey,
      body: {
        amount: '0.0001',
        voucher_count: 3,
        from: 'Corner shop',
        title: 'Happy new year',
        expiry: 60,
        unique_design: true,
        unique_design_url: 'https://img.example.com/card.png',
        callback_url: 'http://127.0.0.1:1/hook',
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: true, success: true, message: '' });
    const d = body.data;
    const now = Math.floor(w.clock.nowMs() / 1000);
    expect(d).toMatchObject({
      created_at: now,
      expires_at: now + 3600,
      voucher_count: 3,
      voucher_redeemed: 0,
      amount: 0.0001,
      from: 'Corner shop',
      title: 'Happy new year',
      receiver_email: null,
      email_status: 'undefined',
      unique_design: true,
      unique_design_url: 'https://img.example.com/card.png',
      callback_url: 'http://127.0.0.1:1/hook',
      voucher_static_url: `http://paytag.test/voucher/${d.tid}`,
    });
    expect(d.tid).toMatch(/^[a-z0-9]{16}$/);
    expect(d.voucher_urls).toHaveLength(3);
    for (const item of d.voucher_urls) {
      expect(Object.keys(item)).toEqual(['voucher_url']);
      expect(item.voucher_url).toMatch(/^http:\/\/paytag\.test\/voucher\/redeem\/[a-z0-9]{10}$/);
    }
    expect(d.print_url).toMatch(
      new RegExp(`^http://paytag\\.test/voucher/${d.tid}/print\\?token=[0-9a-f]{48}$`),
    );
    expect(d.revoked).toBeUndefined();
  });

  it('create → redeem (GET and POST) → checkVoucher shows every field', async () => {
    const v = await create({ callback_url: 'http://127.0.0.1:1/hook' });
    const code0 = codeOf(v.voucher_urls[0]!.voucher_url);
    const code1 = codeOf(v.voucher_urls[1]!.voucher_url);

    const viaGet = await call('redeemVoucher', {
      method: 'GET',
      key: alice.invoiceKey,
      query: { voucher_code: code0, redeem_mode: 'usertag', redeem_to: alice.usertag },
    });
    expect(viaGet.statusCode, viaGet.body).toBe(200);
    const r0 = viaGet.json();
    expect(r0.message).toBe('Redeemed');
    expect(r0.data).toEqual({
      voucher_code: code0,
      redeemed: true,
      redeemed_mode: 'usertag',
      redeemed_by: alice.usertag,
      redeemed_tid: expect.any(Number),
      redeemed_at: Math.floor(w.clock.nowMs() / 1000),
    });
    expect(Number.isInteger(r0.data.redeemed_tid)).toBe(true);

    const bob = await makeAccount(w.deps);
    const inv = await ownInvoice(w, bob, '0.0001');
    const viaPost = await call('redeemVoucher', {
      key: bob.invoiceKey,
      body: { voucher_code: code1, redeem_mode: 'invoice', redeem_to: inv.payreq },
    });
    expect(viaPost.statusCode, viaPost.body).toBe(200);
    const r1 = viaPost.json().data;

    const check = await call('checkVoucher', {
      method: 'GET',
      key: issuer.invoiceKey,
      query: { tid: v.tid },
    });
    expect(check.statusCode).toBe(200);
    const d = check.json().data;
    expect(d).toMatchObject({
      tid: v.tid,
      voucher_count: 2,
      voucher_redeemed: 2,
      revoked: false,
      revoked_at: null,
    });
    expect(d.voucher_urls).toEqual([
      {
        voucher_url: v.voucher_urls[0]!.voucher_url,
        voucher_code: code0,
        redeemed_by: alice.usertag,
        redeemed_tid: r0.data.redeemed_tid,
        redeemed_at: r0.data.redeemed_at,
        callback_status: null,
      },
      {
        voucher_url: v.voucher_urls[1]!.voucher_url,
        voucher_code: code1,
        redeemed_by: inv.payreq,
        redeemed_tid: r1.redeemed_tid,
        redeemed_at: r1.redeemed_at,
        callback_status: null,
      },
    ]);

    // The redemption is a payment in both histories; the issuer's row is redeemed_tid (its pro tid).
    const history = await call('history', { method: 'GET', key: alice.invoiceKey, query: { limit: '5' } });
    expect(history.json().data[0]).toMatchObject({ amount: '0.00010000', status: 'paid' });
    const issuerHistory = await call('history', {
      method: 'GET',
      key: issuer.invoiceKey,
      query: { limit: '5' },
    });
    expect(issuerHistory.json().data.map((p: { amount: string }) => p.amount)).toEqual([
      '-0.00010000',
      '-0.00010000',
    ]);
    expect(await auditViolations(w)).toEqual([]);
  });

  it('reads GET parameters from a JSON body, as clients of the original API send them', async () => {
    const v = await create();
    const res = await w.app.inject({
      method: 'GET',
      url: '/lapi/v1/checkVoucher',
      headers: { 'x-api-key': issuer.invoiceKey, 'content-type': 'application/json' },
      payload: JSON.stringify({ tid: v.tid }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.tid).toBe(v.tid);
    const broken = await w.app.inject({
      method: 'GET',
      url: '/lapi/v1/checkVoucher',
      headers: { 'x-api-key': issuer.invoiceKey, 'content-type': 'application/json' },
      payload: '{tid:',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('revokeVoucher revokes with tid (admin key) and redeems with voucher_code, per compatibility.md', async () => {
    const v = await create();
    const code = codeOf(v.voucher_urls[0]!.voucher_url);
    const redeemed = await call('revokeVoucher', {
      method: 'GET',
      key: alice.invoiceKey,
      query: { voucher_code: code, redeem_mode: 'usertag', redeem_to: alice.usertag },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(redeemed.json().data).toMatchObject({
      voucher_code: code,
      redeemed: true,
      redeemed_mode: 'usertag',
    });

    const both = await call('revokeVoucher', {
      key: issuer.adminKey,
      body: { tid: v.tid, voucher_code: code },
    });
    expect(both.statusCode).toBe(400);
    const neither = await call('revokeVoucher', { key: issuer.adminKey, body: {} });
    expect(neither.statusCode).toBe(400);
    const invoiceKey = await call('revokeVoucher', { key: issuer.invoiceKey, body: { tid: v.tid } });
    expect(invoiceKey.statusCode).toBe(403);
    expect(invoiceKey.json().code).toBe('forbidden_key_kind');
    const other = await call('revokeVoucher', { key: alice.adminKey, body: { tid: v.tid } });
    expect(other.statusCode).toBe(404);

    const before = await balanceOf(w, issuer);
    const revoked = await call('revokeVoucher', { key: issuer.adminKey, body: { tid: v.tid } });
    expect(revoked.statusCode).toBe(200);
    const at = Math.floor(w.clock.nowMs() / 1000);
    expect(revoked.json().data).toEqual({ tid: v.tid, revoked: true, revoked_at: at });
    expect(await balanceOf(w, issuer)).toBe(before + 10_000_000n + 100_000n);
    const again = await call('revokeVoucher', { method: 'GET', key: issuer.adminKey, query: { tid: v.tid } });
    expect(again.json().data).toEqual({ tid: v.tid, revoked: true, revoked_at: at });
    expect(await balanceOf(w, issuer)).toBe(before + 10_000_000n + 100_000n);

    const late = await call('redeemVoucher', {
      key: alice.invoiceKey,
      body: {
        voucher_code: codeOf(v.voucher_urls[1]!.voucher_url),
        redeem_mode: 'usertag',
        redeem_to: alice.usertag,
      },
    });
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ status: false, code: 'voucher_revoked' });
    const check = await call('checkVoucher', { method: 'GET', key: issuer.adminKey, query: { tid: v.tid } });
    expect(check.json().data).toMatchObject({ revoked: true, revoked_at: at, voucher_redeemed: 1 });
    expect(await auditViolations(w)).toEqual([]);
  });

  it('answers every bad requestVoucher input with a clear 4xx and moves no money', async () => {
    const before = await balanceOf(w, issuer);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ voucher_count: 1 }, 400, 'amount'],
      [{ amount: 0, voucher_count: 1 }, 400, 'amount'],
      [{ amount: '-0.1', voucher_count: 1 }, 400, 'amount'],
      [{ amount: '0.000000001', voucher_count: 1 }, 400, 'amount'],
      [{ amount: 'ten', voucher_count: 1 }, 400, 'amount'],
      [{ amount: 1e-9, voucher_count: 1 }, 400, 'amount'],
      [{ amount: 5000, voucher_count: 1 }, 422, 'amount'],
      [{ amount: 0.0001 }, 400, 'voucher_count'],
      [{ amount: 0.0001, voucher_count: 0 }, 400, 'voucher_count'],
      [{ amount: 0.0001, voucher_count: 101 }, 400, 'voucher_count'],
      [{ amount: 0.0001, voucher_count: 2.5 }, 400, 'voucher_count'],
      [{ amount: 0.0001, voucher_count: 'many' }, 400, 'voucher_count'],
      [{ amount: 0.0001, voucher_count: 2, receiver_email: 'a@example.com' }, 400, 'receiver_email'],
      [{ amount: 0.0001, voucher_count: 1, receiver_email: 'not-an-address' }, 400, 'receiver_email'],
      [{ amount: 0.0001, voucher_count: 1, from: 'x'.repeat(101) }, 400, 'from'],
      [{ amount: 0.0001, voucher_count: 1, title: 'x'.repeat(281) }, 400, 'title'],
      [{ amount: 0.0001, voucher_count: 1, title: 'two\nlines' }, 400, 'title'],
      [{ amount: 0.0001, voucher_count: 1, expiry: 0 }, 400, 'expiry'],
      [{ amount: 0.0001, voucher_count: 1, expiry: 10_000_000 }, 400, 'expiry'],
      [{ amount: 0.0001, voucher_count: 1, expiry: 1.5 }, 400, 'expiry'],
      [{ amount: 0.0001, voucher_count: 1, unique_design: true }, 400, 'unique_design_url'],
      [{ amount: 0.0001, voucher_count: 1, unique_design: 'yes' }, 400, 'unique_design'],
      [
        { amount: 0.0001, voucher_count: 1, unique_design_url: 'ftp://x.example/a.png' },
        400,
        'unique_design_url',
      ],
      [
        {
          amount: 0.0001,
          voucher_count: 1,
          unique_design: false,
          unique_design_url: 'https://x.example/a.png',
        },
        400,
        'unique_design_url',
      ],
      [{ amount: 0.0001, voucher_count: 1, callback_url: 'not a url' }, 400, 'callback_url'],
      [{ amount: 0.0001, voucher_count: 1, callback_url: 'ftp://example.com/x' }, 400, 'callback_url'],
      [{ amount: 0.009, voucher_count: 2 }, 422, ''],
    ];
    for (const [body, status, field] of cases) {
      const res = await call('requestVoucher', { key: issuer.adminKey, body });
      expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBe(status);
      const e = res.json();
      expect(e).toMatchObject({ status: false, success: false, data: null });
      expect(e.message.length).toBeGreaterThan(5);
      if (field !== '') expect(e.field, JSON.stringify(body)).toBe(field);
    }
    const notJson = await call('requestVoucher', { key: issuer.adminKey, body: '{"amount": ' });
    expect(notJson.statusCode).toBe(400);
    const wrongKey = await call('requestVoucher', {
      key: issuer.invoiceKey,
      body: { amount: 0.0001, voucher_count: 1 },
    });
    expect(wrongKey.statusCode).toBe(403);
    const noKey = await call('requestVoucher', { body: { amount: 0.0001, voucher_count: 1 } });
    expect(noKey.statusCode).toBe(401);
    expect(await balanceOf(w, issuer)).toBe(before);
  });

  it('answers every bad redeem input with a clear 4xx', async () => {
    const v = await create();
    const code = codeOf(v.voucher_urls[0]!.voucher_url);
    const more = await outsideInvoice(w, 20_000_000n);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ redeem_mode: 'usertag', redeem_to: alice.usertag }, 400, 'invalid_request'],
      [{ voucher_code: 'nope', redeem_mode: 'usertag', redeem_to: alice.usertag }, 404, 'not_found'],
      [{ voucher_code: 'abcdefghij', redeem_mode: 'usertag', redeem_to: alice.usertag }, 404, 'not_found'],
      [{ voucher_code: code, redeem_to: alice.usertag }, 400, 'invalid_request'],
      [{ voucher_code: code, redeem_mode: 'lnurl', redeem_to: alice.usertag }, 400, 'invalid_request'],
      [{ voucher_code: code, redeem_mode: 'usertag' }, 400, 'invalid_request'],
      [{ voucher_code: code, redeem_mode: 'usertag', redeem_to: 'x' }, 400, 'usertag_invalid'],
      [{ voucher_code: code, redeem_mode: 'usertag', redeem_to: 'nobody_at_all' }, 404, 'usertag_not_found'],
      [
        { voucher_code: code, redeem_mode: 'invoice', redeem_to: 'lnbc1notaninvoice' },
        400,
        'invoice_invalid',
      ],
      [{ voucher_code: code, redeem_mode: 'invoice', redeem_to: more.payreq }, 400, 'amount_mismatch'],
      [{ voucher_code: code, redeem_mode: 'usertag', redeem_to: issuer.usertag }, 422, 'self_payment'],
      [{ voucher_code: code, redeem_mode: 'usertag', redeem_to: { to: 'x' } }, 400, 'invalid_request'],
    ];
    for (const [body, status, errorCode] of cases) {
      const res = await call('redeemVoucher', { key: alice.invoiceKey, body });
      expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBe(status);
      expect(res.json()).toMatchObject({ status: false, code: errorCode });
    }
    const ok = await call('redeemVoucher', {
      key: alice.invoiceKey,
      body: { voucher_code: code.toUpperCase(), redeem_mode: 'usertag', redeem_to: `@${alice.usertag}` },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // The same redemption again (an answer that was lost) answers the original one; another target is refused.
    const twice = await call('redeemVoucher', {
      key: alice.invoiceKey,
      body: { voucher_code: code, redeem_mode: 'usertag', redeem_to: alice.usertag },
    });
    expect(twice.statusCode, twice.body).toBe(200);
    expect(twice.json().data.redeemed_tid).toBe(ok.json().data.redeemed_tid);
    const elsewhere = await call('redeemVoucher', {
      key: alice.invoiceKey,
      body: { voucher_code: code, redeem_mode: 'usertag', redeem_to: issuer.usertag },
    });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().code).toBe('voucher_already_redeemed');
    const noKey = await call('redeemVoucher', {
      body: { voucher_code: code, redeem_mode: 'usertag', redeem_to: 'x' },
    });
    expect(noKey.statusCode).toBe(401);
    const check = await call('checkVoucher', { method: 'GET', key: issuer.adminKey, query: {} });
    expect(check.statusCode).toBe(400);
    expect(await balanceOf(w, alice)).toBe(10_000_000n);
  });

  it('redeemVoucher with only voucher_code redeems to the caller’s own account, as the original API’s example does', async () => {
    const v = await create({ voucher_count: 2 });
    for (const method of ['POST', 'GET'] as const) {
      const i = method === 'POST' ? 0 : 1;
      const code = codeOf(v.voucher_urls[i]!.voucher_url);
      const res = await call('redeemVoucher', {
        method,
        key: alice.invoiceKey,
        ...(method === 'POST' ? { body: { voucher_code: code } } : { query: { voucher_code: code } }),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ redeemed_mode: 'usertag' });
    }
    expect(await balanceOf(w, alice)).toBe(20_000_000n);
  });

  it('50 concurrent redeem requests of one code: one redemption (every 200 is that one), one payment, one webhook delivered', async () => {
    const receiver: WebhookReceiver = await startWebhookReceiver();
    try {
      const v = await create({ callback_url: receiver.url('/vouchers') });
      const code = codeOf(v.voucher_urls[0]!.voucher_url);
      const responses = await Promise.all(
        Array.from({ length: 50 }, () =>
          call('redeemVoucher', {
            key: alice.invoiceKey,
            body: { voucher_code: code, redeem_mode: 'usertag', redeem_to: alice.usertag },
          }),
        ),
      );
      const statuses = responses.map((r) => r.statusCode);
      // A request that comes after the redemption committed, to the same target, is answered that
      // redemption again (a redeemer whose answer was lost can confirm it); one racing it gets 409.
      const ok = responses.filter((r) => r.statusCode === 200).map((r) => r.json().data.redeemed_tid);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      expect(new Set(ok).size).toBe(1);
      expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
      expect(await balanceOf(w, alice)).toBe(10_000_000n);
      await dispatchDue(w.deps, never);
      await dispatchDue(w.deps, never);
      expect(receiver.requests).toHaveLength(1);
      const won = responses.find((r) => r.statusCode === 200)!.json().data;
      expect(JSON.parse(receiver.requests[0]!.rawBody.toString())).toEqual({
        tid: v.tid,
        voucher_url: v.voucher_urls[0]!.voucher_url,
        redeemed_by: alice.usertag,
        redeemed_tid: won.redeemed_tid,
      });
      expect(receiver.requests[0]!.headers['webhook-signature']).toMatch(/^v1,/);
      const check = await call('checkVoucher', {
        method: 'GET',
        key: issuer.adminKey,
        query: { tid: v.tid },
      });
      expect(check.json().data.voucher_urls[0].callback_status).toBe(200);
      expect(check.json().data.voucher_urls[1].callback_status).toBeNull();
      expect(await auditViolations(w)).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it('e-mails a voucher to receiver_email; email_status follows the delivery', async () => {
    const res = await call('requestVoucher', {
      key: issuer.adminKey,
      body: {
        amount: 0.0001,
        voucher_count: 1,
        receiver_email: 'Friend@Example.com',
        from: 'Ann',
        title: 'For you',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ receiver_email: 'friend@example.com', email_status: 'pending' });
    await dispatchDue(w.deps, never);
    const mail = await w.deps.db.read.selectFrom('dev_mailbox').selectAll().execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      to_address: 'friend@example.com',
      subject: 'Ann sent you a Bitcoin voucher',
    });
    expect(mail[0]!.text_body).toContain(d.voucher_urls[0].voucher_url);
    expect(mail[0]!.text_body).toContain('0.00010000 BTC (10,000 sats)');
    expect(mail[0]!.text_body).toContain('For you');
    expect(mail[0]!.text_body).toMatch(/LNURL1[0-9A-Z]+/);
    expect(mail[0]!.html_body).toContain('aria-label="QR code"');
    const check = await call('checkVoucher', { method: 'GET', key: issuer.adminKey, query: { tid: d.tid } });
    expect(check.json().data.email_status).toBe('success');
  });

  it('limits redeem attempts per code and per IP', async () => {
    await w.close();
    w = await voucherWorld(dialect, {
      RATE_LIMIT_ENABLED: 'true',
      VOUCHER_REDEEM_PER_CODE_PER_MINUTE: '3',
      VOUCHER_REDEEM_PER_IP_PER_MINUTE: '5',
    });
    issuer = await makeAccount(w.deps, { fund: { lbtc: '0.01' } });
    alice = await makeAccount(w.deps);
    const v = await create();
    const attempt = (code: string) =>
      call('redeemVoucher', {
        key: alice.invoiceKey,
        body: { voucher_code: code, redeem_mode: 'usertag', redeem_to: 'nobody_at_all' },
      });
    const code = codeOf(v.voucher_urls[0]!.voucher_url);
    for (let i = 0; i < 3; i++) expect((await attempt(code)).statusCode).toBe(404);
    const limited = await attempt(code);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Guessing other codes from the same address runs into the per-IP limit.
    expect((await attempt('aaaaaaaaaa')).statusCode).toBe(404);
    expect((await attempt('bbbbbbbbbb')).statusCode).toBe(429);
    w.clock.advance(60_000);
    expect((await attempt(code)).statusCode).toBe(404);
  });
});
