import { sha256 } from '@noble/hashes/sha2.js';
import { bech32, hex } from '@scure/base';
import { RawTx } from '@scure/btc-signer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainHooks } from '../../src/app/chain/hooks.ts';
import { sandboxDeposit, sandboxDepositChange } from '../../src/app/chain/sandbox-deposit.ts';
import { toLedgerUnits } from '../../src/app/chain/units.ts';
import { watchRound } from '../../src/app/chain/watch-round.ts';
import type { AuditCheckResult } from '../../src/app/deps.ts';
import { settleIncomingInvoice } from '../../src/app/payments/settlement/settle-incoming.ts';
import { availableBalance } from '../../src/db/repos/ledger.ts';
import { TEST_CHAIN_KEYS as KEYS } from '../fixtures/chain/keys.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

const ENV = { SANDBOX_NODE_KEY: '22'.repeat(32), BTC_XPUB: KEYS.btc.text, EVM_XPUB: KEYS.evm.text };

describe('ledger units of chain amounts', () => {
  it('BTC: 1 sat is 1,000 msat, exactly', () => {
    expect(toLedgerUnits('btc', 12_345n, 8)).toEqual({ units: 12_345_000n, remainderRaw: 0n });
  });
  it('USDT of 6 decimals is exact; of 18 decimals is floored to 10^-6 with the remainder kept', () => {
    expect(toLedgerUnits('usdt', 2_500_000n, 6)).toEqual({ units: 2_500_000n, remainderRaw: 0n });
    expect(toLedgerUnits('usdt', 1_000_000_000_000_000_123n, 18)).toEqual({
      units: 1_000_000n,
      remainderRaw: 123n,
    });
  });
});

describe.each(DIALECTS)('chain deposits through the sandbox watcher on %s', (dialect) => {
  let t: TestRuntime;
  let shop: TestAccount;

  const receive = async (body: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sapi/v1/receive',
      headers: { authorization: shop.invoiceKey },
      payload: { callback_url: 'http://127.0.0.1:9/hook', ...body },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { tid: number; chain_address: { address: string } | null };
  };
  const payment = (tid: number) =>
    t.deps.db.read.selectFrom('payments').selectAll().where('id', '=', BigInt(tid)).executeTakeFirstOrThrow();
  const deposits = (tid: number) =>
    t.deps.db.read
      .selectFrom('chain_deposits')
      .selectAll()
      .where('payment_id', '=', BigInt(tid))
      .orderBy('id')
      .execute();
  const transfers = () =>
    t.deps.db.read.selectFrom('ledger_transfers').selectAll().where('code', '=', 'chain_deposit').execute();
  const events = (tid: number) =>
    t.deps.db.read.selectFrom('outbox').selectAll().where('target_id', '=', String(tid)).execute();
  const audit = async () =>
    (await chainHooks.auditChecks!.chain_deposits_have_one_transfer!(t.deps)) as AuditCheckResult;

  beforeAll(async () => {
    t = await testRuntime(dialect, ENV);
    shop = await makeAccount(t.deps);
  });
  afterAll(() => t.close());

  it('an unconfirmed deposit is stored (1 of 2) and credits nothing; at 2 confirmations it is credited once and the request is paid', async () => {
    const r = await receive({ wallet: 'btc', payment_mode: 'onchain', amount: 0.001 });
    const before = await availableBalance(t.deps.db.read, shop.id, 'btc');
    const d = await sandboxDeposit(t.deps, { tid: String(r.tid), confirmations: 1 });
    expect(d.ok ? 'ok' : d.error).toBe('ok');
    if (!d.ok) return;
    expect(d.value.status).toBe('pending');
    const seen = await deposits(r.tid);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ state: 'seen', amount_raw: '100000' });
    expect(Number(seen[0]!.confirmations)).toBe(1);
    expect(await availableBalance(t.deps.db.read, shop.id, 'btc')).toBe(before);

    expect((await sandboxDepositChange(t.deps, d.value.txHash, { confirmations: 2 })).ok).toBe(true);
    const p = await payment(r.tid);
    expect(p.status).toBe('paid');
    expect(BigInt(p.received_units)).toBe(100_000_000n);
    expect(await availableBalance(t.deps.db.read, shop.id, 'btc')).toBe(before + 100_000_000n);

    // Scanning again (twice) books nothing more.
    await watchRound(t.deps);
    await watchRound(t.deps);
    const mine = (await transfers()).filter((x) => x.ref === `chain_deposit:${seen[0]!.id}`);
    expect(mine).toHaveLength(1);
    expect(await availableBalance(t.deps.db.read, shop.id, 'btc')).toBe(before + 100_000_000n);
    const ev = await events(r.tid);
    expect(ev.map((e) => e.event_type)).toContain('payment.paid');
    expect((await audit()).violations).toEqual([]);
  });

  it('a BTC deposit is a real Bitcoin transaction: its hash is the txid of the raw transaction kept, whose one output pays the address the amount', async () => {
    const r = await receive({ wallet: 'btc', payment_mode: 'onchain', amount: 0.00123456 });
    const d = await sandboxDeposit(t.deps, { tid: String(r.tid) });
    if (!d.ok) throw new Error('deposit refused');
    const row = await t.deps.db.read
      .selectFrom('sandbox_chain_deposits')
      .selectAll()
      .where('tx_hash', '=', d.value.txHash)
      .executeTakeFirstOrThrow();
    expect(row.raw_hex).toMatch(/^(?:[0-9a-f]{2})+$/);
    const raw = hex.decode(row.raw_hex!);
    // No witness (no marker 00 01 after the version): the txid is dSHA256 of all of it, reversed.
    expect(hex.encode(sha256(sha256(raw)).reverse())).toBe(d.value.txHash);
    const tx = RawTx.decode(raw);
    expect(tx.inputs).toHaveLength(1);
    expect([hex.encode(tx.inputs[0]!.txid), tx.inputs[0]!.index]).toEqual(['00'.repeat(32), 0xffffffff]);
    expect(tx.outputs).toHaveLength(1);
    expect(tx.outputs[0]!.amount).toBe(123_456n);
    // P2WPKH: OP_0 PUSH20 <the address's program>.
    const words = bech32.decode(r.chain_address!.address as `${string}1${string}`).words;
    expect(hex.encode(tx.outputs[0]!.script)).toBe(`0014${hex.encode(bech32.fromWords(words.slice(1)))}`);
    expect(r.chain_address!.address.startsWith('bcrt1q')).toBe(true);
    // Two deposits of the same amount to the same address are two transactions.
    const again = await sandboxDeposit(t.deps, { tid: String(r.tid), amount: '0.00123456' });
    expect(again.ok && again.value.txHash).not.toBe(d.value.txHash);
  });

  it('an underpayment credits what arrived and stays pending with the received amount; the rest makes it paid', async () => {
    const r = await receive({ wallet: 'btc', payment_mode: 'onchain', amount: 0.002 });
    const before = await availableBalance(t.deps.db.read, shop.id, 'btc');
    const part = await sandboxDeposit(t.deps, { tid: String(r.tid), amount: '0.0005' });
    expect(part.ok && part.value.status).toBe('pending');
    expect(BigInt((await payment(r.tid)).received_units)).toBe(50_000_000n);
    expect(await availableBalance(t.deps.db.read, shop.id, 'btc')).toBe(before + 50_000_000n);
    const rest = await sandboxDeposit(t.deps, { tid: String(r.tid) });
    expect(rest.ok && rest.value.status).toBe('paid');
    expect(BigInt((await payment(r.tid)).received_units)).toBe(200_000_000n);
    expect(await availableBalance(t.deps.db.read, shop.id, 'btc')).toBe(before + 200_000_000n);
    // Each credit wrote its webhook event: the part as a deposit, the rest as the payment.
    expect((await events(r.tid)).map((e) => e.event_type).sort()).toEqual([
      'payment.deposit',
      'payment.paid',
    ]);
  });

  it('an overpayment credits all of it and is paid', async () => {
    const r = await receive({ wallet: 'btc', payment_mode: 'onchain', amount: 0.001 });
    const before = await availableBalance(t.deps.db.read, shop.id, 'btc');
    const d = await sandboxDeposit(t.deps, { tid: String(r.tid), amount: '0.0015' });
    expect(d.ok && d.value.status).toBe('paid');
    expect(await availableBalance(t.deps.db.read, shop.id, 'btc')).toBe(before + 150_000_000n);
  });

  it('a second payment to a used address is credited and flagged reuse; a payment after expiry is credited and flagged late', async () => {
    const r = await receive({ wallet: 'btc', payment_mode: 'onchain', amount: 0.001 });
    await sandboxDeposit(t.deps, { tid: String(r.tid) });
    const before = await availableBalance(t.deps.db.read, shop.id, 'btc');
    const again = await sandboxDeposit(t.deps, { tid: String(r.tid), amount: '0.0003' });
    expect(again.ok && again.value.status).toBe('paid');
    expect((await deposits(r.tid)).map((x) => [x.state, x.flag])).toEqual([
      ['credited', null],
      ['credited', 'reuse'],
    ]);
    expect(await availableBalance(t.deps.db.read, shop.id, 'btc')).toBe(before + 30_000_000n);
    expect((await events(r.tid)).map((e) => e.event_type).sort()).toEqual([
      'payment.deposit',
      'payment.paid',
    ]);

    const late = await receive({ wallet: 'btc', payment_mode: 'onchain', amount: 0.001 });
    await t.deps.db.write((trx) =>
      trx
        .updateTable('payments')
        .set({ status: 'declined', invoice_expires_at_ms: 1n })
        .where('id', '=', BigInt(late.tid))
        .execute(),
    );
    const b2 = await availableBalance(t.deps.db.read, shop.id, 'btc');
    const d = await sandboxDeposit(t.deps, { tid: String(late.tid) });
    expect(d.ok && d.value.status).toBe('declined');
    expect((await deposits(late.tid)).map((x) => [x.state, x.flag])).toEqual([['credited', 'late']]);
    expect(await availableBalance(t.deps.db.read, shop.id, 'btc')).toBe(b2 + 100_000_000n);
    expect((await events(late.tid)).map((e) => e.event_type)).toEqual(['payment.deposit']);
    expect((await audit()).violations).toEqual([]);
  });

  it('an unconfirmed deposit reorganised away is dropped and credits nothing', async () => {
    const r = await receive({ wallet: 'btc', payment_mode: 'onchain', amount: 0.001 });
    const before = await availableBalance(t.deps.db.read, shop.id, 'btc');
    const d = await sandboxDeposit(t.deps, { tid: String(r.tid), confirmations: 1 });
    if (!d.ok) throw new Error('deposit refused');
    await sandboxDepositChange(t.deps, d.value.txHash, { removed: true });
    expect((await deposits(r.tid)).map((x) => x.state)).toEqual(['dropped']);
    expect((await payment(r.tid)).status).toBe('pending');
    expect(await availableBalance(t.deps.db.read, shop.id, 'btc')).toBe(before);
  });

  it('a sandbox deposit reorganised away cannot be confirmed: not found, nothing credited', async () => {
    const r = await receive({ wallet: 'btc', payment_mode: 'onchain', amount: 0.001 });
    const before = await availableBalance(t.deps.db.read, shop.id, 'btc');
    const d = await sandboxDeposit(t.deps, { tid: String(r.tid), confirmations: 1 });
    if (!d.ok) throw new Error('deposit refused');
    expect((await sandboxDepositChange(t.deps, d.value.txHash, { removed: true })).ok).toBe(true);
    const again = await sandboxDepositChange(t.deps, d.value.txHash, { confirmations: 2 });
    expect(again.ok || again.error).toMatchObject({ code: 'not_found', field: 'transaction_hash' });
    expect((await sandboxDepositChange(t.deps, d.value.txHash, { removed: true })).ok).toBe(false);
    expect((await deposits(r.tid)).map((x) => x.state)).toEqual(['dropped']);
    expect(await availableBalance(t.deps.db.read, shop.id, 'btc')).toBe(before);
  });

  it('USDT on BEP20 (18 decimals) credits 10^-6 units; on ERC20 (6 decimals) exactly', async () => {
    const before = await availableBalance(t.deps.db.read, shop.id, 'usdt');
    const bep = await receive({
      wallet: 'usdt',
      payment_mode: 'onchain',
      chain_network: 'BEP20',
      amount: '3.25',
    });
    expect((await sandboxDeposit(t.deps, { tid: String(bep.tid) })).ok).toBe(true);
    const [dep] = await deposits(bep.tid);
    expect(dep).toMatchObject({ amount_raw: '3250000000000000000', state: 'credited', remainder_raw: '0' });
    const erc = await receive({ wallet: 'usdt', payment_mode: 'onchain', chain_network: 'ERC20', amount: 2 });
    const e = await sandboxDeposit(t.deps, { tid: String(erc.tid) });
    expect(e.ok && e.value.status).toBe('paid');
    expect(await availableBalance(t.deps.db.read, shop.id, 'usdt')).toBe(before + 5_250_000n);
  });

  it("a payer's transaction hash credits nothing by itself; the watcher credits the transaction it finds", async () => {
    const r = await receive({ wallet: 'btc', payment_mode: 'onchain', amount: 0.001 });
    const before = await availableBalance(t.deps.db.read, shop.id, 'btc');
    await t.deps.db.write((trx) =>
      trx
        .updateTable('payments')
        .set({ transaction_hash: 'ab'.repeat(32), status_payer: 'pending' })
        .where('id', '=', BigInt(r.tid))
        .execute(),
    );
    await watchRound(t.deps);
    expect((await payment(r.tid)).status).toBe('pending');
    expect(await availableBalance(t.deps.db.read, shop.id, 'btc')).toBe(before);
  });

  it('two instances on one database running rounds at once credit a deposit once', async () => {
    const second = await testRuntime(dialect, ENV, { databaseUrl: t.databaseUrl });
    try {
      const r = await receive({ wallet: 'btc', payment_mode: 'onchain', amount: 0.001 });
      const before = await availableBalance(t.deps.db.read, shop.id, 'btc');
      const d = await sandboxDeposit(t.deps, { tid: String(r.tid), confirmations: 1 });
      if (!d.ok) throw new Error('deposit refused');
      await t.deps.db.write((trx) =>
        trx
          .updateTable('sandbox_chain_deposits')
          .set({ confirmations: 6 })
          .where('tx_hash', '=', d.value.txHash)
          .execute(),
      );
      await Promise.all([
        watchRound(t.deps),
        watchRound(second.deps),
        watchRound(t.deps),
        watchRound(second.deps),
      ]);
      const [dep] = await deposits(r.tid);
      expect((await transfers()).filter((x) => x.ref === `chain_deposit:${dep!.id}`)).toHaveLength(1);
      expect(await availableBalance(t.deps.db.read, shop.id, 'btc')).toBe(before + 100_000_000n);
      expect((await audit()).violations).toEqual([]);
    } finally {
      await second.close();
    }
  });
});

// A btc request's unified QR carries an address and a Lightning invoice: whichever pays first settles
// the request; the other payment is credited too, never lost.
describe.each(DIALECTS)('a btc request paid both ways on %s', (dialect) => {
  let t: TestRuntime;
  let shop: TestAccount;
  beforeAll(async () => {
    t = await testRuntime(dialect, ENV);
    shop = await makeAccount(t.deps);
  });
  afterAll(() => t.close());

  const receive = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sapi/v1/receive',
      headers: { authorization: shop.invoiceKey },
      payload: {
        wallet: 'btc',
        payment_mode: 'onchain',
        amount: 0.001,
        callback_url: 'http://127.0.0.1:9/h',
      },
    });
    expect(res.statusCode).toBe(200);
    const tid = res.json().tid as number;
    return t.deps.db.read
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', BigInt(tid))
      .executeTakeFirstOrThrow();
  };
  const lbtc = () => availableBalance(t.deps.db.read, shop.id, 'lbtc');
  const btc = () => availableBalance(t.deps.db.read, shop.id, 'btc');

  it('paid on chain first: a Lightning payment the node then accepts is credited on a row of its own, once', async () => {
    const p = await receive();
    const [l0, b0] = [await lbtc(), await btc()];
    const d = await sandboxDeposit(t.deps, { tid: String(p.id) });
    expect(d.ok && d.value.status).toBe('paid');
    expect(await btc()).toBe(b0 + 100_000_000n);
    // A wallet pays the invoice at the node all the same (a real node keeps it open).
    const settlement = { paymentHash: p.payment_hash!, amountReceivedMsat: 100_000_000n, settledAtSec: 1 };
    expect(await settleIncomingInvoice(t.deps, settlement)).toBe('second_payment');
    expect(await lbtc()).toBeGreaterThan(l0);
    const second = await t.deps.db.read
      .selectFrom('payments')
      .selectAll()
      .where('second_payment_of', '=', p.id)
      .execute();
    expect(second).toHaveLength(1);
    expect(second[0]).toMatchObject({ status: 'paid', amount_msat: 100_000_000n });
    const afterFirst = await lbtc();
    expect(await settleIncomingInvoice(t.deps, settlement)).toBe('already_paid');
    expect(await lbtc()).toBe(afterFirst);
    expect(await btc()).toBe(b0 + 100_000_000n);
  });

  it('paid by Lightning first: a deposit to its address is credited and flagged reuse; the settlement again books nothing', async () => {
    const p = await receive();
    const settlement = { paymentHash: p.payment_hash!, amountReceivedMsat: 100_000_000n, settledAtSec: 1 };
    const l0 = await lbtc();
    expect(await settleIncomingInvoice(t.deps, settlement)).toBe('credited');
    const l1 = await lbtc();
    expect(l1).toBeGreaterThan(l0);
    const b0 = await btc();
    const d = await sandboxDeposit(t.deps, { tid: String(p.id), amount: '0.001' });
    expect(d.ok && d.value.status).toBe('paid');
    expect(await btc()).toBe(b0 + 100_000_000n);
    const [dep] = await t.deps.db.read
      .selectFrom('chain_deposits')
      .selectAll()
      .where('payment_id', '=', p.id)
      .execute();
    expect(dep).toMatchObject({ state: 'credited', flag: 'reuse' });
    // The Lightning settlement replayed (streams deliver at least once): nothing more.
    expect(await settleIncomingInvoice(t.deps, settlement)).toBe('already_paid');
    expect(await lbtc()).toBe(l1);
    expect(
      await t.deps.db.read
        .selectFrom('payments')
        .select('id')
        .where('second_payment_of', '=', p.id)
        .execute(),
    ).toEqual([]);
  });
});
