import { NWCClient } from '@getalby/sdk';
import { generateSecretKey, getPublicKey, nip19 } from 'nostr-tools';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { setPassword } from '../../src/app/accounts/password.ts';
import { en } from '../../src/http/web/dashboard/i18n/en.ts';
import { hi } from '../../src/http/web/dashboard/i18n/hi.ts';
import {
  BROWSER_TEST_TIMEOUT_MS,
  expectFitsEveryWidth,
  HAVE_BROWSER,
  launchBrowser,
  type OpenedPage,
  openPage,
  readQrCode,
} from '../fixtures/browser.ts';
import { PASSWORD } from '../fixtures/dashboard.ts';
import { startNostrRelay, type TestRelay } from '../fixtures/nostr-relay.ts';
import { DIALECTS, makeAccount, type TestAccount, type TestRuntime } from '../fixtures/runtime.ts';
import { DIST_START_TIMEOUT_MS, type DistService, startDistService } from '../fixtures/server-process.ts';

// @getalby/sdk 8.0.3's NWCClient takes the global WebSocket, which Node 20 lacks.
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;

const SERVICE_SECRET = '5c'.repeat(32);
const SERVICE_PUBKEY = getPublicKey(Buffer.from(SERVICE_SECRET, 'hex'));

// biome-ignore lint/suspicious/noExplicitAny: answers read as JSON
type Json = any;

/**
 * The dashboard's Nostr pages in Chromium against the compiled service (dist/, as `npm start` runs it)
 * with Nostr Wallet Connect on (NOSTR_SECRET_KEY, NWC_RELAYS naming the strict NIP-01 relay of
 * test/fixtures/nostr-relay.ts on loopback): a connection made in the page works for @getalby/sdk's
 * NWCClient with the link the page showed once, and stops when revoked in the page; and the profile's
 * Nostr card publishes the key NIP-05 answers.
 */
describe.skipIf(!HAVE_BROWSER).each(DIALECTS)('dashboard Nostr pages in Chromium on %s', (dialect) => {
  let relay: TestRelay;
  let svc: DistService;
  let t: TestRuntime;
  let browser: Browser;
  let base: string;
  let alice: TestAccount;
  const opened: OpenedPage[] = [];
  const clients: NWCClient[] = [];

  beforeAll(async () => {
    relay = await startNostrRelay();
    svc = await startDistService(dialect, {
      NOSTR_SECRET_KEY: SERVICE_SECRET,
      NWC_RELAYS: relay.url,
      NOSTR_ALLOW_PRIVATE: 'true',
    });
    t = svc.t;
    base = svc.base;
    alice = await makeAccount(t.deps, { usertag: `alice_nwc_${dialect}`, fund: { lbtc: '0.01' } });
    await setPassword(t.deps, alice.usertag, PASSWORD);
    browser = await launchBrowser();
    // The service listens once it published its info event (requests are ephemeral: never stored).
    await relay.waitFor((e) => e.kind === 13194 && e.pubkey === SERVICE_PUBKEY, 30_000);
  }, DIST_START_TIMEOUT_MS);
  afterAll(async () => {
    for (const c of clients) c.close();
    await browser?.close();
    await svc?.close();
    await relay?.close();
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
    await page.getByLabel('Usertag or e-mail').fill(alice.usertag);
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
  const errorCodeOf = async (p: Promise<unknown>): Promise<string> => {
    try {
      await p;
    } catch (e) {
      return (e as { code: string }).code;
    }
    return 'no error';
  };
  const v = en.nwc;

  it('creates a connection whose link, shown once as text and QR code, works for NWCClient until revoked in the page', {
    timeout: BROWSER_TEST_TIMEOUT_MS,
  }, async () => {
    const page = await signedIn();
    await page
      .getByRole('navigation', { name: en.nav.label })
      .getByRole('link', { name: en.nav.nwc })
      .click();
    await page.waitForURL(`${base}/dashboard/nwc`);
    expect(await page.locator('h1').textContent()).toBe(v.title);
    expect(await page.locator('#nwc-uri').count()).toBe(0);

    // A bad amount is refused with a message under its field; nothing is made.
    await page.getByLabel(v.name, { exact: true }).fill('Test app');
    await page.getByLabel(v.budget, { exact: true }).fill('12.5.3');
    await page.getByLabel(v.password, { exact: true }).fill(PASSWORD);
    await submit(page, v.create);
    expect(await page.locator('#f-budget-err').textContent()).toBe(v.amountInvalid);
    expect(await page.locator('#nwc-uri').count()).toBe(0);
    expect(await page.getByLabel(v.name, { exact: true }).inputValue()).toBe('Test app');
    // A date already past is refused as such.
    await page.getByLabel(v.budget, { exact: true }).fill('21000.5');
    await page.getByLabel(v.expires, { exact: true }).fill('2020-01-01');
    await page.getByLabel(v.password, { exact: true }).fill(PASSWORD);
    await submit(page, v.create);
    expect(await page.locator('#f-expires_at-err').textContent()).toBe(v.expiresPast);

    // Without pay_invoice, a most per payment of 1000 sats, 21000.5 sats a week, until the end of 2099.
    await page.getByLabel(v.methodNames['pay_invoice'] ?? 'pay_invoice').uncheck();
    await page.getByLabel(v.maxAmount, { exact: true }).fill('1000');
    await page.getByLabel(v.budget, { exact: true }).fill('21000.5');
    await page.getByLabel(v.renewal, { exact: true }).selectOption('weekly');
    await page.getByLabel(v.expires, { exact: true }).fill('2099-12-31');
    await page.getByLabel(v.password, { exact: true }).fill(PASSWORD);
    await submit(page, v.create);
    const uri = await page.locator('#nwc-uri').inputValue();
    expect(uri).toMatch(
      new RegExp(`^nostr\\+walletconnect://${SERVICE_PUBKEY}\\?relay=[^&]+&secret=[0-9a-f]{64}$`),
    );
    expect(decodeURIComponent(/relay=([^&]+)/.exec(uri)?.[1] ?? '')).toBe(relay.url);
    expect(await readQrCode(page, '[data-nwc-qr] svg')).toBe(uri);
    expect(await page.getByRole('button', { name: v.copy }).isVisible()).toBe(true);
    await expectFitsEveryWidth(page, 'the new connection', `nwc-created-${dialect}`);

    // The API sees the same connection, in msat.
    const listed = await t.app.inject({
      method: 'GET',
      url: '/lapi/v1/nwc/connections',
      headers: { 'x-api-key': alice.adminKey },
    });
    const rows = listed.json().data as Json[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Test app',
      max_amount: 1_000_000,
      budget: 21_000_500,
      budget_renewal: 'weekly',
      expires_at: Date.UTC(2100, 0, 1) / 1000,
      revoked_at: null,
    });
    expect(rows[0].methods).not.toContain('pay_invoice');
    expect(rows[0].methods).toContain('get_balance');

    const client = new NWCClient({ nostrWalletConnectUrl: uri });
    clients.push(client);
    expect((await client.getBalance()).balance).toBe(1_000_000_000);
    expect(await errorCodeOf(client.payInvoice({ invoice: 'lnbcrt1' }))).toBe('RESTRICTED');

    // Loaded again: listed with its limits, the link and its secret never again.
    const secret = /secret=([0-9a-f]{64})/.exec(uri)?.[1] ?? '';
    await page.goto(`${base}/dashboard/nwc`);
    expect(await page.locator('#nwc-uri').count()).toBe(0);
    expect(await page.locator('[data-nwc-qr]').count()).toBe(0);
    expect(await page.content()).not.toContain(secret);
    const row = page.locator(`tr[data-connection="${rows[0].id}"]`);
    expect(await row.locator('[data-col="name"]').textContent()).toBe('Test app');
    expect(await row.locator('[data-col="budget"]').textContent()).toContain('21,000.5 sats');
    expect(await row.locator('[data-col="budget"]').textContent()).toContain(v.renewals.weekly);
    expect(await row.locator('[data-col="used"]').textContent()).toBe('0 sats');
    expect(await row.locator('[data-col="max"]').textContent()).toBe('1,000 sats');
    await expectFitsEveryWidth(page, 'the connections', `nwc-list-${dialect}`);

    // Revoked in the page: the client is refused from then on.
    await Promise.all([
      page.waitForURL(/\/dashboard\/nwc\?done=nwc_revoked$/),
      row.getByRole('button', { name: v.revokeLabel('Test app') }).click(),
    ]);
    expect(await page.locator('.flash').textContent()).toBe(v.done['nwc_revoked']);
    expect(await row.locator('[data-col="state"]').textContent()).toContain(v.revoked);
    expect(await row.getByRole('button').count()).toBe(0);
    expect(await errorCodeOf(client.getBalance())).toBe('UNAUTHORIZED');

    // The Hindi page (longer texts) fits the narrowest phone too.
    await page.goto(`${base}/dashboard/nwc?lang=hi`);
    expect(await page.locator('h1').textContent()).toBe(hi.nwc.title);
    await expectFitsEveryWidth(page, 'the connections in Hindi', `nwc-list-hi-${dialect}`);
    await page.goto(`${base}/dashboard/nwc?lang=en`);
  });

  it('publishes the Nostr key set on the profile (hex and npub) for NIP-05 and refuses a bad one clearly', {
    timeout: BROWSER_TEST_TIMEOUT_MS,
  }, async () => {
    const page = await signedIn();
    await page.goto(`${base}/dashboard/profile`);
    const p = en.profile;
    const nip05 = async () => {
      const r = await fetch(`${base}/.well-known/nostr.json?name=${alice.usertag}`);
      expect(r.status).toBe(200);
      return ((await r.json()) as { names: Record<string, string> }).names[alice.usertag];
    };
    const hex = getPublicKey(generateSecretKey());
    await page.getByLabel(p.nostrPubkey, { exact: true }).fill(hex);
    await Promise.all([
      page.waitForURL(/\/dashboard\/profile\?done=nostr_saved$/),
      page.getByRole('button', { name: p.nostrSave }).click(),
    ]);
    expect(await nip05()).toBe(hex);

    const other = getPublicKey(generateSecretKey());
    await page.getByLabel(p.nostrPubkey, { exact: true }).fill(nip19.npubEncode(other));
    await Promise.all([
      page.waitForURL(/\/dashboard\/profile\?done=nostr_saved$/),
      page.getByRole('button', { name: p.nostrSave }).click(),
    ]);
    expect(await nip05()).toBe(other);
    expect(await page.getByLabel(p.nostrPubkey, { exact: true }).inputValue()).toBe(other);

    await page.getByLabel(p.nostrPubkey, { exact: true }).fill('npub1nope');
    await submit(page, p.nostrSave);
    expect(await page.locator('#f-pubkey-err').textContent()).toBe(
      'pubkey must be 64 hex digits or an npub1… key',
    );
    expect(await page.locator('#f-pubkey').getAttribute('aria-invalid')).toBe('true');
    expect(await nip05()).toBe(other);
  });
});
