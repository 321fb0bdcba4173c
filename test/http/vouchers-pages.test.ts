import { bech32 } from '@scure/base';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { revokeVoucher } from '../../src/app/vouchers/revoke-voucher.ts';
import type { VoucherBatchView } from '../../src/app/vouchers/view-voucher.ts';
import { requestVoucherLapi } from '../fixtures/lapi.ts';
import { DIALECTS, makeAccount, type TestAccount } from '../fixtures/runtime.ts';
import {
  auditViolations,
  balanceOf,
  callerOf,
  ownInvoice,
  type VoucherWorld,
  value,
  voucherWorld,
} from '../fixtures/vouchers.ts';

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

describe.each(DIALECTS)('voucher pages on %s', (dialect) => {
  let w: VoucherWorld;
  let issuer: TestAccount;
  let alice: TestAccount;

  beforeEach(async () => {
    w = await voucherWorld(dialect);
    issuer = await makeAccount(w.deps, { fund: { lbtc: '0.01' } });
    alice = await makeAccount(w.deps, { usertag: `alice_${dialect}_${Date.now().toString(36)}` });
  });
  afterEach(async () => {
    await w.close();
  });

  const create = async (body: Record<string, unknown> = {}): Promise<VoucherBatchView> =>
    value(
      await requestVoucherLapi(w.deps, callerOf(issuer), {
        amount: '0.00021',
        voucher_count: 2,
        from: 'Corner <shop>',
        title: 'Thank you!',
        ...body,
      }),
    );
  const get = (url: string) => w.app.inject({ method: 'GET', url });

  it('shows a redeemable voucher: amount, sender, message, QR code, form, and a strict policy', async () => {
    const v = await create();
    const code = v.vouchers[0]!.code;
    const res = await get(`/voucher/redeem/${code}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const page = res.body;
    expect(page).toContain('0.00021000 BTC');
    expect(page).toContain('21,000 sats');
    expect(page).toContain('from Corner &lt;shop&gt;');
    expect(page).toContain('Thank you!');
    expect(page).not.toContain('<script');
    expect(page).toContain('<svg role="img"');
    expect(page).toContain(`<form method="post" action="/voucher/redeem/${code}?lang=en">`);
    const lnurl = /href="lightning:(LNURL1[0-9A-Z]+)"/.exec(page)?.[1];
    expect(lnurl).toBeDefined();
    const { words } = bech32.decode(lnurl!.toLowerCase() as `${string}1${string}`, false);
    expect(new TextDecoder().decode(bech32.fromWords(words))).toBe(`http://paytag.test/lnurlw/${code}`);
  });

  it('speaks Hindi from ?lang= or Accept-Language, with the texts of the shared catalogue', async () => {
    const v = await create();
    const code = v.vouchers[0]!.code;
    for (const res of [
      await get(`/voucher/redeem/${code}?lang=hi`),
      await w.app.inject({
        method: 'GET',
        url: `/voucher/redeem/${code}`,
        headers: { 'accept-language': 'hi-IN,hi;q=0.9' },
      }),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<html lang="hi">');
      expect(res.body).toContain('21,000 सैट्स');
      expect(res.body).toContain('Corner &lt;shop&gt; की ओर से');
      expect(res.body).toContain('<button type="submit">रिडीम करें</button>');
      expect(res.body).toContain('aria-label="LNURL-withdraw QR कोड"');
    }
    const english = await get(`/voucher/redeem/${code}`);
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('<button type="submit">Redeem</button>');
    const unknown = await get('/voucher/redeem/zzzzzzzzzz?lang=hi');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('वाउचर नहीं मिला');
  });

  it('shows the custom design and allows exactly its origin for images', async () => {
    const v = await create({
      unique_design: true,
      unique_design_url: 'https://cdn.example.com/cards/xmas.png',
    });
    const res = await get(`/voucher/redeem/${v.vouchers[0]!.code}`);
    expect(res.body).toContain(
      '<img class="design" src="https://cdn.example.com/cards/xmas.png" width="640" height="360"',
    );
    expect(res.headers['content-security-policy']).toContain("img-src 'self' data: https://cdn.example.com;");
  });

  it('redeems through the form without JavaScript and then shows the redeemed state', async () => {
    const v = await create();
    const code = v.vouchers[0]!.code;
    const posted = await w.app.inject({
      method: 'POST',
      url: `/voucher/redeem/${code}`,
      ...form({ redeem_mode: 'usertag', redeem_to: alice.usertag }),
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`/voucher/redeem/${code}?lang=en&done=redeemed`);
    expect(await balanceOf(w, alice)).toBe(21_000_000n);
    const after = await get(`/voucher/redeem/${code}`);
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Redeemed on 1 Jan 2026, 00:00 UTC to al***');
    expect(after.body).not.toContain(alice.usertag);
    expect(after.body).not.toContain('<form');

    // The same redemption again (a lost answer) shows the redeemed state; another target is refused.
    const again = await w.app.inject({
      method: 'POST',
      url: `/voucher/redeem/${code}`,
      ...form({ redeem_mode: 'usertag', redeem_to: alice.usertag }),
    });
    expect(again.statusCode).toBe(303);
    expect(await balanceOf(w, alice)).toBe(21_000_000n);
    const elsewhere = await w.app.inject({
      method: 'POST',
      url: `/voucher/redeem/${code}`,
      ...form({ redeem_mode: 'usertag', redeem_to: issuer.usertag }),
    });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.body).toContain('this voucher has already been redeemed');
  });

  it('redeems to a pasted invoice through the form', async () => {
    const v = await create();
    const bob = await makeAccount(w.deps);
    const inv = await ownInvoice(w, bob, '0.00021');
    const posted = await w.app.inject({
      method: 'POST',
      url: `/voucher/redeem/${v.vouchers[1]!.code}`,
      ...form({ redeem_mode: 'invoice', redeem_to: inv.payreq! }),
    });
    expect(posted.statusCode).toBe(303);
    expect(await balanceOf(w, bob)).toBe(21_000_000n);
    const after = await get(`/voucher/redeem/${v.vouchers[1]!.code}`);
    expect(after.body).toContain(`to ${inv.payreq!.slice(0, 8)}…${inv.payreq!.slice(-4)}`);
  });

  it('shows a refusal on the page again, with what was typed', async () => {
    const v = await create();
    const res = await w.app.inject({
      method: 'POST',
      url: `/voucher/redeem/${v.vouchers[0]!.code}`,
      ...form({ redeem_mode: 'usertag', redeem_to: 'nobody_<here>' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('role="alert"');
    expect(res.body).toContain('value="nobody_&lt;here&gt;"');
    const missing = await w.app.inject({
      method: 'POST',
      url: `/voucher/redeem/${v.vouchers[0]!.code}`,
      ...form({ redeem_mode: 'usertag' }),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('redeem_to is required');
  });

  it('answers unknown codes and paths with HTML 404 pages', async () => {
    for (const url of [
      '/voucher/redeem/zzzzzzzzzz',
      '/voucher/redeem/x',
      '/voucher/aaaaaaaaaaaaaaaa',
      '/voucher/a/b/c',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<h1>');
    }
    const post = await w.app.inject({ method: 'POST', url: '/voucher/redeem/zzzzzzzzzz', ...form({}) });
    expect(post.statusCode).toBe(404);
    expect(post.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('shows revoked and expired vouchers as such, without a form', async () => {
    const v = await create({ expiry: 10 });
    value(await revokeVoucher(w.deps, callerOf(issuer), v.batch.id));
    const revoked = await get(`/voucher/redeem/${v.vouchers[0]!.code}`);
    expect(revoked.body).toContain('This voucher was revoked by its issuer.');
    expect(revoked.body).not.toContain('<form');
    const expiring = await create({ expiry: 10 });
    w.clock.advance(11 * 60_000);
    const expired = await get(`/voucher/redeem/${expiring.vouchers[0]!.code}`);
    expect(expired.body).toContain('This voucher expired on 1 Jan 2026, 00:10 UTC.');
    const staticExpired = await get(`/voucher/${expiring.batch.id}`);
    expect(staticExpired.body).toContain('These vouchers expired on');
    expect(staticExpired.body).not.toContain('<form');
  });

  it('the static page redeems once per usertag and says when all are gone', async () => {
    const v = await create();
    const page = await get(`/voucher/${v.batch.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('2 of 2 vouchers left');
    expect(page.body).toContain(`<form method="post" action="/voucher/${v.batch.id}?lang=en">`);
    const first = await w.app.inject({
      method: 'POST',
      url: `/voucher/${v.batch.id}`,
      ...form({ redeem_mode: 'usertag', redeem_to: alice.usertag }),
    });
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toMatch(/^\/voucher\/redeem\/[a-z0-9]{10}\?lang=en&done=redeemed$/);
    const again = await w.app.inject({
      method: 'POST',
      url: `/voucher/${v.batch.id}`,
      ...form({ redeem_mode: 'usertag', redeem_to: alice.usertag }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('has already redeemed a voucher of this batch');
    const bob = await makeAccount(w.deps);
    await w.app.inject({
      method: 'POST',
      url: `/voucher/${v.batch.id}`,
      ...form({ redeem_mode: 'usertag', redeem_to: bob.usertag }),
    });
    const done = await get(`/voucher/${v.batch.id}`);
    expect(done.body).toContain('All vouchers of this link have been redeemed.');
    expect(await auditViolations(w)).toEqual([]);
  });

  it('the print sheet needs its token and shows every voucher with a QR code', async () => {
    const v = await create({ voucher_count: 4 });
    const ok = await get(`/voucher/${v.batch.id}/print?token=${v.batch.print_token}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.body.match(/<section class="ticket/g)).toHaveLength(4);
    expect(ok.body.match(/<svg role="img"/g)).toHaveLength(4);
    for (const voucher of v.vouchers)
      expect(ok.body).toContain(`http://paytag.test/voucher/redeem/${voucher.code}`);
    // The real token with its last hex digit changed (to a digit it is not).
    const altered = `${v.batch.print_token.slice(0, -1)}${v.batch.print_token.endsWith('0') ? '1' : '0'}`;
    for (const token of ['', 'x', altered]) {
      const bad = await get(`/voucher/${v.batch.id}/print?token=${token}`);
      expect(bad.statusCode).toBe(404);
      expect(bad.body).not.toContain(v.vouchers[0]!.code);
    }
    expect((await get(`/voucher/${v.batch.id}/print`)).statusCode).toBe(404);
  });

  it('the OpenAPI document describes the LNURL-withdraw answers', async () => {
    const doc = (await get('/openapi.json')).json();
    for (const path of ['/lnurlw/{code}', '/lnurlw/s/{id}']) {
      const ok = doc.paths[path].get.responses['200'].content['application/json'].schema;
      expect(Object.keys(ok.properties)).toEqual([
        'tag',
        'callback',
        'k1',
        'defaultDescription',
        'minWithdrawable',
        'maxWithdrawable',
      ]);
      const refused = doc.paths[path].get.responses['4XX'].content['application/json'].schema;
      expect(Object.keys(refused.properties)).toEqual(['status', 'reason']);
    }
    const callback = doc.paths['/lnurlw/{code}/callback'].get.responses['200'].content['application/json'];
    expect(callback.schema.properties.status.enum).toEqual(['OK']);
  });

  it('serves LNURL-withdraw documents and answers LNURL errors', async () => {
    const v = await create();
    const code = v.vouchers[0]!.code;
    const doc = await get(`/lnurlw/${code}`);
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['access-control-allow-origin']).toBe('*');
    const d = doc.json();
    expect(d).toEqual({
      tag: 'withdrawRequest',
      callback: `http://paytag.test/lnurlw/${code}/callback`,
      k1: expect.stringMatching(/^[0-9a-f]{64}$/),
      defaultDescription: 'Thank you!',
      minWithdrawable: 21_000_000,
      maxWithdrawable: 21_000_000,
    });
    const wrongK1 = await get(`/lnurlw/${code}/callback?k1=${'0'.repeat(64)}&pr=lnbcrt1x`);
    expect(wrongK1.json()).toEqual({ status: 'ERROR', reason: 'k1 does not belong to this voucher' });
    const badInvoice = await get(`/lnurlw/${code}/callback?k1=${d.k1}&pr=lnbcrt1x`);
    expect(badInvoice.json().status).toBe('ERROR');
    const bob = await makeAccount(w.deps);
    const inv = await ownInvoice(w, bob, '0.00021');
    const paid = await get(`/lnurlw/${code}/callback?k1=${d.k1}&pr=${inv.payreq}`);
    expect(paid.json()).toEqual({ status: 'OK' });
    expect(await balanceOf(w, bob)).toBe(21_000_000n);
    const spent = await get(`/lnurlw/${code}`);
    expect(spent.json()).toEqual({ status: 'ERROR', reason: 'this voucher has already been redeemed' });
    expect((await get('/lnurlw/zzzzzzzzzz')).json()).toEqual({
      status: 'ERROR',
      reason: 'no voucher with this code',
    });

    const s = (await get(`/lnurlw/s/${v.batch.id}`)).json();
    expect(s).toMatchObject({
      tag: 'withdrawRequest',
      callback: `http://paytag.test/lnurlw/s/${v.batch.id}/callback`,
    });
    const inv2 = await ownInvoice(w, bob, '0.00021');
    expect((await get(`/lnurlw/s/${v.batch.id}/callback?k1=${s.k1}&pr=${inv2.payreq}`)).json()).toEqual({
      status: 'OK',
    });
    expect((await get(`/lnurlw/s/${v.batch.id}`)).json()).toEqual({
      status: 'ERROR',
      reason: 'every voucher of this batch has been redeemed',
    });
    expect(await auditViolations(w)).toEqual([]);
  });
});
