import { createServer } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeLnurl } from '../../src/domain/lnurl.ts';
import { DIALECTS, makeAccount, type TestAccount } from '../fixtures/runtime.ts';
import {
  auditViolations,
  balanceOf,
  holdPayments,
  outsideInvoice,
  ownInvoice,
  type VoucherWorld,
  voucherWorld,
} from '../fixtures/vouchers.ts';

/** A port nobody listens on right now, so PUBLIC_URL can name it before the server starts. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

interface Batch {
  tid: string;
  voucher_urls: Array<{ voucher_url: string }>;
}

interface WithdrawRequest {
  tag: string;
  callback: string;
  k1: string;
  minWithdrawable: number;
  maxWithdrawable: number;
  defaultDescription: string;
}

// Background work (a payment after the answer) may take a while on a loaded machine.
const PATIENCE = { timeout: 15_000, interval: 20 };

describe.each(DIALECTS)('LNURL-withdraw over HTTP on %s, with the test as the wallet', (dialect) => {
  let w: VoucherWorld;
  let base: string;
  let issuer: TestAccount;
  let walletOwner: TestAccount;

  beforeEach(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    w = await voucherWorld(dialect, { PUBLIC_URL: base });
    await w.app.listen({ port, host: '127.0.0.1' });
    issuer = await makeAccount(w.deps, { fund: { lbtc: '0.01' } });
    walletOwner = await makeAccount(w.deps);
  });
  afterEach(async () => {
    await w.close();
  });

  async function createBatch(count: number): Promise<Batch> {
    const res = await fetch(`${base}/lapi/v1/requestVoucher`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': issuer.adminKey },
      body: JSON.stringify({ amount: 0.0005, voucher_count: count, title: 'A gift' }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: Batch }).data;
  }

  /** What a wallet does with the voucher page: find the LNURL of the QR code and decode it (LUD-01). */
  async function scan(pageUrl: string): Promise<URL> {
    const html = await (await fetch(pageUrl)).text();
    const lnurl = /href="lightning:(LNURL1[0-9A-Z]+)"/.exec(html)?.[1];
    expect(lnurl).toBeDefined();
    const decoded = decodeLnurl(lnurl!, { allowHttpLocalhost: true });
    if (!decoded.ok) throw new Error(decoded.message);
    return decoded.url;
  }

  async function withdrawRequest(url: URL): Promise<WithdrawRequest> {
    const res = await fetch(url);
    expect(res.status).toBe(200);
    return (await res.json()) as WithdrawRequest;
  }

  async function submit(req: WithdrawRequest, payreq: string): Promise<unknown> {
    const callback = new URL(req.callback);
    callback.searchParams.set('k1', req.k1);
    callback.searchParams.set('pr', payreq);
    return (await fetch(callback)).json();
  }

  it('a wallet withdraws a one-time voucher to an invoice of another account', async () => {
    const batch = await createBatch(1);
    const url = await scan(batch.voucher_urls[0]!.voucher_url);
    const req = await withdrawRequest(url);
    expect(req).toMatchObject({
      tag: 'withdrawRequest',
      minWithdrawable: 50_000_000,
      maxWithdrawable: 50_000_000,
      defaultDescription: 'A gift',
    });
    expect(req.callback.startsWith(`${base}/lnurlw/`)).toBe(true);

    const invoice = await ownInvoice(w, walletOwner, '0.0005');
    expect(await submit(req, invoice.payreq!)).toEqual({ status: 'OK' });
    expect(await balanceOf(w, walletOwner)).toBe(50_000_000n);

    // The same QR scanned again: the voucher is spent.
    const again = await fetch(url);
    expect(await again.json()).toEqual({ status: 'ERROR', reason: 'this voucher has already been redeemed' });
    const second = await ownInvoice(w, walletOwner, '0.0005');
    expect(await submit(req, second.payreq!)).toEqual({
      status: 'ERROR',
      reason: 'this voucher has already been redeemed',
    });
    // A wallet that retries with the invoice it sent is told OK again, and nothing moves twice.
    expect(await submit(req, invoice.payreq!)).toEqual({ status: 'OK' });
    expect(await balanceOf(w, walletOwner)).toBe(50_000_000n);
    expect(await auditViolations(w)).toEqual([]);
  });

  it('a wallet withdraws through the static URL to an invoice of another node; a wrong amount is refused', async () => {
    const batch = await createBatch(2);
    const staticUrl = `${base}/voucher/${batch.tid}`;
    const req = await withdrawRequest(await scan(staticUrl));
    const tooMuch = await outsideInvoice(w, 60_000_000n);
    const refused = (await submit(req, tooMuch.payreq)) as { status: string; reason: string };
    expect(refused.status).toBe('ERROR');
    expect(refused.reason).toContain('more than the voucher');
    const before = await balanceOf(w, issuer);
    const invoice = await outsideInvoice(w, 50_000_000n);
    expect(await submit(req, invoice.payreq)).toEqual({ status: 'OK' });
    // The payment is made after the answer (LUD-03). The issuer then gets back the fee reserve the
    // routing fee (1 sat + 1000 ppm) did not use.
    await vi.waitFor(async () => expect(await redeemedCount(batch)).toBe(1), PATIENCE);
    expect(await balanceOf(w, issuer)).toBe(before + 500_000n - (1000n + 50_000n));
    // The static link still has a voucher; the same invoice sent again takes it not.
    expect(await submit(req, invoice.payreq)).toEqual({ status: 'OK' });
    expect(await redeemedCount(batch)).toBe(1);
    expect(await auditViolations(w)).toEqual([]);
  });

  it('answers the wallet before its invoice is paid, and a payment that then fails frees the voucher', async () => {
    // The service's node holds each payment until the test lets it go, like a slow route.
    const held = holdPayments(w);
    const batch = await createBatch(1);
    const url = await scan(batch.voucher_urls[0]!.voucher_url);
    const req = await withdrawRequest(url);

    const failing = await outsideInvoice(w, 50_000_000n, 'sandbox:fail');
    expect(await submit(req, failing.payreq)).toEqual({ status: 'OK' });
    // While the payment is under way the voucher is taken: a second wallet is refused.
    expect(((await (await fetch(url)).json()) as { status: string }).status).toBe('ERROR');
    held.release();
    // The payment failed: the voucher can be withdrawn again, and nothing was spent.
    await vi.waitFor(async () => expect((await withdrawRequest(url)).tag).toBe('withdrawRequest'), PATIENCE);
    expect(await redeemedCount(batch)).toBe(0);

    const invoice = await outsideInvoice(w, 50_000_000n);
    expect(await submit(req, invoice.payreq)).toEqual({ status: 'OK' });
    // While it is under way the same invoice is answered OK (a retry), another one is refused.
    expect(await submit(req, invoice.payreq)).toEqual({ status: 'OK' });
    const other = await outsideInvoice(w, 50_000_000n);
    expect(((await submit(req, other.payreq)) as { status: string }).status).toBe('ERROR');
    expect(await redeemedCount(batch)).toBe(0);
    held.release();
    await vi.waitFor(async () => expect(await redeemedCount(batch)).toBe(1), PATIENCE);
    expect(await auditViolations(w)).toEqual([]);
  });

  it('20 wallets calling back at once with their own invoices: one is paid, the others refused', async () => {
    const batch = await createBatch(1);
    const req = await withdrawRequest(await scan(batch.voucher_urls[0]!.voucher_url));
    const before = await balanceOf(w, issuer);
    const invoices = await Promise.all(Array.from({ length: 20 }, () => outsideInvoice(w, 50_000_000n)));
    const answers = (await Promise.all(invoices.map((i) => submit(req, i.payreq)))) as Array<{
      status: string;
    }>;
    expect(answers.filter((a) => a.status === 'OK')).toHaveLength(1);
    expect(answers.filter((a) => a.status === 'ERROR')).toHaveLength(19);
    await vi.waitFor(async () => expect(await redeemedCount(batch)).toBe(1), PATIENCE);
    // One payment left the issuer's escrow: the routing fee (1 sat + 1000 ppm) came out of the reserve.
    expect(await balanceOf(w, issuer)).toBe(before + 500_000n - (1000n + 50_000n));
    expect(await auditViolations(w)).toEqual([]);
  });

  async function redeemedCount(batch: Batch): Promise<number> {
    const check = await fetch(`${base}/lapi/v1/checkVoucher?tid=${batch.tid}`, {
      headers: { 'x-api-key': issuer.invoiceKey },
    });
    return ((await check.json()) as { data: { voucher_redeemed: number } }).data.voucher_redeemed;
  }
});
