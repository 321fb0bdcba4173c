import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { availableBalance } from '../../src/db/repos/ledger.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

// Addresses made by an implementation independent of the project's codecs: the reference algorithms of
// BIP173 (bech32), BIP350 (bech32m) and Base58Check (double SHA-256), written out in Python, over the
// 20-byte hash 01..14 and the 32-byte program 01..20. Regtest: hrp `bcrt`, base58 versions 0x6f / 0xc4.
const REGTEST = {
  p2wpkh: 'bcrt1qqypqxpq9qcrsszg2pvxq6rs0zqg3yyc5phstwt',
  p2wsh: 'bcrt1qqypqxpq9qcrsszg2pvxq6rs0zqg3yyc5z5tpwxqergd3c8g7rusq7snjn6',
  p2tr: 'bcrt1pqypqxpq9qcrsszg2pvxq6rs0zqg3yyc5z5tpwxqergd3c8g7rusq58nmtx',
  p2pkh: 'mfcHP2WMCVLsVZA8yrovmhMgxNFW9r98xw',
  p2sh: '2MsLZ5FqqYpjM1Q1W4X81zMVZTF9gdbhVwd',
} as const;
const REFUSED: Array<[string, string, string]> = [
  ['a mainnet bech32 address', 'bc1qqypqxpq9qcrsszg2pvxq6rs0zqg3yyc5fcj4z3', 'mainnet'],
  ['a mainnet base58 address', '16L5yRNPTuciSgXGHqYwn9N6NeoKqopAu', 'mainnet'],
  [
    'the BIP350 mainnet P2TR vector',
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
    'mainnet',
  ],
  ['a testnet address', 'tb1qqypqxpq9qcrsszg2pvxq6rs0zqg3yyc5r7fxez', 'testnet'],
  ['a bech32 address with one character changed', 'bcrt1qqypqxpq9qcrsszg2pvxq6rs0zqg3yyc5phstwa', 'checksum'],
  ['a base58 address with one character changed', 'mfcHP2WMCVLsVZA8yrovmhMgxNFW9r98xx', 'checksum'],
  ['witness version 0 with a bech32m checksum', 'bcrt1qqypqxpq9qcrsszg2pvxq6rs0zqg3yyc55tq8tf', 'bech32m'],
  ['witness version 2', 'bcrt1zqypqxpq9qcrsszg2pvxq6rs0zqg3yyc5z5tpwxqergd3c8g7rusqu6259d', 'version 2'],
  ['mixed case', 'bcrt1QQYPQXPQ9QCRSSZG2PVXQ6RS0ZQG3YYC5PHSTWT', 'bech32'],
  ['garbage', 'not an address', 'address'],
  ['an empty string', '', 'required'],
  ['a number', '12345', 'address'],
];

interface Withdrawal {
  id: string;
  status: string;
  address: string;
  address_type: string;
  amount: string;
  amount_sat: number;
  fee_reserve_sat: number;
  fee_sat: number | null;
  txid: string | null;
}

const RESERVE_SAT = 2000n;

describe.each(DIALECTS)('on-chain BTC withdrawals on %s', (dialect) => {
  let w: TestRuntime;
  let payer: TestAccount;

  beforeEach(async () => {
    w = await testRuntime(dialect, { BTC_WITHDRAW_FEE_RESERVE_SAT: String(RESERVE_SAT) });
    payer = await makeAccount(w.deps, { fund: { btc: '0.01' } });
  });
  afterEach(async () => {
    await w.close();
  });

  const btc = (a: TestAccount): Promise<bigint> => availableBalance(w.deps.db.read, a.id, 'btc');
  const post = (body: unknown, key = payer.adminKey, idem?: string): Promise<LightMyRequestResponse> =>
    w.app.inject({
      method: 'POST',
      url: '/sapi/v1/withdraw',
      headers: {
        'x-api-key': key,
        'content-type': 'application/json',
        ...(idem === undefined ? {} : { 'idempotency-key': idem }),
      },
      payload: JSON.stringify(body),
    });
  const get = (path: string, key = payer.invoiceKey): Promise<LightMyRequestResponse> =>
    w.app.inject({ method: 'GET', url: `/sapi/v1/${path}`, headers: { 'x-api-key': key } });
  const cancel = (id: string, key = payer.adminKey): Promise<LightMyRequestResponse> =>
    w.app.inject({ method: 'POST', url: `/sapi/v1/withdrawals/${id}/cancel`, headers: { 'x-api-key': key } });
  const withdraw = async (address: string, amount: string, idem?: string): Promise<Withdrawal> => {
    const r = await post({ wallet: 'btc', address, amount }, payer.adminKey, idem);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as Withdrawal;
  };
  const audit = async (): Promise<string[]> => (await auditLedger(w.deps)).violations;

  it.each(Object.entries(REGTEST))(
    'accepts a regtest %s address and reserves amount plus fee reserve',
    async (type, address) => {
      const before = await btc(payer);
      const made = await withdraw(address, '0.001');
      expect(made).toMatchObject({
        status: 'queued',
        address,
        address_type: type,
        amount: '0.00100000',
        amount_sat: 100_000,
        fee_reserve_sat: Number(RESERVE_SAT),
        fee_sat: null,
        txid: null,
      });
      expect(made.id).toMatch(/^[a-z0-9]{16}$/);
      expect(before - (await btc(payer))).toBe((100_000n + RESERVE_SAT) * 1000n);
      const fetched = await get(`withdrawals/${made.id}`);
      expect(fetched.statusCode).toBe(200);
      expect(fetched.json()).toMatchObject({ id: made.id, status: 'queued', address });
      expect(await audit()).toEqual([]);
    },
  );

  it('keeps an upper-case bech32 address, as paid, in lower case', async () => {
    const made = await withdraw(REGTEST.p2wpkh.toUpperCase(), '0.001');
    expect(made.address).toBe(REGTEST.p2wpkh);
  });

  it.each(REFUSED)('refuses %s with 400 naming address, moving nothing', async (_what, address, says) => {
    const before = await btc(payer);
    const r = await post({ wallet: 'btc', address, amount: '0.001' });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json()).toMatchObject({ success: false, field: 'address' });
    expect(r.json().message).toContain('address');
    expect(r.json().message).toContain(says);
    expect(await btc(payer)).toBe(before);
  });

  it.each([
    [{ wallet: 'eth', address: REGTEST.p2wpkh, amount: '1' }, 'wallet'],
    [{ wallet: 'usdt', address: REGTEST.p2wpkh, amount: '1' }, 'chain_network'],
    [{ address: REGTEST.p2wpkh, amount: '1' }, 'wallet'],
    [{ wallet: 'btc', amount: '0.001' }, 'address'],
    [{ wallet: 'btc', address: 42, amount: '0.001' }, 'address'],
    [{ wallet: 'btc', address: REGTEST.p2wpkh }, 'amount'],
    [{ wallet: 'btc', address: REGTEST.p2wpkh, amount: '0' }, 'amount'],
    [{ wallet: 'btc', address: REGTEST.p2wpkh, amount: '-1' }, 'amount'],
    [{ wallet: 'btc', address: REGTEST.p2wpkh, amount: '0.000000001' }, 'amount'],
    [{ wallet: 'btc', address: REGTEST.p2wpkh, amount: '0.00000293' }, 'amount'],
    [{ wallet: 'btc', address: REGTEST.p2pkh, amount: '0.00000545' }, 'amount'],
    [{ wallet: 'btc', address: REGTEST.p2wpkh, amount: '21000001' }, 'amount'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const r = await post(body);
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json()).toMatchObject({ success: false, field });
  });

  it('accepts an amount exactly at the dust limit of its output type', async () => {
    expect((await withdraw(REGTEST.p2wpkh, '0.00000294')).amount_sat).toBe(294);
    expect((await withdraw(REGTEST.p2pkh, '0.00000546')).amount_sat).toBe(546);
  });

  it('refuses the invoice key with 403, for a withdrawal and for a cancel', async () => {
    const r = await post({ wallet: 'btc', address: REGTEST.p2wpkh, amount: '0.001' }, payer.invoiceKey);
    expect(r.statusCode).toBe(403);
    const made = await withdraw(REGTEST.p2wpkh, '0.001');
    const after = await btc(payer);
    expect((await cancel(made.id, payer.invoiceKey)).statusCode).toBe(403);
    expect(await btc(payer)).toBe(after);
    expect((await get(`withdrawals/${made.id}`)).json().status).toBe('queued');
  });

  it('refuses more than the balance (the fee reserve counted) with 422, moving nothing', async () => {
    const before = await btc(payer); // 0.01 BTC = 1,000,000 sat
    const r = await post({ wallet: 'btc', address: REGTEST.p2tr, amount: '0.00999' }); // + 2000 > balance
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json()).toMatchObject({ success: false });
    expect(r.json().message).toBeTruthy();
    expect(await btc(payer)).toBe(before);
    expect((await get('withdrawals')).json().withdrawals).toEqual([]);
    // Exactly the balance is enough.
    await withdraw(REGTEST.p2tr, '0.00998');
    expect(await btc(payer)).toBe(0n);
    expect(await audit()).toEqual([]);
  });

  it('never overdraws under 20 concurrent withdrawals', async () => {
    // 1,000,000 sat; each takes 100,000 + 2000: nine fit (918,000), the tenth would not.
    const rs = await Promise.all(
      Array.from({ length: 20 }, () => post({ wallet: 'btc', address: REGTEST.p2wpkh, amount: '0.001' })),
    );
    const codes = rs.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(9);
    expect(codes.filter((c) => c === 422)).toHaveLength(11);
    expect(await btc(payer)).toBe(1_000_000_000n - 9n * 102_000_000n);
    expect((await get('withdrawals?limit=100')).json().withdrawals).toHaveLength(9);
    expect(await audit()).toEqual([]);
  });

  it('answers a replay with the same Idempotency-Key with the same withdrawal, moving nothing again', async () => {
    const first = await withdraw(REGTEST.p2sh, '0.002', 'w-1');
    const after = await btc(payer);
    const again = await Promise.all(
      Array.from({ length: 5 }, () =>
        post({ wallet: 'btc', address: REGTEST.p2sh, amount: '0.002' }, payer.adminKey, 'w-1'),
      ),
    );
    for (const r of again) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().id).toBe(first.id);
    }
    expect(await btc(payer)).toBe(after);
    const other = await post(
      { wallet: 'btc', address: REGTEST.p2sh, amount: '0.003' },
      payer.adminKey,
      'w-1',
    );
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ success: false, field: 'Idempotency-Key' });
    expect(await btc(payer)).toBe(after);
    expect(await audit()).toEqual([]);
  });

  it('answers concurrent first requests with one Idempotency-Key with one withdrawal', async () => {
    const before = await btc(payer);
    const rs = await Promise.all(
      Array.from({ length: 10 }, () =>
        post({ wallet: 'btc', address: REGTEST.p2wsh, amount: '0.001' }, payer.adminKey, 'race'),
      ),
    );
    expect(rs.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(rs.map((r) => r.json().id)).size).toBe(1);
    expect(before - (await btc(payer))).toBe(102_000_000n);
  });

  it('cancels a queued withdrawal and gives the reserve back once, also under concurrent cancels', async () => {
    const before = await btc(payer);
    const made = await withdraw(REGTEST.p2wpkh, '0.001');
    const rs = await Promise.all(Array.from({ length: 10 }, () => cancel(made.id)));
    for (const r of rs) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ id: made.id, status: 'cancelled' });
    }
    expect(await btc(payer)).toBe(before);
    const later = await cancel(made.id);
    expect(later.statusCode).toBe(200);
    expect(await btc(payer)).toBe(before);
    expect((await get(`withdrawals/${made.id}`)).json().status).toBe('cancelled');
    expect(await audit()).toEqual([]);
  });

  it('refuses to cancel a withdrawal that has left the queue (409), moving nothing', async () => {
    const made = await withdraw(REGTEST.p2wpkh, '0.001');
    const after = await btc(payer);
    await w.deps.db.write((trx) =>
      trx
        .updateTable('chain_withdrawals')
        .set({ status: 'signing' })
        .where('public_id', '=', made.id)
        .execute(),
    );
    const r = await cancel(made.id);
    expect(r.statusCode, r.body).toBe(409);
    expect(await btc(payer)).toBe(after);
    // The money is untouched; the audit only notes the hand-made `signing` row has no batch.
    expect((await audit()).filter((v) => !v.includes('belong to no live batch'))).toEqual([]);
  });

  it('shows, lists and cancels only the caller’s withdrawals: another account gets 404', async () => {
    const made = await withdraw(REGTEST.p2wpkh, '0.001');
    const stranger = await makeAccount(w.deps, { fund: { btc: '0.01' } });
    expect((await get(`withdrawals/${made.id}`, stranger.invoiceKey)).statusCode).toBe(404);
    expect((await cancel(made.id, stranger.adminKey)).statusCode).toBe(404);
    expect((await get('withdrawals', stranger.invoiceKey)).json().withdrawals).toEqual([]);
    expect((await get('withdrawals/nosuchwithdrawal')).statusCode).toBe(404);
    expect((await get(`withdrawals/${made.id}`)).json().status).toBe('queued');
  });

  it('lists newest first, a page at a time', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await withdraw(REGTEST.p2wpkh, '0.0001')).id);
    const first = (await get('withdrawals?limit=2')).json();
    expect(first.withdrawals.map((x: Withdrawal) => x.id)).toEqual([ids[4], ids[3]]);
    const second = (await get(`withdrawals?limit=2&before=${first.next}`)).json();
    expect(second.withdrawals.map((x: Withdrawal) => x.id)).toEqual([ids[2], ids[1]]);
    const last = (await get(`withdrawals?limit=2&before=${second.next}`)).json();
    expect(last.withdrawals.map((x: Withdrawal) => x.id)).toEqual([ids[0]]);
    expect(last.next).toBeNull();
    expect((await get('withdrawals?limit=0')).statusCode).toBe(400);
    expect((await get('withdrawals?before=zzzzzzzzzzzzzzzz')).statusCode).toBe(400);
  });

  it('the audit finds an escrow that differs from the open withdrawals', async () => {
    const made = await withdraw(REGTEST.p2wpkh, '0.001');
    expect(await audit()).toEqual([]);
    // A withdrawal marked cancelled without its reserve given back: the escrow holds too much.
    await w.deps.db.write((trx) =>
      trx
        .updateTable('chain_withdrawals')
        .set({ status: 'cancelled' })
        .where('public_id', '=', made.id)
        .execute(),
    );
    const found = await audit();
    expect(found.some((f) => f.includes('withdrawal escrow holds 102000000 msat'))).toBe(true);
    expect(found.some((f) => f.includes('(cancelled)'))).toBe(true);
  });

  it('the OpenAPI document describes the four routes', async () => {
    const doc = (await w.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(Object.keys(doc.paths['/sapi/v1/withdraw'])).toContain('post');
    expect(Object.keys(doc.paths['/sapi/v1/withdrawals'])).toContain('get');
    expect(Object.keys(doc.paths['/sapi/v1/withdrawals/{id}'])).toContain('get');
    expect(Object.keys(doc.paths['/sapi/v1/withdrawals/{id}/cancel'])).toContain('post');
    const record = doc.paths['/sapi/v1/withdraw'].post.responses['200'].content['application/json'].schema;
    expect(Object.keys(record.properties)).toEqual(expect.arrayContaining(['status', 'txid', 'fee_sat']));
  });
});
