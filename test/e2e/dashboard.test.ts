import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setPassword } from '../../src/app/accounts/password.ts';
import { dispatchDue } from '../../src/app/outbox/dispatch.ts';
import {
  BROWSER_TEST_TIMEOUT_MS,
  expectFitsEveryWidth,
  HAVE_BROWSER,
  launchBrowser,
  type PageProblems,
  watchPage,
} from '../fixtures/browser.ts';
import { DIALECTS, makeAccount, type TestAccount, type TestRuntime } from '../fixtures/runtime.ts';
import { DIST_START_TIMEOUT_MS, type DistService, startDistService } from '../fixtures/server-process.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp.ts';

const PASSWORD = 'correct horse battery staple';

/** Quoted-printable soft breaks and escapes undone, enough to find a link in a message. */
const unQp = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

/** The page at 320 px and 1280 px wide: nothing cut or overflowing (screenshots under test-results). */
const pictures = (page: Page, name: string) => expectFitsEveryWidth(page, name, `dashboard-${name}`);

/**
 * The dashboard of the compiled service (dist/, as npm start runs it) in Chromium. The test's own
 * runtime (`t`) opens the same database to make accounts and read rows.
 */
describe.skipIf(!HAVE_BROWSER).each(DIALECTS)('dashboard in Chromium on %s', (dialect) => {
  let svc: DistService;
  let t: TestRuntime;
  let smtp: TestSmtpServer;
  let browser: Browser;
  let base: string;
  let evil: Server;
  let evilUrl: string;
  let payer: TestAccount;
  const contexts: BrowserContext[] = [];
  const shots = dialect === 'sqlite';

  beforeAll(async () => {
    smtp = await startSmtpServer();
    svc = await startDistService(dialect, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'paytag <no-reply@paytag.test>',
    });
    t = svc.t;
    base = svc.base;
    payer = await makeAccount(t.deps, { usertag: `payer_${dialect}`, fund: { lbtc: '0.01' } });
    await setPassword(t.deps, payer.usertag, PASSWORD);
    // Another site (localhost is another site than 127.0.0.1) whose page posts forms to the dashboard.
    evil = createHttpServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://localhost');
      const action = u.searchParams.get('action') ?? '/dashboard/sign-out-everywhere';
      const fields = [...u.searchParams].filter(([k]) => k !== 'action');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><title>Win a prize</title><form id="f" method="post" action="${base}${action}">` +
          fields.map(([k, v]) => `<input type="hidden" name="${k}" value="${v}">`).join('') +
          `<button>Claim</button></form><script>document.getElementById('f').submit()</script>`,
      );
    });
    await new Promise<void>((r) => evil.listen(0, '127.0.0.1', r));
    evilUrl = `http://localhost:${(evil.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  }, DIST_START_TIMEOUT_MS);
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await new Promise<void>((r) => (evil ? evil.close(() => r()) : r()));
    await svc?.close();
    await smtp?.close();
  });

  // Every page of a test is watched; a script error, console error or failed sub-resource fails it.
  const watched: PageProblems[] = [];
  afterEach(() => {
    for (const w of watched.splice(0)) w.expectNoPageErrors();
  });
  const newPage = async () => {
    const c = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(c);
    const page = await c.newPage();
    watched.push(watchPage(page));
    return page;
  };
  const apiWallet = (key: string) =>
    t.app.inject({ method: 'GET', url: '/lapi/v1/wallet', headers: { 'x-api-key': key } });

  it('sign up, confirm the e-mail, request a payment, pay it from another dashboard: both update live', {
    timeout: BROWSER_TEST_TIMEOUT_MS,
  }, async () => {
    const usertag = `shop_${dialect}`;
    const page = await newPage();
    await page.goto(`${base}/dashboard/sign-up`);
    if (shots) await pictures(page, 'sign-up');
    // A refused field is tied to its error.
    await page.getByLabel('Usertag').fill(usertag);
    await page.getByLabel('E-mail').fill(`${usertag}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Repeat the password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    const pw = page.getByLabel('Password', { exact: true });
    expect(await pw.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`#${await pw.getAttribute('id')}-err`).textContent()).toContain(
      '12 to 1024 characters',
    );
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${base}/dashboard?done=signed_up`);
    expect(await page.getByRole('status').first().textContent()).toContain('Your account is ready');
    expect(await page.getByRole('note').textContent()).toContain('is not confirmed yet');

    // The confirmation e-mail, through the outbox to the SMTP server (the server's job, or this one).
    await dispatchDue(t.deps, new AbortController().signal);
    await expect.poll(() => smtp.messages.some((m) => m.to.includes(`${usertag}@example.com`))).toBe(true);
    const mail = smtp.messages.find((m) => m.to.includes(`${usertag}@example.com`));
    const link =
      /https?:\/\/[^\s"<>]+\/verify\/email\/[A-Za-z0-9_-]{32}/.exec(unQp(mail?.raw ?? ''))?.[0] ?? '';
    expect(link.startsWith(`${base}/verify/email/`)).toBe(true);
    await page.goto(link);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.goto(`${base}/dashboard`);
    expect(await page.getByRole('note').count()).toBe(0);
    expect(await page.locator('#lightning-address').textContent()).toBe(
      `${usertag}@127.0.0.1:${new URL(base).port}`,
    );
    expect(await page.getByRole('img', { name: 'QR code of your Lightning address' }).isVisible()).toBe(true);

    // A payment request, with its checkout link and QR.
    await page.getByRole('link', { name: 'Request' }).click();
    if (shots) await pictures(page, 'request');
    await page.getByLabel('Amount (BTC)').fill('0.0005');
    await page.getByLabel('Description').fill('Masala chai');
    await page.getByRole('button', { name: 'Create request' }).click();
    await page.waitForURL(/\/dashboard\/payments\/[a-z0-9]{16}\?done=request_created/);
    const tid = /payments\/([a-z0-9]{16})/.exec(page.url())?.[1] ?? '';
    expect(await page.locator('#checkout-link').textContent()).toBe(`${base}/checkout/${tid}`);
    expect(await page.getByRole('img', { name: 'QR code of the checkout link' }).isVisible()).toBe(true);
    if (shots) await pictures(page, 'payment');
    const payreq =
      (await page.locator('dt:has(code:text-is("lightning_invoice.payreq")) + dd').textContent()) ?? '';
    expect(payreq).toMatch(/^lnbc/);

    // The shop's home stays open (no reload) while the payer pays.
    await page.goto(`${base}/dashboard`);
    await page.evaluate('window.marker = 7');
    expect(await page.locator('[data-balance="lbtc"]').first().textContent()).toBe('0.00000000');
    expect(await page.locator(`[data-status="${tid}"]`).textContent()).toBe('pending');
    if (shots) await pictures(page, 'home');

    // The payer signs in; their home is open in one tab, they pay in another.
    const payerHome = await newPage();
    await payerHome.goto(`${base}/dashboard/sign-in`);
    if (shots) await pictures(payerHome, 'sign-in');
    await payerHome.getByLabel('Usertag or e-mail').fill(payer.usertag);
    await payerHome.getByLabel('Password').fill(PASSWORD);
    await payerHome.getByRole('button', { name: 'Sign in' }).click();
    await payerHome.waitForURL(`${base}/dashboard?done=signed_in`);
    expect(await payerHome.locator('[data-balance="lbtc"]').first().textContent()).toBe('0.01000000');
    const payTab = await payerHome.context().newPage();
    watched.push(watchPage(payTab));
    await payTab.goto(`${base}/dashboard/send`);
    await payTab.getByLabel('Pay to').fill(payreq);
    await payTab.getByRole('button', { name: 'Review' }).click();
    expect(await payTab.locator('#send-amount').textContent()).toBe('0.00050000 BTC');
    expect(await payTab.locator('#send-total').textContent()).toMatch(/^0\.0005\d{4} BTC$/);
    if (shots) await pictures(payTab, 'send-confirm');
    await payTab.getByLabel('Your password').fill(PASSWORD);
    await payTab.getByRole('button', { name: 'Send now' }).click();
    await payTab.waitForURL(/done=sent/);

    // Both homes change without a reload.
    await expect
      .poll(() => page.locator(`[data-status="${tid}"]`).textContent(), { timeout: 3000 })
      .toBe('paid');
    await expect
      .poll(() => page.locator('[data-balance="lbtc"]').first().textContent(), { timeout: 3000 })
      .toBe('0.00050000');
    expect(await page.evaluate('window.marker')).toBe(7);
    await expect
      .poll(async () => Number(await payerHome.locator('[data-balance="lbtc"]').first().textContent()), {
        timeout: 3000,
      })
      .toBeLessThanOrEqual(0.0095);
    await expect
      .poll(() => payerHome.locator('tr[data-row] td', { hasText: '−0.00050000 BTC' }).count(), {
        timeout: 3000,
      })
      .toBe(1);

    await page.goto(`${base}/dashboard/payments`);
    if (shots) await pictures(page, 'payments');
    await page.goto(`${base}/dashboard/account`);
    if (shots) await pictures(page, 'account');
  });

  it('a replaced key is refused by the API; the new one works', {
    timeout: BROWSER_TEST_TIMEOUT_MS,
  }, async () => {
    const page = await newPage();
    await page.goto(`${base}/dashboard/sign-in`);
    await page.getByLabel('Usertag or e-mail').fill(`${payer.usertag}@example.com`);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/done=signed_in/);
    await page.getByRole('link', { name: 'Developers' }).click();
    expect((await apiWallet(payer.invoiceKey)).statusCode).toBe(200);
    const form = page.locator('form[action="/dashboard/developers/keys/invoice"]');
    await form.getByLabel('Your password').fill(PASSWORD);
    await form.getByRole('button').click();
    const fresh = (await page.locator('#new-invoice').textContent()) ?? '';
    expect(fresh).toMatch(/^[A-Za-z0-9]{20,}$/);
    if (shots) await pictures(page, 'developers');
    expect((await apiWallet(payer.invoiceKey)).statusCode).toBe(401);
    expect((await apiWallet(fresh)).statusCode).toBe(200);
  });

  it('a forged cross-site POST moves nothing and ends no session', {
    timeout: BROWSER_TEST_TIMEOUT_MS,
  }, async () => {
    const page = await newPage();
    await page.goto(`${base}/dashboard/sign-in`);
    await page.getByLabel('Usertag or e-mail').fill(payer.usertag);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/done=signed_in/);
    const before = (
      await apiWallet((await t.app.inject({ method: 'GET', url: '/health' })) && payer.adminKey)
    ).json();
    const victim = `shop_${dialect}`;
    for (const q of [
      `action=/dashboard/send&to=${victim}&amount=0.001&password=${encodeURIComponent(PASSWORD)}&idempotency_key=${'cd'.repeat(16)}`,
      'action=/dashboard/sign-out-everywhere',
    ]) {
      const answer = page.waitForResponse(
        (r) => r.url().startsWith(`${base}/dashboard/`) && r.request().method() === 'POST',
      );
      await page.goto(`${evilUrl}/?${q}`);
      expect((await answer).status()).toBe(403);
      expect(await page.locator('.problem').textContent()).toContain('Nothing was changed');
    }
    expect((await apiWallet(payer.adminKey)).json().data.balance_lbtc).toBe(before.data.balance_lbtc);
    await page.goto(`${base}/dashboard`);
    expect(page.url()).toBe(`${base}/dashboard`);
  });
});
