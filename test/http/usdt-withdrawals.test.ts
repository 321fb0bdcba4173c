import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { sandboxDepositChange } from '../../src/app/chain/sandbox-deposit.ts';
import { sandboxUsdtTransfer } from '../../src/app/chain/sandbox-usdt-transfer.ts';
import { recordUsdtWithdrawal, usdtWithdrawalsRound } from '../../src/app/withdrawals/usdt.ts';
import { availableBalance } from '../../src/db/repos/ledger.ts';
import { EvmStandin } from '../fixtures/chain/evm-standin.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

interface Withdrawal {
  id: string;
  wallet: string;
  chain_network: string;
  status: string;
  address: string;
  amount: string;
  transaction_hash: string | null;
  last_check: string | null;
  address_type: string | null;
  amount_sat: number | null;
}

// EIP-55's test cases (eips.ethereum.org/EIPS/eip-55): a checksummed address and one letter flipped.
const DEST = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const DEST_BAD_CASE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';
const OTHER = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const ERC20_CONTRACT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

function harness(get: () => { w: TestRuntime; payer: TestAccount }) {
  const post = (body: unknown, idem?: string): Promise<LightMyRequestResponse> =>
    get().w.app.inject({
      method: 'POST',
      url: '/sapi/v1/withdraw',
      headers: {
        'x-api-key': get().payer.adminKey,
        'content-type': 'application/json',
        ...(idem === undefined ? {} : { 'idempotency-key': idem }),
      },
      payload: JSON.stringify(body),
    });
  const fetch = async (id: string): Promise<Withdrawal> => {
    const r = await get().w.app.inject({
      method: 'GET',
      url: `/sapi/v1/withdrawals/${id}`,
      headers: { 'x-api-key': get().payer.invoiceKey },
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as Withdrawal;
  };
  const usdt = () => availableBalance(get().w.deps.db.read, get().payer.id, 'usdt');
  const audit = async () => (await auditLedger(get().w.deps)).violations;
  /** The ledger transfers that paid withdrawals out (`cw:<id>:paid`). */
  const paidTransfers = async () =>
    (
      await get()
        .w.deps.db.read.selectFrom('ledger_transfers')
        .select(['id', 'amount'])
        .where('id', 'like', 'cw:%:paid')
        .execute()
    ).map((t) => ({ id: t.id, amount: BigInt(t.amount) }));
  const withdraw = async (network: string, address: string, amount: string): Promise<Withdrawal> => {
    const r = await post({ wallet: 'usdt', chain_network: network, address, amount });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as Withdrawal;
  };
  return { post, fetch, usdt, audit, paidTransfers, withdraw };
}

describe.each(DIALECTS)('USDT withdrawals on the sandbox chain on %s', (dialect) => {
  let w: TestRuntime;
  let payer: TestAccount;
  beforeEach(async () => {
    w = await testRuntime(dialect, { EVM_WATCHER: 'sandbox', SANDBOX_CHAIN_CONFIRMATIONS: '2' });
    payer = await makeAccount(w.deps, { fund: { usdt: '100' } });
  });
  afterEach(async () => {
    await w.close();
  });
  const h = harness(() => ({ w, payer }));
  const pay = async (address: string, amount: string, confirmations?: number) => {
    const t = await sandboxUsdtTransfer(w.deps, { network: 'ERC20', address, amount, confirmations });
    if (!t.ok) throw new Error(t.error.message);
    return t.value.txHash;
  };

  it('reserves the amount from the usdt balance and queues it; get, list and cancel show it', async () => {
    const made = await h.withdraw('ERC20', DEST.toLowerCase(), '12.5');
    expect(made).toMatchObject({
      wallet: 'usdt',
      chain_network: 'ERC20',
      status: 'queued',
      address: DEST,
      amount: '12.500000',
      transaction_hash: null,
      address_type: null,
      amount_sat: null,
    });
    expect(await h.usdt()).toBe(87_500_000n);
    expect(await h.audit()).toEqual([]);
    const list = await w.app.inject({
      method: 'GET',
      url: '/sapi/v1/withdrawals',
      headers: { 'x-api-key': payer.invoiceKey },
    });
    expect(list.json().withdrawals.map((x: Withdrawal) => x.id)).toEqual([made.id]);
    const c = await w.app.inject({
      method: 'POST',
      url: `/sapi/v1/withdrawals/${made.id}/cancel`,
      headers: { 'x-api-key': payer.adminKey },
    });
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json()).toMatchObject({ status: 'cancelled' });
    expect(await h.usdt()).toBe(100_000_000n);
    expect(await h.audit()).toEqual([]);
  });

  it.each([
    [{ wallet: 'usdt', address: DEST, amount: '1' }, 'chain_network', 'one of ERC20, BEP20, MATIC'],
    [{ wallet: 'usdt', chain_network: 'TRC20', address: DEST, amount: '1' }, 'chain_network', 'one of'],
    [{ wallet: 'usdt', chain_network: 'BTC', address: DEST, amount: '1' }, 'chain_network', 'one of'],
    [{ wallet: 'usdt', chain_network: 'ERC20', address: DEST_BAD_CASE, amount: '1' }, 'address', 'EIP-55'],
    [
      { wallet: 'usdt', chain_network: 'ERC20', address: DEST.slice(0, 40), amount: '1' },
      'address',
      '40 hex',
    ],
    [
      { wallet: 'usdt', chain_network: 'ERC20', address: `0x${'0'.repeat(40)}`, amount: '1' },
      'address',
      'zero',
    ],
    [{ wallet: 'usdt', chain_network: 'ERC20', address: ERC20_CONTRACT, amount: '1' }, 'address', 'contract'],
    [{ wallet: 'usdt', chain_network: 'ERC20', address: DEST, amount: '1.0000001' }, 'amount', '6 decimal'],
    [{ wallet: 'usdt', chain_network: 'ERC20', address: DEST, amount: '0' }, 'amount', 'more than 0'],
    [{ wallet: 'usdt', chain_network: 'ERC20', address: DEST, amount: '-1' }, 'amount', 'negative'],
    [{ wallet: 'usdt', chain_network: 'ERC20', address: DEST }, 'amount', 'required'],
    [
      { wallet: 'usdt', chain_network: 'ERC20', address: DEST, amount: '1'.repeat(30) },
      'amount',
      'too large',
    ],
  ])('refuses %j with 400 naming %s, moving nothing', async (body, field, says) => {
    const r = await h.post(body);
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json()).toMatchObject({ success: false, field });
    expect(r.json().message).toContain(says);
    expect(await h.usdt()).toBe(100_000_000n);
  });

  it('refuses a withdrawal above the balance with 422, recording nothing', async () => {
    const r = await h.post({ wallet: 'usdt', chain_network: 'MATIC', address: DEST, amount: '100.000001' });
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json()).toMatchObject({ code: 'insufficient_balance' });
    expect(await h.usdt()).toBe(100_000_000n);
    const rows = await w.deps.db.read.selectFrom('chain_withdrawals').select('id').execute();
    expect(rows).toEqual([]);
    expect(await h.audit()).toEqual([]);
  });

  it('never overdraws under concurrent withdrawals, and an Idempotency-Key replays one', async () => {
    const rs = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        h.post({ wallet: 'usdt', chain_network: 'BEP20', address: DEST, amount: '7' }, `k${i % 20}`),
      ),
    );
    const ok = rs.filter((r) => r.statusCode === 200);
    const ids = new Set(ok.map((r) => (r.json() as Withdrawal).id));
    expect(rs.every((r) => r.statusCode === 200 || r.statusCode === 422)).toBe(true);
    expect(ids.size).toBe(14); // 14 × 7 = 98 ≤ 100 < 15 × 7
    expect(await h.usdt()).toBe(2_000_000n);
    expect(await h.audit()).toEqual([]);
  });

  it('records a matching final transfer: confirmed and posted once, however often it is recorded', async () => {
    const made = await h.withdraw('ERC20', DEST, '12.5');
    const hash = await pay(DEST, '12.5');
    const results = await Promise.all(
      Array.from({ length: 6 }, () => recordUsdtWithdrawal(w.deps, { id: made.id, txHash: hash })),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && r.value.outcome === 'confirmed')).toHaveLength(1);
    const again = await recordUsdtWithdrawal(w.deps, {
      id: made.id,
      txHash: hash.toUpperCase().replace('0X', '0x'),
    });
    expect(again.ok && again.value.outcome).toBe('already');
    expect(await h.fetch(made.id)).toMatchObject({ status: 'confirmed', transaction_hash: hash });
    expect(await h.paidTransfers()).toEqual([
      { id: expect.stringMatching(/^cw:\d+:paid$/), amount: 12_500_000n },
    ]);
    expect(await h.usdt()).toBe(87_500_000n);
    expect(await h.audit()).toEqual([]);
    const c = await w.app.inject({
      method: 'POST',
      url: `/sapi/v1/withdrawals/${made.id}/cancel`,
      headers: { 'x-api-key': payer.adminKey },
    });
    expect(c.statusCode).toBe(409);
  });

  it.each([
    ['another recipient', OTHER, '12.5', 'another recipient'],
    ['another amount', DEST, '12.4', 'another amount (12.4 USDT (12400000 base units))'],
  ])(
    'refuses a transfer to %s with the reason, recording and posting nothing',
    async (_w, to, amount, says) => {
      const made = await h.withdraw('ERC20', DEST, '12.5');
      const hash = await pay(to, amount);
      const r = await recordUsdtWithdrawal(w.deps, { id: made.id, txHash: hash });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toContain(says);
      expect(await h.fetch(made.id)).toMatchObject({ status: 'queued', transaction_hash: null });
      expect(await h.paidTransfers()).toEqual([]);
      expect(await h.audit()).toEqual([]);
    },
  );

  it('refuses an unknown hash, one on another network, a hash already recorded, and a malformed hash', async () => {
    const a = await h.withdraw('ERC20', DEST, '5');
    const b = await h.withdraw('ERC20', DEST, '5');
    const unknown = await recordUsdtWithdrawal(w.deps, { id: a.id, txHash: `0x${'1'.repeat(64)}` });
    expect(!unknown.ok && unknown.error.message).toContain('no receipt');
    const onBep = await sandboxUsdtTransfer(w.deps, { network: 'BEP20', address: DEST, amount: '5' });
    if (!onBep.ok) throw new Error(onBep.error.message);
    const other = await recordUsdtWithdrawal(w.deps, { id: a.id, txHash: onBep.value.txHash });
    expect(!other.ok && other.error.message).toContain('no receipt');
    const hash = await pay(DEST, '5');
    expect((await recordUsdtWithdrawal(w.deps, { id: a.id, txHash: hash })).ok).toBe(true);
    const twice = await recordUsdtWithdrawal(w.deps, { id: b.id, txHash: hash });
    expect(!twice.ok && twice.error.message).toContain('already recorded for another withdrawal');
    expect(await h.fetch(b.id)).toMatchObject({ status: 'queued' });
    expect(!(await recordUsdtWithdrawal(w.deps, { id: b.id, txHash: 'abc' })).ok).toBe(true);
    expect(await h.paidTransfers()).toHaveLength(1);
    expect(await h.audit()).toEqual([]);
  });

  it('one hash recorded for two withdrawals at once pays one of them; the other is refused', async () => {
    const a = await h.withdraw('ERC20', DEST, '5');
    const b = await h.withdraw('ERC20', DEST, '5');
    const hash = await pay(DEST, '5');
    const rs = await Promise.all([
      recordUsdtWithdrawal(w.deps, { id: a.id, txHash: hash }),
      recordUsdtWithdrawal(w.deps, { id: b.id, txHash: hash }),
    ]);
    expect(rs.filter((r) => r.ok)).toHaveLength(1);
    const refused = rs.find((r) => !r.ok);
    expect(refused && !refused.ok && refused.error.message).toContain(
      'already recorded for another withdrawal',
    );
    expect(await h.paidTransfers()).toHaveLength(1);
    expect(await h.audit()).toEqual([]);
  });

  it('refuses to record a hash for a btc withdrawal, a cancelled one and an unknown id, recording nothing', async () => {
    const fund = await makeAccount(w.deps, { fund: { btc: '0.01' } });
    const btc = await w.app.inject({
      method: 'POST',
      url: '/sapi/v1/withdraw',
      headers: { 'x-api-key': fund.adminKey, 'content-type': 'application/json' },
      payload: JSON.stringify({
        wallet: 'btc',
        address: 'bcrt1qqypqxpq9qcrsszg2pvxq6rs0zqg3yyc5phstwt',
        amount: '0.001',
      }),
    });
    expect(btc.statusCode, btc.body).toBe(200);
    const hash = await pay(DEST, '5');
    const r1 = await recordUsdtWithdrawal(w.deps, { id: btc.json().id, txHash: hash });
    expect(!r1.ok && r1.error.message).toContain('not USDT');
    const made = await h.withdraw('ERC20', DEST, '5');
    await w.app.inject({
      method: 'POST',
      url: `/sapi/v1/withdrawals/${made.id}/cancel`,
      headers: { 'x-api-key': payer.adminKey },
    });
    const r2 = await recordUsdtWithdrawal(w.deps, { id: made.id, txHash: hash });
    expect(!r2.ok && r2.error.code).toBe('state_conflict');
    const r3 = await recordUsdtWithdrawal(w.deps, { id: 'zzzzzzzzzzzzzzzz', txHash: hash });
    expect(!r3.ok && r3.error.code).toBe('not_found');
    expect(await h.paidTransfers()).toEqual([]);
    expect(await h.usdt()).toBe(100_000_000n);
    expect(await h.audit()).toEqual([]);
  });

  it('a transfer not final yet is broadcast; the round confirms it once final, and a reorg leaves it waiting', async () => {
    const made = await h.withdraw('ERC20', DEST, '3');
    const hash = await pay(DEST, '3', 1);
    const r = await recordUsdtWithdrawal(w.deps, { id: made.id, txHash: hash });
    expect(r.ok && r.value.outcome).toBe('broadcast');
    expect(await h.fetch(made.id)).toMatchObject({ status: 'broadcast', transaction_hash: hash });
    expect(await h.paidTransfers()).toEqual([]);
    expect(await h.audit()).toEqual([]);
    // Reorganised away: still broadcast (never back to queued, where it could be cancelled and paid twice).
    await sandboxDepositChange(w.deps, hash, { removed: true });
    expect(await usdtWithdrawalsRound(w.deps)).toMatchObject({ checked: 1, confirmed: 0, requeued: 0 });
    expect(await h.fetch(made.id)).toMatchObject({
      status: 'broadcast',
      last_check: expect.stringContaining('no receipt'),
    });
    // The operator paid again (the first was dropped): the new hash replaces it, and it is final.
    const second = await pay(DEST, '3');
    const re = await recordUsdtWithdrawal(w.deps, { id: made.id, txHash: second });
    expect(re.ok && re.value.outcome).toBe('confirmed');
    expect(await usdtWithdrawalsRound(w.deps)).toMatchObject({ checked: 0 });
    expect(await h.paidTransfers()).toHaveLength(1);
    expect(await h.audit()).toEqual([]);
  });

  it('the round confirms a broadcast withdrawal once its block is final, once', async () => {
    const made = await h.withdraw('MATIC', DEST, '3');
    const t = await sandboxUsdtTransfer(w.deps, {
      network: 'MATIC',
      address: DEST,
      amount: '3',
      confirmations: 1,
    });
    if (!t.ok) throw new Error(t.error.message);
    expect((await recordUsdtWithdrawal(w.deps, { id: made.id, txHash: t.value.txHash })).ok).toBe(true);
    await sandboxDepositChange(w.deps, t.value.txHash, { confirmations: 2 });
    const rounds = await Promise.all([usdtWithdrawalsRound(w.deps), usdtWithdrawalsRound(w.deps)]);
    expect(rounds.reduce((n, x) => n + x.confirmed, 0)).toBe(1);
    expect(await h.fetch(made.id)).toMatchObject({ status: 'confirmed' });
    expect(await h.paidTransfers()).toHaveLength(1);
    expect(await h.audit()).toEqual([]);
  });

  it('the audit finds a posted usdt withdrawal whose row says it is still open', async () => {
    const made = await h.withdraw('ERC20', DEST, '2');
    expect((await recordUsdtWithdrawal(w.deps, { id: made.id, txHash: await pay(DEST, '2') })).ok).toBe(true);
    // The row put back to broadcast as if never posted: the escrow holds less than the open withdrawals.
    await w.deps.db.write((trx) =>
      trx
        .updateTable('chain_withdrawals')
        .set({ status: 'broadcast' })
        .where('public_id', '=', made.id)
        .execute(),
    );
    const found = await h.audit();
    expect(
      found.some((f) =>
        f.includes('withdrawal escrow holds 0 µUSDT (usdt), but the open usdt withdrawals reserved 2000000'),
      ),
    ).toBe(true);
  });
});

describe.each(DIALECTS)('USDT withdrawals against an EVM JSON-RPC node on %s', (dialect) => {
  const node = new EvmStandin();
  let w: TestRuntime;
  let payer: TestAccount;
  beforeAll(() => node.start());
  afterAll(() => node.stop());
  beforeEach(async () => {
    node.transfers = [];
    node.reverted = new Map();
    node.mode = 'ok';
    node.head = 10_000;
    node.finalized = 9_936;
    w = await testRuntime(dialect, { EVM_WATCHER: 'evm-rpc', EVM_RPC_URL_BEP20: node.url });
    payer = await makeAccount(w.deps, { fund: { usdt: '100' } });
  });
  afterEach(async () => {
    await w.close();
  });
  const h = harness(() => ({ w, payer }));
  const tx = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
  const TEN = 10n * 10n ** 18n; // 10 USDT at BEP20's 18 decimals

  it('refuses a network the service does not read with 400', async () => {
    const r = await h.post({ wallet: 'usdt', chain_network: 'ERC20', address: DEST, amount: '1' });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().message).toContain('not watched');
  });

  it('confirms a final Transfer of the contract for the amount at 18 decimals', async () => {
    const made = await h.withdraw('BEP20', DEST, '10');
    node.transfers.push({ txHash: tx(1), logIndex: 3, block: 9_900, to: DEST, value: TEN });
    const r = await recordUsdtWithdrawal(w.deps, { id: made.id, txHash: tx(1) });
    expect(r.ok ? r.value.outcome : r.error.message).toBe('confirmed');
    expect(await h.paidTransfers()).toEqual([{ id: expect.any(String), amount: 10_000_000n }]);
    expect(await h.audit()).toEqual([]);
  });

  it.each([
    ['reverted', (n: EvmStandin) => n.reverted.set(tx(2), 9_900), 'reverted'],
    [
      'of another contract',
      (n: EvmStandin) =>
        n.transfers.push({
          txHash: tx(2),
          logIndex: 0,
          block: 9_900,
          to: DEST,
          value: TEN,
          contract: ERC20_CONTRACT.toLowerCase(),
        }),
      'another contract',
    ],
    [
      'to another recipient',
      (n: EvmStandin) =>
        n.transfers.push({ txHash: tx(2), logIndex: 0, block: 9_900, to: OTHER, value: TEN }),
      'another recipient',
    ],
    [
      'for another amount (6-decimal units on an 18-decimal token)',
      (n: EvmStandin) =>
        n.transfers.push({ txHash: tx(2), logIndex: 0, block: 9_900, to: DEST, value: 10_000_000n }),
      'another amount',
    ],
    ['unknown', () => {}, 'no receipt'],
  ])('refuses a transaction %s with the reason, posting nothing', async (_what, chain, says) => {
    const made = await h.withdraw('BEP20', DEST, '10');
    chain(node);
    const r = await recordUsdtWithdrawal(w.deps, { id: made.id, txHash: tx(2) });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain(says);
    expect(await h.fetch(made.id)).toMatchObject({ status: 'queued', transaction_hash: null });
    expect(await h.paidTransfers()).toEqual([]);
    expect(await h.audit()).toEqual([]);
  });

  it('records one above the finalized block as broadcast, and the round confirms it once finalized', async () => {
    const made = await h.withdraw('BEP20', DEST, '10');
    node.transfers.push({ txHash: tx(3), logIndex: 0, block: 9_990, to: DEST, value: TEN });
    const r = await recordUsdtWithdrawal(w.deps, { id: made.id, txHash: tx(3) });
    expect(r.ok && r.value.outcome).toBe('broadcast');
    expect(await usdtWithdrawalsRound(w.deps)).toMatchObject({ checked: 1, confirmed: 0 });
    expect(await h.paidTransfers()).toEqual([]);
    node.finalized = 9_990;
    expect(await usdtWithdrawalsRound(w.deps)).toMatchObject({ checked: 1, confirmed: 1 });
    expect(await h.fetch(made.id)).toMatchObject({ status: 'confirmed', transaction_hash: tx(3) });
    expect(await h.paidTransfers()).toHaveLength(1);
    expect(await h.audit()).toEqual([]);
  });

  it('sends a broadcast one back to queued when its transaction, mined again, no longer pays it', async () => {
    const made = await h.withdraw('BEP20', DEST, '10');
    node.transfers.push({ txHash: tx(4), logIndex: 0, block: 9_990, to: DEST, value: TEN });
    expect((await recordUsdtWithdrawal(w.deps, { id: made.id, txHash: tx(4) })).ok).toBe(true);
    node.reorgFrom(9_980);
    node.reverted.set(tx(4), 9_985);
    expect(await usdtWithdrawalsRound(w.deps)).toMatchObject({ requeued: 1 });
    expect(await h.fetch(made.id)).toMatchObject({
      status: 'queued',
      transaction_hash: null,
      last_check: expect.stringContaining('reverted'),
    });
    expect(await h.audit()).toEqual([]);
  });

  it('answers a node that is down as chain_unavailable, recording nothing', async () => {
    const made = await h.withdraw('BEP20', DEST, '10');
    node.mode = 'down';
    const r = await recordUsdtWithdrawal(w.deps, { id: made.id, txHash: tx(5) });
    expect(!r.ok && r.error.code).toBe('chain_unavailable');
    expect(await h.fetch(made.id)).toMatchObject({ status: 'queued' });
  });
});
