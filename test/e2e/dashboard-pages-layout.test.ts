import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPassword } from '../../src/app/accounts/password.ts';
import { HAVE_BROWSER, launchBrowser, screenshotPath } from '../fixtures/browser.ts';
import { PASSWORD } from '../fixtures/dashboard.ts';
import { openAt, overflowingElements, overflowPx, WIDTHS } from '../fixtures/page-checks.ts';
import { makeAccount, type TestAccount, type TestRuntime } from '../fixtures/runtime.ts';
import { DIST_START_TIMEOUT_MS, type DistService, startDistService } from '../fixtures/server-process.ts';

/**
 * The dashboard pages this change touched (a payment's page, the voucher form, sign-up with every error
 * shown) at a phone's and a laptop's width: no horizontal scrolling, no script error. SQLite only: the
 * layout does not depend on the database.
 */
describe.skipIf(!HAVE_BROWSER)('dashboard pages in Chromium at 320 and 1280 px', () => {
  let svc: DistService;
  let t: TestRuntime;
  let browser: Browser;
  let base: string;
  let payer: TestAccount;
  let payee: TestAccount;
  let tid = '';

  beforeAll(async () => {
    // The compiled service, as `npm start` runs it; the test process opens its database too.
    svc = await startDistService('sqlite', { SANDBOX_NODE_KEY: '47'.repeat(32) });
    t = svc.t;
    payer = await makeAccount(t.deps, { fund: { lbtc: '0.01' } });
    payee = await makeAccount(t.deps, { usertag: 'payee_with_a_rather_long_usertag' });
    await setPassword(t.deps, payer.usertag, PASSWORD);
    base = svc.base;
    const sent = await fetch(`${base}/lapi/v1/send`, {
      method: 'POST',
      headers: { 'x-api-key': payer.adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        payment_mode: 'usertag',
        usertag: payee.usertag,
        amount: '0.001',
        description: 'Rent for November, flat 4B, including the parking space',
      }),
    });
    tid = ((await sent.json()) as { data: { tid: string } }).data.tid;
    browser = await launchBrowser();
  }, DIST_START_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await svc?.close();
  });

  it('a payment page, the voucher form and sign-up with every error fit both widths', {
    timeout: 120_000,
  }, async () => {
    for (const width of WIDTHS) {
      const { page, problems, close } = await openAt(browser, width);
      try {
        await page.goto(`${base}/dashboard/sign-up`);
        await page.fill('#f-usertag', 'Dave Shop');
        await page.fill('#f-email', 'dave@example');
        await page.fill('#f-password', 'short');
        await page.fill('#f-repeat_password', 'shorter');
        await Promise.all([
          page.waitForLoadState('load'),
          page.click('form[action="/dashboard/sign-up"] button'),
        ]);
        await page.waitForSelector('#f-usertag-err');
        expect(await page.locator('.err').count()).toBe(4);
        const pages: Array<[string, string]> = [['signup-errors', '']];
        await page.screenshot({ path: screenshotPath(`dash-signup-errors-${width}.png`), fullPage: true });
        expect(
          await overflowPx(page),
          `sign-up at ${width}px: ${(await overflowingElements(page)).join(', ')}`,
        ).toBe(0);
        // The refused sign-up answers 400 by design (the form with its errors): not a problem of the page.
        expect(problems.filter((x) => !x.includes('400'))).toEqual([]);
        problems.length = 0;
        await page.goto(`${base}/dashboard/sign-in`);
        await page.fill('#f-login', payer.usertag);
        await page.fill('#f-password', PASSWORD);
        await Promise.all([
          page.waitForURL(/\/dashboard\?done=signed_in/),
          page.click('form[action="/dashboard/sign-in"] button'),
        ]);
        pages.length = 0;
        pages.push(
          ['payment', `/dashboard/payments/${tid}`],
          ['payment-hi', `/dashboard/payments/${tid}?lang=hi`],
          ['voucher-form', '/dashboard/vouchers/new?lang=en'],
        );
        for (const [name, path] of pages) {
          await page.goto(`${base}${path}`, { waitUntil: 'load' });
          await page.evaluate('document.fonts.ready.then(() => true)');
          await page.screenshot({ path: screenshotPath(`dash-${name}-${width}.png`), fullPage: true });
          expect(
            await overflowPx(page),
            `${name} at ${width}px: ${(await overflowingElements(page)).join(', ')}`,
          ).toBe(0);
        }
        expect(problems, `at ${width}px`).toEqual([]);
      } finally {
        await close();
      }
    }
  });
});
