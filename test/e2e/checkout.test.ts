import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAVE_BROWSER, launchBrowser, screenshotPath } from '../fixtures/browser.ts';
import {
  DIALECTS,
  ManualClock,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

// biome-ignore lint/suspicious/noExplicitAny: API answers are checked field by field
type Json = any;

/** The merchant's site: a real HTTP server whose success page records every visit. */
async function merchantSite(): Promise<{ url: string; visits: URL[]; close(): Promise<void> }> {
  const visits: URL[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://merchant.local');
    visits.push(url);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>Thanks</title><h1>Order ${url.searchParams.get('order')} confirmed</h1>`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    visits,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** Takes a screenshot once the page's fonts have loaded (the Devanagari font loads on demand). */
async function picture(page: Page, name: string): Promise<void> {
  await page.evaluate('document.fonts.ready.then(() => true)');
  await page.screenshot({ path: screenshotPath(name), fullPage: true });
}

/** Collects Content-Security-Policy violations and script errors of a page. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.text().includes('Content Security Policy')) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

describe.skipIf(!HAVE_BROWSER).each(DIALECTS)('checkout page in Chromium on %s', (dialect) => {
  let t: TestRuntime;
  let clock: ManualClock;
  let browser: Browser;
  let base: string;
  let shop: TestAccount;
  let merchant: Awaited<ReturnType<typeof merchantSite>>;

  beforeAll(async () => {
    clock = new ManualClock(Date.now());
    t = await testRuntime(dialect, {}, { clock });
    shop = await makeAccount(t.deps, { usertag: `chai_${dialect}` });
    await t.deps.db.write((trx) =>
      trx
        .updateTable('accounts')
        .set({ company_kyc: JSON.stringify({ company_name: 'Chai Point Pune' }) })
        .where('id', '=', shop.id)
        .execute(),
    );
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    merchant = await merchantSite();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await merchant?.close();
    await t?.close();
  });

  const receive = async (body: Record<string, unknown>): Promise<Json> => {
    clock.ms = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/lapi/v1/receive',
      headers: { 'x-api-key': shop.invoiceKey, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const pageUrl = (p: Json) => `${base}${new URL(p.hosted_checkout_url).pathname}`;

  it('shows the request, is paid from another browser, turns paid within 2 s and returns to success_url', async () => {
    const p = await receive({
      amount: '0.00042',
      description: 'Masala chai and samosa',
      order_id: 'A-1042',
      fiat_currency: 'INR',
      fiat_value: '249.00',
      success_url: `${merchant.url}/thanks?order=A-1042`,
    });
    const payer = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await payer.newPage();
    const problems = watchProblems(page);
    await page.goto(pageUrl(p));

    // Every field against the payment record.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Chai Point Pune');
    expect(await page.locator('.tag').textContent()).toBe(p.receiver_usertag);
    expect(await page.locator('.amount').textContent()).toBe(`${p.amount} BTC`);
    expect(await page.locator('.sats').textContent()).toBe('42,000 sats');
    const fact = (name: string) => page.locator('.summary .facts div', { hasText: name }).locator('dd');
    expect(await fact('Price in INR').textContent()).toBe('₹249.00');
    expect(await fact('For').textContent()).toBe(p.description);
    expect(await fact('Order').textContent()).toBe(p.order_id);
    expect(await page.getByLabel('Lightning invoice', { exact: true }).inputValue()).toBe(
      p.lightning_invoice.payreq,
    );
    expect(await page.getByRole('link', { name: 'Open in wallet' }).getAttribute('href')).toBe(p.uri);
    expect(await page.getByRole('img', { name: 'QR code of the Lightning invoice' }).isVisible()).toBe(true);
    expect(await page.getByRole('status').first().textContent()).toBe('Waiting for payment');
    // The countdown runs (mm:ss, about 60 minutes left) and the copy button is there with the script.
    await expect.poll(() => page.locator('#countdown').textContent()).toMatch(/^(59|60):\d\d$/);
    expect(await page.getByRole('button', { name: 'Copy' }).isVisible()).toBe(true);
    await picture(page, `checkout-pending-1280-${dialect}.png`);
    // The picture in README.md (docs/img/checkout.png) is this one.
    await page.evaluate('document.fonts.ready.then(() => true)');
    await page.locator('.wrap').screenshot({ path: screenshotPath(`checkout-readme-${dialect}.png`) });

    // The copy button puts the invoice on the clipboard.
    await payer.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    await page.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Copied' }).count()).toBe(1);
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(p.lightning_invoice.payreq);

    // The page is not reloaded: a value set now must still be there when it shows paid.
    await page.evaluate('window.marker = 42');
    // The page notes when it turns paid (its own clock, the same machine's), so the wait before the
    // redirect is measured from that moment, not from whenever the wallet's answer reached the test.
    await page.evaluate(`new MutationObserver((_, o) => {
      if (document.getElementById('status-text')?.textContent === 'Payment received') { window.shownPaidAt = Date.now(); o.disconnect(); }
    }).observe(document.body, { subtree: true, childList: true, characterData: true })`);
    // The page listens to the event stream.
    await page.locator('#checkout[data-live=stream]').waitFor();

    const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const wallet = await other.newPage();
    await wallet.goto(pageUrl(p));
    // The form's answer comes once the payment is credited (committed): the clock starts there.
    const [settled] = await Promise.all([
      wallet.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/pay')),
      wallet.getByRole('button', { name: 'Pay with sandbox wallet' }).click(),
    ]);
    const paidAt = Date.now();
    expect(settled.status()).toBe(303);
    await wallet.getByRole('heading', { name: 'Payment received' }).waitFor();
    await other.close();

    await page.getByRole('heading', { name: 'Payment received' }).waitFor({ timeout: 2000 });
    expect(Date.now() - paidAt).toBeLessThan(2000);
    expect(await page.evaluate('window.marker')).toBe(42);
    expect(await page.getByRole('status').first().textContent()).toBe('Payment received');
    expect(await page.locator('[data-fill=amount]').textContent()).toBe(`${p.amount} BTC`);
    expect(await page.locator('[data-fill=paid-at]').textContent()).not.toBe('');
    expect(await page.getByRole('img', { name: 'QR code of the Lightning invoice' }).count()).toBe(0);
    const onward = `${merchant.url}/thanks?order=A-1042&tid=${p.tid}`;
    expect(await page.getByRole('link', { name: 'Continue now' }).getAttribute('href')).toBe(onward);
    await picture(page, `checkout-paid-1280-${dialect}.png`);

    // About three seconds later the merchant's success page, with the tid.
    const shownPaidAt = Number(await page.evaluate('window.shownPaidAt'));
    expect(shownPaidAt).toBeGreaterThan(0);
    await page.waitForURL(onward, { timeout: 6000 });
    // The redirect is set for 3 s after the page turns paid (REDIRECT_MS in checkout.js).
    expect(Date.now() - shownPaidAt).toBeGreaterThan(2900);
    expect(await page.getByRole('heading', { name: 'Order A-1042 confirmed' }).isVisible()).toBe(true);
    const thanks = merchant.visits.filter((u) => u.pathname === '/thanks');
    expect(thanks.map((u) => u.searchParams.get('tid'))).toEqual([p.tid]);
    expect(problems).toEqual([]);
    await payer.close();
  });

  it('at 320 px wide everything fits, and without JavaScript the QR code and the invoice are there', async () => {
    const p = await receive({ amount: '0.0015', description: 'Thali for two', order_id: 'B-7' });
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ viewport: { width: 320, height: 640 }, javaScriptEnabled });
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto(pageUrl(p));
      const qr = page.getByRole('img', { name: 'QR code of the Lightning invoice' });
      expect(await qr.isVisible()).toBe(true);
      expect((await qr.boundingBox())!.width).toBeGreaterThan(200);
      expect(await page.getByLabel('Lightning invoice', { exact: true }).inputValue()).toBe(
        p.lightning_invoice.payreq,
      );
      expect(await page.getByRole('link', { name: 'Open in wallet' }).isVisible()).toBe(true);
      // Nothing wider than the screen, nothing cut off inside the card.
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(320);
      const card = (await page.locator('#checkout').boundingBox())!;
      for (const part of ['.qr', '.amount', '.facts', '.field', '.button.primary', '.expiry']) {
        const box = (await page.locator(part).first().boundingBox())!;
        expect(box.x, part).toBeGreaterThanOrEqual(card.x);
        expect(box.x + box.width, part).toBeLessThanOrEqual(card.x + card.width);
      }
      if (javaScriptEnabled) {
        expect(await page.getByRole('button', { name: 'Copy' }).isVisible()).toBe(true);
        await picture(page, `checkout-pending-320-${dialect}.png`);
      } else {
        // No copy button without a script to copy; a refresh link instead of live updates.
        expect(await page.getByRole('button', { name: 'Copy' }).isVisible()).toBe(false);
        expect(await page.getByRole('link', { name: 'Refresh status' }).isVisible()).toBe(true);
        expect(await page.locator('#countdown').textContent()).toBe('60 minutes');
        await picture(page, `checkout-nojs-320-${dialect}.png`);
      }
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('an expired request shows the expired state and no QR code, live and on a new visit', async () => {
    const p = await receive({ amount: '0.0001', expires_in: 1, success_url: `${merchant.url}/thanks` });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(pageUrl(p));
    expect(await page.getByRole('img', { name: 'QR code of the Lightning invoice' }).isVisible()).toBe(true);
    clock.advance(61_000);
    // The stream tells the open page; no reload.
    await page.getByRole('heading', { name: 'This payment request has expired' }).waitFor({ timeout: 3000 });
    expect(await page.getByRole('img', { name: 'QR code of the Lightning invoice' }).count()).toBe(0);
    expect(await page.getByLabel('Lightning invoice', { exact: true }).count()).toBe(0);
    await page.reload();
    expect(await page.getByRole('heading', { name: 'This payment request has expired' }).isVisible()).toBe(
      true,
    );
    expect(await page.getByRole('img', { name: 'QR code of the Lightning invoice' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Pay with sandbox wallet' }).count()).toBe(0);
    const back = page.getByRole('link', { name: /^Back to 127\.0\.0\.1:/ });
    expect(await back.getAttribute('href')).toBe(merchant.url);
    await picture(page, `checkout-expired-1280-${dialect}.png`);
    // Not followed by itself.
    await page.waitForTimeout(3500);
    expect(page.url()).toBe(pageUrl(p));
    await context.close();
  });

  it('in Hindi from the browser’s language', async () => {
    const p = await receive({ amount: '0.00042', fiat_currency: 'INR', fiat_value: '249', order_id: 'C-1' });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'hi-IN' });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(pageUrl(p));
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    expect(await page.getByRole('status').first().textContent()).toBe('भुगतान की प्रतीक्षा है');
    expect(await page.getByRole('link', { name: 'वॉलेट में खोलें' }).isVisible()).toBe(true);
    expect(await page.getByLabel('लाइटनिंग इनवॉइस', { exact: true }).inputValue()).toBe(
      p.lightning_invoice.payreq,
    );
    expect(await page.locator('.sats').textContent()).toBe('42,000 सैट्स');
    await picture(page, `checkout-hindi-1280-${dialect}.png`);
    // The language links switch it.
    await page.getByRole('link', { name: 'English' }).click();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(problems).toEqual([]);
    await context.close();
  });
});
