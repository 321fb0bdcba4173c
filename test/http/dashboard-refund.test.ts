import { afterEach, describe, expect, it } from 'vitest';
import { setPassword } from '../../src/app/accounts/password.ts';
import { availableBalance } from '../../src/db/repos/ledger.ts';
import { DashboardClient, PASSWORD } from '../fixtures/dashboard.ts';
import { DIALECTS, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';
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
});
