import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_TEST_TIMEOUT_MS, HAVE_BROWSER, launchBrowser } from '../fixtures/browser.ts';
import { DIALECTS, makeAccount, type TestAccount } from '../fixtures/runtime.ts';
import { DIST_START_TIMEOUT_MS, type DistService, startDistService } from '../fixtures/server-process.ts';

// A request priced in rupees, on the compiled service: the checkout shows the price, the locked rate with
// the time it holds until in the reader's own time zone, and counts down to the expiry.

const oneLine = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

describe.skipIf(!HAVE_BROWSER).each(DIALECTS)('fiat checkout in Chromium on %s', (dialect) => {
  let svc: DistService;
  let browser: Browser;
  let shop: TestAccount;

  beforeAll(async () => {
    svc = await startDistService(dialect, {
      PRICE_STATIC: 'BTC-USD=97000,USD-INR=84.5,EUR-USD=1.08,BTC-USDT=97000',
    });
    shop = await makeAccount(svc.t.deps, { usertag: `chai_fiat_${dialect}` });
    browser = await launchBrowser();
  }, DIST_START_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await svc?.close();
  });

  it(
    'shows ₹1,500.00, "1 BTC = ₹8,196,500.00, locked until" the local time, and counts down',
    async () => {
      const res = await fetch(`${svc.base}/lapi/v1/receive`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': shop.invoiceKey },
        body: JSON.stringify({ fiat_value: '1500', fiat_currency: 'INR', expires_in: 30 }),
      });
      expect(res.status).toBe(200);
      const p = ((await res.json()) as { data: unknown }).data as {
        amount: string;
        hosted_checkout_url: string;
        fiat_rate: { locked_until: number };
      };
      expect(p.amount).toBe('0.00018301');
      const context = await browser.newContext({ timezoneId: 'Asia/Kolkata' });
      try {
        const page = await context.newPage();
        const problems: string[] = [];
        page.on('pageerror', (e) => problems.push(e.message));
        await page.goto(`${p.hosted_checkout_url}?lang=en`);
        const until = new Intl.DateTimeFormat('en', { timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(
          new Date(p.fiat_rate.locked_until * 1000),
        );
        const rate = page.locator('#fiat-rate dd');
        // The script rewrites the UTC time into the reader's zone (Asia/Kolkata here).
        await expect
          .poll(async () => oneLine(await rate.textContent()))
          .toBe(oneLine(`1 BTC = ₹8,196,500.00, locked until ${until}`));
        expect(await page.locator('.summary .facts').textContent()).toContain('₹1,500.00');
        expect(oneLine(await page.locator('.amount').textContent())).toBe('0.00018301 BTC');
        const countdown = page.locator('#countdown');
        const first = (await countdown.textContent()) ?? '';
        expect(first).toMatch(/^(29|30):\d{2}$/);
        // The page's CSP forbids evaluated scripts: the countdown is read until it moves.
        await expect.poll(async () => countdown.textContent(), { timeout: 10_000 }).not.toBe(first);
        expect(await countdown.textContent()).toMatch(/^(29|30):\d{2}$/);
        await page.goto(`${p.hosted_checkout_url}?lang=hi`);
        await expect
          .poll(async () => oneLine(await rate.textContent()))
          .toMatch(/^1 BTC = ₹81,96,500\.00, .+ तक तय$/);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});
