import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_TEST_TIMEOUT_MS, HAVE_BROWSER, launchBrowser } from '../fixtures/browser.ts';
import { foreignInvoice } from '../fixtures/lightning/helpers.ts';
import { DIALECTS, makeAccount, type TestAccount } from '../fixtures/runtime.ts';
import { DIST_START_TIMEOUT_MS, type DistService, startDistService } from '../fixtures/server-process.ts';

/**
 * A web page on another origin uses a paytag wallet through the LNbits wallet API, as Bitcoin Connect's
 * LNbits connector does in a shop's page: its calls are fetches with `X-Api-Key` and a JSON content type,
 * so Chromium sends a CORS preflight first and reads the answers only when the API allows any origin.
 * The provider below is a line-by-line port of `LnbitsWebLNProvider` from getAlby/bitcoin-connect,
 * src/connectors/LnbitsConnector.ts at e8ceebefc6fb122164f262a59f2e8a4ddad867bd (types dropped).
 */
const LNBITS_WEBLN_PROVIDER = `
class LnbitsWebLNProvider {
  constructor(lnbitsUrl, lnbitsAdminKey) { this._instanceUrl = lnbitsUrl; this._adminKey = lnbitsAdminKey; }
  async getInfo() {
    const response = await this.requestLnbits('GET', '/api/v1/wallet');
    return { node: { alias: response.name, pubkey: '' }, methods: ['getInfo', 'getBalance', 'sendPayment'], version: '1.0', supports: ['lightning'] };
  }
  async makeInvoice(args) {
    const response = await this.requestLnbits('POST', '/api/v1/payments', {
      amount: args.amount || args.defaultAmount || +args, memo: args.defaultMemo, out: false,
    });
    return { paymentRequest: response.payment_request };
  }
  async sendPayment(paymentRequest) {
    const response = await this.requestLnbits('POST', '/api/v1/payments', { bolt11: paymentRequest, out: true });
    const checkResponse = await this.requestLnbits('GET', '/api/v1/payments/' + response.payment_hash);
    if (!checkResponse.preimage) throw new Error('No preimage');
    return { preimage: checkResponse.preimage };
  }
  async getBalance() {
    const response = await this.requestLnbits('GET', '/api/v1/wallet');
    return { balance: Math.floor(response.balance / 1000) };
  }
  async requestLnbits(method, path, args) {
    let body = null;
    const query = '';
    const headers = new Headers();
    headers.append('Accept', 'application/json');
    headers.append('Content-Type', 'application/json');
    headers.append('X-Api-Key', this._adminKey);
    if (method === 'POST') body = JSON.stringify(args);
    else if (args !== undefined) throw new Error('TODO: support args in GET');
    const res = await fetch(this._instanceUrl + path + query, { method, headers, body });
    if (!res.ok) { const errBody = await res.json(); throw new Error(errBody.detail); }
    return await res.json();
  }
}`;

describe.skipIf(!HAVE_BROWSER).each(DIALECTS)(
  'a page on another origin uses the LNbits API on %s',
  (dialect) => {
    let svc: DistService;
    let browser: Browser;
    let shopSite: Server;
    let shopOrigin: string;
    let wallet: TestAccount;

    beforeAll(async () => {
      svc = await startDistService(dialect);
      wallet = await makeAccount(svc.t.deps, { fund: { lbtc: '0.001' } });
      shopSite = createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<!doctype html><title>a shop</title><p>shop</p>');
      });
      await new Promise<void>((resolve) => shopSite.listen(0, '127.0.0.1', resolve));
      shopOrigin = `http://127.0.0.1:${(shopSite.address() as AddressInfo).port}`;
      browser = await launchBrowser();
    }, DIST_START_TIMEOUT_MS);
    afterAll(async () => {
      await browser?.close();
      shopSite?.close();
      await svc?.close();
    });

    const inPage = async <T>(page: Page, body: string): Promise<T> =>
      page.evaluate(
        ({ provider, base, key, body }) =>
          // biome-ignore lint/security/noGlobalEval: the ported provider runs as the page's own script would
          (0, eval)(
            `${provider}; (async (p) => { ${body} })(new LnbitsWebLNProvider(${JSON.stringify(base)}, ${JSON.stringify(key)}))`,
          ),
        { provider: LNBITS_WEBLN_PROVIDER, base: svc.base, key: wallet.adminKey, body },
      ) as Promise<T>;

    it(
      'getInfo, getBalance, makeInvoice and sendPayment work from the page, and a bad key reads LNbits’ detail',
      async () => {
        const page = await browser.newPage();
        await page.goto(shopOrigin);
        const info = await inPage<{ node: { alias: string } }>(page, 'return await p.getInfo();');
        expect(info.node.alias).toBe(wallet.usertag);
        expect(await inPage(page, 'return await p.getBalance();')).toEqual({ balance: 100_000 });
        const made = await inPage<{ paymentRequest: string }>(
          page,
          "return await p.makeInvoice({ amount: 2100, defaultMemo: 'coffee' });",
        );
        expect(made.paymentRequest).toMatch(/^lnbcrt21u1/);
        const outside = foreignInvoice(5_000_000n);
        const paid = await inPage<{ preimage: string }>(
          page,
          `return await p.sendPayment(${JSON.stringify(outside.payreq)});`,
        );
        expect(paid.preimage).toMatch(/^[0-9a-f]{64}$/);
        expect(await inPage(page, 'return await p.getBalance();')).toMatchObject({
          balance: expect.any(Number),
        });
        const refused = await page.evaluate(
          async ({ base }) => {
            const res = await fetch(`${base}/api/v1/wallet`, {
              headers: { 'X-Api-Key': 'not-a-key', 'Content-Type': 'application/json' },
            });
            return { status: res.status, body: await res.json() };
          },
          { base: svc.base },
        );
        expect(refused).toEqual({ status: 404, body: { detail: 'Wallet not found.' } });
        await page.close();
      },
      BROWSER_TEST_TIMEOUT_MS,
    );
  },
);
