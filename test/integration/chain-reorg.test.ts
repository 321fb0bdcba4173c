import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { sandboxDeposit, sandboxDepositChange } from '../../src/app/chain/sandbox-deposit.ts';
import { watchRound } from '../../src/app/chain/watch-round.ts';
import { availableBalance, createTransfer, systemAccountTotals } from '../../src/db/repos/ledger.ts';
import { TEST_CHAIN_KEYS as KEYS } from '../fixtures/chain/keys.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

const ENV = { SANDBOX_NODE_KEY: '25'.repeat(32), BTC_XPUB: KEYS.btc.text, EVM_XPUB: KEYS.evm.text };

/**
 * A credited deposit that the chain no longer shows (the sandbox chain reorganises it away): its credit
 * is reversed on the ledger, the request's received amount and status follow, the merchant hears of it,
 * and the audit stays clean, also when the merchant had spent the money already.
 */
describe.each(DIALECTS)('a credited deposit reorganised away on %s', (dialect) => {
  let t: TestRuntime;
  let shop: TestAccount;

  const receive = async (amount: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sapi/v1/receive',
      headers: { authorization: shop.invoiceKey },
      payload: { wallet: 'btc', payment_mode: 'onchain', amount, callback_url: 'http://127.0.0.1:9/hook' },
    });
    expect(res.statusCode).toBe(200);
    return BigInt(res.json().tid as number);
  };
  const payment = (tid: bigint) =>
    t.deps.db.read.selectFrom('payments').selectAll().where('id', '=', tid).executeTakeFirstOrThrow();
  const deposit = (tid: bigint) =>
    t.deps.db.read
      .selectFrom('chain_deposits')
      .selectAll()
      .where('payment_id', '=', tid)
      .executeTakeFirstOrThrow();
  const events = async (tid: bigint) =>
    (
      await t.deps.db.read
        .selectFrom('outbox')
        .select('event_type')
        .where('target_id', '=', String(tid))
        .orderBy('id')
        .execute()
    ).map((e) => e.event_type);
  const btc = () => availableBalance(t.deps.db.read, shop.id, 'btc');
  const cleanAudit = async () => {
    const report = await auditLedger(t.deps);
    expect(report.violations).toEqual([]);
    return report;
  };

  beforeAll(async () => {
    t = await testRuntime(dialect, ENV);
    shop = await makeAccount(t.deps);
  });
  afterAll(() => t.close());

  it('the credit is reversed, the request is pending again, the merchant gets payment.deposit_reversed; mined again, it is credited again', async () => {
    const tid = await receive(0.001);
    const before = await btc();
    const d = await sandboxDeposit(t.deps, { tid: String(tid) });
    if (!d.ok) throw new Error(d.error.message);
    expect(d.value.status).toBe('paid');
    expect(await btc()).toBe(before + 100_000_000n);

    expect((await sandboxDepositChange(t.deps, d.value.txHash, { removed: true })).ok).toBe(true);
    const dep = await deposit(tid);
    expect({ state: dep.state, reversals: BigInt(dep.reversals) }).toEqual({
      state: 'dropped',
      reversals: 1n,
    });
    expect(await btc()).toBe(before);
    const p = await payment(tid);
    expect({ status: p.status, received: BigInt(p.received_units), paidAt: p.paid_at_ms }).toEqual({
      status: 'pending',
      received: 0n,
      paidAt: null,
    });
    expect(await events(tid)).toEqual(['payment.paid', 'payment.deposit_reversed']);
    let report = await cleanAudit();
    expect(report.groups.find((g) => g.name === 'chain_reorg_shortfall')).toMatchObject({ checked: 1 });
    // Another round reverses nothing more.
    expect(await watchRound(t.deps)).toMatchObject({ reversed: 0, credited: 0 });
    expect(await btc()).toBe(before);

    // The transaction is mined again (a Bitcoin deposit keeps its identity): credited again, once.
    await t.deps.db.write((trx) =>
      trx
        .updateTable('sandbox_chain_deposits')
        .set({ removed: 0 })
        .where('tx_hash', '=', d.value.txHash)
        .execute(),
    );
    expect(await watchRound(t.deps)).toMatchObject({ credited: 1 });
    expect(await watchRound(t.deps)).toMatchObject({ credited: 0, reversed: 0 });
    expect(await btc()).toBe(before + 100_000_000n);
    expect((await payment(tid)).status).toBe('paid');
    expect(await events(tid)).toEqual(['payment.paid', 'payment.deposit_reversed', 'payment.paid']);
    report = await cleanAudit();
    expect(report.notes.filter((n) => n.includes('chain_reorg_shortfall'))).toEqual([]);
  });

  it('a credit already spent is still reversed: what the account lacks is booked to chain_reorg_shortfall and the audit reports it', async () => {
    const tid = await receive(0.001);
    const d = await sandboxDeposit(t.deps, { tid: String(tid) });
    if (!d.ok) throw new Error(d.error.message);
    // The merchant withdraws all but 0.0004 BTC of its balance before the reorg.
    const spend = (await btc()) - 40_000_000n;
    await t.deps.db.write((trx) =>
      createTransfer(
        trx,
        {
          id: `test-withdrawal:${tid}`,
          debit: { owner: shop.id },
          credit: { system: 'onchain_settlement' },
          asset: 'btc',
          amount: spend,
          code: 'test_withdrawal',
        },
        Date.now(),
      ),
    );
    const loss0 = await systemAccountTotals(t.deps.db.read, 'chain_reorg_shortfall', 'btc');
    expect((await sandboxDepositChange(t.deps, d.value.txHash, { removed: true })).ok).toBe(true);
    expect(await btc()).toBe(0n);
    const loss = await systemAccountTotals(t.deps.db.read, 'chain_reorg_shortfall', 'btc');
    expect(loss.debits_posted - loss0.debits_posted).toBe(60_000_000n);
    expect((await payment(tid)).status).toBe('pending');
    const report = await cleanAudit();
    expect(report.notes).toEqual(
      expect.arrayContaining([expect.stringMatching(/^chain_reorg_shortfall: 0\.00060000 btc /)]),
    );
  });

  it('an underpaid request stays pending and only its received amount goes down', async () => {
    const tid = await receive(0.002);
    const first = await sandboxDeposit(t.deps, { tid: String(tid), amount: '0.0005' });
    const second = await sandboxDeposit(t.deps, { tid: String(tid), amount: '0.0003' });
    if (!first.ok || !second.ok) throw new Error('deposit refused');
    await sandboxDepositChange(t.deps, first.value.txHash, { removed: true });
    const p = await payment(tid);
    expect({ status: p.status, received: BigInt(p.received_units) }).toEqual({
      status: 'pending',
      received: 30_000_000n,
    });
    await cleanAudit();
  });
});
