import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { revokeVoucher } from '../../src/app/vouchers/revoke-voucher.ts';
import type { VoucherBatchView } from '../../src/app/vouchers/view-voucher.ts';
import { requestVoucherLapi } from '../fixtures/lapi.ts';
import { DIALECTS, makeAccount, type TestAccount } from '../fixtures/runtime.ts';
import { callerOf, type VoucherWorld, value, voucherWorld } from '../fixtures/vouchers.ts';

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

/** What every public page shares with the checkout: brand, language switch, icon, the Hindi font. */
function expectSiteFrame(body: string, csp: string, path: string): void {
  expect(body).toMatch(/<header class="bar"><span class="brand"><svg aria-hidden="true"/);
  expect(body).toMatch(/<nav class="langs" aria-label="[^"]+">/);
  // A link to the same page in Hindi (the path and its query, with lang=hi).
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  expect(body).toMatch(new RegExp(`<a href="${escaped}\\?(?:[^"]*&)?lang=hi[^"]*" lang="hi"`));
  expect(body).toMatch(
    /<link rel="icon" type="image\/svg\+xml" href="\/checkout\/assets\/icon-[0-9a-f]{16}\.svg">/,
  );
  expect(body).toMatch(
    /@font-face\{font-family:"paytag Devanagari".*url\(\/checkout\/assets\/noto-sans-devanagari-[0-9a-f]{16}\.woff2\)/,
  );
  expect(csp).toContain("font-src 'self'");
}

describe.each(DIALECTS)('voucher pages look like the checkout on %s', (dialect) => {
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

  const create = async (): Promise<VoucherBatchView> =>
    value(await requestVoucherLapi(w.deps, callerOf(issuer), { amount: '0.00005', voucher_count: 2 }));
  const get = (url: string) => w.app.inject({ method: 'GET', url });

  it('unredeemed, static and revoked pages carry the header, language switch, icon and font', async () => {
    const v = await create();
    const code = v.vouchers[0]?.code ?? '';
    for (const path of [`/voucher/redeem/${code}`, `/voucher/${v.batch.id}`]) {
      const res = await get(path);
      expect(res.statusCode).toBe(200);
      expectSiteFrame(res.body, String(res.headers['content-security-policy']), path);
    }
    // The icon and the font the pages name are served.
    const page = (await get(`/voucher/redeem/${code}`)).body;
    for (const asset of [
      /href="(\/checkout\/assets\/icon-[0-9a-f]{16}\.svg)"/,
      /url\((\/checkout\/assets\/noto-sans-devanagari-[0-9a-f]{16}\.woff2)\)/,
    ]) {
      const path = asset.exec(page)?.[1] ?? '';
      expect((await get(path)).statusCode, path).toBe(200);
    }
    expect((await revokeVoucher(w.deps, callerOf(issuer), v.batch.id)).ok).toBe(true);
    const revoked = await get(`/voucher/${v.batch.id}?lang=hi`);
    expect(revoked.body).toContain('<html lang="hi">');
    expectSiteFrame(
      revoked.body,
      String(revoked.headers['content-security-policy']),
      `/voucher/${v.batch.id}`,
    );
    expect(revoked.body).toContain(`href="/voucher/${v.batch.id}?lang=en"`);
  });

  it('after a redemption through the form the redeemer reads what they received, in their language', async () => {
    const v = await create();
    const code = v.vouchers[0]?.code ?? '';
    const posted = await w.app.inject({
      method: 'POST',
      url: `/voucher/redeem/${code}?lang=hi`,
      ...form({ redeem_mode: 'usertag', redeem_to: alice.usertag }),
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`/voucher/redeem/${code}?lang=hi&done=redeemed`);
    const hi = await get(String(posted.headers.location));
    expect(hi.body).toContain('आपको 5,000 सैट्स (0.00005000 BTC) मिले');
    const en = await get(`/voucher/redeem/${code}?lang=en&done=redeemed`);
    expect(en.body).toContain('You received 5,000 sats (0.00005000 BTC)');
    expectSiteFrame(en.body, String(en.headers['content-security-policy']), `/voucher/redeem/${code}`);
    // Without having redeemed it, a visitor reads only when and to whom it was redeemed.
    const later = await get(`/voucher/redeem/${code}`);
    expect(later.body).not.toContain('You received');
    expect(later.body).toContain('Redeemed on');
    // An unredeemed voucher never claims to have paid, whatever the address says.
    const other = v.vouchers[1]?.code ?? '';
    expect((await get(`/voucher/redeem/${other}?done=redeemed`)).body).not.toContain('You received');
  });
});
