import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { sandboxDeposit } from '../../src/app/chain/sandbox-deposit.ts';
import { TEST_CHAIN_KEYS as KEYS } from '../fixtures/chain/keys.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

const ENV = { SANDBOX_NODE_KEY: '26'.repeat(32), BTC_XPUB: KEYS.btc.text, EVM_XPUB: KEYS.evm.text };

/**
 * The on-chain invariants of `paytag audit`, each a named group with its counts, each seen failing on a
 * row damaged as a bug could damage it.
 */
describe.each(DIALECTS)('paytag audit of chain deposits on %s', (dialect) => {
  let t: TestRuntime;
  let shop: TestAccount;

  const receive = async (body: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sapi/v1/receive',
      headers: { authorization: shop.invoiceKey },
      payload: { payment_mode: 'onchain', ...body },
    });
    expect(res.statusCode).toBe(200);
    return BigInt(res.json().tid as number);
  };
  const pay = async (tid: bigint, amount?: string) => {
    const d = await sandboxDeposit(t.deps, { tid: String(tid), amount });
    if (!d.ok) throw new Error(d.error.message);
  };
  const deposits = (tid: bigint) =>
    t.deps.db.read
      .selectFrom('chain_deposits')
      .selectAll()
      .where('payment_id', '=', tid)
      .orderBy('id')
      .execute();
  const group = async (name: string) => {
    const report = await auditLedger(t.deps);
    const g = report.groups.find((x) => x.name === name);
    if (g === undefined) throw new Error(`no audit group ${name}`);
    return { checked: g.checked, count: g.violations, violations: report.violations };
  };

  beforeEach(async () => {
    t = await testRuntime(dialect, ENV);
    shop = await makeAccount(t.deps);
  });
  afterEach(() => t.close());

  it("chain_received_matches_deposits: a request's received amount that is not the sum of its credited deposits", async () => {
    const tid = await receive({ wallet: 'btc', amount: 0.002 });
    await pay(tid, '0.001');
    await pay(tid, '0.001');
    expect(await group('chain_received_matches_deposits')).toMatchObject({ checked: 1, violations: [] });
    // A lost update, as F5's two concurrent bookings made: one deposit missing from the request.
    await t.deps.db.write((trx) =>
      trx.updateTable('payments').set({ received_units: 100_000_000n }).where('id', '=', tid).execute(),
    );
    const g = await group('chain_received_matches_deposits');
    expect(g).toMatchObject({ checked: 1 });
    expect(g.violations).toEqual([
      `on-chain request ${tid} has received_units 100000000 but its credited deposits (and its invoice's payment) sum to 200000000`,
    ]);
  });

  it('chain_transfer_credited_once: two credited deposits that are one transfer (the hash differing only in case)', async () => {
    const a = await receive({ wallet: 'btc', amount: 0.001 });
    const b = await receive({ wallet: 'btc', amount: 0.001 });
    await pay(a);
    await pay(b);
    expect(await group('chain_transfer_credited_once')).toMatchObject({ checked: 2, violations: [] });
    const [first] = await deposits(a);
    const [second] = await deposits(b);
    await t.deps.db.write((trx) =>
      sql`UPDATE chain_deposits SET tx_hash = ${first!.tx_hash.toUpperCase()} WHERE id = ${second!.id}`.execute(
        trx,
      ),
    );
    const g = await group('chain_transfer_credited_once');
    expect(g).toMatchObject({ checked: 2 });
    expect(g.violations).toEqual(
      expect.arrayContaining([`BTC transfer ${first!.tx_hash}:0 is credited 2 times`]),
    );
  });

  it('chain_evm_transfer_suspected_duplicate: one EVM transaction credited twice to one address with one amount', async () => {
    const tid = await receive({ wallet: 'usdt', chain_network: 'ERC20', amount: 2 });
    await pay(tid, '1');
    await pay(tid, '1');
    expect(await group('chain_evm_transfer_suspected_duplicate')).toMatchObject({
      checked: 2,
      violations: [],
    });
    // As F9's reorg made it: the same transaction under another log index.
    const [first, second] = await deposits(tid);
    await t.deps.db.write((trx) =>
      sql`UPDATE chain_deposits SET tx_hash = ${first!.tx_hash}, output_index = 7 WHERE id = ${second!.id}`.execute(
        trx,
      ),
    );
    const g = await group('chain_evm_transfer_suspected_duplicate');
    expect(g.violations).toEqual([
      expect.stringContaining(`ERC20 transaction ${first!.tx_hash} has 2 credited deposits of 1000000 to`),
    ]);
    // Not the same identity: the other check does not see it.
    expect(await group('chain_transfer_credited_once')).toMatchObject({ checked: 2, count: 0 });
  });

  it('chain_deposits_have_one_transfer: a deposit whose transfers do not match its history', async () => {
    const tid = await receive({ wallet: 'btc', amount: 0.001 });
    await pay(tid);
    expect(await group('chain_deposits_have_one_transfer')).toMatchObject({ checked: 1, violations: [] });
    const [dep] = await deposits(tid);
    // A reversal recorded on the row without its ledger transfer.
    await t.deps.db.write((trx) =>
      trx.updateTable('chain_deposits').set({ reversals: 1 }).where('id', '=', dep!.id).execute(),
    );
    const g = await group('chain_deposits_have_one_transfer');
    expect(g.violations).toEqual([
      expect.stringContaining(`chain deposit ${dep!.id} (credited, 1 reversals)`),
    ]);
  });
});
