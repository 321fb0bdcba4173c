import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setPassword } from '../../src/app/accounts/password.ts';
import { payDueItems } from '../../src/app/payouts/pay-items.ts';
import { en } from '../../src/http/web/dashboard/i18n/en.ts';
import { hi } from '../../src/http/web/dashboard/i18n/hi.ts';
import {
  BROWSER_TEST_TIMEOUT_MS,
  expectFitsEveryWidth,
  HAVE_BROWSER,
  launchBrowser,
  type OpenedPage,
  openPage,
} from '../fixtures/browser.ts';
import { PASSWORD } from '../fixtures/dashboard.ts';
import { DIALECTS, makeAccount, type TestAccount, type TestRuntime } from '../fixtures/runtime.ts';
import { DIST_START_TIMEOUT_MS, type DistService, startDistService } from '../fixtures/server-process.ts';
import { balanceOf } from '../fixtures/vouchers.ts';

/**
 * The dashboard's payout CSV in Chromium against the compiled service (dist/, as `npm start` runs it):
 * a CSV with a refused row is previewed, fixed, previewed again and paid; the batch's page shows its
 * items turn paid without a reload. The service's own payout worker waits PAYOUT_POLL_INTERVAL_MS (60 s,
 * the most) between its rounds, so the items are paid by a round the test runs in its own process
 * (`t`, the same database) once the page shows them queued.
 */
describe.skipIf(!HAVE_BROWSER).each(DIALECTS)('dashboard payouts in Chromium on %s', (dialect) => {
  let svc: DistService;
  let t: TestRuntime;
  let browser: Browser;
  let base: string;
  let payer: TestAccount;
  let alice: TestAccount;
  let bob: TestAccount;
  const opened: OpenedPage[] = [];

  beforeAll(async () => {
    svc = await startDistService(dialect, {
      SANDBOX_NODE_KEY: '3a'.repeat(32),
      PAYOUT_POLL_INTERVAL_MS: '60000',
      DASHBOARD_LIVE_POLL_MS: '200',
    });
    t = svc.t;
    base = svc.base;
    payer = await makeAccount(t.deps, { usertag: `payer_po_${dialect}`, fund: { lbtc: '0.01' } });
    alice = await makeAccount(t.deps, { usertag: `alice_po_${dialect}` });
    bob = await makeAccount(t.deps, { usertag: `bob_po_${dialect}` });
    await setPassword(t.deps, payer.usertag, PASSWORD);
    browser = await launchBrowser();
  }, DIST_START_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await svc?.close();
  });
  afterEach(async () => {
    for (const p of opened.splice(0)) {
      p.expectNoPageErrors();
      await p.close();
    }
  });

  const signedIn = async (): Promise<Page> => {
    const p = await openPage(browser, `${base}/dashboard/sign-in?lang=en`);
    opened.push(p);
    const page = p.page;
    await page.getByLabel('Usertag or e-mail').fill(payer.usertag);
    await page.getByLabel('Password').fill(PASSWORD);
    await Promise.all([
      page.waitForURL(/\/dashboard\?done=signed_in$/),
      page.getByRole('button', { name: 'Sign in' }).click(),
    ]);
    return page;
  };
  const submit = async (page: Page, button: string) => {
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: button }).click()]);
  };

  it('previews a CSV with a refused row, pays it fixed, and shows the items turn paid live', {
    timeout: BROWSER_TEST_TIMEOUT_MS,
  }, async () => {
    const page = await signedIn();
    await page.goto(`${base}/dashboard/payouts?lang=en`);
    expect(await page.locator('h1').textContent()).toBe(en.payouts.title);
    await page.getByRole('link', { name: en.payouts.createLink }).click();
    await page.waitForURL(`${base}/dashboard/payouts/new`);
    expect(await page.locator('h1').textContent()).toBe(en.payouts.createTitle);

    const before = await balanceOf(t, payer);
    const bad = `destination,amount,memo\n${alice.usertag},0.0001,"rent, March"\n${bob.usertag},0.0000x,tip\n`;
    await page.getByLabel(en.payouts.csvLabel).fill(bad);
    await submit(page, en.payouts.preview);
    const row3 = page.locator('tr[data-line="3"]');
    expect(await row3.locator('.pill').textContent()).toBe(en.payouts.invalid);
    expect(await page.locator('tr[data-line="2"] .pill').textContent()).toBe(en.payouts.valid);
    expect(await page.getByRole('button', { name: en.payouts.pay }).count()).toBe(0);
    await expectFitsEveryWidth(page, 'the preview with a refused row');

    // Fixed in the box the preview kept, previewed again: every row valid, the Pay form appears.
    const box = page.getByLabel(en.payouts.csvLabel);
    expect((await box.inputValue()).replace(/\r\n/g, '\n')).toBe(bad);
    await box.fill(bad.replace('0.0000x', '0.00002'));
    await submit(page, en.payouts.preview);
    expect(await page.locator('[data-bad-rows]').count()).toBe(0);
    expect(await page.locator('[data-total="amount"]').textContent()).toBe('0.00012000 BTC');
    await page.getByLabel(en.payouts.password).fill(PASSWORD);
    await Promise.all([
      page.waitForURL(/\/dashboard\/payouts\/[a-z0-9]{16}\?done=created$/),
      page.getByRole('button', { name: en.payouts.pay }).click(),
    ]);
    expect(await page.locator('[data-item="0"]').textContent()).toBe(en.payouts.itemStatus['queued']);
    expect(await page.locator('[data-item="1"]').textContent()).toBe(en.payouts.itemStatus['queued']);
    await expectFitsEveryWidth(page, 'the queued batch');

    // The items are paid now; the open page follows without a reload.
    let navigations = 0;
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) navigations += 1;
    });
    while ((await payDueItems(t.deps)).picked > 0) {
      /* every item */
    }
    await page.locator('[data-item="1"].pill.paid').waitFor();
    await page.locator('[data-item="0"].pill.paid').waitFor();
    await page.locator('[data-batch-status].pill.done').waitFor();
    expect(await page.locator('[data-count="paid"]').textContent()).toBe('2');
    expect(navigations).toBe(0);
    const batch = await t.deps.db.read.selectFrom('payout_batches').selectAll().executeTakeFirstOrThrow();
    expect(await balanceOf(t, payer)).toBe(before - batch.reserved_msat);
    await expectFitsEveryWidth(page, 'the paid batch');

    // In Hindi: the headings of the list, the form and the batch.
    const id = batch.public_id;
    await page.goto(`${base}/dashboard/payouts/${id}?lang=hi`);
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    expect(await page.locator('h1').textContent()).toBe(hi.payouts.batchTitle(id));
    await expectFitsEveryWidth(page, 'the batch in Hindi');
    await page.goto(`${base}/dashboard/payouts?lang=hi`);
    expect(await page.locator('h1').textContent()).toBe(hi.payouts.title);
    await expectFitsEveryWidth(page, 'the list in Hindi');
    await page.goto(`${base}/dashboard/payouts/new?lang=hi`);
    expect(await page.locator('h1').textContent()).toBe(hi.payouts.createTitle);
    await expectFitsEveryWidth(page, 'the form in Hindi');
  });
});
