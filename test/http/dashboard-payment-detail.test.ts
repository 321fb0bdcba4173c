import { afterEach, describe, expect, it } from 'vitest';
import { setPassword } from '../../src/app/accounts/password.ts';
import type { Dialect } from '../../src/db/database.ts';
import { TEST_CHAIN_KEYS as KEYS } from '../fixtures/chain/keys.ts';
import { DashboardClient, PASSWORD } from '../fixtures/dashboard.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

const runtimes: TestRuntime[] = [];
afterEach(async () => {
  for (const rt of runtimes.splice(0)) await rt.close();
});

async function setUp(dialect: Dialect) {
  const rt = await testRuntime(dialect, {
    SANDBOX_NODE_KEY: '12'.repeat(32),
    BTC_XPUB: KEYS.btc.text,
    EVM_XPUB: KEYS.evm.text,
  });
  runtimes.push(rt);
  return rt;
}

async function holder(rt: TestRuntime, fund?: string): Promise<{ a: TestAccount; c: DashboardClient }> {
  const a = await makeAccount(rt.deps, fund ? { fund: { lbtc: fund } } : {});
  await setPassword(rt.deps, a.usertag, PASSWORD);
  const c = new DashboardClient(rt.app);
  expect((await c.signIn(a.usertag, PASSWORD)).statusCode).toBe(303);
  return { a, c };
}

/** The readable part of the page: everything before the API record. */
const readablePart = (body: string): string =>
  body.slice(0, body.indexOf('<details class="card api-record">'));

describe.each(DIALECTS)('dashboard payment page (%s)', (dialect) => {
  it('a Lightning send reads as a person would: direction, BTC and sats, fee, date, state, counterparty', async () => {
    const rt = await setUp(dialect);
    const { a: payer, c } = await holder(rt, '0.01');
    const { a: payee } = await holder(rt);
    const sent = await rt.app.inject({
      method: 'POST',
      url: '/lapi/v1/send',
      headers: { 'x-api-key': payer.adminKey, 'content-type': 'application/json' },
      payload: JSON.stringify({
        payment_mode: 'usertag',
        usertag: payee.usertag,
        amount: '0.001',
        description: 'rent',
      }),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const tid = sent.json().data.tid as string;
    const res = await c.get(`/dashboard/payments/${tid}?lang=en`);
    expect(res.statusCode).toBe(200);
    const page = readablePart(res.body);
    expect(page).toContain('<h1>Payment sent</h1>');
    expect(page).toContain('<dt>Direction</dt><dd>Sent</dd>');
    expect(page).toContain(
      '<div id="fact-amount"><dt>Amount</dt><dd>0.00100000 BTC (100,000 sats)</dd></div>',
    );
    expect(page).toMatch(
      /<div id="fact-fee"><dt>Fees<\/dt><dd>(none|0\.\d{8} BTC \([\d,]+ sats\))<\/dd><\/div>/,
    );
    expect(page).toContain('<div id="fact-state"><dt>State</dt><dd>paid</dd></div>');
    expect(page).toContain(`<div id="fact-with"><dt>With</dt><dd>@${payee.usertag}</dd></div>`);
    expect(page).toContain('<dt>Description</dt><dd>rent</dd>');
    expect(page).toMatch(
      /<div id="fact-created"><dt>Created<\/dt><dd>\d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC<\/dd><\/div>/,
    );
    // None of the raw dump's noise above the API record.
    for (const raw of [
      'status_payee',
      'created_at',
      'ttl',
      'chain_address',
      'amount_received',
      'undefined',
      'Address',
      'Network',
    ])
      expect(page, raw).not.toContain(raw);
    // The raw record stays, folded, for developers.
    expect(res.body).toMatch(/<details class="card api-record"><summary>API record<\/summary>/);
    expect(res.body).toContain('<code>status_payee</code>');
    // In Hindi, through the dashboard's catalogue.
    const hi = readablePart((await c.get(`/dashboard/payments/${tid}?lang=hi`)).body);
    expect(hi).toContain('<h1>भेजा गया भुगतान</h1>');
    expect(hi).toContain('<dd>0.00100000 BTC (1,00,000 सैट्स)</dd>');
    expect(hi).toContain('<dt>स्थिति</dt><dd>भुगतान हुआ</dd>');
  });

  it('an on-chain request shows its network and address, and no Lightning invoice', async () => {
    const rt = await setUp(dialect);
    const { a, c } = await holder(rt);
    const r = (
      await rt.app.inject({
        method: 'POST',
        url: '/sapi/v1/receive',
        headers: { authorization: a.invoiceKey },
        payload: {
          wallet: 'usdt',
          payment_mode: 'onchain',
          chain_network: 'BEP20',
          amount: 25.5,
          order_id: 'A-17',
        },
      })
    ).json();
    const tid = new URL(r.hosted_checkout_url).pathname.split('/').at(-1) ?? '';
    const page = readablePart((await c.get(`/dashboard/payments/${tid}?lang=en`)).body);
    expect(page).toContain('<h1>Payment request</h1>');
    expect(page).toContain('<dt>Amount</dt><dd>25.5 USDT</dd>');
    expect(page).toContain('<dt>Network</dt><dd>BNB Smart Chain (BEP20)</dd>');
    expect(page).toContain(`<dt>Address</dt><dd><code>${r.chain_address.address}</code></dd>`);
    expect(page).toContain('<div id="fact-state"><dt>State</dt><dd>waiting for payment</dd></div>');
    expect(page).toContain('<dt>Order</dt><dd>A-17</dd>');
    expect(page).not.toContain('Lightning invoice');
    expect(page).not.toContain('Fees');
  });
});
