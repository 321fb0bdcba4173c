import type { Browser } from 'playwright-core';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxDeposit } from '../../src/app/chain/sandbox-deposit.ts';
import { expireInvoices } from '../../src/app/payments/settlement/expire-invoices.ts';
import { en } from '../../src/http/web/kit/i18n/en.ts';
import { hi } from '../../src/http/web/kit/i18n/hi.ts';
import { HAVE_BROWSER, launchBrowser, openPage, readQrCode, screenshotPath } from '../fixtures/browser.ts';
import { TEST_CHAIN_KEYS as KEYS } from '../fixtures/chain/keys.ts';
import { makeAccount, type TestAccount, type TestRuntime } from '../fixtures/runtime.ts';
import { DIST_START_TIMEOUT_MS, type DistService, startDistService } from '../fixtures/server-process.ts';

// biome-ignore lint/suspicious/noExplicitAny: API answers are checked field by field
type Json = any;

const ENV = { SANDBOX_NODE_KEY: '47'.repeat(32), BTC_XPUB: KEYS.btc.text, EVM_XPUB: KEYS.evm.text };

/**
 * The dark modules of a QR code SVG as the `qrcode` package draws them (the `d` of its dark path): the
 * page's code is the remainder's drawn with the page's options. (readQrCode reads it as a camera would.)
 */
const modulesOf = (svg: string): string => /<path[^>]*stroke="#000000"[^>]*d="([^"]+)"/.exec(svg)?.[1] ?? '';
const modulesOfUri = async (uri: string) =>
  modulesOf(await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }));

/** Every on-chain outcome's checkout page in Chromium, against the compiled service (`npm start`). */
describe.skipIf(!HAVE_BROWSER)('checkout of each on-chain outcome in Chromium', () => {
  let svc: DistService;
  let t: TestRuntime;
  let browser: Browser;
  let base: string;
  let shop: TestAccount;

  const receive = async (body: Record<string, unknown>): Promise<Json> => {
    const res = await fetch(`${base}/sapi/v1/receive`, {
      method: 'POST',
      headers: { authorization: shop.invoiceKey, 'content-type': 'application/json' },
      body: JSON.stringify({ payment_mode: 'onchain', ...body }),
    });
    expect(res.status).toBe(200);
    return res.json();
  };
  const deposit = async (tid: number, amount?: string) => {
    const d = await sandboxDeposit(t.deps, { tid: String(tid), ...(amount === undefined ? {} : { amount }) });
    if (!d.ok) throw new Error(d.error.message);
  };
  const status = async (r: Json): Promise<Json> => (await fetch(`${r.hosted_checkout_url}/status`)).json();
  /** The request's expiry moved into the past, then the expiry job's round. */
  const expire = async (tid: number) => {
    const past = Date.now() - 60_000;
    await t.deps.db.write((trx) =>
      trx
        .updateTable('payments')
        .set({ invoice_expires_at_ms: past, hosted_checkout_expiry_ms: past })
        .where('id', '=', BigInt(tid))
        .execute(),
    );
    await expireInvoices(t.deps);
  };

  beforeAll(async () => {
    svc = await startDistService('sqlite', ENV);
    t = svc.t;
    shop = await makeAccount(t.deps);
    base = svc.base;
    browser = await launchBrowser();
  }, DIST_START_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await svc?.close();
  });

  it('underpaid USDT: the open page turns to "Send 15.5 USDT more" and a QR code of the remainder by itself', {
    timeout: 120_000,
  }, async () => {
    const r = await receive({ wallet: 'usdt', chain_network: 'MATIC', amount: 25.5 });
    const p = await openPage(browser, r.hosted_checkout_url);
    try {
      expect(await p.page.textContent('#chain-amount')).toContain('Send exactly 25.5 USDT');
      await deposit(r.tid, '10');
      // The page reloads itself once the status's URI is the remainder's.
      await p.page.waitForSelector('#chain-amount[data-remaining]', { timeout: 60_000 });
      expect(await p.page.textContent('#chain-amount')).toBe(en.checkout.sendMore('15.5 USDT'));
      expect(await p.page.textContent('#chain-received')).toContain('Received so far: 10 USDT of 25.5 USDT');
      const remainder = (await status(r)).chain.uri as string;
      expect(remainder).toMatch(/&uint256=15500000$/);
      expect(await p.page.getAttribute('#pay-onchain .qr', 'href')).toBe(remainder);
      const svg = await p.page.$eval('#pay-onchain .qr svg', (e) => e.outerHTML);
      expect(modulesOf(svg)).toBe(await modulesOfUri(remainder));
      expect(modulesOf(svg)).not.toBe(await modulesOfUri(r.uri));
      expect(await readQrCode(p.page, '#pay-onchain .qr svg')).toBe(remainder);
      await p.page.screenshot({
        path: screenshotPath('checkout-outcome-usdt-underpaid.png'),
        fullPage: true,
      });
      p.expectNoPageErrors();
    } finally {
      await p.close();
    }
  });

  it('underpaid BTC: the remainder in BIP21 without the invoice, and no Lightning part', {
    timeout: 120_000,
  }, async () => {
    const r = await receive({ wallet: 'btc', amount: 0.001 });
    await deposit(r.tid, '0.0004');
    const p = await openPage(browser, `${r.hosted_checkout_url}?lang=hi`);
    try {
      expect(await p.page.textContent('#chain-amount')).toBe(hi.checkout.sendMore('0.00060000 BTC'));
      const remainder = (await status(r)).chain.uri as string;
      expect(remainder).toMatch(/^bitcoin:bcrt1[0-9a-z]+\?amount=0\.0006(&|$)/);
      expect(remainder).not.toContain('lightning=');
      expect(await p.page.getAttribute('#pay-onchain', 'data-uri')).toBe(remainder);
      const svg = await p.page.$eval('#pay-onchain .qr svg', (e) => e.outerHTML);
      expect(modulesOf(svg)).toBe(await modulesOfUri(remainder));
      expect(await readQrCode(p.page, '#pay-onchain .qr svg')).toBe(remainder);
      expect(await p.page.$('#pay-lightning')).toBeNull();
      p.expectNoPageErrors();
    } finally {
      await p.close();
    }
  });

  it('paid over: paid, with what was sent and the excess', { timeout: 120_000 }, async () => {
    const r = await receive({ wallet: 'btc', amount: 0.001 });
    await deposit(r.tid, '0.0015');
    const p = await openPage(browser, r.hosted_checkout_url);
    try {
      expect(await p.page.getAttribute('#checkout', 'data-state')).toBe('paid');
      expect(await p.page.textContent('#exception')).toBe(
        en.checkout.paidOverText('0.00150000 BTC', '0.00100000 BTC', '0.00050000 BTC'),
      );
      await p.page.screenshot({ path: screenshotPath('checkout-outcome-btc-over.png'), fullPage: true });
      p.expectNoPageErrors();
    } finally {
      await p.close();
    }
  });

  it('paid late: first seen after the expiry, paid, and the page says so', { timeout: 120_000 }, async () => {
    const r = await receive({ wallet: 'usdt', chain_network: 'BEP20', amount: 7 });
    await expire(r.tid);
    await deposit(r.tid);
    const p = await openPage(browser, r.hosted_checkout_url);
    try {
      expect(await p.page.getAttribute('#checkout', 'data-state')).toBe('paid');
      expect(await p.page.textContent('#exception')).toBe(en.checkout.paidLateText);
      p.expectNoPageErrors();
    } finally {
      await p.close();
    }
  });

  it('partial at the expiry: what arrived, in English and Hindi, and no QR code', {
    timeout: 120_000,
  }, async () => {
    const r = await receive({ wallet: 'usdt', chain_network: 'MATIC', amount: 25.5 });
    await deposit(r.tid, '10');
    await expire(r.tid);
    for (const [lang, m] of [
      ['en', en],
      ['hi', hi],
    ] as const) {
      const p = await openPage(browser, `${r.hosted_checkout_url}?lang=${lang}`);
      try {
        expect(await p.page.getAttribute('#checkout', 'data-state')).toBe('expired');
        expect(await p.page.textContent('h2')).toBe(m.checkout.partialTitle);
        expect(await p.page.textContent('#exception')).toBe(m.checkout.partialText('10 USDT', '25.5 USDT'));
        expect(await p.page.$('.qr')).toBeNull();
        await p.page.screenshot({
          path: screenshotPath(`checkout-outcome-usdt-partial-${lang}.png`),
          fullPage: true,
        });
        p.expectNoPageErrors();
      } finally {
        await p.close();
      }
    }
  });
});
