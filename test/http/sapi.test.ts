import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxDeposit, sandboxDepositChange } from '../../src/app/chain/sandbox-deposit.ts';
import { TEST_CHAIN_KEYS as KEYS } from '../fixtures/chain/keys.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

// The operator's keys in these tests: the account keys of the BIP84/BIP44 test mnemonic, so the
// addresses handed out are the published ones (regtest: m/84'/1'/0' as a vpub; m/44'/60'/0' as an xpub).
const ENV = { SANDBOX_NODE_KEY: '22'.repeat(32), BTC_XPUB: KEYS.btc.text, EVM_XPUB: KEYS.evm.text };
/** m/84'/1'/0'/0/0 on regtest (the same key as testnet's tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl). */
const BTC_ADDRESS_0 = 'bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk';
/** m/44'/60'/0'/0/0 and /1 of the test mnemonic. */
const EVM_ADDRESS_0 = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const EVM_ADDRESS_1 = '0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0';

const PRO_KEYS = [
  'amount',
  'amount_received',
  'callback_status',
  'callback_url',
  'chain_address',
  'created_at',
  'customer_name',
  'deposits',
  'description',
  'exception',
  'extra',
  'fiat_currency',
  'fiat_rate',
  'fiat_value',
  'hosted_checkout_expiry',
  'hosted_checkout_url',
  'lightning_invoice',
  'order_id',
  'payment_mode',
  'receiver_usertag',
  'status',
  'status_payee',
  'status_payer',
  'success_url',
  'tid',
  'total_fee',
  'transaction_hash',
  'ttl',
  'uri',
  'wallet',
];

describe.each(DIALECTS)('pro payments (/sapi) on %s', (dialect) => {
  let t: TestRuntime;
  let shop: TestAccount;
  let other: TestAccount;

  const post = (url: string, key: string, body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: key, ...headers },
      payload: body as object,
    });
  const get = (url: string, key: string, body?: unknown) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
  const receive = (body: Record<string, unknown>) => post('/sapi/v1/receive', shop.invoiceKey, body);

  beforeAll(async () => {
    t = await testRuntime(dialect, ENV);
    shop = await makeAccount(t.deps);
    other = await makeAccount(t.deps);
  });
  afterAll(() => t.close());

  it('lbtc by Lightning: a bare record with every pro field typed as the spec says', async () => {
    const res = await receive({
      wallet: 'lbtc',
      payment_mode: 'lightning',
      amount: 0.00012345,
      fiat_value: 850.5,
      fiat_currency: 'INR',
      description: 'T-shirt',
      order_id: 77,
      extra: { email: 'a@example.com' },
    });
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(Object.keys(r).sort()).toEqual(PRO_KEYS);
    expect(Number.isSafeInteger(r.tid) && r.tid > 0).toBe(true);
    expect(r).toMatchObject({
      payment_mode: 'lightning',
      wallet: 'lbtc',
      amount: 0.00012345,
      amount_received: 0,
      exception: null,
      deposits: [],
      fiat_value: 850.5,
      fiat_currency: 'INR',
      order_id: '77',
      status: 'pending',
      status_payee: 'undefined',
      status_payer: 'undefined',
      transaction_hash: null,
      chain_address: { asset: 'BTC', chain_network: null, address: null },
      ttl: 10,
      extra: { email: 'a@example.com' },
      lightning_invoice: { lightning_invoice_type: 'invoice' },
    });
    expect(typeof r.created_at).toBe('number');
    expect(typeof r.hosted_checkout_expiry).toBe('number');
    expect(r.uri).toBe(`lightning:${r.lightning_invoice.payreq}`);
    expect(r.lightning_invoice.payreq).toMatch(/^lnbcrt12345/);
    expect(r).not.toHaveProperty('data');
  });

  it('btc on chain: a fresh BIP84 address per request and a BIP21 unified URI with the invoice', async () => {
    const a = (
      await receive({ wallet: 'btc', payment_mode: 'onchain', amount: '0.0001', description: 'Mug & tea' })
    ).json();
    const b = (
      await receive({ wallet: 'btc', payment_mode: 'onchain', chain_network: 'BTC', amount: 0.5 })
    ).json();
    expect(a.chain_address).toEqual({ asset: 'BTC', chain_network: 'BTC', address: BTC_ADDRESS_0 });
    expect(b.chain_address.address).toMatch(/^bcrt1q/);
    expect(b.chain_address.address).not.toBe(a.chain_address.address);
    expect(a).toMatchObject({ wallet: 'btc', payment_mode: 'onchain', amount: 0.0001, status: 'pending' });
    expect(a.uri).toBe(
      `bitcoin:${BTC_ADDRESS_0}?amount=0.0001&label=Mug%20%26%20tea&lightning=${a.lightning_invoice.payreq}`,
    );
    expect(a.lightning_invoice.payreq).toMatch(/^lnbcrt100u/);
    const rows = await t.deps.db.read
      .selectFrom('chain_addresses')
      .selectAll()
      .where('asset', '=', 'btc')
      .orderBy('derivation_index')
      .execute();
    expect(rows.map((x) => [x.address, Number(x.derivation_index), Number(x.payment_id)])).toEqual([
      [a.chain_address.address, 0, a.tid],
      [b.chain_address.address, 1, b.tid],
    ]);
    expect(rows[0]!.watch_until_ms > rows[0]!.created_at_ms).toBe(true);
  });

  it('usdt on chain: an EIP-55 address, the same format on every EVM network, and an EIP-681 URI', async () => {
    const bep = (
      await receive({ wallet: 'usdt', payment_mode: 'onchain', chain_network: 'BEP20', amount: 12.5 })
    ).json();
    expect(bep).toMatchObject({
      wallet: 'usdt',
      payment_mode: 'onchain',
      amount: 12.5,
      chain_address: { asset: 'USDT', chain_network: 'BEP20', address: EVM_ADDRESS_0 },
      lightning_invoice: { lightning_invoice_type: null, payreq: null, expires_at: null },
    });
    // BNB Smart Chain's USDT has 18 decimals.
    expect(bep.uri).toBe(
      `ethereum:0x55d398326f99059fF775485246999027B3197955@56/transfer?address=${EVM_ADDRESS_0}&uint256=12500000000000000000`,
    );
    const erc = (
      await receive({ wallet: 'usdt', payment_mode: 'onchain', chain_network: 'ERC20', amount: '0.000001' })
    ).json();
    expect(erc.chain_address.address).toBe(EVM_ADDRESS_1);
    expect(erc.amount).toBe(0.000001);
    expect(erc.uri).toBe(
      `ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=${EVM_ADDRESS_1}&uint256=1`,
    );
    const matic = (
      await receive({ wallet: 'usdt', payment_mode: 'onchain', chain_network: 'MATIC', amount: 1000000 })
    ).json();
    expect(matic.uri).toMatch(
      /^ethereum:0xc2132D05D31c914a87C6611C10748AEb04B58e8F@137\/transfer\?address=0x[0-9a-fA-F]{40}&uint256=1000000000000$/,
    );
    expect(typeof matic.tid).toBe('number');
  });

  it.each([
    [{ wallet: 'lbtc', payment_mode: 'onchain', amount: 0.001 }, 'payment_mode'],
    [{ wallet: 'usdt', payment_mode: 'lightning', chain_network: 'BEP20', amount: 1 }, 'payment_mode'],
    [{ wallet: 'btc', payment_mode: 'lightning', amount: 0.001 }, 'payment_mode'],
    [{ wallet: 'usdt', payment_mode: 'onchain', amount: 1 }, 'chain_network'],
    [{ wallet: 'usdt', payment_mode: 'onchain', chain_network: 'BTC', amount: 1 }, 'chain_network'],
    [{ wallet: 'btc', payment_mode: 'onchain', chain_network: 'ERC20', amount: 0.001 }, 'chain_network'],
    [{ wallet: 'btc', payment_mode: 'onchain', chain_network: 'BEP20', amount: 0.001 }, 'chain_network'],
    [{ wallet: 'lbtc', payment_mode: 'lightning', chain_network: 'MATIC', amount: 0.001 }, 'chain_network'],
    [{ wallet: 'usdt', payment_mode: 'onchain', chain_network: 'TRC20', amount: 1 }, 'chain_network'],
    [{ wallet: 'usdt', payment_mode: 'onchain', chain_network: ['BEP20'], amount: 1 }, 'chain_network'],
    [{ wallet: 'eth', payment_mode: 'onchain', amount: 1 }, 'wallet'],
    [{ payment_mode: 'lightning', amount: 0.001 }, 'wallet'],
    [{ wallet: ['lbtc'], payment_mode: 'lightning', amount: 0.001 }, 'wallet'],
    [{ wallet: 'lbtc', amount: 0.001 }, 'payment_mode'],
    [{ wallet: 'lbtc', payment_mode: 'card', amount: 0.001 }, 'payment_mode'],
    [{ wallet: 'lbtc', payment_mode: 'lightning' }, 'amount'],
    [{ wallet: 'lbtc', payment_mode: 'lightning', amount: [0.001] }, 'amount'],
    [{ wallet: 'lbtc', payment_mode: 'lightning', amount: true }, 'amount'],
    [{ wallet: 'lbtc', payment_mode: 'lightning', amount: '1e-3' }, 'amount'],
    [{ wallet: 'btc', payment_mode: 'onchain', amount: 0.123456789 }, 'amount'],
    [{ wallet: 'btc', payment_mode: 'onchain', amount: -0.001 }, 'amount'],
    [{ wallet: 'btc', payment_mode: 'onchain', amount: 0 }, 'amount'],
    [{ wallet: 'usdt', payment_mode: 'onchain', chain_network: 'ERC20', amount: '1.0000001' }, 'amount'],
    [{ wallet: 'usdt', payment_mode: 'onchain', chain_network: 'ERC20', amount: 1e12 }, 'amount'],
    [{ wallet: 'lbtc', payment_mode: 'lightning', amount: 0.001, expires_in: 0 }, 'expires_in'],
    [{ wallet: 'lbtc', payment_mode: 'lightning', amount: 0.001, callback_url: 'ftp://x' }, 'callback_url'],
  ])('refuses %j with a 400 naming %s, in the pro error shape', async (body, field) => {
    const res = await receive(body);
    expect(res.statusCode).toBe(400);
    const e = res.json();
    expect(e).toMatchObject({ success: false, field });
    expect(e.message).toContain(field);
    expect(e).not.toHaveProperty('status');
  });

  it('creates no address and takes no index for a refused request', async () => {
    const before = await t.deps.db.read.selectFrom('chain_address_counters').selectAll().execute();
    await receive({ wallet: 'usdt', payment_mode: 'onchain', amount: 1 });
    await receive({ wallet: 'btc', payment_mode: 'onchain', amount: 'x' });
    expect(await t.deps.db.read.selectFrom('chain_address_counters').selectAll().execute()).toEqual(before);
  });

  it('checkPayment takes the integer tid (query or JSON body) and answers the same bare record', async () => {
    const made = (
      await receive({ wallet: 'usdt', payment_mode: 'onchain', chain_network: 'BEP20', amount: '3.25' })
    ).json();
    const byQuery = await get(`/sapi/v1/checkPayment?tid=${made.tid}`, shop.invoiceKey);
    expect(byQuery.statusCode).toBe(200);
    expect(byQuery.json()).toEqual(made);
    const byBody = await get('/sapi/v1/checkPayment', shop.invoiceKey, { tid: made.tid });
    expect(byBody.json()).toEqual(made);
    const raw = await t.app.inject({
      method: 'GET',
      url: `/sapi/v1/checkPayment?tid=${made.tid}`,
      headers: { authorization: shop.invoiceKey },
    });
    expect(raw.json().tid).toBe(made.tid);
    for (const bad of ['abc', '1.5', '-3', '0']) {
      const r = await get(`/sapi/v1/checkPayment?tid=${bad}`, shop.invoiceKey);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ success: false, field: 'tid' });
    }
    const stranger = await get(`/sapi/v1/checkPayment?tid=${made.tid}`, other.invoiceKey);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ success: false, field: 'tid' });
    const nokey = await t.app.inject({ method: 'GET', url: `/sapi/v1/checkPayment?tid=${made.tid}` });
    expect(nokey.statusCode).toBe(401);
    expect(nokey.json()).toMatchObject({ success: false });
  });

  it('transaction_hash is the first deposit seen on chain when the payer gave none; a payer’s hash stays', async () => {
    const made = (await receive({ wallet: 'btc', payment_mode: 'onchain', amount: 0.002 })).json();
    expect(made.transaction_hash).toBeNull();
    const first = await sandboxDeposit(t.deps, { tid: String(made.tid), amount: '0.0005', confirmations: 1 });
    if (!first.ok) throw new Error(first.error.message);
    const second = await sandboxDeposit(t.deps, { tid: String(made.tid), amount: '0.0015' });
    expect(second.ok).toBe(true);
    const checked = (await get(`/sapi/v1/checkPayment?tid=${made.tid}`, shop.invoiceKey)).json();
    expect(checked).toMatchObject({ status: 'pending', transaction_hash: first.value.txHash });
    const listed = (await get('/sapi/v1/history?limit=100&wallet=btc', shop.invoiceKey)).json() as Array<{
      tid: number;
      transaction_hash: string | null;
    }>;
    expect(listed.find((r) => r.tid === made.tid)?.transaction_hash).toBe(first.value.txHash);
    // Dropped (reorganised away): no longer the payment's hash; the second one is.
    expect((await sandboxDepositChange(t.deps, first.value.txHash, { removed: true })).ok).toBe(true);
    const after = (await get(`/sapi/v1/checkPayment?tid=${made.tid}`, shop.invoiceKey)).json();
    expect(after.transaction_hash).toBe(second.ok ? second.value.txHash : null);

    // A hash the payer submitted on the checkout is the record's, whatever arrived.
    const claimed = (await receive({ wallet: 'btc', payment_mode: 'onchain', amount: 0.001 })).json();
    const claim = 'ef'.repeat(32);
    const page = new URL(claimed.hosted_checkout_url).pathname;
    const sent = await t.app.inject({
      method: 'POST',
      url: `${page}/transaction?lang=en`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `transaction_hash=${claim}`,
    });
    expect(sent.statusCode).toBeLessThan(400);
    expect((await sandboxDeposit(t.deps, { tid: String(claimed.tid), confirmations: 1 })).ok).toBe(true);
    const withClaim = (await get(`/sapi/v1/checkPayment?tid=${claimed.tid}`, shop.invoiceKey)).json();
    expect(withClaim.transaction_hash).toBe(claim);
  });

  it('history is a bare array of pro records, newest first, filtered by wallet', async () => {
    const all = await get('/sapi/v1/history?limit=100', shop.invoiceKey);
    expect(all.statusCode).toBe(200);
    const rows = all.json();
    expect(Array.isArray(rows)).toBe(true);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const r of rows) {
      expect(Object.keys(r).sort()).toEqual(PRO_KEYS);
      expect(typeof r.tid).toBe('number');
      expect(typeof r.amount).toBe('number');
    }
    const usdt = (await get('/sapi/v1/history', shop.invoiceKey, { limit: 100, wallet: 'usdt' })).json();
    expect(usdt.length).toBeGreaterThanOrEqual(4);
    expect(usdt.every((r: { wallet: string }) => r.wallet === 'usdt')).toBe(true);
    const btc = (await get('/sapi/v1/history?limit=1&wallet=btc', shop.invoiceKey)).json();
    expect(btc).toHaveLength(1);
    expect(btc[0].wallet).toBe('btc');
    const bad = await get('/sapi/v1/history?limit=5&wallet=doge', shop.invoiceKey);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, field: 'wallet' });
    const noLimit = await get('/sapi/v1/history', shop.invoiceKey);
    expect(noLimit.statusCode).toBe(400);
    expect(noLimit.json()).toMatchObject({ success: false, field: 'limit' });
    expect((await get('/sapi/v1/history?limit=10', other.invoiceKey)).json()).toEqual([]);
  });

  it('updateStatus sets status_payee with the admin key; status and balances do not move', async () => {
    const made = (await receive({ wallet: 'btc', payment_mode: 'onchain', amount: 0.002 })).json();
    const balances = async () => (await get('/tapi/v1/assetBalance', shop.invoiceKey)).json().data;
    const before = await balances();
    const asInvoice = await post('/sapi/v1/updateStatus', shop.invoiceKey, {
      tid: made.tid,
      status_payee: 'paid',
    });
    expect(asInvoice.statusCode).toBe(403);
    expect(asInvoice.json()).toMatchObject({ success: false });
    const res = await post('/sapi/v1/updateStatus', shop.adminKey, {
      tid: String(made.tid),
      status_payee: 'paid',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      tid: made.tid,
      status: 'pending',
      status_payee: 'paid',
      status_payer: 'undefined',
    });
    expect((await get(`/sapi/v1/checkPayment?tid=${made.tid}`, shop.invoiceKey)).json().status_payee).toBe(
      'paid',
    );
    expect(await balances()).toEqual(before);
    for (const [body, field] of [
      [{ tid: made.tid, status_payee: 'done' }, 'status_payee'],
      [{ tid: made.tid }, 'status_payee'],
      [{ tid: 'x', status_payee: 'paid' }, 'tid'],
      [{ status_payee: 'paid' }, 'tid'],
    ] as const) {
      const r = await post('/sapi/v1/updateStatus', shop.adminKey, body);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ success: false, field });
    }
    const foreign = await post('/sapi/v1/updateStatus', other.adminKey, {
      tid: made.tid,
      status_payee: 'declined',
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('only the payee sets status_payee of a request made out to it; its requester gets 404 and can still read it', async () => {
    const stranger = await makeAccount(t.deps);
    const viaSapi = await receive({
      wallet: 'lbtc',
      payment_mode: 'lightning',
      amount: 0.0001,
      receiver_usertag: other.usertag,
    });
    expect(viaSapi.statusCode, viaSapi.body).toBe(200);
    const viaLapi = await post('/lapi/v1/receive', shop.invoiceKey, {
      amount: 0.0001,
      receiver_usertag: other.usertag,
    });
    expect(viaLapi.statusCode, viaLapi.body).toBe(200);
    // /sapi names payments by their integer id; /lapi answered the string tid.
    const lapiRow = await t.deps.db.read
      .selectFrom('payments')
      .select('id')
      .where('public_id', '=', viaLapi.json().data.tid as string)
      .executeTakeFirstOrThrow();
    for (const tid of [String(viaSapi.json().tid), String(lapiRow.id)]) {
      const byRequester = await post('/sapi/v1/updateStatus', shop.adminKey, {
        tid,
        status_payee: 'declined',
      });
      const byStranger = await post('/sapi/v1/updateStatus', stranger.adminKey, {
        tid,
        status_payee: 'declined',
      });
      // The requester is told exactly what an account with nothing to do with the payment is told.
      expect(byRequester.statusCode, byRequester.body).toBe(404);
      expect(byRequester.json()).toMatchObject({ success: false, code: 'not_found', field: 'tid' });
      expect(byRequester.json()).toEqual(byStranger.json());

      const read = await get(`/sapi/v1/checkPayment?tid=${tid}`, shop.invoiceKey);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toMatchObject({ receiver_usertag: other.usertag, status_payee: 'undefined' });

      const byPayee = await post('/sapi/v1/updateStatus', other.adminKey, { tid, status_payee: 'paid' });
      expect(byPayee.statusCode, byPayee.body).toBe(200);
      expect(byPayee.json()).toMatchObject({ status_payee: 'paid', status: 'pending' });
      const again = await get(`/sapi/v1/checkPayment?tid=${tid}`, shop.invoiceKey);
      expect(again.json()).toMatchObject({ status_payee: 'paid' });
    }
  });

  it('assetBalance gains usdt and inr; the other keys stay', async () => {
    const res = await get('/tapi/v1/assetBalance', shop.invoiceKey);
    expect(Object.keys(res.json().data).sort()).toEqual([
      'btc',
      'eth',
      'inr',
      'lbtc',
      'ltc',
      'matic',
      'sol',
      'usdt',
    ]);
    expect(res.json().data.usdt).toBe('0.00000000');
  });

  it('replays a receive with the same Idempotency-Key: one payment, one address', async () => {
    const body = { wallet: 'usdt', payment_mode: 'onchain', chain_network: 'MATIC', amount: 5 };
    const first = await post('/sapi/v1/receive', shop.invoiceKey, body, { 'idempotency-key': 'order-5' });
    const again = await post('/sapi/v1/receive', shop.invoiceKey, body, { 'idempotency-key': 'order-5' });
    expect(again.json()).toEqual(first.json());
    const clash = await post(
      '/sapi/v1/receive',
      shop.invoiceKey,
      { ...body, amount: 6 },
      { 'idempotency-key': 'order-5' },
    );
    expect(clash.statusCode).toBe(409);
    const rows = await t.deps.db.read
      .selectFrom('chain_addresses')
      .select('address')
      .where('address', '=', first.json().chain_address.address)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('shows a pro request on the standard family and its hosted checkout page without a 500', async () => {
    const made = (
      await receive({ wallet: 'usdt', payment_mode: 'onchain', chain_network: 'BEP20', amount: 2 })
    ).json();
    const std = await t.app.inject({
      method: 'GET',
      url: `/lapi/v1/checkPayment?tid=${made.tid}`,
      headers: { 'x-api-key': shop.invoiceKey },
    });
    expect(std.json().data).toMatchObject({ wallet: 'usdt', payment_mode: 'onchain', amount: '2.000000' });
    const page = await t.app.inject({ method: 'GET', url: new URL(made.hosted_checkout_url).pathname });
    expect(page.statusCode).toBeLessThan(500);
  });

  it('hands concurrent receives on two instances of one database distinct addresses, indexes never twice', async () => {
    const second = await testRuntime(dialect, ENV, { databaseUrl: t.databaseUrl });
    try {
      const counters = async () =>
        Object.fromEntries(
          (await t.deps.db.read.selectFrom('chain_address_counters').selectAll().execute()).map((c) => [
            c.key_chain,
            Number(c.next_index),
          ]),
        );
      const start = await counters();
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          (i % 2 === 0 ? t : second).app.inject({
            method: 'POST',
            url: '/sapi/v1/receive',
            headers: { authorization: shop.invoiceKey },
            payload:
              i % 4 < 2
                ? { wallet: 'btc', payment_mode: 'onchain', amount: 0.001 }
                : { wallet: 'usdt', payment_mode: 'onchain', chain_network: 'ERC20', amount: 1 },
          }),
        ),
      );
      for (const r of results) expect(r.statusCode).toBe(200);
      const addresses = results.map((r) => r.json().chain_address.address as string);
      expect(new Set(addresses).size).toBe(40);
      const end = await counters();
      expect(end['btc']! - start['btc']!).toBe(20);
      expect(end['evm']! - start['evm']!).toBe(20);
      const indexes = await t.deps.db.read
        .selectFrom('chain_addresses')
        .select(['asset', 'derivation_index'])
        .execute();
      for (const asset of ['btc', 'usdt']) {
        const mine = indexes.filter((x) => x.asset === asset).map((x) => Number(x.derivation_index));
        expect(new Set(mine).size).toBe(mine.length);
        expect(Math.max(...mine)).toBe(mine.length - 1);
      }
    } finally {
      await second.close();
    }
  });
});
