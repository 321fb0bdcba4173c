import { readFileSync } from 'node:fs';
import { base64 } from '@scure/base';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/app/accounts/create-account.ts';
import { setPassword } from '../../src/app/accounts/password.ts';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { sandboxDeposit, sandboxDepositChange } from '../../src/app/chain/sandbox-deposit.ts';
import { sandboxUsdtTransfer } from '../../src/app/chain/sandbox-usdt-transfer.ts';
import { trackWithdrawalBatches } from '../../src/app/withdrawals/track-batches.ts';
import {
  BROWSER_TEST_TIMEOUT_MS,
  clippedElements,
  HAVE_BROWSER,
  horizontalOverflow,
  launchBrowser,
  openPage,
  screenshotPath,
} from '../fixtures/browser.ts';
import { electrumSignPsbt } from '../fixtures/chain/electrum-psbt.ts';
import { TEST_CHAIN_KEYS, TEST_MNEMONIC } from '../fixtures/chain/keys.ts';
import { PASSWORD } from '../fixtures/dashboard.ts';
import { HAVE_ELECTRUM } from '../fixtures/electrum.ts';
import { DIALECTS, makeAccount, type TestAccount, type TestRuntime } from '../fixtures/runtime.ts';
import { DIST_START_TIMEOUT_MS, type DistService, startDistService } from '../fixtures/server-process.ts';

// Addresses made by an independent implementation (test/http/withdrawals.test.ts explains them).
const TO_P2WPKH = 'bcrt1qqypqxpq9qcrsszg2pvxq6rs0zqg3yyc5phstwt';
const TO_EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const ACCOUNT_PATH = "m/84'/1'/0'";

/**
 * The operator console's withdrawals page on the compiled service (dist/, as npm start runs it), with the
 * operator's keys (BTC_XPUB) on the server, so only the operator's wallet can sign: here Debian's
 * Electrum, a wallet from outside the project, signs the PSBT the page hands out.
 */
describe.skipIf(!HAVE_BROWSER || !HAVE_ELECTRUM).each(DIALECTS)(
  'operator console withdrawals in Chromium on %s',
  (dialect) => {
    let svc: DistService;
    let t: TestRuntime;
    let browser: Browser;
    let base: string;
    let shop: TestAccount;
    const chief = `wchief_${dialect}`;

    beforeAll(async () => {
      svc = await startDistService(dialect, {
        BTC_XPUB: TEST_CHAIN_KEYS.btc.text,
        EVM_XPUB: TEST_CHAIN_KEYS.evm.text,
        // The master key fingerprint of the tests' mnemonic (BIP39's all-"abandon" vector; BIP84's vectors).
        BTC_MASTER_FINGERPRINT: '73c5da0a',
        BTC_WITHDRAW_FEE_RESERVE_SAT: '5000',
      });
      t = svc.t;
      const op = await createAccount(t.deps, {
        usertag: chief,
        email: `${chief}@example.com`,
        emailConfirmed: true,
        operatorGrantedBy: 'operator:root',
      });
      if (!op.ok) throw new Error(op.error.message);
      if (!(await setPassword(t.deps, chief, PASSWORD)).ok) throw new Error('password');
      shop = await makeAccount(t.deps, { usertag: `wshop_${dialect}`, fund: { usdt: '100' } });
      base = svc.base;
      browser = await launchBrowser();
    }, DIST_START_TIMEOUT_MS);
    afterAll(async () => {
      await browser?.close();
      await svc?.close();
    });

    const api = async (path: string, body?: unknown) => {
      const r = await fetch(`${base}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'x-api-key': shop.adminKey, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json = (await r.json()) as Record<string, unknown>;
      expect(r.status, JSON.stringify(json)).toBe(200);
      return json;
    };
    /** A confirmed, credited deposit to a fresh address of the wallet on the sandbox chain. */
    const deposit = async (btc: number) => {
      const p = await api('/sapi/v1/receive', { wallet: 'btc', payment_mode: 'onchain', amount: btc });
      const d = await sandboxDeposit(t.deps, { tid: String(p['tid']) });
      if (!d.ok) throw new Error(d.error.message);
    };
    const signIn = async (page: Page, to: string) => {
      await page.goto(`${base}${to}`);
      await page.getByLabel('Usertag or e-mail').fill(chief);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(new RegExp(`${to}\\?done=signed_in$`));
    };
    // docs/img/admin-withdrawals.png and admin-withdrawal-batch.png (docs/payouts.md) are these pictures.
    const picture = (page: Page, name: string) =>
      page.screenshot({ path: screenshotPath(`${name}-${dialect}.png`), fullPage: true });

    it('an operator builds the PSBT, signs it in Electrum, sends it back, and sees it confirmed; a USDT withdrawal is recorded by hash', {
      timeout: 3 * BROWSER_TEST_TIMEOUT_MS,
    }, async () => {
      await deposit(0.002);
      const w = await api('/sapi/v1/withdraw', { wallet: 'btc', address: TO_P2WPKH, amount: '0.0007' });
      const u = await api('/sapi/v1/withdraw', {
        wallet: 'usdt',
        chain_network: 'MATIC',
        address: TO_EVM,
        amount: '20.5',
      });
      const opened = await openPage(browser, null);
      const page = opened.page;
      await signIn(page, '/admin/withdrawals');

      // The queue: the withdrawal with its account and amount.
      const queued = page.locator('tr', { has: page.getByText(String(w['id'])) });
      expect(await queued.textContent()).toContain('0.0007 BTC');
      expect(await queued.textContent()).toContain(shop.usertag);
      await picture(page, 'admin-withdrawals');

      // A wrong password builds nothing.
      await page.getByLabel('Fee rate (sat/vB, optional)').fill('2');
      await page.locator('#build-pw').fill('not the password');
      await page.getByRole('button', { name: 'Build the PSBT of 1 withdrawal' }).click();
      expect(await page.locator('#build-pw-err').textContent()).not.toBe('');
      expect(await t.deps.db.read.selectFrom('chain_withdrawal_batches').select('id').execute()).toEqual([]);

      await page.locator('#build-pw').fill(PASSWORD);
      await page.getByRole('button', { name: 'Build the PSBT of 1 withdrawal' }).click();
      await page.waitForURL(/\/admin\/withdrawals\/batches\/[a-z0-9]{16}\?done=batch_built$/);
      expect(await page.getByRole('status').textContent()).toMatch(/The PSBT is built/);
      // What it pays out is the withdrawal; what it spends is the deposit, less change and fee.
      const fact = (name: string) =>
        page.locator('dl.facts div', { has: page.getByText(name, { exact: true }) }).locator('dd');
      expect(await fact('Pays out').textContent()).toBe('0.00070000 BTC');
      expect(await fact('Spends').textContent()).toBe('0.00200000 BTC');
      await picture(page, 'admin-withdrawal-batch');

      // The download is the PSBT's binary form (BIP174: magic "psbt" 0xff), the same as the text shown.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download the PSBT' }).click(),
      ]);
      const file = await download.path();
      const bytes = new Uint8Array(readFileSync(file));
      expect(Buffer.from(bytes.subarray(0, 5)).toString('hex')).toBe('70736274ff');
      const shown = await page.getByLabel('The same PSBT as text (base64), to copy').inputValue();
      expect(base64.encode(bytes)).toBe(shown);

      // Something that is not a transaction is refused with the reason; nothing is sent.
      await page.getByLabel('Signed PSBT or raw transaction').fill('not a psbt');
      await page.locator('#submit-pw').fill(PASSWORD);
      await page.getByRole('button', { name: 'Check and broadcast' }).click();
      expect(await page.locator('#f-signed-err').textContent()).not.toBe('');

      // Electrum signs; the page checks it and broadcasts it.
      const signed = electrumSignPsbt(shown, TEST_MNEMONIC, ACCOUNT_PATH);
      await page.getByLabel('Signed PSBT or raw transaction').fill(signed);
      await page.locator('#submit-pw').fill(PASSWORD);
      await page.getByRole('button', { name: 'Check and broadcast' }).click();
      await page.waitForURL(/done=batch_submitted$/);
      expect(await page.getByRole('status').textContent()).toMatch(/checked and broadcast/);
      expect(await page.locator('dl.facts').textContent()).toContain('broadcast');
      const txid = (await page.locator('dl.facts code').first().textContent()) ?? '';
      expect(txid).toMatch(/^[0-9a-f]{64}$/);

      // Mined deep enough, the tracking round confirms it and posts it.
      const confirmed = await sandboxDepositChange(t.deps, txid, {
        confirmations: t.deps.config.chainWatch.btcConfirmations,
      });
      if (!confirmed.ok) throw new Error(confirmed.error.message);
      await trackWithdrawalBatches(t.deps);
      await page.reload();
      expect(await page.locator('dl.facts').textContent()).toContain('confirmed');
      expect(await page.locator('tbody').textContent()).toContain('confirmed');

      // USDT: the operator pays from their own wallet (the sandbox chain) and records the hash.
      const paid = await sandboxUsdtTransfer(t.deps, { network: 'MATIC', address: TO_EVM, amount: '20.5' });
      if (!paid.ok) throw new Error(paid.error.message);
      const wrong = await sandboxUsdtTransfer(t.deps, { network: 'MATIC', address: TO_EVM, amount: '20.4' });
      if (!wrong.ok) throw new Error(wrong.error.message);
      await page.goto(`${base}/admin/withdrawals`);
      const card = page.locator('section.card', {
        has: page.getByRole('heading', { name: String(u['id']) }),
      });
      await card.getByLabel('Transaction hash').fill(wrong.value.txHash);
      await card.getByLabel('Your password, to confirm').fill(PASSWORD);
      await card.getByRole('button', { name: `Record the transaction of ${u['id']}` }).click();
      const refusedCard = page.locator('section.card', {
        has: page.getByRole('heading', { name: String(u['id']) }),
      });
      expect(await refusedCard.locator('.err').textContent()).toMatch(/amount/);
      await refusedCard.getByLabel('Transaction hash').fill(paid.value.txHash);
      await refusedCard.getByLabel('Your password, to confirm').fill(PASSWORD);
      await refusedCard.getByRole('button', { name: `Record the transaction of ${u['id']}` }).click();
      await page.waitForURL(/done=usdt_confirmed$/);
      expect(await page.getByText('No USDT withdrawal is waiting.').count()).toBe(1);

      expect(await api(`/sapi/v1/withdrawals/${String(w['id'])}`)).toMatchObject({
        status: 'confirmed',
        txid,
      });
      expect(await api(`/sapi/v1/withdrawals/${String(u['id'])}`)).toMatchObject({
        status: 'confirmed',
        transaction_hash: paid.value.txHash,
      });
      expect((await auditLedger(t.deps)).violations).toEqual([]);
      opened.expectNoPageErrors();
      await opened.close();
    });

    it('the withdrawals page fits 320 and 1280 px, in English and Hindi', {
      timeout: BROWSER_TEST_TIMEOUT_MS,
    }, async () => {
      const opened = await openPage(browser, null);
      await signIn(opened.page, '/admin/withdrawals');
      for (const lang of ['en', 'hi']) {
        for (const width of [320, 1280]) {
          await opened.page.setViewportSize({ width, height: 800 });
          await opened.page.goto(`${base}/admin/withdrawals?lang=${lang}`);
          expect(await opened.page.getByRole('heading', { level: 1 }).textContent()).toBe(
            lang === 'en' ? 'Withdrawals' : 'निकासी',
          );
          expect(await horizontalOverflow(opened.page)).toBeLessThanOrEqual(0);
          expect(await clippedElements(opened.page)).toEqual([]);
        }
      }
      opened.expectNoPageErrors();
      await opened.close();
    });
  },
);
