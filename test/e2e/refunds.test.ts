import { bech32 } from '@scure/base';
import type { Browser, Page } from 'playwright-core';
import QRCode from 'qrcode';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setPassword } from '../../src/app/accounts/password.ts';
import { en as dashEn } from '../../src/http/web/dashboard/i18n/en.ts';
import { hi as dashHi } from '../../src/http/web/dashboard/i18n/hi.ts';
import { en } from '../../src/http/web/kit/i18n/en.ts';
import { hi } from '../../src/http/web/kit/i18n/hi.ts';
import {
  BROWSER_TEST_TIMEOUT_MS,
  expectFitsEveryWidth,
  HAVE_BROWSER,
  launchBrowser,
  type OpenedPage,
  openPage,
  readQrCode,
  screenshotPath,
} from '../fixtures/browser.ts';
import { PASSWORD } from '../fixtures/dashboard.ts';
import { DIALECTS, makeAccount, type TestAccount, type TestRuntime } from '../fixtures/runtime.ts';
import { DIST_START_TIMEOUT_MS, type DistService, startDistService } from '../fixtures/server-process.ts';
import { auditViolations, balanceOf } from '../fixtures/vouchers.ts';

// biome-ignore lint/suspicious/noExplicitAny: API answers are checked field by field
type Json = any;

interface Refund {
  tid: string;
  payment_tid: string;
  amount: string;
  status: string;
  claimed_at: number | null;
  refund_url: string;
}

/**
 * The dark modules of a QR code SVG as the `qrcode` package draws them (the `d` of its dark path). No
 * QR decoder is installed; the page's QR code is drawn by the same package, so the code encodes `text`
 * exactly when its modules are those of `text` drawn with the page's options.
 */
const modulesOf = (svg: string): string => /<path[^>]*stroke="#000000"[^>]*d="([^"]+)"/.exec(svg)?.[1] ?? '';
const modulesOfText = async (text: string) =>
  modulesOf(await QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }));

/** The URL a bech32 LNURL (LUD-01) encodes, decoded here independently of the service's own code. */
const lnurlUrl = (lnurl: string): string =>
  new TextDecoder().decode(
    bech32.fromWords(bech32.decode(lnurl.toLowerCase() as `${string}1${string}`, 2000).words),
  );

const oneLine = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

/**
 * The refund page a payer opens (/refund/<code>) and the dashboard's Refund form, in Chromium, against
 * the compiled service (dist/, as `npm start` runs it). The test's own runtime (`t`) opens the same
 * database to make accounts and read balances; everything under test goes through HTTP.
 */
describe.skipIf(!HAVE_BROWSER).each(DIALECTS)('refunds in Chromium on %s', (dialect) => {
  let svc: DistService;
  let t: TestRuntime;
  let browser: Browser;
  let base: string;
  let merchant: TestAccount;
  let payer: TestAccount;
  const opened: OpenedPage[] = [];
  const shots = dialect === 'sqlite';

  beforeAll(async () => {
    // The voucher sweep (which returns an expired refund's escrow) runs often, to be waited for.
    svc = await startDistService(dialect, {
      SANDBOX_NODE_KEY: '29'.repeat(32),
      VOUCHER_SWEEP_INTERVAL_MS: '200',
    });
    t = svc.t;
    base = svc.base;
    merchant = await makeAccount(t.deps, { usertag: `shop_rf_${dialect}`, fund: { lbtc: '0.01' } });
    payer = await makeAccount(t.deps, { usertag: `payer_rf_${dialect}`, fund: { lbtc: '0.01' } });
    browser = await launchBrowser();
  }, DIST_START_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await svc?.close();
  });
  // Every page is watched: a script error, a console error or a failed sub-resource fails the test.
  afterEach(async () => {
    for (const p of opened.splice(0)) {
      p.expectNoPageErrors();
      await p.close();
    }
  });
  const open = async (url: string | null): Promise<Page> => {
    const p = await openPage(browser, url);
    opened.push(p);
    return p.page;
  };

  const api = async (path: string, key: string, body?: unknown): Promise<{ status: number; body: Json }> => {
    const res = await fetch(`${base}/lapi/v1/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: await res.json() };
  };
  /** A request of the merchant for `amount` BTC, paid by the payer over Lightning: its tid. */
  const paidPayment = async (amount: string): Promise<string> => {
    const r = await api('receive', merchant.invoiceKey, { amount });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const s = await api('send', payer.adminKey, {
      payment_mode: 'lightning',
      lightning_invoice: r.body.data.lightning_invoice.payreq,
    });
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    return r.body.data.tid as string;
  };
  const refunded = async (tid: string, amount: string): Promise<Refund> => {
    const r = await api('refund', merchant.adminKey, { tid, amount });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data as Refund;
  };
  /** The payment's refunds as its record lists them (checkPayment). */
  const refundsOf = async (tid: string): Promise<Refund[]> => {
    const r = await api(`checkPayment?tid=${tid}`, merchant.invoiceKey);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.refunds as Refund[];
  };
  const pathOf = (r: Refund) => new URL(r.refund_url).pathname;

  /** Types `to` into the refund page's one field and claims; waits for the page the claim leads to. */
  const claim = async (page: Page, to: string, button: string) => {
    await page.locator('#redeem_to').fill(to);
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: button }).click()]);
  };

  describe('the refund page', () => {
    it('shows the amount and a QR code of an LNURL-withdraw of exactly the refund; claimed to a usertag', {
      timeout: BROWSER_TEST_TIMEOUT_MS,
    }, async () => {
      const tid = await paidPayment('0.001');
      const r = await refunded(tid, '0.0003');
      expect(r.refund_url.startsWith(`${base}/refund/`)).toBe(true);
      const page = await open(`${r.refund_url}?lang=en`);
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
      expect(await page.locator('h1').textContent()).toBe(en.refund.title);
      expect(await page.locator('.amount').textContent()).toBe('0.00030000 BTC');
      expect(await page.locator('.sats').textContent()).toBe('30,000 sats');

      // The QR code is the LNURL the wallet link opens, and that LNURL is a withdraw offer of the refund.
      const href = (await page.locator('a.wallet').getAttribute('href')) ?? '';
      expect(href).toMatch(/^lightning:LNURL1[02-9AC-HJ-NP-Z]+$/);
      const lnurl = href.slice('lightning:'.length);
      const svg = await page.locator('.qr svg').evaluate((e) => e.outerHTML);
      expect(modulesOf(svg)).not.toBe('');
      expect(modulesOf(svg)).toBe(await modulesOfText(lnurl));
      // Read as a wallet's camera reads it (bech32 is case-insensitive; QR codes carry it upper-case).
      expect((await readQrCode(page, '.qr svg'))?.toUpperCase()).toBe(lnurl.toUpperCase());
      expect(await page.locator('.qrnote').textContent()).toBe(en.refund.scan);
      const offerUrl = lnurlUrl(lnurl);
      expect(offerUrl.startsWith(`${base}/`)).toBe(true);
      const offer = (await (await fetch(offerUrl)).json()) as Json;
      expect(offer).toMatchObject({
        tag: 'withdrawRequest',
        minWithdrawable: 30_000_000,
        maxWithdrawable: 30_000_000,
      });
      await expectFitsEveryWidth(page, 'the refund page', shots ? 'refund-open-en' : undefined);

      const stale = await open(`${r.refund_url}?lang=en`);
      const payerBefore = await balanceOf(t, payer);
      await claim(page, payer.usertag, en.refund.claim);
      expect(page.url()).toBe(`${base}${pathOf(r)}?lang=en&done=claimed`);
      expect(await page.getByRole('status').first().textContent()).toBe(
        en.refund.received('30,000', '0.00030000'),
      );
      expect(await page.getByRole('status').last().textContent()).toMatch(/^Claimed on .+\.$/);
      expect(await page.locator('#redeem_to').count()).toBe(0);
      expect(await page.locator('.qr').count()).toBe(0);
      if (shots) await page.screenshot({ path: screenshotPath('refund-claimed-en.png'), fullPage: true });
      expect((await balanceOf(t, payer)) - payerBefore).toBe(30_000_000n);
      const [listed] = await refundsOf(tid);
      expect(listed).toMatchObject({ tid: r.tid, amount: '0.00030000', status: 'claimed' });
      expect(typeof listed?.claimed_at).toBe('number');
      // A second claim, from a page opened before the first: refused, nothing more moves.
      const other = await makeAccount(t.deps, { usertag: `other_rf_${dialect}` });
      const response = stale.waitForResponse((res) => res.request().method() === 'POST');
      await claim(stale, other.usertag, en.refund.claim);
      expect((await response).status()).toBe(409);
      expect(await stale.getByRole('alert').textContent()).toBe(en.refund.notClaimable);
      expect(await stale.getByRole('status').last().textContent()).toMatch(/^Claimed on .+\.$/);
      expect(await balanceOf(t, other)).toBe(0n);
      expect((await balanceOf(t, payer)) - payerBefore).toBe(30_000_000n);
      // The offer of the QR code is gone with the claim.
      expect(((await (await fetch(offerUrl)).json()) as Json).status).toBe('ERROR');
      expect(await auditViolations(t)).toEqual([]);
    });

    it('in Hindi, claimed to a Lightning address of this service', {
      timeout: BROWSER_TEST_TIMEOUT_MS,
    }, async () => {
      const tid = await paidPayment('0.0005');
      const r = await refunded(tid, '0.00025');
      const page = await open(`${r.refund_url}?lang=hi`);
      expect(await page.locator('html').getAttribute('lang')).toBe('hi');
      expect(await page.locator('h1').textContent()).toBe(hi.refund.title);
      expect(await page.locator('label[for="redeem_to"]').textContent()).toBe(hi.refund.target);
      expect(await page.locator('.amount').textContent()).toBe('0.00025000 BTC');
      const lnurl = ((await page.locator('a.wallet').getAttribute('href')) ?? '').slice('lightning:'.length);
      const svg = await page.locator('.qr svg').evaluate((e) => e.outerHTML);
      expect(modulesOf(svg)).toBe(await modulesOfText(lnurl));
      expect(await page.locator('.qrnote').textContent()).toBe(hi.refund.scan);
      if (shots) await page.screenshot({ path: screenshotPath('refund-open-hi.png'), fullPage: true });

      const payerBefore = await balanceOf(t, payer);
      await claim(page, `${payer.usertag}@${new URL(base).host}`, hi.refund.claim);
      expect(page.url()).toBe(`${base}${pathOf(r)}?lang=hi&done=claimed`);
      expect(await page.getByRole('status').first().textContent()).toBe(
        hi.refund.received((25_000).toLocaleString(hi.locale), '0.00025000'),
      );
      expect(await page.locator('#redeem_to').count()).toBe(0);
      if (shots) await page.screenshot({ path: screenshotPath('refund-claimed-hi.png'), fullPage: true });
      expect((await balanceOf(t, payer)) - payerBefore).toBe(25_000_000n);
      expect((await refundsOf(tid)).map((x) => x.status)).toEqual(['claimed']);
      expect(await auditViolations(t)).toEqual([]);
    });

    it('claimed to a BOLT11 invoice made by another account', {
      timeout: BROWSER_TEST_TIMEOUT_MS,
    }, async () => {
      const tid = await paidPayment('0.001');
      const r = await refunded(tid, '0.0002');
      const friend = await makeAccount(t.deps, { usertag: `friend_rf_${dialect}` });
      const req = await api('receive', friend.invoiceKey, { amount: '0.0002' });
      expect(req.status).toBe(200);
      const payreq = req.body.data.lightning_invoice.payreq as string;
      const page = await open(`${r.refund_url}?lang=en`);
      const payerBefore = await balanceOf(t, payer);
      await claim(page, payreq, en.refund.claim);
      expect(page.url()).toBe(`${base}${pathOf(r)}?lang=en&done=claimed`);
      expect(await page.getByRole('status').first().textContent()).toBe(
        en.refund.received('20,000', '0.00020000'),
      );
      expect(await balanceOf(t, friend)).toBe(20_000_000n);
      expect(await balanceOf(t, payer)).toBe(payerBefore);
      const paid = await api(`checkPayment?tid=${req.body.data.tid}`, friend.invoiceKey);
      expect(paid.body.data.status).toBe('paid');
      expect((await refundsOf(tid)).map((x) => x.status)).toEqual(['claimed']);
      expect(await auditViolations(t)).toEqual([]);
    });

    it('two pages claim at once to two accounts: the refund is paid once, the other page refused', {
      timeout: BROWSER_TEST_TIMEOUT_MS,
    }, async () => {
      const tid = await paidPayment('0.001');
      const r = await refunded(tid, '0.00015');
      const a = await makeAccount(t.deps, { usertag: `race_a_${dialect}` });
      const b = await makeAccount(t.deps, { usertag: `race_b_${dialect}` });
      const pa = await open(`${r.refund_url}?lang=en`);
      const pb = await open(`${r.refund_url}?lang=hi`);
      await pa.locator('#redeem_to').fill(a.usertag);
      await pb.locator('#redeem_to').fill(b.usertag);
      const answers = await Promise.all(
        [
          [pa, en.refund.claim],
          [pb, hi.refund.claim],
        ].map(async ([p, button]) => {
          const page = p as Page;
          const response = page.waitForResponse((res) => res.request().method() === 'POST');
          await Promise.all([
            page.waitForLoadState('load'),
            page.getByRole('button', { name: button as string }).click(),
          ]);
          return (await response).status();
        }),
      );
      expect([...answers].sort()).toEqual([303, 409]);
      const loser = answers[0] === 409 ? pa : pb;
      expect(await loser.getByRole('alert').textContent()).toBe(
        loser === pa ? en.refund.notClaimable : hi.refund.notClaimable,
      );
      expect((await balanceOf(t, a)) + (await balanceOf(t, b))).toBe(15_000_000n);
      expect((await refundsOf(tid)).map((x) => x.status)).toEqual(['claimed']);
      expect(await auditViolations(t)).toEqual([]);
    });

    it('garbage typed in: a clear message on the page, in English and Hindi, and nothing moves', {
      timeout: BROWSER_TEST_TIMEOUT_MS,
    }, async () => {
      const tid = await paidPayment('0.001');
      const r = await refunded(tid, '0.0001');
      const merchantBefore = await balanceOf(t, merchant);
      for (const [lang, m] of [
        ['en', en],
        ['hi', hi],
      ] as const) {
        const page = await open(`${r.refund_url}?lang=${lang}`);
        const response = page.waitForResponse((res) => res.request().method() === 'POST');
        await claim(page, 'this is not a wallet!!', m.refund.claim);
        expect((await response).status()).toBe(400);
        expect(await page.locator('html').getAttribute('lang')).toBe(lang);
        // Not "usertag must be 3-32 characters": the payer was asked for any of three kinds of target.
        expect(await page.getByRole('alert').textContent()).toBe(m.refund.notATarget);
        // The page is the refund's again: what was typed, the QR code and the form, to try once more.
        expect(await page.locator('#redeem_to').inputValue()).toBe('this is not a wallet!!');
        expect(await page.locator('.qr svg').count()).toBe(1);
        expect(await page.locator('h1').textContent()).toBe(m.refund.title);
        await expectFitsEveryWidth(
          page,
          `the refused refund page (${lang})`,
          shots ? `refund-garbage-${lang}` : undefined,
        );
      }
      // Other targets that are none: each refused on the page with what is wrong with it.
      const page = await open(`${r.refund_url}?lang=en`);
      for (const [typed, says] of [
        ['nobody_has_this_tag', /no account|not found|unknown/i],
        ['lnbcrt1notaninvoice', /invoice/i],
        ['two@at@signs', /name@host/],
      ] as const) {
        const response = page.waitForResponse((res) => res.request().method() === 'POST');
        await claim(page, typed, en.refund.claim);
        const status = (await response).status();
        const alert = oneLine(await page.getByRole('alert').textContent());
        expect(status, alert).toBeGreaterThanOrEqual(400);
        expect(status, alert).toBeLessThan(500);
        expect(alert).toMatch(says);
        expect(await page.locator('#redeem_to').inputValue()).toBe(typed);
      }
      expect((await refundsOf(tid)).map((x) => x.status)).toEqual(['open']);
      expect(await balanceOf(t, merchant)).toBe(merchantBefore);
      expect(await auditViolations(t)).toEqual([]);
    });

    it('cancelled while the page was open: the claim is refused with a message, nothing moves', {
      timeout: BROWSER_TEST_TIMEOUT_MS,
    }, async () => {
      const tid = await paidPayment('0.001');
      const r = await refunded(tid, '0.0001');
      const page = await open(`${r.refund_url}?lang=en`);
      const c = await api('cancelRefund', merchant.adminKey, { tid: r.tid });
      expect(c.status, JSON.stringify(c.body)).toBe(200);
      const payerBefore = await balanceOf(t, payer);
      const response = page.waitForResponse((res) => res.request().method() === 'POST');
      await claim(page, payer.usertag, en.refund.claim);
      expect((await response).status()).toBeGreaterThanOrEqual(400);
      expect((await response).status()).toBeLessThan(500);
      // Said in the refund's words (the page never speaks of vouchers), the reason below it.
      expect(await page.getByRole('alert').textContent()).toBe(en.refund.notClaimable);
      expect(await page.getByRole('status').last().textContent()).toBe(en.refund.cancelled);
      expect(await page.locator('main').textContent()).not.toMatch(/voucher/i);
      expect(await page.locator('#redeem_to').count()).toBe(0);
      expect(await balanceOf(t, payer)).toBe(payerBefore);
      expect((await refundsOf(tid)).map((x) => x.status)).toEqual(['cancelled']);

      // Opened afresh, in Hindi: the state, no form, no QR code.
      const again = await open(`${r.refund_url}?lang=hi`);
      expect(await again.getByRole('status').last().textContent()).toBe(hi.refund.cancelled);
      expect(await again.locator('.qr').count()).toBe(0);
      expect(await auditViolations(t)).toEqual([]);
    });

    it('expired: the page says so and a claim from a page opened before is refused', {
      timeout: BROWSER_TEST_TIMEOUT_MS,
    }, async () => {
      const tid = await paidPayment('0.001');
      const r = await refunded(tid, '0.0001');
      const merchantHolding = await balanceOf(t, merchant);
      const page = await open(`${r.refund_url}?lang=en`);
      // The refund's voucher batch reaches its expiry (the service reads the time from its own clock).
      await t.deps.db.write((trx) =>
        trx
          .updateTable('voucher_batches')
          .set({ expires_at_ms: Date.now() - 60_000 })
          .where('id', '=', r.tid)
          .execute(),
      );
      const payerBefore = await balanceOf(t, payer);
      const response = page.waitForResponse((res) => res.request().method() === 'POST');
      await claim(page, payer.usertag, en.refund.claim);
      expect((await response).status()).toBeGreaterThanOrEqual(400);
      expect((await response).status()).toBeLessThan(500);
      expect(await page.getByRole('alert').textContent()).toBe(en.refund.notClaimable);
      expect(await page.locator('main').textContent()).not.toMatch(/voucher/i);
      expect(await page.getByRole('status').last().textContent()).toMatch(/^This refund expired on .+\. Ask/);
      expect(await balanceOf(t, payer)).toBe(payerBefore);
      for (const [lang, m] of [
        ['en', en],
        ['hi', hi],
      ] as const) {
        const fresh = await open(`${r.refund_url}?lang=${lang}`);
        expect(await fresh.locator('h1').textContent()).toBe(m.refund.title);
        const [pre = '', post = ''] = m.refund.expired('\u0000').split('\u0000');
        const state = (await fresh.getByRole('status').last().textContent()) ?? '';
        expect(state.startsWith(pre) && state.endsWith(post), state).toBe(true);
        expect(await fresh.locator('#redeem_to').count()).toBe(0);
        expect(await fresh.locator('.qr').count()).toBe(0);
      }
      expect((await refundsOf(tid)).map((x) => x.status)).toEqual(['expired']);
      // The service's sweep returns the escrow: the refund and its fee reserve (1 %).
      await expect
        .poll(() => balanceOf(t, merchant), { timeout: 30_000 })
        .toBe(merchantHolding + 10_000_000n + 100_000n);
      expect(await balanceOf(t, payer)).toBe(payerBefore);
      expect(await auditViolations(t)).toEqual([]);
    });

    it('an unknown code: a page saying no refund has it, in English and Hindi', {
      timeout: BROWSER_TEST_TIMEOUT_MS,
    }, async () => {
      for (const [lang, m] of [
        ['en', en],
        ['hi', hi],
      ] as const) {
        const page = await open(null);
        const res = await page.goto(`${base}/refund/nosuchcod3?lang=${lang}`);
        expect(res?.status()).toBe(404);
        expect(res?.headers()['content-type']).toMatch(/^text\/html/);
        expect(await page.locator('h1').textContent()).toBe(m.refund.unknownTitle);
      }
    });
  });

  describe('the dashboard’s Refund form', () => {
    // A merchant of its own: no refund of the tests above (swept at expiry) moves its balance meanwhile.
    beforeAll(async () => {
      merchant = await makeAccount(t.deps, { usertag: `shop_dash_${dialect}`, fund: { lbtc: '0.01' } });
      await setPassword(t.deps, merchant.usertag, PASSWORD);
    });
    /** A page of the merchant's dashboard, signed in through the form. */
    const signedIn = async (): Promise<Page> => {
      const page = await open(`${base}/dashboard/sign-in`);
      await page.getByLabel('Usertag or e-mail').fill(merchant.usertag);
      await page.getByLabel('Password').fill(PASSWORD);
      await Promise.all([
        page.waitForURL(/\/dashboard\?done=signed_in$/),
        page.getByRole('button', { name: 'Sign in' }).click(),
      ]);
      return page;
    };
    const form = (page: Page) => page.locator('#refund-form');
    const section = (page: Page) => page.locator('section[aria-labelledby="rf"]');
    const submitRefund = async (page: Page, amount: string, password: string) => {
      await form(page).getByLabel(dashEn.payments.refundAmount).fill(amount);
      await form(page).getByLabel(dashEn.send.password).fill(password);
      const response = page.waitForResponse((res) => res.request().method() === 'POST');
      await Promise.all([
        page.waitForLoadState('load'),
        form(page).getByRole('button', { name: dashEn.payments.refundButton }).click(),
      ]);
      return (await response).status();
    };
    /** The refusal shown under `field` of the refund form, which says it is invalid. */
    const fieldError = async (page: Page, label: string) => {
      const input = form(page).getByLabel(label);
      expect(await input.getAttribute('aria-invalid')).toBe('true');
      return oneLine(await page.locator(`#${await input.getAttribute('id')}-err`).textContent());
    };

    it('refunds part of a received payment after the password; the refund is listed with its link', {
      timeout: BROWSER_TEST_TIMEOUT_MS,
    }, async () => {
      const tid = await paidPayment('0.001');
      const page = await signedIn();
      // Opened from the history: the row's status links to the payment's page.
      await page.goto(`${base}/dashboard/payments?lang=en`);
      await Promise.all([
        page.waitForURL(`${base}/dashboard/payments/${tid}`),
        page.locator(`tr[data-row="${tid}"] a`).click(),
      ]);
      expect(await page.locator('#refunds').count()).toBe(0);
      // The form's fields are labelled (the password field by its own label, not the status form's).
      expect(await form(page).getByLabel(dashEn.payments.refundAmount).count()).toBe(1);
      expect(await form(page).getByLabel(dashEn.send.password).count()).toBe(1);
      const before = await balanceOf(t, merchant);

      // The wrong password: refused under the password field, nothing moves.
      expect(await submitRefund(page, '0.0004', 'not the password at all')).toBe(401);
      expect(await fieldError(page, dashEn.send.password)).toBe('the password is wrong');
      expect(await form(page).getByLabel(dashEn.payments.refundAmount).inputValue()).toBe('0.0004');
      expect(await balanceOf(t, merchant)).toBe(before);
      expect(await refundsOf(tid)).toEqual([]);

      // More than was received: refused under the amount, in BTC as it was typed; nothing moves.
      expect(await submitRefund(page, '0.002', PASSWORD)).toBe(422);
      expect(await fieldError(page, dashEn.payments.refundAmount)).toBe(
        'the payment received 0.00100000 BTC and its refunds hold 0.00000000 BTC: at most 0.00100000 BTC more can be refunded',
      );
      expect(await form(page).getByLabel(dashEn.payments.refundAmount).inputValue()).toBe('0.002');
      if (shots) await section(page).screenshot({ path: screenshotPath('dashboard-refund-refused.png') });
      expect(await balanceOf(t, merchant)).toBe(before);
      expect(await refundsOf(tid)).toEqual([]);

      // Part of it, with the password.
      expect(await submitRefund(page, '0.0004', PASSWORD)).toBe(303);
      expect(page.url()).toBe(`${base}/dashboard/payments/${tid}?done=refunded`);
      const [listed] = await refundsOf(tid);
      expect(listed).toMatchObject({ amount: '0.00040000', status: 'open' });
      const item = page.locator('#refunds li');
      expect(await item.count()).toBe(1);
      const link = item.getByRole('link', { name: '0.00040000 BTC' });
      expect(await link.textContent()).toBe('0.00040000 BTC');
      expect(new URL((await link.getAttribute('href')) ?? '', base).toString()).toBe(listed?.refund_url);
      expect(await item.locator('.refund-status').textContent()).toBe('open');
      // 0.0004 BTC and its fee reserve (1 %) held in escrow.
      expect(before - (await balanceOf(t, merchant))).toBe(40_000_000n + 400_000n);
      await expectFitsEveryWidth(page, 'the refunded payment', shots ? 'dashboard-refunded' : undefined);

      // In Hindi: the list and the form in the page's language.
      await page.goto(`${base}/dashboard/payments/${tid}?lang=hi`);
      expect(await page.locator('#rl').textContent()).toBe(dashHi.payments.refundsTitle);
      expect(await form(page).getByRole('button', { name: dashHi.payments.refundButton }).count()).toBe(1);
      expect(await form(page).getByLabel(dashHi.payments.refundAmount).count()).toBe(1);
      expect(await page.locator('#refunds .refund-status').textContent()).toBe('खुला');
      await page.goto(`${base}/dashboard/payments/${tid}?lang=en`);

      // An open refund is cancelled from its voucher batch's page (the password asked again): the escrow
      // returns, the payment's page lists it cancelled.
      await Promise.all([
        page.waitForURL(`${base}/dashboard/vouchers/${listed?.tid}`),
        item.getByRole('link', { name: dashEn.payments.refundCancel }).click(),
      ]);
      await page.getByLabel(dashEn.vouchers.password).fill(PASSWORD);
      await Promise.all([
        page.waitForURL(`${base}/dashboard/vouchers/${listed?.tid}?done=revoked`),
        page.getByRole('button', { name: dashEn.vouchers.revoke }).click(),
      ]);
      expect(await balanceOf(t, merchant)).toBe(before);
      await page.goto(`${base}/dashboard/payments/${tid}?lang=en`);
      expect(await item.locator('.refund-status').textContent()).toBe('cancelled');
      expect(await item.getByRole('link', { name: dashEn.payments.refundCancel }).count()).toBe(0);
      expect((await refundsOf(tid)).map((x) => x.status)).toEqual(['cancelled']);

      // The link is the payer's page, which says the refund was cancelled.
      await Promise.all([page.waitForURL(listed?.refund_url ?? ''), link.click()]);
      expect(await page.locator('.amount').textContent()).toBe('0.00040000 BTC');
      expect(await page.getByRole('status').last().textContent()).toBe(en.refund.cancelled);
      expect(await auditViolations(t)).toEqual([]);
    });
  });
});

/**
 * The refund page's refusals are pages too: a payer over the redeem limit (a 429 from the limiter, counted
 * on looking codes up as on claiming) or on a path under /refund that is no page reads a page in their
 * language, not the API's JSON.
 */
describe.skipIf(!HAVE_BROWSER).each(DIALECTS)('the refund page’s refusals in Chromium on %s', (dialect) => {
  let svc: DistService;
  let browser: Browser;
  let refundUrl: string;

  beforeAll(async () => {
    svc = await startDistService(dialect, {
      SANDBOX_NODE_KEY: '2a'.repeat(32),
      RATE_LIMIT_ENABLED: 'true',
      VOUCHER_REDEEM_PER_IP_PER_MINUTE: '2',
    });
    const merchant = await makeAccount(svc.t.deps, { fund: { lbtc: '0.01' } });
    const payer = await makeAccount(svc.t.deps, { fund: { lbtc: '0.01' } });
    const call = async (path: string, key: string, body: unknown): Promise<Json> => {
      const res = await fetch(`${svc.base}/lapi/v1/${path}`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as Json).data;
    };
    const req = await call('receive', merchant.invoiceKey, { amount: '0.0001' });
    await call('send', payer.adminKey, {
      payment_mode: 'lightning',
      lightning_invoice: req.lightning_invoice.payreq,
    });
    refundUrl = (await call('refund', merchant.adminKey, { tid: req.tid })).refund_url;
    browser = await launchBrowser();
  }, DIST_START_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await svc?.close();
  });

  it('over the limit: a 429 page with the wait, in English and Hindi; a path that is no page: a 404 page', {
    timeout: BROWSER_TEST_TIMEOUT_MS,
  }, async () => {
    const p = await openPage(browser, null);
    try {
      // Two look-ups a minute from one address are allowed here (VOUCHER_REDEEM_PER_IP_PER_MINUTE=2).
      for (let i = 0; i < 2; i++) expect((await p.page.goto(`${refundUrl}?lang=en`))?.status()).toBe(200);
      for (const [lang, m] of [
        ['en', en],
        ['hi', hi],
      ] as const) {
        const res = await p.page.goto(`${refundUrl}?lang=${lang}`);
        expect(res?.status()).toBe(429);
        expect(res?.headers()['content-type']).toMatch(/^text\/html/);
        expect(Number(res?.headers()['retry-after'])).toBeGreaterThan(0);
        expect(await p.page.locator('html').getAttribute('lang')).toBe(lang);
        expect(await p.page.locator('h1').textContent()).toBe(m.common.refused);
        expect(await p.page.locator('main').textContent()).toMatch(
          /too many redeem attempts.+retry in \d+ s/,
        );
        if (dialect === 'sqlite')
          await p.page.screenshot({ path: screenshotPath(`refund-limited-${lang}.png`), fullPage: true });
      }
      const res = await p.page.goto(`${refundUrl}/more?lang=hi`);
      expect(res?.status()).toBe(404);
      expect(res?.headers()['content-type']).toMatch(/^text\/html/);
      expect(await p.page.locator('h1').textContent()).toBe(hi.refund.unknownTitle);
      p.expectNoPageErrors();
    } finally {
      await p.close();
    }
  });
});
