import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAVE_BROWSER, launchBrowser, screenshotPath } from '../fixtures/browser.ts';
import { DIALECTS, makeAccount } from '../fixtures/runtime.ts';
import { balanceOf, type VoucherWorld, voucherWorld } from '../fixtures/vouchers.ts';

describe.skipIf(!HAVE_BROWSER).each(DIALECTS)('voucher page in Chromium on %s', (dialect) => {
  let w: VoucherWorld;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    w = await voucherWorld(dialect);
    base = await w.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await w?.close();
  });

  it('redeems a voucher to a usertag through the form and shows it redeemed', async () => {
    const issuer = await makeAccount(w.deps, { fund: { lbtc: '0.01' } });
    const friend = await makeAccount(w.deps, { usertag: `friend_${dialect}` });
    const created = await w.app.inject({
      method: 'POST',
      url: '/lapi/v1/requestVoucher',
      headers: { 'x-api-key': issuer.adminKey, 'content-type': 'application/json' },
      payload: JSON.stringify({ amount: 0.00025, voucher_count: 1, from: 'Ada', title: 'Happy birthday!' }),
    });
    expect(created.statusCode).toBe(200);
    const voucherUrl: string = created.json().data.voucher_urls[0].voucher_url;
    const path = new URL(voucherUrl).pathname;

    // JavaScript off: the form must work on its own.
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 900, height: 1000 },
    });
    const page = await context.newPage();
    const policyViolations: string[] = [];
    page.on('console', (m) => {
      if (m.text().includes('Content Security Policy')) policyViolations.push(m.text());
    });
    await page.goto(`${base}${path}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Happy birthday!' }).isVisible()).toBe(true);
    expect(await page.getByText('0.00025000 BTC').isVisible()).toBe(true);
    expect(await page.getByText('25,000 sats').isVisible()).toBe(true);
    expect(await page.getByRole('img', { name: 'LNURL-withdraw QR code' }).isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath(`voucher-redeemable-${dialect}.png`), fullPage: true });

    await page.getByLabel('my paytag account (usertag)').check();
    await page.getByLabel('Usertag or invoice').fill(friend.usertag);
    await Promise.all([
      page.waitForURL(`${base}${path}?lang=en&done=redeemed`),
      page.getByRole('button', { name: 'Redeem' }).click(),
    ]);

    // What the redeemer received first, then when and to whom.
    expect(await page.getByRole('status').first().textContent()).toBe(
      'You received 25,000 sats (0.00025000 BTC)',
    );
    const state = page.getByRole('status').last();
    expect(await state.textContent()).toMatch(/^Redeemed on 1 Jan 2026, 00:00 UTC to fr\*\*\*/);
    expect(await page.getByRole('button', { name: 'Redeem' }).count()).toBe(0);
    await page.screenshot({ path: screenshotPath(`voucher-redeemed-${dialect}.png`), fullPage: true });
    expect(policyViolations).toEqual([]);
    expect(await balanceOf(w, friend)).toBe(25_000_000n);
    await context.close();
  });
});
