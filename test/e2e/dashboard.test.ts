import { createServer as createHttpServer, type Server } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPassword } from '../../src/app/accounts/password.ts';
import { dispatchDue } from '../../src/app/outbox/dispatch.ts';
import { HAVE_BROWSER, launchBrowser, screenshotPath } from '../fixtures/browser.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp.ts';

const PASSWORD = 'correct horse battery staple';

/** A free port on 127.0.0.1, so PUBLIC_URL can name the address the browser will use. */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** Quoted-printable soft breaks and escapes undone, enough to find a link in a message. */
const unQp = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

/** Collects Content-Security-Policy violations and script errors of a page. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.text().includes('Content Security Policy'))
      problems.push(`${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  return problems;
}

/** Screenshots of the page at 320 px and 1280 px wide (kept under test-results/screenshots). */
async function pictures(page: Page, name: string): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate('document.fonts.ready.then(() => true)');
    // Nothing is wider than the window at 320 px.
    if (width === 320)
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(320);
    await page.screenshot({ path: screenshotPath(`dashboard-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

describe.skipIf(!HAVE_BROWSER).each(DIALECTS)('dashboard in Chromium on %s', (dialect) => {
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
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await testRuntime(dialect, {
      PUBLIC_URL: base,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'paytag <no-reply@paytag.test>',
      SANDBOX_NODE_KEY: '11'.repeat(32),
    });
    await t.app.listen({ port, host: '127.0.0.1' });
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
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await new Promise<void>((r) => (evil ? evil.close(() => r()) : r()));
    await t?.close();
    await smtp?.close();
  });

  const newPage = async () => {
    const c = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(c);
    return c.newPage();
  };
  const apiWallet = (key: string) =>
    t.app.inject({ method: 'GET', url: '/lapi/v1/wallet', headers: { 'x-api-key': key } });

  it('sign up, confirm the e-mail, request a payment, pay it from another dashboard: both update live', async () => {
    const usertag = `shop_${dialect}`;
    const page = await newPage();
    const problems = watchProblems(page);
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

    // The confirmation e-mail, through the outbox to the SMTP server.
    await dispatchDue(t.deps, new AbortController().signal);
    const mail = smtp.messages.find((m) => m.to.includes(`${usertag}@example.com`));
    expect(mail).toBeDefined();
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
    const payerProblems = watchProblems(payerHome);
    await payerHome.goto(`${base}/dashboard/sign-in`);
    if (shots) await pictures(payerHome, 'sign-in');
    await payerHome.getByLabel('Usertag or e-mail').fill(payer.usertag);
    await payerHome.getByLabel('Password').fill(PASSWORD);
    await payerHome.getByRole('button', { name: 'Sign in' }).click();
    await payerHome.waitForURL(`${base}/dashboard?done=signed_in`);
    expect(await payerHome.locator('[data-balance="lbtc"]').first().textContent()).toBe('0.01000000');
    const payTab = await payerHome.context().newPage();
    await payTab.goto(`${base}/dashboard/send`);
    await payTab.getByLabel('Pay to').fill(payreq);
    await payTab.getByRole('button', { name: 'Review' }).click();
    expect(await payTab.locator('#send-amount').textContent()).toBe('0.00050000 BTC');
    expect(await payTab.locator('#send-total').textContent()).toMatch(/^0\.0005\d{4} BTC$/);
    if (shots) await pictures(payTab, 'send-confirm');
    await payTab.getByLabel('Your password').fill(PASSWORD);
    const paidAt = Date.now();
    await payTab.getByRole('button', { name: 'Send now' }).click();
    await payTab.waitForURL(/done=sent/);

    // Both homes change without a reload, within a second or so of the payment.
    await expect
      .poll(() => page.locator(`[data-status="${tid}"]`).textContent(), { timeout: 3000 })
      .toBe('paid');
    await expect
      .poll(() => page.locator('[data-balance="lbtc"]').first().textContent(), { timeout: 3000 })
      .toBe('0.00050000');
    expect(Date.now() - paidAt).toBeLessThan(2500);
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
    // The one refusal the page was sent (the short password) is the only answer that failed (the e-mail
    // confirmation page, not a dashboard page, has no icon: the browser's guess at /favicon.ico is not ours).
    expect(problems.filter((p) => !p.includes('/favicon.ico'))).toEqual([
      '400 /dashboard/sign-up',
      `Failed to load resource: the server responded with a status of 400 (Bad Request) (${base}/dashboard/sign-up)`,
    ]);
    expect(payerProblems).toEqual([]);
  });

  it('a replaced key is refused by the API; the new one works', async () => {
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

  it('a forged cross-site POST moves nothing and ends no session', async () => {
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
