import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/app/accounts/create-account.ts';
import { setPassword } from '../../src/app/accounts/password.ts';
import {
  BROWSER_TEST_TIMEOUT_MS,
  expectFitsEveryWidth,
  HAVE_BROWSER,
  launchBrowser,
  openPage,
} from '../fixtures/browser.ts';
import { PASSWORD } from '../fixtures/dashboard.ts';
import { DIALECTS, makeAccount, type TestAccount } from '../fixtures/runtime.ts';
import { DIST_START_TIMEOUT_MS, type DistService, startDistService } from '../fixtures/server-process.ts';

/**
 * The compiled service (dist/, what `npm start` runs) in Chromium: its pages' scripts run without an
 * error, the dashboard's live updates work, and no page is wider than a 320 px phone or a laptop.
 */
describe.skipIf(!HAVE_BROWSER).each(DIALECTS)('the compiled service in Chromium on %s', (dialect) => {
  let svc: DistService;
  let browser: Browser;
  let shop: TestAccount;
  const chief = `chief_${dialect}`;

  beforeAll(async () => {
    svc = await startDistService(dialect, { DASHBOARD_LIVE_POLL_MS: '100' });
    shop = await makeAccount(svc.t.deps, { usertag: `tea_shop_${dialect}` });
    await setPassword(svc.t.deps, shop.usertag, PASSWORD);
    const op = await createAccount(svc.t.deps, {
      usertag: chief,
      email: `${chief}@example.com`,
      emailConfirmed: true,
      operatorGrantedBy: 'operator:root',
    });
    if (!op.ok) throw new Error(op.error.message);
    if (!(await setPassword(svc.t.deps, chief, PASSWORD)).ok) throw new Error('password');
    browser = await launchBrowser();
  }, DIST_START_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await svc?.close();
  });

  async function signIn(page: Page, login: string, next: string): Promise<void> {
    await page.goto(`${svc.base}/dashboard/sign-in?next=${encodeURIComponent(next)}`);
    await page.getByLabel('Usertag or e-mail').fill(login);
    await page.getByLabel('Password').fill(PASSWORD);
    await Promise.all([
      page.waitForURL(/done=signed_in$/),
      page.getByRole('button', { name: 'Sign in' }).click(),
    ]);
  }

  async function api(path: string, key: string | null, body: unknown): Promise<Record<string, unknown>> {
    const res = await fetch(`${svc.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key === null ? {} : { 'x-api-key': key }) },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    expect(res.status, `${path}: ${text}`).toBe(200);
    return (JSON.parse(text) as { data: Record<string, unknown> }).data;
  }

  it('serves the browser scripts as they are written in src/, not compiled', async () => {
    const page = await (await fetch(`${svc.base}/dashboard/sign-in`)).text();
    const checkout = await api('/lapi/v1/receive', shop.invoiceKey, { amount: 0.0001 });
    const checkoutPage = await (await fetch(`${svc.base}/checkout/${checkout['tid'] as string}`)).text();
    for (const [html, file] of [
      [page, 'src/http/web/kit/dashboard.js'],
      [checkoutPage, 'src/http/web/checkout/checkout.js'],
    ] as const) {
      const path = /<script[^>]* src="([^"]+\.js)"/.exec(html)?.[1];
      expect(path, file).toBeDefined();
      const served = await (await fetch(`${svc.base}${path}`)).text();
      expect(served, file).toBe(readFileSync(join(import.meta.dirname, '..', '..', file), 'utf8'));
    }
  });

  it('the dashboard home shows a payment made from outside, its balance and its row, without a reload', async () => {
    const p = await openPage(browser, null);
    await signIn(p.page, shop.usertag, '/dashboard');
    const page = p.page;
    // A reload would lose this.
    await page.evaluate('window.notReloaded = true');
    expect(await page.locator('[data-balance="lbtc"]').first().textContent()).toBe('0.00000000');
    const rowsBefore = await page.locator('tr[data-row]').count();

    // The shop's request, made and paid through the HTTP API while the page stays open.
    const request = await api('/lapi/v1/receive', shop.invoiceKey, { amount: 0.00012, description: 'Chai' });
    const tid = request['tid'] as string;
    const invoice = (request['lightning_invoice'] as { payreq: string }).payreq;
    await api('/sandbox/v1/pay', null, { invoice });

    await expect
      .poll(() => page.locator('[data-balance="lbtc"]').first().textContent(), { timeout: 10_000 })
      .toBe('0.00012000');
    await expect.poll(() => page.locator(`tr[data-row="${tid}"]`).count(), { timeout: 10_000 }).toBe(1);
    expect(await page.locator('tr[data-row]').count()).toBe(rowsBefore + 1);
    expect(await page.locator(`[data-status="${tid}"]`).textContent()).toBe('paid');
    expect(await page.evaluate('window.notReloaded')).toBe(true);
    p.expectNoPageErrors();
    await p.close();
  });

  it('the operator console loads its script without an error, at 320 and 1280 px without overflow', {
    timeout: 2 * BROWSER_TEST_TIMEOUT_MS,
  }, async () => {
    const p = await openPage(browser, null);
    await signIn(p.page, chief, '/admin');
    for (const path of ['/admin', '/admin/accounts', '/admin/kyc', '/admin/ledger', '/admin/system']) {
      const scriptLoaded = p.page.waitForResponse((r) =>
        /\/dashboard\/assets\/dashboard-[0-9a-f]+\.js$/.test(r.url()),
      );
      const res = await p.page.goto(`${svc.base}${path}`);
      expect(res?.status(), path).toBe(200);
      expect((await scriptLoaded).status()).toBe(200);
      await expectFitsEveryWidth(p.page, path, `dist-${dialect}${path.replace(/[/?=]/g, '-')}`);
    }
    p.expectNoPageErrors();
    await p.close();
  });

  it('every dashboard page fits 320 and 1280 px and runs its script without an error', {
    timeout: 3 * BROWSER_TEST_TIMEOUT_MS,
  }, async () => {
    // The address a newcomer opens first: the landing page, and from it the way in.
    const p = await openPage(browser, `${svc.base}/`);
    expect(await p.page.getByRole('heading', { level: 1 }).textContent()).toBe('Bitcoin payments');
    expect(await p.page.getByRole('link', { name: 'API reference (OpenAPI)' }).getAttribute('href')).toBe(
      '/openapi.json',
    );
    await expectFitsEveryWidth(p.page, 'landing', `dist-${dialect}-landing`);
    await p.page.goto(`${svc.base}/?lang=hi`);
    await expectFitsEveryWidth(p.page, 'landing in Hindi', `dist-${dialect}-landing-hi`);
    await p.page.goto(`${svc.base}/?lang=en`);
    await Promise.all([
      p.page.waitForURL(/\/dashboard\/sign-in/),
      p.page.getByRole('link', { name: 'Open the dashboard' }).click(),
    ]);
    await expectFitsEveryWidth(p.page, 'sign-in');
    await p.page.goto(`${svc.base}/dashboard/sign-up`);
    await expectFitsEveryWidth(p.page, 'sign-up');
    await signIn(p.page, shop.usertag, '/dashboard');
    for (const path of [
      '/dashboard',
      '/dashboard?lang=hi',
      '/dashboard/payments',
      '/dashboard/receive',
      '/dashboard/send',
      '/dashboard/developers',
      '/dashboard/account',
      '/dashboard/vouchers',
      '/dashboard/trading',
      '/dashboard/profile',
    ]) {
      const res = await p.page.goto(`${svc.base}${path}`);
      expect(res?.status(), path).toBe(200);
      await expectFitsEveryWidth(p.page, path, `dist-${dialect}${path.replace(/[/?=]/g, '-')}`);
    }
    p.expectNoPageErrors();
    await p.close();
  });
});
