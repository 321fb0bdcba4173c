import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPassword } from '../../src/app/accounts/password.ts';
import {
  BROWSER_TEST_TIMEOUT_MS,
  expectFitsEveryWidth,
  HAVE_BROWSER,
  launchBrowser,
  openPage,
} from '../fixtures/browser.ts';
import { PASSWORD } from '../fixtures/dashboard.ts';
import { makeAccount, type TestRuntime } from '../fixtures/runtime.ts';
import { DIST_START_TIMEOUT_MS, type DistService, startDistService } from '../fixtures/server-process.ts';

/** Both widths every main page is looked at (and kept as a screenshot): the narrowest phone, a laptop. */
const shoot = (page: Page, name: string) => expectFitsEveryWidth(page, name, `dashboard-${name}`);

/** The compiled service (dist/, as npm start runs it); `rt` opens its database in the test's process. */
describe.skipIf(!HAVE_BROWSER)('dashboard vouchers and trading in Chromium', () => {
  let svc: DistService;
  let rt: TestRuntime;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    svc = await startDistService('sqlite');
    rt = svc.t;
    base = svc.base;
    browser = await launchBrowser();
  }, DIST_START_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await svc?.close();
  });

  it('signs in, creates a voucher batch and revokes it, makes a trade credential whose secret is seen once', {
    timeout: BROWSER_TEST_TIMEOUT_MS,
  }, async () => {
    const a = await makeAccount(rt.deps, { fund: { lbtc: '0.01' } });
    await setPassword(rt.deps, a.usertag, PASSWORD);
    // A page answered 4xx (a wrong password: 401) is the page itself; a script error, a refused script
    // or style, or a sub-resource that failed is a problem (openPage records them).
    const opened = await openPage(browser, null);
    const page = opened.page;

    await page.goto(`${base}/dashboard/sign-in?next=/dashboard/vouchers`);
    await page.getByLabel('Usertag or e-mail').fill(a.usertag);
    await page.getByLabel('Password').fill(PASSWORD);
    await Promise.all([
      page.waitForURL(/\/dashboard\/vouchers\?done=signed_in$/),
      page.getByRole('button', { name: 'Sign in' }).click(),
    ]);
    expect(await page.getByText('No voucher batches yet').isVisible()).toBe(true);
    await shoot(page, 'vouchers-empty');

    // Create a batch of two.
    await page.getByRole('link', { name: 'Create a batch' }).click();
    await page.getByLabel('Amount per voucher (BTC)').fill('0.0001');
    await page.getByLabel('Number of vouchers').fill('2');
    await page.getByLabel('Title', { exact: true }).fill('Meetup prizes');
    await shoot(page, 'vouchers-new');
    // A wrong password first: the error is at the field, focusable, nothing made.
    await page.getByLabel('Your password').fill('not the password');
    await page.getByRole('button', { name: 'Create batch' }).click();
    expect(await page.locator('#f-password-err').textContent()).toBe('the password is wrong');
    expect(await page.getByLabel('Your password').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Your password').fill(PASSWORD);
    await Promise.all([
      page.waitForURL(/\/dashboard\/vouchers\/[A-Za-z0-9]+\?done=created$/),
      page.getByRole('button', { name: 'Create batch' }).click(),
    ]);
    expect(await page.getByRole('status').textContent()).toContain('The voucher batch is created');
    expect(await page.locator('tbody .pill.redeemable').count()).toBe(2);
    await shoot(page, 'voucher-batch');

    // The print sheet opens from the link.
    const printHref = await page.getByRole('link', { name: 'Print sheet' }).getAttribute('href');
    expect(printHref).toMatch(/^\/voucher\/[A-Za-z0-9]+\/print\?token=[0-9a-f]+$/);

    // Revoke it, with the password again.
    await page.getByLabel('Your password').fill(PASSWORD);
    await Promise.all([
      page.waitForURL(/\?done=revoked$/),
      page.getByRole('button', { name: 'Revoke the batch' }).click(),
    ]);
    expect(await page.getByRole('status').textContent()).toContain('The batch is revoked');
    expect(await page.locator('tbody .pill.revoked').count()).toBe(2);
    expect(await page.getByRole('button', { name: 'Revoke the batch' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Vouchers', exact: true }).click();
    expect(await page.getByText('Meetup prizes').isVisible()).toBe(true);
    await shoot(page, 'vouchers');

    // Trading: a credential, its secret shown once.
    await page.getByRole('link', { name: 'Trading', exact: true }).click();
    expect(await page.getByText('No trade credentials yet.').isVisible()).toBe(true);
    await page.getByLabel('Label').fill('grid bot');
    await page.getByLabel('Your password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create credential' }).click();
    const apiKey = (await page.locator('#api-key').textContent()) ?? '';
    const apiSecret = (await page.locator('#api-secret').textContent()) ?? '';
    expect(apiKey).toMatch(/^tk_[A-Za-z0-9]{24}$/);
    expect(apiSecret).toMatch(/^[A-Za-z0-9]{48}$/);
    await shoot(page, 'trade-credential-new');
    const token = await rt.app.inject({
      method: 'POST',
      url: '/trade/v1/auth/token',
      payload: { api_key: apiKey, api_secret: apiSecret },
    });
    expect(token.statusCode).toBe(200);

    // A reload sends the form again: no second credential, and the secret is gone.
    await page.reload();
    expect(await page.content()).not.toContain(apiSecret);
    expect(await page.locator('#api-secret').count()).toBe(0);
    await page.goto(`${base}/dashboard/trading`);
    expect(await page.content()).not.toContain(apiSecret);
    expect(await page.getByText(apiKey).isVisible()).toBe(true);
    const rows = await rt.deps.db.read.selectFrom('trade_credentials').select('id').execute();
    expect(rows).toHaveLength(1);
    await shoot(page, 'trading');

    await page.getByRole('link', { name: 'Profile', exact: true }).click();
    expect(await page.getByRole('heading', { name: 'Profile and verification' }).isVisible()).toBe(true);
    await shoot(page, 'profile');

    // The strict policy held: no refused script or style, no script error on any page.
    opened.expectNoPageErrors();
    await opened.close();
  });
});
