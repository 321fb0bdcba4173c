import { afterEach, describe, expect, it } from 'vitest';
import { setPassword } from '../../src/app/accounts/password.ts';
import { sandboxDeposit } from '../../src/app/chain/sandbox-deposit.ts';
import { expireInvoices } from '../../src/app/payments/settlement/expire-invoices.ts';
import { availableBalance } from '../../src/db/repos/ledger.ts';
import { TEST_CHAIN_KEYS } from '../fixtures/chain/keys.ts';
import { DashboardClient, PASSWORD } from '../fixtures/dashboard.ts';
import { DIALECTS, ManualClock, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';
import { auditViolations } from '../fixtures/vouchers.ts';

const runtimes: TestRuntime[] = [];
afterEach(async () => {
  for (const rt of runtimes.splice(0)) await rt.close();
});

describe.each(DIALECTS)('dashboard Refund button (%s)', (dialect) => {
  it('refunds a received payment after the password, and lists the refund with its link', async () => {
    const rt = await testRuntime(dialect, { SANDBOX_NODE_KEY: '13'.repeat(32) });
    runtimes.push(rt);
    const merchant = await makeAccount(rt.deps, { fund: { lbtc: '0.01' } });
    const payer = await makeAccount(rt.deps, { fund: { lbtc: '0.01' } });
    await setPassword(rt.deps, merchant.usertag, PASSWORD);
    const c = new DashboardClient(rt.app);
    expect((await c.signIn(merchant.usertag, PASSWORD)).statusCode).toBe(303);
    const inject = (url: string, key: string, body: unknown) =>
      rt.app.inject({
        method: 'POST',
        url,
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const req = await inject('/lapi/v1/receive', merchant.invoiceKey, { amount: '0.001' });
    const tid = req.json().data.tid as string;
    const paid = await inject('/lapi/v1/send', payer.adminKey, {
      payment_mode: 'lightning',
      lightning_invoice: req.json().data.lightning_invoice.payreq,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const balance = () => availableBalance(rt.deps.db.read, merchant.id, 'lbtc');

    const page = await c.get(`/dashboard/payments/${tid}?lang=en`);
    expect(page.body).toContain('id="refund-form"');
    const before = await balance();

    const wrong = await c.post(`/dashboard/payments/${tid}/refund`, {
      amount: '0.0004',
      password: 'not it at all',
    });
    expect(wrong.statusCode).toBe(401);
    expect(await balance()).toBe(before);

    const tooMuch = await c.post(`/dashboard/payments/${tid}/refund`, {
      amount: '0.002',
      password: PASSWORD,
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(await balance()).toBe(before);

    const done = await c.post(`/dashboard/payments/${tid}/refund`, { amount: '0.0004', password: PASSWORD });
    expect(done.statusCode, done.body).toBe(303);
    expect(done.headers.location).toBe(`/dashboard/payments/${tid}?done=refunded`);
    expect(before - (await balance())).toBe(40_000_000n + 400_000n);
    const after = await c.get(done.headers.location as string);
    expect(after.body).toMatch(
      /<li data-refund="[a-z0-9]{16}"><a href="\/refund\/[a-z0-9]{10}">0\.00040000 BTC<\/a> · <span class="refund-status">open<\/span>/,
    );

    // A sent payment has no Refund button.
    const sent = (
      await rt.app.inject({
        method: 'GET',
        url: '/lapi/v1/history?limit=1',
        headers: { 'x-api-key': payer.invoiceKey },
      })
    ).json().data[0].tid as string;
    const payerClient = new DashboardClient(rt.app);
    await setPassword(rt.deps, payer.usertag, PASSWORD);
    await payerClient.signIn(payer.usertag, PASSWORD);
    expect((await payerClient.get(`/dashboard/payments/${sent}?lang=en`)).body).not.toContain(
      'id="refund-form"',
    );
    expect(await auditViolations(rt)).toEqual([]);
  });

  it('an on-chain payment shows its outcome and its excess; one paid in part is refundable; a fiat price shows its rate', async () => {
    const clock = new ManualClock(Date.now());
    const rt = await testRuntime(
      dialect,
      {
        SANDBOX_NODE_KEY: '14'.repeat(32),
        BTC_XPUB: TEST_CHAIN_KEYS.btc.text,
        PRICE_STATIC: 'BTC-USD=50000,BTC-INR=4000000',
      },
      { clock },
    );
    runtimes.push(rt);
    const merchant = await makeAccount(rt.deps, { fund: { lbtc: '0.01' } });
    await setPassword(rt.deps, merchant.usertag, PASSWORD);
    const c = new DashboardClient(rt.app);
    expect((await c.signIn(merchant.usertag, PASSWORD)).statusCode).toBe(303);
    const receive = async (body: Record<string, unknown>) => {
      const r = await rt.app.inject({
        method: 'POST',
        url: '/sapi/v1/receive',
        headers: { authorization: merchant.invoiceKey },
        payload: { wallet: 'btc', payment_mode: 'onchain', ...body },
      });
      expect(r.statusCode, r.body).toBe(200);
      const rec = r.json() as { tid: number; hosted_checkout_url: string };
      return { id: String(rec.tid), tid: rec.hosted_checkout_url.split('/').pop()! };
    };
    const deposit = async (id: string, amount: string) => {
      const d = await sandboxDeposit(rt.deps, { tid: id, amount });
      expect(d.ok).toBe(true);
    };

    // Paid over: the outcome names the excess, and the Refund form says how to give back only it.
    const over = await receive({ amount: 0.001 });
    await deposit(over.id, '0.0015');
    const overPage = (await c.get(`/dashboard/payments/${over.tid}?lang=en`)).body;
    expect(overPage).toMatch(
      /id="fact-outcome"><dt>Outcome on chain<\/dt><dd>paid over by 0\.00050000 BTC \(50,000 sats\)</,
    );
    expect(overPage).toContain('<p id="refund-excess">Paid over by 0.00050000 BTC:');
    const excess = await c.post(`/dashboard/payments/${over.tid}/refund`, {
      amount: '0.0005',
      password: PASSWORD,
    });
    expect(excess.statusCode, excess.body).toBe(303);

    // Paid in part and declined at the expiry: the part received is refundable, not the amount asked.
    const part = await receive({ amount: 0.001, expires_in: 1 });
    await deposit(part.id, '0.0004');
    clock.advance(2 * 60_000);
    await expireInvoices(rt.deps);
    const partPage = (await c.get(`/dashboard/payments/${part.tid}?lang=en`)).body;
    expect(partPage).toContain('id="fact-outcome"><dt>Outcome on chain</dt><dd>partly paid');
    expect(partPage).toContain('id="refund-form"');
    const whole = await c.post(`/dashboard/payments/${part.tid}/refund`, { amount: '', password: PASSWORD });
    expect(whole.statusCode, whole.body).toBe(303);
    expect((await c.get(whole.headers.location as string)).body).toMatch(
      /<a href="\/refund\/[a-z0-9]{10}">0\.00040000 BTC<\/a>/,
    );

    // A request priced in rupees shows the rate it was converted at.
    const fiat = await receive({ fiat_value: 8000, fiat_currency: 'INR' });
    expect((await c.get(`/dashboard/payments/${fiat.tid}?lang=en`)).body).toContain(
      'id="fact-rate"><dt>Rate, locked for the request</dt><dd>1 BTC = ₹4,000,000.00</dd>',
    );
    expect(await auditViolations(rt)).toEqual([]);
  });
});
