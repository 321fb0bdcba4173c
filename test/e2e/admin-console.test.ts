import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/app/accounts/create-account.ts';
import { submitKyc } from '../../src/app/accounts/kyc.ts';
import { setPassword } from '../../src/app/accounts/password.ts';
import {
  BROWSER_TEST_TIMEOUT_MS,
  clippedElements,
  HAVE_BROWSER,
  horizontalOverflow,
  launchBrowser,
  openPage,
  screenshotPath,
} from '../fixtures/browser.ts';
import { PASSWORD } from '../fixtures/dashboard.ts';
import { DIALECTS, makeAccount, type TestAccount, type TestRuntime } from '../fixtures/runtime.ts';
import { DIST_START_TIMEOUT_MS, type DistService, startDistService } from '../fixtures/server-process.ts';

const PAGES: Array<[string, string]> = [
  ['overview', '/admin'],
  ['accounts', '/admin/accounts'],
  ['kyc', '/admin/kyc'],
  ['withdrawals', '/admin/withdrawals'],
  ['ledger', '/admin/ledger'],
  ['system', '/admin/system'],
  ['outbox', '/admin/outbox'],
  ['prices', '/admin/prices'],
  ['actions', '/admin/actions'],
];

/** The console of the compiled service (dist/, as npm start runs it); `t` opens its database here too. */
describe.skipIf(!HAVE_BROWSER).each(DIALECTS)('operator console in Chromium on %s', (dialect) => {
  let svc: DistService;
  let t: TestRuntime;
  let browser: Browser;
  let base: string;
  let shop: TestAccount;
  let reviewee: TestAccount;
  const chief = `chief_${dialect}`;

  beforeAll(async () => {
    svc = await startDistService(dialect);
    t = svc.t;
    const op = await createAccount(t.deps, {
      usertag: chief,
      email: `${chief}@example.com`,
      emailConfirmed: true,
      operatorGrantedBy: 'operator:root',
    });
    if (!op.ok) throw new Error(op.error.message);
    if (!(await setPassword(t.deps, chief, PASSWORD)).ok) throw new Error('password');
    shop = await makeAccount(t.deps, { usertag: `shady_shop_${dialect}`, fund: { lbtc: '0.02' } });
    const r = await createAccount(t.deps, {
      usertag: `asha_${dialect}`,
      email: `asha_${dialect}@example.com`,
      fullName: 'Asha Rao',
      emailConfirmed: true,
    });
    if (!r.ok) throw new Error(r.error.message);
    reviewee = {
      id: r.value.id,
      usertag: r.value.usertag,
      invoiceKey: r.value.invoiceKey,
      adminKey: r.value.adminKey,
    };
    const s = await submitKyc(
      t.deps,
      reviewee.usertag,
      { idType: 'passport', id1: 'https://docs.example/passport.png' },
      'holder',
    );
    if (!s.ok) throw new Error(s.error.message);
    base = svc.base;
    browser = await launchBrowser();
  }, DIST_START_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await svc?.close();
  });

  it('an operator signs in, approves a KYC submission and disables an account whose key the API then refuses', {
    timeout: BROWSER_TEST_TIMEOUT_MS,
  }, async () => {
    const opened = await openPage(browser, null);
    const page = opened.page;

    // Without a session the console sends to sign-in, and back after it.
    await page.goto(`${base}/admin/kyc`);
    expect(new URL(page.url()).pathname).toBe('/dashboard/sign-in');
    await page.getByLabel('Usertag or e-mail').fill(chief);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/admin\/kyc\?done=signed_in$/);

    // KYC review: the submission with its document; approve at level 2 with the password again.
    const card = page.locator('section.card', { has: page.getByRole('heading', { name: reviewee.usertag }) });
    await expect
      .poll(() => card.getByRole('link', { name: 'https://docs.example/passport.png' }).count())
      .toBe(1);
    await card.getByLabel('KYC level').selectOption('2');
    await card.getByLabel('Your password, to confirm').fill(PASSWORD);
    await card.getByRole('button', { name: `Approve ${reviewee.usertag}` }).click();
    await page.waitForURL(/done=kyc_approved/);
    expect(await page.getByRole('status').textContent()).toMatch(/approved/);
    expect(await page.getByText('No KYC submission is waiting for review.').count()).toBe(1);
    const reviewed = await t.deps.db.read
      .selectFrom('accounts')
      .select(['kyc_status', 'kyc_level', 'is_verified'])
      .where('id', '=', reviewee.id)
      .executeTakeFirstOrThrow();
    expect(reviewed).toMatchObject({ kyc_status: 'verified', kyc_level: 2n, is_verified: 1n });

    // The shop's key works until the operator disables the account.
    const wallet = () => fetch(`${base}/lapi/v1/wallet`, { headers: { 'x-api-key': shop.adminKey } });
    expect((await wallet()).status).toBe(200);
    await page.getByRole('link', { name: 'Accounts' }).click();
    await page.getByLabel('Usertag or e-mail starts with').fill('shady');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: shop.usertag }).click();
    await page.waitForURL(new RegExp(`/admin/accounts/${shop.usertag}$`));
    await page.getByLabel('Reason (kept in the operator log)').fill('Chargebacks from stolen cards');
    await page.getByLabel('Your password, to confirm').fill(PASSWORD);
    await page.getByRole('button', { name: `Disable ${shop.usertag}` }).click();
    await page.waitForURL(/done=disabled$/);
    expect(await page.getByRole('status').textContent()).toMatch(/The account is disabled/);

    const refused = await wallet();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ success: false, code: 'account_disabled' });

    await page.getByRole('link', { name: 'Operator log' }).click();
    expect(await page.locator('tbody tr').count()).toBe(3); // operator created, KYC approved, disabled
    expect(await page.locator('tbody').textContent()).toMatch(
      /account_disable.*kyc_review.*operator_create/s,
    );
    opened.expectNoPageErrors();
    await opened.close();
  });

  it('renders every console page, in English and Hindi, at 320 and 1280 px without overflow or policy violations', {
    timeout: 3 * BROWSER_TEST_TIMEOUT_MS,
  }, async () => {
    const pages = [...PAGES, ['account', `/admin/accounts/${shop.usertag}`] as [string, string]];
    for (const width of [320, 1280]) {
      const opened = await openPage(browser, null, { width, height: 800 });
      const page = opened.page;
      await page.goto(`${base}/dashboard/sign-in?next=/admin`);
      await page.getByLabel('Usertag or e-mail').fill(chief);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/admin\?done=signed_in$/);
      for (const lang of ['en', 'hi']) {
        for (const [name, path] of pages) {
          const url = `${path}${path.includes('?') ? '&' : '?'}lang=${lang}`;
          const res = await page.goto(`${base}${url}`);
          expect(res?.status(), url).toBe(200);
          expect(await page.getAttribute('html', 'lang'), url).toBe(lang);
          expect(await page.getByRole('heading', { level: 1 }).count(), url).toBe(1);
          // Nothing wider than the screen: tables stack, long values wrap.
          expect(await horizontalOverflow(page), `${url} at ${width} px`).toBeLessThanOrEqual(0);
          expect(await clippedElements(page), `${url} at ${width} px`).toEqual([]);
          await page.evaluate('document.fonts.ready.then(() => true)');
          await page.screenshot({
            path: screenshotPath(`admin-${name}-${width}${lang === 'en' ? '' : `-${lang}`}-${dialect}.png`),
            fullPage: true,
          });
        }
      }
      opened.expectNoPageErrors();
      await opened.close();
    }
  });
});
