import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/app/accounts/create-account.ts';
import { sandboxDeposit } from '../../src/app/chain/sandbox-deposit.ts';
import { HAVE_BROWSER, launchBrowser, screenshotPath } from '../fixtures/browser.ts';
import { TEST_CHAIN_KEYS as KEYS } from '../fixtures/chain/keys.ts';
import {
  devanagariFontReady,
  openAt,
  overflowingElements,
  overflowPx,
  WIDTHS,
} from '../fixtures/page-checks.ts';
import { makeAccount, type TestAccount, type TestRuntime } from '../fixtures/runtime.ts';
import { DIST_START_TIMEOUT_MS, type DistService, startDistService } from '../fixtures/server-process.ts';

// biome-ignore lint/suspicious/noExplicitAny: API answers are checked field by field
type Json = any;

const ENV = { SANDBOX_NODE_KEY: '46'.repeat(32), BTC_XPUB: KEYS.btc.text, EVM_XPUB: KEYS.evm.text };

/**
 * The public pages in Chromium at a phone's and a laptop's width: the KYC consent page, the voucher
 * pages and the on-chain checkout (BTC and USDT). Each fails on a script or console error, a failed
 * request and on horizontal scrolling. Layout does not depend on the database: SQLite only.
 */
describe.skipIf(!HAVE_BROWSER)('public pages in Chromium at 320 and 1280 px', () => {
  let svc: DistService;
  let t: TestRuntime;
  let browser: Browser;
  let base: string;
  let shop: TestAccount;
  let bob: TestAccount;

  const api = async (path: string, key: string, body: unknown, header = 'x-api-key'): Promise<Json> => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { [header]: key, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return res.json();
  };
  const pathOf = (url: string) => new URL(url).pathname;

  /** Opens `path` at `width`, checks it, takes a screenshot; runs `more` on the open page first. */
  async function check(
    name: string,
    path: string,
    width: number,
    more?: (page: Page) => Promise<void>,
    opts: { clipboard?: boolean } = {},
  ): Promise<void> {
    const { page, problems, close } = await openAt(browser, width, opts);
    try {
      await page.goto(`${base}${path}`, { waitUntil: 'load' });
      await page.evaluate('document.fonts.ready.then(() => true)');
      if (more !== undefined) await more(page);
      await page.screenshot({ path: screenshotPath(`pages-${name}-${width}.png`), fullPage: true });
      const over = await overflowPx(page);
      expect(over, `${name} at ${width}px: ${(await overflowingElements(page)).join(', ')}`).toBe(0);
      expect(problems, `${name} at ${width}px`).toEqual([]);
    } finally {
      await close();
    }
  }

  beforeAll(async () => {
    // The compiled service, as `npm start` runs it; the test process opens its database too.
    svc = await startDistService('sqlite', ENV);
    t = svc.t;
    shop = await makeAccount(t.deps, { fund: { lbtc: '0.01' } });
    bob = await makeAccount(t.deps, { usertag: 'bob_pages' });
    base = svc.base;
    browser = await launchBrowser();
  }, DIST_START_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await svc?.close();
  });

  it('the KYC consent page, in English and Hindi, with its values and two distinct buttons', {
    timeout: 120_000,
  }, async () => {
    const person = await createAccount(t.deps, {
      usertag: 'asha_pages',
      email: 'asha.verma.long.address@example.org',
      fullName: 'Asha Verma',
      country: 'IN',
      emailConfirmed: true,
    });
    if (!person.ok) throw new Error(person.error.message);
    await t.deps.db.write((trx) =>
      trx
        .updateTable('accounts')
        .set({
          id_type: 'passport',
          personal_kyc: JSON.stringify({
            id1: 'https://documents.example-storage.net/kyc/2026/11/asha-verma-passport-front-page-scan.pdf?sig=abc',
          }),
          company_kyc: JSON.stringify({
            company_name: 'Verma Traders and Wholesale Distributors Private Limited',
            email: 'accounts.department@verma-traders.example.in',
            country: 'IN',
          }),
        })
        .where('usertag', '=', 'asha_pages')
        .execute(),
    );
    const links: string[] = [];
    for (let i = 0; i < WIDTHS.length * 2; i += 1) {
      const started = await api('/api/v1/auth', shop.invoiceKey, { usertag: 'asha_pages', kyc: true });
      expect(started.status).toBe(true);
      const rows = await t.deps.db.read
        .selectFrom('outbox')
        .select('payload')
        .where('event_type', '=', 'verification_otp')
        .orderBy('id', 'desc')
        .limit(1)
        .execute();
      links.push(/\/verify\/consent\/[A-Za-z0-9_-]{32}/.exec(rows[0]?.payload ?? '')?.[0] ?? '');
    }
    let i = 0;
    for (const width of WIDTHS) {
      await check('consent', links[i++] ?? '', width, async (page) => {
        expect(await page.textContent('#consent-kyc')).toContain('Verma Traders and Wholesale');
        const colour = (selector: string) =>
          page.evaluate(`getComputedStyle(document.querySelector('${selector}')).backgroundColor`);
        const approve = await colour('button[value=approve]');
        const decline = await colour('button[value=decline]');
        expect(approve).not.toBe(decline);
      });
      await check('consent-hi', `${links[i++] ?? ''}?lang=hi`, width, async (page) => {
        expect(await page.textContent('h1')).toContain('KYC डेटा');
        expect(await devanagariFontReady(page)).toBe(true);
      });
    }
  });

  it('the voucher pages (unredeemed, static, redeemed through the form, revoked), in English and Hindi', {
    timeout: 120_000,
  }, async () => {
    const batch = await api('/lapi/v1/requestVoucher', shop.adminKey, {
      amount: '0.00005',
      voucher_count: 4,
      title: 'Thank you for shopping with us this festive season',
      from: 'Corner shop',
    });
    expect(batch.status, JSON.stringify(batch)).toBe(true);
    const d = batch.data;
    const codes: string[] = d.voucher_urls.map((v: Json) => pathOf(v.voucher_url).split('/').at(-1));
    const staticPath = pathOf(d.voucher_static_url);
    for (const width of WIDTHS) {
      await check('voucher', `/voucher/redeem/${codes[0]}`, width);
      await check('voucher-hi', `/voucher/redeem/${codes[0]}?lang=hi`, width, async (page) => {
        expect(await devanagariFontReady(page)).toBe(true);
      });
      await check('voucher-static', staticPath, width);
    }
    // Redeemed through the page's form, at each width: the redeemer reads what they received.
    let n = 1;
    for (const width of WIDTHS) {
      const code = codes[n++] ?? '';
      await check(`voucher-redeemed`, `/voucher/redeem/${code}`, width, async (page) => {
        await page.fill('#redeem_to', bob.usertag);
        await Promise.all([page.waitForURL(/done=redeemed/), page.click('form button[type=submit]')]);
        expect(await page.textContent('.received')).toBe('You received 5,000 sats (0.00005000 BTC)');
      });
    }
    const revoked = await api('/lapi/v1/revokeVoucher', shop.adminKey, { tid: d.tid ?? d.id });
    expect(revoked.status, JSON.stringify(revoked)).toBe(true);
    for (const width of WIDTHS) await check('voucher-revoked-hi', `${staticPath}?lang=hi`, width);
  });

  it('the on-chain checkout of a USDT request: address copied, amount seen shown live, no overflow', {
    timeout: 120_000,
  }, async () => {
    for (const width of WIDTHS) {
      const r = await api(
        '/sapi/v1/receive',
        shop.invoiceKey,
        { wallet: 'usdt', payment_mode: 'onchain', chain_network: 'BEP20', amount: '25.5' },
        'authorization',
      );
      await check(
        'checkout-usdt',
        pathOf(r.hosted_checkout_url),
        width,
        async (page) => {
          await page.click('#copy-address');
          expect(await page.evaluate('navigator.clipboard.readText()')).toBe(r.chain_address.address);
          expect(await page.textContent('#copy-address-status')).toBe('Copied');
          // The address is shown whole: its box is as tall as its wrapped text.
          const cut = await page.evaluate(
            "(() => { const el = document.getElementById('chain-address'); return el.scrollHeight > el.clientHeight + 1; })()",
          );
          expect(cut).toBe(false);
          const seen = await sandboxDeposit(t.deps, { tid: String(r.tid), amount: '10', confirmations: 1 });
          expect(seen.ok).toBe(true);
          // Polled from the test: the page's CSP forbids the string evaluation waitForFunction uses.
          await expect
            .poll(() => page.textContent('#chain-seen'), { timeout: 20_000 })
            .toBe('Seen 10 USDT, 1 of 2 confirmations');
          expect(await page.textContent('footer')).toBe('paytag · USDT on BNB Smart Chain (BEP20)');
        },
        { clipboard: true },
      );
      await check('checkout-usdt-hi', `${pathOf(r.hosted_checkout_url)}?lang=hi`, width, async (page) => {
        expect(await page.textContent('#chain-seen')).toBe('10 USDT दिख गया, 2 में से 1 पुष्टियाँ');
        expect(await devanagariFontReady(page)).toBe(true);
      });
    }
  });

  it('the on-chain checkout of a BTC request: both ways, each with its Copy button, no overflow', {
    timeout: 120_000,
  }, async () => {
    for (const width of WIDTHS) {
      const r = await api(
        '/sapi/v1/receive',
        shop.invoiceKey,
        { wallet: 'btc', payment_mode: 'onchain', amount: '0.002', description: 'Order 1234: two notebooks' },
        'authorization',
      );
      await check('checkout-btc', pathOf(r.hosted_checkout_url), width, async (page) => {
        expect(await page.isVisible('#copy')).toBe(true);
        expect(await page.isVisible('#copy-address')).toBe(true);
        expect(await page.inputValue('#chain-address')).toBe(r.chain_address.address);
      });
      await check('checkout-btc-hi', `${pathOf(r.hosted_checkout_url)}?lang=hi`, width);
    }
  });
});
