import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAVE_BROWSER, launchBrowser, screenshotPath } from '../fixtures/browser.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

// biome-ignore lint/suspicious/noExplicitAny: API answers are checked field by field
type Json = any;

/** Collects Content-Security-Policy violations and script errors of a page. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.text().includes('Content Security Policy')) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

describe.skipIf(!HAVE_BROWSER).each(DIALECTS)('pro checkout page in Chromium on %s', (dialect) => {
  let t: TestRuntime;
  let browser: Browser;
  let base: string;
  let shop: TestAccount;

  const receive = async (body: Record<string, unknown>): Promise<Json> => {
    const res = await fetch(`${base}/sapi/v1/receive`, {
      method: 'POST',
      headers: { authorization: shop.invoiceKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return res.json();
  };
  const checkPayment = async (tid: number): Promise<Json> =>
    (
      await fetch(`${base}/sapi/v1/checkPayment?tid=${tid}`, { headers: { authorization: shop.invoiceKey } })
    ).json();
  const pathOf = (url: string) => new URL(url).pathname;

  beforeAll(async () => {
    t = await testRuntime(dialect, { SANDBOX_NODE_KEY: '44'.repeat(32) });
    shop = await makeAccount(t.deps, { usertag: `pro_${dialect}` });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('shows a USDT request (address, amount, network, warning, QR) and takes the payer’s transaction hash', async () => {
    const r = await receive({ wallet: 'usdt', payment_mode: 'onchain', chain_network: 'BEP20', amount: 25 });
    const page = await browser.newPage();
    const problems = watchProblems(page);
    await page.goto(`${base}${pathOf(r.hosted_checkout_url)}`);
    expect(await page.inputValue('#chain-address')).toBe(r.chain_address.address);
    expect(await page.textContent('#chain-amount')).toContain('Send exactly 25 USDT');
    expect(await page.textContent('#chain-warning')).toContain('Send USDT on BEP20 only');
    expect(await page.isVisible('#pay-onchain .qr svg')).toBe(true);
    expect(await page.getAttribute('#pay-onchain .qr', 'href')).toBe(r.uri);
    expect(await page.textContent('.amount')).toContain('25');
    expect(await page.textContent('.amount')).toContain('USDT');
    // A USDT request has no invoice: its sandbox button deposits on the sandbox chain instead.
    expect(await page.getAttribute('form.sandbox', 'action')).toMatch(/\/deposit\?lang=en$/);
    await page.screenshot({ path: screenshotPath(`checkout-pro-usdt-${dialect}.png`), fullPage: true });

    const hash = `0x${'5e'.repeat(32)}`;
    await page.fill('#transaction_hash', hash);
    await Promise.all([page.waitForURL(/\/checkout\/[a-z0-9]{16}\?lang=en$/), page.click('.txhash button')]);
    expect(await page.textContent('#tx-claimed')).toContain(hash);
    expect(await checkPayment(r.tid)).toMatchObject({
      status: 'pending',
      status_payer: 'pending',
      transaction_hash: hash,
    });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('pays a btc request through its Lightning tab with the sandbox wallet and sees it paid', async () => {
    const r = await receive({
      wallet: 'btc',
      payment_mode: 'onchain',
      amount: 0.0002,
      description: 'Masala chai',
    });
    const page = await browser.newPage();
    const problems = watchProblems(page);
    await page.goto(`${base}${pathOf(r.hosted_checkout_url)}`);
    expect(await page.isVisible('nav.tabs a[href="#pay-lightning"]')).toBe(true);
    expect(await page.isVisible('nav.tabs a[href="#pay-onchain"]')).toBe(true);
    expect(await page.inputValue('#invoice')).toBe(r.lightning_invoice.payreq);
    expect(await page.inputValue('#chain-address')).toBe(r.chain_address.address);
    expect(await page.textContent('#chain-warning')).toContain('Bitcoin network only');
    await page.click('nav.tabs a[href="#pay-onchain"]');
    expect(page.url()).toMatch(/#pay-onchain$/);
    await Promise.all([page.waitForURL(/\?lang=en$/), page.click('form.sandbox-pay button')]);
    await page.waitForSelector('[data-show="paid"]:not([hidden])');
    expect(await page.textContent('[data-fill=amount]')).toBe('0.00020000 BTC');
    expect(await checkPayment(r.tid)).toMatchObject({ status: 'paid', wallet: 'btc' });
    expect(problems).toEqual([]);
    await page.close();
  });
});
