import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAVE_BROWSER, launchBrowser, screenshotPath } from '../fixtures/browser.ts';
import { TEST_CHAIN_KEYS as KEYS } from '../fixtures/chain/keys.ts';
import { DIALECTS, freshDatabase, type TestDatabase } from '../fixtures/runtime.ts';
import { BIN, type ServerProcess, startServerProcess } from '../fixtures/server-process.ts';

// biome-ignore lint/suspicious/noExplicitAny: API answers are checked field by field
type Json = any;

/**
 * How long after the booking process ended an update may take to show on an open page: the status poll
 * is 0.5 s (the in-process stream tests hold it to 1 s); the rest is room for a loaded test machine.
 */
const LIVE_MS = 2000;
/** Each test starts several `paytag` processes, seconds each on a loaded machine. */
const TEST_MS = 180_000;

/**
 * A pro on-chain request paid on the sandbox chain while its checkout page is open in Chromium: the
 * service is a real `paytag serve` process, the request is made through its HTTP API, and the deposits
 * come from `paytag sandbox deposit` / `sandbox confirm` processes and from the page's sandbox form. The
 * page shows each step live (no reload): what was received, "Seen …, 1 of 2 confirmations", then paid; the
 * balance moves once per deposit, and a rescan books nothing more.
 */
describe.skipIf(!HAVE_BROWSER).each(DIALECTS)(
  'pro on-chain checkout paid live in Chromium on %s',
  (dialect) => {
    let db: TestDatabase;
    let dir: string;
    let env: NodeJS.ProcessEnv;
    let server: ServerProcess | null = null;
    let browser: Browser;
    let key: string;

    /** `paytag <args>` as its own process, without blocking this one (the page keeps running). */
    const cli = (...args: string[]): Promise<{ code: number; out: string; err: string }> =>
      new Promise((resolve) => {
        execFile(process.execPath, [BIN, ...args], { env, timeout: 60_000 }, (error, out, err) =>
          resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, out, err }),
        );
      });
    const api = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<Json> => {
      const res = await fetch(`${server!.url}${path}`, {
        method,
        headers: { authorization: key, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect(res.status, path).toBe(200);
      return res.json();
    };
    const balances = async (): Promise<Json> =>
      (
        (await (
          await fetch(`${server!.url}/tapi/v1/assetBalance`, { headers: { 'x-api-key': key } })
        ).json()) as Json
      ).data;

    /** Opens the request's checkout page and waits until its event stream is open. */
    const open = async (r: Json): Promise<{ page: Page; loads: () => number; problems: string[] }> => {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(e.message));
      let loads = 0;
      page.on('load', () => {
        loads += 1;
      });
      await page.goto(`${server!.url}${new URL(r.hosted_checkout_url).pathname}`);
      await page.waitForSelector('#checkout[data-live="stream"]');
      return { page, loads: () => loads, problems };
    };
    /** Waits until `selector`'s text contains `text`; how long that took after `sinceMs`. */
    const shows = async (page: Page, selector: string, text: string, sinceMs: number): Promise<number> => {
      await page.locator(selector, { hasText: text }).waitFor({ state: 'visible', timeout: 10_000 });
      return Date.now() - sinceMs;
    };

    beforeAll(async () => {
      db = await freshDatabase(dialect);
      dir = mkdtempSync(join(tmpdir(), 'paytag-pro-live-'));
      env = {
        ...process.env,
        PAYTAG_FROM_SOURCE: '1',
        DATABASE_URL: db.url,
        DATA_DIR: dir,
        PORT: '0',
        LOG_LEVEL: 'info',
        PUBLIC_URL: 'http://pay.example',
        RATE_LIMIT_ENABLED: 'false',
        BTC_XPUB: KEYS.btc.text,
        EVM_XPUB: KEYS.evm.text,
      };
      const created = await cli(
        'account',
        'create',
        '--usertag',
        `chai_${dialect}`,
        '--email',
        `chai_${dialect}@example.com`,
        '--json',
      );
      expect(created.code, created.err).toBe(0);
      key = JSON.parse(created.out).invoice_key;
      server = await startServerProcess(env, { readyTimeoutMs: 90_000 });
      browser = await launchBrowser();
    }, 240_000);
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
      await db?.drop();
    });

    it(
      'btc: an underpayment, then "Seen 0.00030000 BTC, 1 of 2 confirmations", then paid, each shown live; the balance moves once',
      async () => {
        const r = await api('POST', '/sapi/v1/receive', {
          wallet: 'btc',
          payment_mode: 'onchain',
          amount: 0.0004,
          description: 'Masala chai',
        });
        expect(r).toMatchObject({
          wallet: 'btc',
          payment_mode: 'onchain',
          status: 'pending',
          amount_received: 0,
        });
        const { page, loads, problems } = await open(r);
        expect(await page.isHidden('#chain-seen')).toBe(true);
        expect(await page.isHidden('#chain-received')).toBe(true);

        // Part of it, final at once: credited, and the request stays pending with what arrived.
        const part = await cli('sandbox', 'deposit', String(r.tid), '--amount', '0.0001', '--json');
        expect(part.code, part.err).toBe(0);
        expect(JSON.parse(part.out)).toMatchObject({ status: 'pending' });
        expect(
          await shows(
            page,
            '#chain-received',
            'Received so far: 0.00010000 BTC of 0.00040000 BTC',
            Date.now(),
          ),
        ).toBeLessThan(LIVE_MS);
        expect(await page.getAttribute('#checkout', 'data-state')).toBe('pending');
        expect(await api('GET', `/sapi/v1/checkPayment?tid=${r.tid}`)).toMatchObject({
          status: 'pending',
          amount_received: 0.0001,
        });

        // The rest with one confirmation of two: seen, not credited.
        const rest = await cli('sandbox', 'deposit', String(r.tid), '--confirmations', '1', '--json');
        expect(rest.code, rest.err).toBe(0);
        const tx = JSON.parse(rest.out).transaction_hash as string;
        expect(
          await shows(page, '#chain-seen', 'Seen 0.00030000 BTC, 1 of 2 confirmations', Date.now()),
        ).toBeLessThan(LIVE_MS);
        expect(await page.textContent('#chain-received')).toContain('0.00010000 BTC');
        expect(await page.getAttribute('#checkout', 'data-state')).toBe('pending');
        expect((await balances()).btc).toBe('0.00010000');
        await page.screenshot({ path: screenshotPath(`checkout-pro-seen-${dialect}.png`), fullPage: true });

        // The second confirmation: credited, paid, and the page turns paid by itself.
        const confirmed = await cli('sandbox', 'confirm', tx);
        expect(confirmed.code, confirmed.err).toBe(0);
        expect(await shows(page, '[data-show="paid"]', 'Payment received', Date.now())).toBeLessThan(LIVE_MS);
        expect(await page.textContent('[data-fill=amount]')).toBe('0.00040000 BTC');
        expect(await page.getAttribute('#checkout', 'data-state')).toBe('paid');
        expect(await page.$('#chain-progress')).toBeNull();
        // One reload only: after the underpayment the server drew the remainder's QR code; the deposit
        // seen on its way and the payment were shown live.
        expect(loads()).toBe(2);

        expect(await api('GET', `/sapi/v1/checkPayment?tid=${r.tid}`)).toMatchObject({
          status: 'paid',
          amount_received: 0.0004,
        });
        expect((await balances()).btc).toBe('0.00040000');
        // Scanning everything again books nothing twice.
        const rescan = await cli('chain', 'rescan', '--json');
        expect(rescan.code, rescan.err).toBe(0);
        expect(JSON.parse(rescan.out)).toMatchObject({ credited: 0 });
        expect((await balances()).btc).toBe('0.00040000');
        expect(problems).toEqual([]);
        await page.close();
      },
      TEST_MS,
    );

    it(
      'usdt on BEP20: the sandbox form deposits with one confirmation, the page shows it seen, then paid live',
      async () => {
        const r = await api('POST', '/sapi/v1/receive', {
          wallet: 'usdt',
          payment_mode: 'onchain',
          chain_network: 'BEP20',
          amount: 15.5,
        });
        const before = (await balances()).usdt;
        expect(before).toBe('0.00000000');
        const { page, loads, problems } = await open(r);
        expect(await page.textContent('#chain-warning')).toContain('Send USDT on BEP20 only');

        // The sandbox form: one confirmation of two (post/redirect/get back to the page).
        await page.fill('#sandbox-confirmations', '1');
        await Promise.all([page.waitForURL(/\?lang=en$/), page.click('form.sandbox-deposit button')]);
        await page.waitForSelector('#checkout[data-live="stream"]');
        expect(await page.textContent('#chain-seen')).toBe('Seen 15.5 USDT, 1 of 2 confirmations');
        expect(await page.getAttribute('#checkout', 'data-state')).toBe('pending');
        expect(await api('GET', `/sapi/v1/checkPayment?tid=${r.tid}`)).toMatchObject({
          status: 'pending',
          amount_received: 0,
        });
        expect((await balances()).usdt).toBe('0.00000000');
        // A mark on this document: a reload would lose it.
        await page.evaluate(() => {
          (globalThis as { paytagKept?: boolean }).paytagKept = true;
        });
        const loadsBefore = loads();

        // Confirmed from outside the page: it turns paid without a reload.
        const confirmed = await cli('sandbox', 'confirm', String(r.tid), '--confirmations', '2');
        expect(confirmed.code, confirmed.err).toBe(0);
        expect(await shows(page, '[data-show="paid"]', 'Payment received', Date.now())).toBeLessThan(LIVE_MS);
        expect(await page.textContent('[data-fill=amount]')).toBe('15.5 USDT');
        expect(await page.evaluate(() => (globalThis as { paytagKept?: boolean }).paytagKept)).toBe(true);
        expect(loads()).toBe(loadsBefore);

        expect(await api('GET', `/sapi/v1/checkPayment?tid=${r.tid}`)).toMatchObject({
          status: 'paid',
          amount_received: 15.5,
          chain_address: { asset: 'USDT', chain_network: 'BEP20' },
        });
        expect((await balances()).usdt).toBe('15.50000000');
        const again = await cli('sandbox', 'confirm', String(r.tid), '--confirmations', '6');
        expect(again.code, again.err).toBe(0);
        expect((await balances()).usdt).toBe('15.50000000');
        expect(problems).toEqual([]);
        await page.close();
      },
      TEST_MS,
    );
  },
);
