import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxDeposit } from '../../src/app/chain/sandbox-deposit.ts';
import { TEST_CHAIN_KEYS as KEYS } from '../fixtures/chain/keys.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

const ENV = { SANDBOX_NODE_KEY: '35'.repeat(32), BTC_XPUB: KEYS.btc.text, EVM_XPUB: KEYS.evm.text };

/** The page's text as a reader meets it: without markup, scripts' data or attribute values. */
const visibleText = (html: string): string =>
  html
    .replace(/<head>[\s\S]*<\/head>/, '')
    .replace(/<svg[\s\S]*?<\/svg>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

// The on-chain ways to pay on the hosted checkout: the address to copy and read whole, what was seen on
// chain so far, and no Lightning or bitcoin wording on a USDT request.
describe.each(DIALECTS)('on-chain checkout page on %s', (dialect) => {
  let t: TestRuntime;
  let shop: TestAccount;

  const receive = async (body: Record<string, unknown>) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/sapi/v1/receive',
        headers: { authorization: shop.invoiceKey },
        payload: body,
      })
    ).json();
  const page = (url: string, lang = 'en') =>
    t.app.inject({ method: 'GET', url: `${new URL(url).pathname}?lang=${lang}` });

  beforeAll(async () => {
    t = await testRuntime(dialect, ENV);
    shop = await makeAccount(t.deps);
  });
  afterAll(() => t.close());

  it('a USDT request: the address whole with a Copy button, no Lightning or bitcoin wording, in English and Hindi', async () => {
    const r = await receive({
      wallet: 'usdt',
      payment_mode: 'onchain',
      chain_network: 'BEP20',
      amount: '25.5',
    });
    const en = (await page(r.hosted_checkout_url)).body;
    // A textarea wraps the address on a phone (an input cuts it with an ellipsis).
    expect(en).toContain(
      `<textarea id="chain-address" rows="2" readonly spellcheck="false" autocomplete="off">${r.chain_address.address}</textarea>`,
    );
    expect(en).toMatch(
      /<button type="button" id="copy-address" data-copy="chain-address" data-copy-status="copy-address-status" data-copy-failed="Select the address and copy it" hidden>Copy<\/button>/,
    );
    expect(en).toContain('<p id="copy-address-status" class="note" role="status" aria-live="polite"></p>');
    expect(en).toContain('<footer>paytag · USDT on BNB Smart Chain (BEP20)</footer>');
    expect(en).toContain('Test mode: no real money moves.');
    const text = visibleText(en);
    expect(text).not.toMatch(/lightning/i);
    expect(text).not.toMatch(/bitcoin/i);
    const hi = (await page(r.hosted_checkout_url, 'hi')).body;
    expect(hi).toContain('data-copy-failed="पता चुनकर कॉपी करें"');
    expect(hi).toContain('परीक्षण मोड: कोई असली पैसा नहीं भेजा जाता।');
    expect(hi).toContain('<footer>paytag · BNB Smart Chain (BEP20) पर USDT</footer>');
    const hiText = visibleText(hi);
    expect(hiText).not.toContain('लाइटनिंग');
    expect(hiText).not.toContain('बिटकॉइन');
  });

  it('while unconfirmed, the page says how much was seen: "Seen 10 USDT, 1 of 2 confirmations"', async () => {
    const r = await receive({
      wallet: 'usdt',
      payment_mode: 'onchain',
      chain_network: 'BEP20',
      amount: '25.5',
    });
    const seen = await sandboxDeposit(t.deps, { tid: String(r.tid), amount: '10', confirmations: 1 });
    if (!seen.ok) throw new Error(seen.error.message);
    const en = (await page(r.hosted_checkout_url)).body;
    expect(en).toContain('<p id="chain-seen">Seen 10 USDT, 1 of 2 confirmations</p>');
    // The script's template has the amount too.
    expect(en).toContain('data-seen="Seen {amount}, {n} of {needed} confirmations"');
    const hi = (await page(r.hosted_checkout_url, 'hi')).body;
    expect(hi).toContain('<p id="chain-seen">10 USDT दिख गया, 2 में से 1 पुष्टियाँ</p>');
  });

  it('a BTC request: both ways named in the footer, a Copy button for the invoice and one for the address', async () => {
    const r = await receive({ wallet: 'btc', payment_mode: 'onchain', amount: '0.001' });
    const en = (await page(r.hosted_checkout_url)).body;
    expect(en).toMatch(/<button type="button" id="copy" data-copy="invoice"[^>]*hidden>Copy<\/button>/);
    expect(en).toMatch(
      /<button type="button" id="copy-address" data-copy="chain-address"[^>]*hidden>Copy<\/button>/,
    );
    expect(en).toContain(`>${r.chain_address.address}</textarea>`);
    expect(en).toContain('<footer>paytag · Lightning Network · Bitcoin</footer>');
    const hi = (await page(r.hosted_checkout_url, 'hi')).body;
    expect(hi).toContain('<footer>paytag · लाइटनिंग नेटवर्क · बिटकॉइन</footer>');
  });

  it('a Lightning request keeps its footer and its one Copy button', async () => {
    const r = (
      await t.app.inject({
        method: 'POST',
        url: '/lapi/v1/receive',
        headers: { 'x-api-key': shop.invoiceKey },
        payload: { amount: '0.0001' },
      })
    ).json().data;
    const en = (await t.app.inject({ method: 'GET', url: new URL(r.hosted_checkout_url).pathname })).body;
    expect(en).toContain('<footer>paytag · Lightning Network</footer>');
    expect(en).not.toContain('id="copy-address"');
    expect(en).toMatch(/id="copy" data-copy="invoice"/);
  });
});
