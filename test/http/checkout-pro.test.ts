import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxDeposit, sandboxDepositChange } from '../../src/app/chain/sandbox-deposit.ts';
import { viewCheckout } from '../../src/app/checkout/view-checkout.ts';
import { TEST_CHAIN_KEYS as KEYS } from '../fixtures/chain/keys.ts';
import {
  DIALECTS,
  ManualClock,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';
import { openSse, type SseEvent } from '../fixtures/sse.ts';

const ENV = { SANDBOX_NODE_KEY: '33'.repeat(32), BTC_XPUB: KEYS.btc.text, EVM_XPUB: KEYS.evm.text };
const EVM_TX = `0x${'ab'.repeat(32)}`;
const BTC_TX = 'cd'.repeat(32);

// The hosted checkout of pro requests: the on-chain address, amount, network and its warning, the QR code
// of the chain URI, and the payer's transaction-hash claim (stored, never a credit).
describe.each(DIALECTS)('hosted checkout of pro requests on %s', (dialect) => {
  let t: TestRuntime;
  let shop: TestAccount;
  let base: string;

  const receive = async (body: Record<string, unknown>) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/sapi/v1/receive',
        headers: { authorization: shop.invoiceKey },
        payload: body,
      })
    ).json();
  const page = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });
  const claim = (url: string, hash: string) =>
    t.app.inject({
      method: 'POST',
      url: `${new URL(url).pathname}/transaction?lang=en`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `transaction_hash=${encodeURIComponent(hash)}`,
    });
  const check = async (tid: number) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/sapi/v1/checkPayment?tid=${tid}`,
        headers: { authorization: shop.invoiceKey },
      })
    ).json();

  beforeAll(async () => {
    t = await testRuntime(dialect, ENV);
    shop = await makeAccount(t.deps);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('shows a usdt request: address, exact amount, network name, the one-network warning and the QR code', async () => {
    const r = await receive({
      wallet: 'usdt',
      payment_mode: 'onchain',
      chain_network: 'BEP20',
      amount: '12.5',
    });
    const res = await page(r.hosted_checkout_url);
    expect(res.statusCode).toBe(200);
    const body = res.body;
    expect(body).toContain(`>${r.chain_address.address}</textarea>`);
    expect(body).toContain('Send exactly 12.5 USDT');
    expect(body).toContain('Send USDT on BEP20 only.');
    expect(body).toContain('Send USDT on BNB Smart Chain (BEP20)');
    expect(body).toContain('<svg');
    expect(body).toContain(`href="${r.uri.replaceAll('&', '&amp;')}"`);
    expect(body).not.toContain('id="invoice"');
    expect(body).toContain('data-unit="USDT"');
    const status = (
      await t.app.inject({ method: 'GET', url: `${new URL(r.hosted_checkout_url).pathname}/status` })
    ).json();
    expect(status).toMatchObject({ state: 'pending', amount: '12.500000' });
  });

  it('shows a btc request with both ways to pay: Lightning and on-chain tabs', async () => {
    const r = await receive({ wallet: 'btc', payment_mode: 'onchain', amount: 0.0005 });
    const body = (await page(r.hosted_checkout_url)).body;
    expect(body).toContain('href="#pay-lightning"');
    expect(body).toContain('href="#pay-onchain"');
    expect(body).toContain(`value="${r.lightning_invoice.payreq}"`);
    expect(body).toContain(`>${r.chain_address.address}</textarea>`);
    expect(body).toContain('Send bitcoin on the Bitcoin network only');
    expect(body).toContain('Send exactly 0.00050000 BTC');
  });

  it('stores a submitted transaction hash as a claim: status_payer pending, status and balances unchanged', async () => {
    const r = await receive({ wallet: 'usdt', payment_mode: 'onchain', chain_network: 'ERC20', amount: 3 });
    const bad = await claim(r.hosted_checkout_url, 'not-a-hash');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('0x followed by 64 hexadecimal digits');
    const btcLike = await claim(r.hosted_checkout_url, BTC_TX);
    expect(btcLike.statusCode).toBe(400);
    const ok = await claim(r.hosted_checkout_url, EVM_TX.toUpperCase().replace('0X', '0x'));
    expect(ok.statusCode).toBe(303);
    const after = await check(r.tid);
    expect(after).toMatchObject({ status: 'pending', status_payer: 'pending', transaction_hash: EVM_TX });
    expect((await page(r.hosted_checkout_url)).body).toContain(EVM_TX);
    const balances = await t.app.inject({
      method: 'GET',
      url: '/tapi/v1/assetBalance',
      headers: { 'x-api-key': shop.invoiceKey },
    });
    expect(balances.json().data.usdt).toBe('0.00000000');
  });

  it('takes a Bitcoin txid for a btc request and refuses a claim on a Lightning request', async () => {
    const r = await receive({ wallet: 'btc', payment_mode: 'onchain', amount: 0.001 });
    expect((await claim(r.hosted_checkout_url, EVM_TX)).statusCode).toBe(400);
    expect((await claim(r.hosted_checkout_url, BTC_TX)).statusCode).toBe(303);
    expect(await check(r.tid)).toMatchObject({ transaction_hash: BTC_TX, status_payer: 'pending' });
    const ln = await receive({ wallet: 'lbtc', payment_mode: 'lightning', amount: 0.001 });
    const refused = await claim(ln.hosted_checkout_url, BTC_TX);
    expect(refused.statusCode).toBe(400);
    expect(await check(ln.tid)).toMatchObject({ transaction_hash: null, status_payer: 'undefined' });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/checkout/aaaaaaaaaaaaaaaa/transaction',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `transaction_hash=${BTC_TX}`,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('the sandbox button deposits what the request misses: paid, credited once, and refused on a Lightning request', async () => {
    const r = await receive({ wallet: 'usdt', payment_mode: 'onchain', chain_network: 'MATIC', amount: 2.5 });
    const deposit = (url: string) =>
      t.app.inject({ method: 'POST', url: `${new URL(url).pathname}/deposit?lang=en` });
    const made = await deposit(r.hosted_checkout_url);
    expect(made.statusCode).toBe(303);
    expect(made.headers.location).toBe(
      `/checkout/${new URL(r.hosted_checkout_url).pathname.split('/').pop()}?lang=en`,
    );
    expect(await check(r.tid)).toMatchObject({ status: 'paid', amount_received: 2.5 });
    const balance = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/tapi/v1/assetBalance',
          headers: { 'x-api-key': shop.invoiceKey },
        })
      ).json().data.usdt;
    expect(await balance()).toBe('2.50000000');
    const ln = await receive({ wallet: 'lbtc', payment_mode: 'lightning', amount: 0.001 });
    const refused = await deposit(ln.hosted_checkout_url);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('paid by Lightning, not on chain');
    const unknown = await t.app.inject({ method: 'POST', url: '/checkout/aaaaaaaaaaaaaaaa/deposit' });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({ method: 'POST', url: '/checkout/not-a-tid/deposit' });
    expect(malformed.statusCode).toBe(404);
    expect(await balance()).toBe('2.50000000');
  });

  it('the sandbox deposit form sent again once the request is paid deposits nothing more', async () => {
    const r = await receive({ wallet: 'usdt', payment_mode: 'onchain', chain_network: 'ERC20', amount: 4 });
    const path = new URL(r.hosted_checkout_url).pathname;
    const deposit = () => t.app.inject({ method: 'POST', url: `${path}/deposit?lang=en` });
    expect((await deposit()).statusCode).toBe(303);
    expect(await check(r.tid)).toMatchObject({ status: 'paid', amount_received: 4 });
    // The browser sends the form again (back and resubmit, a second click): the page, no second deposit.
    const again = await deposit();
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(`${path}?lang=en`);
    expect(await check(r.tid)).toMatchObject({ status: 'paid', amount_received: 4 });
    const deposits = await t.deps.db.read
      .selectFrom('chain_deposits')
      .select('id')
      .where('payment_id', '=', BigInt(r.tid))
      .execute();
    expect(deposits).toHaveLength(1);
  });

  describe('live on-chain progress', () => {
    const tidOf = (r: { hosted_checkout_url: string }) =>
      new URL(r.hosted_checkout_url).pathname.split('/').pop()!;
    /** The next event, and how long after `since` it came. */
    const nextAfter = async (s: Awaited<ReturnType<typeof openSse>>, since: number) => {
      const e: SseEvent = await s.next(3000);
      return { e, data: JSON.parse(e.data), ms: Date.now() - since };
    };

    it('streams an underpayment, then "seen, 1 of 2 confirmations", then paid, each within a second of its booking', async () => {
      const r = await receive({ wallet: 'btc', payment_mode: 'onchain', amount: '0.002' });
      const tid = tidOf(r);
      const s = await openSse(`${base}/checkout/${tid}/events`);
      const first = await s.next();
      expect(first.id).toBe('1');
      expect(JSON.parse(first.data)).toMatchObject({
        state: 'pending',
        chain: {
          network: 'BTC',
          received: '0.00000000',
          unconfirmed: null,
          confirmations: null,
          confirmations_needed: 2,
        },
      });

      let at = Date.now();
      const part = await sandboxDeposit(t.deps, { tid: String(r.tid), amount: '0.0005' });
      expect(part.ok && part.value.status).toBe('pending');
      const under = await nextAfter(s, at);
      expect(under.ms).toBeLessThan(1000);
      expect(under.e.id).toBe('1-0.00050000-0-0');
      expect(under.data).toMatchObject({
        state: 'pending',
        chain: { received: '0.00050000', unconfirmed: null, confirmations: null },
      });

      at = Date.now();
      const rest = await sandboxDeposit(t.deps, { tid: String(r.tid), confirmations: 1 });
      if (!rest.ok) throw new Error(rest.error.message);
      const seen = await nextAfter(s, at);
      expect(seen.ms).toBeLessThan(1000);
      expect(seen.data).toMatchObject({
        state: 'pending',
        chain: {
          received: '0.00050000',
          unconfirmed: '0.00150000',
          confirmations: 1,
          confirmations_needed: 2,
        },
      });
      // The page as it is now, in both languages, and the polling endpoint agree.
      const en = (await page(`${r.hosted_checkout_url}?lang=en`)).body;
      expect(en).toContain('<p id="chain-seen">Seen 0.00150000 BTC, 1 of 2 confirmations</p>');
      expect(en).toContain('<p id="chain-received">Received so far: 0.00050000 BTC of 0.00200000 BTC</p>');
      const hi = (await t.app.inject({ method: 'GET', url: `/checkout/${tid}?lang=hi` })).body;
      expect(hi).toContain('<p id="chain-seen">0.00150000 BTC दिख गया, 2 में से 1 पुष्टियाँ</p>');
      expect(hi).toContain('अब तक प्राप्त: 0.00200000 BTC में से 0.00050000 BTC');
      const polled = (await t.app.inject({ method: 'GET', url: `/checkout/${tid}/status` })).json();
      expect(polled).toEqual(seen.data);

      // A resumed stream that has this step gets nothing again; one that has only "pending" gets it.
      const resumed = await openSse(`${base}/checkout/${tid}/events`, {
        headers: { 'last-event-id': seen.e.id! },
      });
      const behind = await openSse(`${base}/checkout/${tid}/events`, { headers: { 'last-event-id': '1' } });
      expect((await behind.next()).id).toBe(seen.e.id);
      behind.close();

      at = Date.now();
      expect((await sandboxDepositChange(t.deps, rest.value.txHash, { confirmations: 2 })).ok).toBe(true);
      const paid = await nextAfter(s, at);
      expect(paid.ms).toBeLessThan(1000);
      expect(paid.e.id).toBe('4');
      expect(paid.data).toMatchObject({ state: 'paid', amount: '0.00200000' });
      await s.ended;
      expect((await resumed.next(3000)).id).toBe('4');
      expect(resumed.events).toHaveLength(1);
      await resumed.ended;
    });

    it('reads a request and its unconfirmed deposits in one snapshot: a deposit credited meanwhile is never shown as neither', async () => {
      const r = await receive({ wallet: 'btc', payment_mode: 'onchain', amount: '0.002' });
      const tid = tidOf(r);
      expect((await sandboxDeposit(t.deps, { tid: String(r.tid), amount: '0.0005' })).ok).toBe(true);
      const rest = await sandboxDeposit(t.deps, { tid: String(r.tid), confirmations: 1 });
      if (!rest.ok) throw new Error(rest.error.message);
      // Another instance credits the deposit right after the status's first statement has read its rows,
      // before any further statement: a status read in two statements sees it in neither place.
      const other = await testRuntime(dialect, ENV, { databaseUrl: t.databaseUrl });
      let credited = false;
      const read = t.deps.db.read.withPlugin({
        transformQuery: (args) => args.node,
        async transformResult(args) {
          if (!credited) {
            credited = true;
            const change = await sandboxDepositChange(other.deps, rest.value.txHash, { confirmations: 2 });
            if (!change.ok) throw new Error(change.error.message);
          }
          return args.result;
        },
      });
      const view = await viewCheckout({ ...t.deps, db: { ...t.deps.db, read } }, tid).finally(() =>
        other.close(),
      );
      if (!view.ok) throw new Error(view.error.message);
      expect(credited).toBe(true);
      // The snapshot before the credit: 0.0005 received and 0.0015 seen, together all that was sent.
      expect(view.value.status).toMatchObject({
        state: 'pending',
        chain: { received: '0.00050000', unconfirmed: '0.00150000', confirmations: 1 },
      });
      // And the next read sees the credit.
      const after = await viewCheckout(t.deps, tid);
      expect(after.ok && after.value.status).toMatchObject({ state: 'paid', amount: '0.00200000' });
    });

    it('a deposit booked by another instance on the same database reaches the stream through the poll', async () => {
      const other = await testRuntime(dialect, ENV, { databaseUrl: t.databaseUrl });
      try {
        const r = await receive({
          wallet: 'usdt',
          payment_mode: 'onchain',
          chain_network: 'ERC20',
          amount: 4,
        });
        const s = await openSse(`${base}/checkout/${tidOf(r)}/events`);
        expect((await s.next()).id).toBe('1');
        let at = Date.now();
        const d = await sandboxDeposit(other.deps, { tid: String(r.tid), confirmations: 1 });
        if (!d.ok) throw new Error(d.error.message);
        const seen = await nextAfter(s, at);
        expect(seen.ms).toBeLessThan(1000);
        expect(seen.data.chain).toMatchObject({
          unconfirmed: '4.000000',
          confirmations: 1,
          confirmations_needed: 2,
        });

        // Reorganised away: back to waiting, nothing credited.
        at = Date.now();
        await sandboxDepositChange(other.deps, d.value.txHash, { removed: true });
        const gone = await nextAfter(s, at);
        expect(gone.ms).toBeLessThan(1000);
        expect(gone.e.id).toBe('1');
        expect(gone.data).toMatchObject({
          state: 'pending',
          chain: { unconfirmed: null, received: '0.000000' },
        });

        at = Date.now();
        expect((await sandboxDeposit(other.deps, { tid: String(r.tid), amount: '4.5' })).ok).toBe(true);
        const paid = await nextAfter(s, at);
        expect(paid.ms).toBeLessThan(1000);
        expect(paid.data).toMatchObject({
          state: 'paid',
          amount: '4.500000',
          chain: { received: '4.500000' },
        });
        await s.ended;
      } finally {
        await other.close();
      }
    });

    it('the sandbox deposit form takes the confirmations: fewer than needed is seen and not credited', async () => {
      const r = await receive({ wallet: 'usdt', payment_mode: 'onchain', chain_network: 'BEP20', amount: 7 });
      const form = (await page(r.hosted_checkout_url)).body;
      expect(form).toContain('name="confirmations"');
      expect(form).toMatch(/id="sandbox-confirmations"[^>]*value="2"/);
      const deposit = (payload: string) =>
        t.app.inject({
          method: 'POST',
          url: `${new URL(r.hosted_checkout_url).pathname}/deposit?lang=en`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload,
        });
      const bad = await deposit('confirmations=lots');
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('confirmations must be a whole number');
      expect((await deposit('confirmations=1')).statusCode).toBe(303);
      expect(await check(r.tid)).toMatchObject({ status: 'pending', amount_received: 0 });
      expect((await page(r.hosted_checkout_url)).body).toContain('Seen 7 USDT, 1 of 2 confirmations');
      const btc = await receive({ wallet: 'btc', payment_mode: 'onchain', amount: 0.001 });
      const both = (await page(btc.hosted_checkout_url)).body;
      expect(both).toContain('class="sandbox sandbox-pay"');
      expect(both).toContain('Deposit from the sandbox chain');
    });
  });
});

// A payment seen on chain before the request's expiry is on time: after the expiry the checkout says it
// was seen and waits for confirmations ("confirming"), never "expired", until it is paid.
describe.each(DIALECTS)('checkout of an on-chain payment seen before expiry on %s', (dialect) => {
  let t: TestRuntime;
  let shop: TestAccount;
  const clock = new ManualClock(Date.UTC(2026, 6, 1));

  beforeAll(async () => {
    t = await testRuntime(dialect, ENV, { clock });
    shop = await makeAccount(t.deps);
  });
  afterAll(() => t.close());

  const receive = async (amount: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/sapi/v1/receive',
        headers: { authorization: shop.invoiceKey },
        payload: { wallet: 'usdt', payment_mode: 'onchain', chain_network: 'ERC20', amount, expires_in: 1 },
      })
    ).json() as { tid: number; hosted_checkout_url: string; chain_address: { address: string } };
  const status = async (url: string) =>
    (await t.app.inject({ method: 'GET', url: `${new URL(url).pathname}/status` })).json();

  it('after the expiry the status is confirming and the page says the payment was seen; then it is paid', async () => {
    const r = await receive('10');
    const d = await sandboxDeposit(t.deps, { tid: String(r.tid), confirmations: 1 });
    if (!d.ok) throw new Error(d.error.message);
    clock.advance(2 * 60_000);
    expect(await status(r.hosted_checkout_url)).toMatchObject({
      state: 'confirming',
      event_id: 2,
      chain: { unconfirmed: '10.000000', confirmations: 1, confirmations_needed: 2 },
    });
    const page = await t.app.inject({
      method: 'GET',
      url: `${new URL(r.hosted_checkout_url).pathname}?lang=en`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-state="confirming"');
    expect(page.body).toContain('Payment seen, waiting for confirmations');
    expect(page.body).toMatch(/>Seen 10 USDT, 1 of 2 confirmations</);
    // The expired panel is there for the script, hidden.
    expect(page.body).toMatch(/data-show="expired" data-status-text="[^"]*" hidden>/);
    expect(page.body).not.toMatch(/data-show="confirming" data-status-text="[^"]*" hidden>/);
    // Nothing payable is left on the page.
    expect(page.body).not.toContain(`value="${r.chain_address.address}"`);
    expect((await sandboxDepositChange(t.deps, d.value.txHash, { confirmations: 2 })).ok).toBe(true);
    expect(await status(r.hosted_checkout_url)).toMatchObject({ state: 'paid', event_id: 4 });
  });

  it('a part seen before the expiry is not enough: the request is expired', async () => {
    const r = await receive('10');
    expect((await sandboxDeposit(t.deps, { tid: String(r.tid), amount: '4', confirmations: 1 })).ok).toBe(
      true,
    );
    clock.advance(2 * 60_000);
    expect(await status(r.hosted_checkout_url)).toMatchObject({ state: 'expired', event_id: 3 });
  });
});
