import { afterEach, describe, expect, it } from 'vitest';
import { setPassword } from '../../src/app/accounts/password.ts';
import { PAGE_SCAN_MAX } from '../../src/app/dashboard/views.ts';
import type { Dialect } from '../../src/db/database.ts';
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
  const rt = await testRuntime(dialect, { SANDBOX_NODE_KEY: '11'.repeat(32) });
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

const api = (rt: TestRuntime, key: string, url: string) =>
  rt.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });

describe.each(DIALECTS)('dashboard payments (%s)', (dialect) => {
  it('home: every asset’s balance with its value from the price feed, the Lightning address and its QR', async () => {
    const rt = await setUp(dialect);
    const { a, c } = await holder(rt, '0.01');
    const res = await c.get('/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toMatch(/data-balance="lbtc">0\.01000000</);
    // 0.01 BTC at the static BTC-USD 97000.
    expect(res.body).toMatch(/data-value="lbtc">970\.00 USD</);
    for (const asset of ['btc', 'usdt', 'eth', 'sol', 'ltc', 'matic'])
      expect(res.body).toContain(`data-balance="${asset}"`);
    expect(res.body).toContain(`${a.usertag}@paytag.test`);
    expect(res.body).toMatch(/<svg role="img" aria-label="QR code of your Lightning address"/);
    const hindi = await c.get('/dashboard?lang=hi');
    expect(hindi.body).toContain('lang="hi"');
    expect(hindi.body).toMatch(/data-value="lbtc">[0-9,.]+ INR</);

    // Every asset the feed prices is valued by the portfolio's rule, exactly, truncated to the cent.
    const rich = await makeAccount(rt.deps, { fund: { usdt: '12.345678', eth: '0.12345678' } });
    await setPassword(rt.deps, rich.usertag, PASSWORD);
    const rc = new DashboardClient(rt.app);
    expect((await rc.signIn(rich.usertag, PASSWORD)).statusCode).toBe(303);
    const usd = (await rc.get('/dashboard?lang=en')).body;
    expect(usd).toMatch(/data-balance="usdt">12\.345678</);
    // 1 USDT = 1 USD; 0.12345678 ETH × ETH-USDT 3400 = 419.753052.
    expect(usd).toMatch(/data-value="usdt">12\.34 USD</);
    expect(usd).toMatch(/data-value="eth">419\.75 USD</);
    for (const asset of ['sol', 'ltc', 'matic', 'btc'])
      expect(usd).toContain(`data-value="${asset}">0.00 USD<`);
    expect(usd).not.toContain('no price');
    expect(usd).toContain('1 USDT is taken as 1 US dollar');
    // On Hindi pages in INR: × USD-INR 84.5 → 1043.209791 and 35469.132894.
    const inr = (await rc.get('/dashboard?lang=hi')).body;
    expect(inr).toMatch(/data-value="usdt">1043\.20 INR</);
    expect(inr).toMatch(/data-value="eth">35469\.13 INR</);
    expect(inr).not.toContain('कोई भाव नहीं');
    expect(inr).toContain('1 USDT को 1 अमेरिकी डॉलर माना जाता है');
  });

  it('a payment request made on the page is the API’s: the same record, its checkout link and QR', async () => {
    const rt = await setUp(dialect);
    const { a, c } = await holder(rt);
    await c.get('/dashboard/receive');
    const bad = await c.post('/dashboard/receive', { amount: 'lots' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(
      /id="f-amount"[^>]*aria-describedby="f-amount-hint f-amount-err"[^>]*aria-invalid="true"/,
    );
    const made = await c.post('/dashboard/receive', { amount: '0.0002', description: 'coffee' });
    expect(made.statusCode).toBe(303);
    const tid = /\/dashboard\/payments\/([a-z0-9]{16})\?done=request_created/.exec(
      String(made.headers.location),
    )?.[1];
    expect(tid).toBeDefined();
    const page = await c.get(String(made.headers.location));
    expect(page.body).toContain(`http://paytag.test/checkout/${tid}`);
    expect(page.body).toContain('The payment request is created.');
    expect(page.body).toMatch(/aria-label="QR code of the checkout link"/);
    const viaApi = (await api(rt, a.invoiceKey, `/lapi/v1/checkPayment?tid=${tid}`)).json().data;
    expect(viaApi.amount).toBe('0.00020000');
    expect(viaApi.description).toBe('coffee');
    // Every field of the record is on the page.
    for (const k of [
      'status_payee',
      'status_payer',
      'lightning_invoice.payreq',
      'total_fee.network_fee',
      'hosted_checkout_url',
      'chain_address.chain_network',
    ])
      expect(page.body).toContain(`<code>${k}</code>`);
    expect(page.body).toContain(viaApi.lightning_invoice.payreq);
  });

  it('send: a confirmation with fee and total, the password again, then the same send as the API', async () => {
    const rt = await setUp(dialect);
    const { c: payer, a: payerAccount } = await holder(rt, '0.01');
    const { a: payee } = await holder(rt);
    await payer.get('/dashboard/send');
    const review = await payer.post('/dashboard/send/review', { to: `@${payee.usertag}`, amount: '0.001' });
    expect(review.statusCode).toBe(200);
    expect(review.body).toMatch(/id="send-amount">0\.00100000 BTC</);
    expect(review.body).toMatch(/id="send-total"><strong>0\.0010\d{4} BTC</);
    const idem = /name="idempotency_key" value="([0-9a-f]{32})"/.exec(review.body)?.[1] ?? '';
    const fields = { to: `@${payee.usertag}`, amount: '0.001', description: '', idempotency_key: idem };
    const wrong = await payer.post('/dashboard/send', { ...fields, password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect((await api(rt, payee.invoiceKey, '/lapi/v1/wallet')).json().data.balance_lbtc).toBe('0.00000000');
    const sent = await payer.post('/dashboard/send', { ...fields, password: PASSWORD });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toMatch(/^\/dashboard\/payments\/[a-z0-9]{16}\?done=sent$/);
    // The same confirmation sent again moves nothing more (its idempotency key).
    const again = await payer.post('/dashboard/send', { ...fields, password: PASSWORD });
    expect(again.headers.location).toBe(sent.headers.location);
    expect((await api(rt, payee.invoiceKey, '/lapi/v1/wallet')).json().data.balance_lbtc).toBe('0.00100000');
    const left = (await api(rt, payerAccount.invoiceKey, '/lapi/v1/wallet')).json().data.balance_lbtc;
    expect(left <= '0.00900000').toBe(true);
    // An unknown usertag is an error on the "pay to" field.
    const unknown = await payer.post('/dashboard/send/review', { to: 'nobody_at_all', amount: '0.001' });
    expect(unknown.statusCode).toBe(200);
    const refused = await payer.post('/dashboard/send', {
      to: 'nobody_at_all',
      amount: '0.001',
      password: PASSWORD,
      idempotency_key: 'ab'.repeat(16),
    });
    expect(refused.statusCode).toBe(404);
  });

  it('history: filters, keyset pages, and status_payee set on a received payment with the password', async () => {
    const rt = await setUp(dialect);
    const { a, c } = await holder(rt, '0.01');
    const { a: b } = await holder(rt);
    for (let i = 0; i < 30; i++) {
      await c.get('/dashboard/receive');
      await c.post('/dashboard/receive', { amount: '0.00001', description: `request ${i}` });
    }
    await c.get('/dashboard/send');
    const review = await c.post('/dashboard/send/review', { to: b.usertag, amount: '0.0001' });
    const idem = /name="idempotency_key" value="([0-9a-f]{32})"/.exec(review.body)?.[1] ?? '';
    await c.post('/dashboard/send', {
      to: b.usertag,
      amount: '0.0001',
      description: 'to b',
      idempotency_key: idem,
      password: PASSWORD,
    });

    const first = await c.get('/dashboard/payments');
    const rowsOf = (body: string) => [...body.matchAll(/<tr data-row="([a-z0-9]{16})"/g)].map((m) => m[1]);
    expect(rowsOf(first.body)).toHaveLength(25);
    const next = /href="\/dashboard\/payments\?after=([0-9.]+)"/.exec(first.body)?.[1];
    expect(next).toBeDefined();
    const second = await c.get(`/dashboard/payments?after=${next}`);
    const all = [...rowsOf(first.body), ...rowsOf(second.body)];
    // The 30 requests and the send (the fund's deposit too when it is a payment), each once.
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBeGreaterThanOrEqual(31);
    const out = await c.get('/dashboard/payments?direction=out');
    expect(out.body).toContain('to b');
    expect(rowsOf(out.body)).toHaveLength(1);
    const pendingIn = await c.get('/dashboard/payments?direction=in&status=pending&wallet=lbtc');
    expect(rowsOf(pendingIn.body)).toHaveLength(25);
    const future = await c.get('/dashboard/payments?from=2100-01-01');
    expect(rowsOf(future.body)).toHaveLength(0);
    expect(future.body).toContain('No payments match these filters.');
    const badDate = await c.get('/dashboard/payments?from=2026-02-30');
    expect(badDate.statusCode).toBe(400);
    expect(badDate.body).toMatch(/id="f-from"[^>]*aria-invalid="true"/);
    expect((await c.get('/dashboard/payments?after=junk')).statusCode).toBe(400);
    // A link past the 64-bit range of ids is a bad link too, not a failure.
    for (const after of ['1.9223372036854775808', '1.9999999999999999999', '99999999999999999.1']) {
      expect((await c.get(`/dashboard/payments?after=${after}`)).statusCode).toBe(400);
    }
    expect((await c.get('/dashboard/payments?after=1.9223372036854775807')).statusCode).toBe(200);

    const tid = rowsOf(pendingIn.body)[0]!;
    await c.get(`/dashboard/payments/${tid}`);
    const noPw = await c.post(`/dashboard/payments/${tid}/status`, { status_payee: 'paid' });
    expect(noPw.statusCode).toBe(400);
    const set = await c.post(`/dashboard/payments/${tid}/status`, {
      status_payee: 'paid',
      password: PASSWORD,
    });
    expect(set.headers.location).toBe(`/dashboard/payments/${tid}?done=status_changed`);
    const pro = (
      await rt.app.inject({
        method: 'GET',
        url: `/lapi/v1/checkPayment?tid=${tid}`,
        headers: { 'x-api-key': a.invoiceKey },
      })
    ).json().data;
    expect(pro.status).toBe('pending');
    const row = await rt.deps.db.read
      .selectFrom('payments')
      .select('status_payee')
      .where('public_id', '=', tid)
      .executeTakeFirstOrThrow();
    expect(row.status_payee).toBe('paid');
    // Another account's payment is not found, not forbidden.
    const { c: stranger } = await holder(rt);
    expect((await stranger.get(`/dashboard/payments/${tid}`)).statusCode).toBe(404);
  });

  it('status_payee of a request made out to another account: only that payee sets it, its requester only reads it', async () => {
    const rt = await setUp(dialect);
    const { a, c } = await holder(rt);
    const { a: b, c: payee } = await holder(rt);
    const { c: stranger } = await holder(rt);
    const made = await rt.app.inject({
      method: 'POST',
      url: '/lapi/v1/receive',
      headers: { 'x-api-key': a.invoiceKey, 'content-type': 'application/json' },
      payload: JSON.stringify({ amount: 0.0001, receiver_usertag: b.usertag }),
    });
    expect(made.statusCode, made.body).toBe(200);
    const tid = made.json().data.tid as string;
    const statusForm = `action="/dashboard/payments/${tid}/status"`;
    const statusPayee = async () =>
      (
        await rt.deps.db.read
          .selectFrom('payments')
          .select('status_payee')
          .where('public_id', '=', tid)
          .executeTakeFirstOrThrow()
      ).status_payee;

    // The requester sees the payment but is offered no status_payee form, and posting one is refused
    // exactly as for an account with nothing to do with the payment.
    const page = await c.get(`/dashboard/payments/${tid}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(tid);
    expect(page.body).not.toContain(statusForm);
    const byRequester = await c.post(`/dashboard/payments/${tid}/status`, {
      status_payee: 'declined',
      password: PASSWORD,
    });
    await stranger.get('/dashboard/payments');
    const byStranger = await stranger.post(`/dashboard/payments/${tid}/status`, {
      status_payee: 'declined',
      password: PASSWORD,
    });
    expect(byStranger.statusCode).toBe(404);
    expect(byRequester.statusCode).toBe(404);
    expect(byRequester.body).toContain(`no payment with tid &quot;${tid}&quot;`);
    expect(byStranger.body).toContain(`no payment with tid &quot;${tid}&quot;`);
    expect(await statusPayee()).toBe('undefined');

    const own = await payee.get(`/dashboard/payments/${tid}`);
    expect(own.body).toContain(statusForm);
    const set = await payee.post(`/dashboard/payments/${tid}/status`, {
      status_payee: 'paid',
      password: PASSWORD,
    });
    expect(set.headers.location).toBe(`/dashboard/payments/${tid}?done=status_changed`);
    expect(await statusPayee()).toBe('paid');
  });

  it('a filter that matches none of many payments says how far back it searched and links on', async () => {
    const rt = await setUp(dialect);
    const { a, c } = await holder(rt);
    const made = await rt.app.inject({
      method: 'POST',
      url: '/lapi/v1/receive',
      headers: { 'x-api-key': a.invoiceKey },
      payload: { amount: '0.0001' },
    });
    expect(made.statusCode).toBe(200);
    // More incoming payments than a page reads, copies of that one, one second apart.
    const n = PAGE_SCAN_MAX + 200;
    await rt.deps.db.write(async (trx) => {
      const t = await trx
        .selectFrom('payments')
        .selectAll()
        .where('account_id', '=', a.id)
        .executeTakeFirstOrThrow();
      for (let i = 1; i <= n; i++) {
        await trx
          .insertInto('payments')
          .values({
            ...t,
            id: t.id + BigInt(i),
            public_id: `s${String(i).padStart(15, '0')}`,
            payment_hash: null,
            payreq: null,
            created_at_ms: t.created_at_ms - BigInt(i) * 1000n,
          })
          .execute();
      }
    });
    const page = await c.get('/dashboard/payments?direction=out');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="searched-to"');
    expect(page.body).toContain('Searched the payments back to');
    expect(page.body).toContain('<p data-empty hidden>');
    expect(page.body).toMatch(
      /href="\/dashboard\/payments\?direction=out&amp;after=\d+\.\d+"|href="\/dashboard\/payments\?direction=out&after=\d+\.\d+"/,
    );
    // Following the link reads on to the end: nothing matches, and the end says so.
    const next = /after=(\d+\.\d+)/.exec(page.body)?.[1];
    const last = await c.get(`/dashboard/payments?direction=out&after=${next}`);
    expect(last.statusCode).toBe(200);
    expect(last.body).not.toContain('id="searched-to"');
    expect(last.body).toContain('<p data-empty>No payments match these filters.</p>');
  });
});
