import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { watchRound } from '../../src/app/chain/watch-round.ts';
import { availableBalance } from '../../src/db/repos/ledger.ts';
import { EvmStandin } from '../fixtures/chain/evm-standin.ts';
import { TEST_CHAIN_KEYS as KEYS } from '../fixtures/chain/keys.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

/** 5 USDT at BEP20's 18 decimals. */
const FIVE = 5n * 10n ** 18n;
const tx = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

/**
 * EVM credits counted at a depth (EVM_DEPTH_BEP20 = 12) against a stand-in node: a credited transfer
 * whose transaction the node no longer has (a reorg deeper than the depth) is reversed by the next
 * round and the audit stays clean; one mined again in another block keeps its credit; a node that fails
 * the receipt call reverses nothing.
 */
describe.each(DIALECTS)('EVM credits rechecked after a reorg on %s', (dialect) => {
  const node = new EvmStandin();
  let t: TestRuntime;
  let shop: TestAccount;

  beforeAll(async () => {
    await node.start();
    node.decimals = 18;
    t = await testRuntime(dialect, {
      SANDBOX_NODE_KEY: '78'.repeat(32),
      BTC_XPUB: KEYS.btc.text,
      EVM_XPUB: KEYS.evm.text,
      CHAIN_WATCHER: 'evm-rpc',
      EVM_RPC_URL_BEP20: node.url,
      USDT_BEP20_CONTRACT: node.contract,
      EVM_DEPTH_BEP20: '12',
      CHAIN_REQUEST_TIMEOUT_MS: '2000',
    });
    shop = await makeAccount(t.deps);
  });
  afterAll(async () => {
    await t?.close();
    await node.stop();
  });

  const receive = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sapi/v1/receive',
      headers: { authorization: shop.invoiceKey },
      payload: { wallet: 'usdt', payment_mode: 'onchain', chain_network: 'BEP20', amount: 5 },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { tid: number; chain_address: { address: string } };
  };
  const states = async (tid: number) =>
    (
      await t.deps.db.read
        .selectFrom('chain_deposits')
        .select(['state', 'reversals'])
        .where('payment_id', '=', BigInt(tid))
        .execute()
    ).map((r) => [r.state, BigInt(r.reversals)]);
  const usdt = () => availableBalance(t.deps.db.read, shop.id, 'usdt');
  const cleanAudit = async () => expect((await auditLedger(t.deps)).violations).toEqual([]);

  it('a credited transfer reorganised away is reversed; one mined again elsewhere is kept; a failing node reverses nothing', async () => {
    const gone = await receive();
    const kept = await receive();
    const held = await receive();
    node.transfers = [
      { txHash: tx(1), logIndex: 2, block: 9_980, to: gone.chain_address.address, value: FIVE },
      { txHash: tx(2), logIndex: 3, block: 9_980, to: kept.chain_address.address, value: FIVE },
      { txHash: tx(3), logIndex: 1, block: 9_970, to: held.chain_address.address, value: FIVE },
    ];
    const before = await usdt();
    expect(await watchRound(t.deps)).toEqual({ credited: 3, dropped: 0, reversed: 0, unavailable: [] });
    expect(await usdt()).toBe(before + 15_000_000n);

    // The node fails eth_getTransactionReceipt: the round says so and reverses nothing.
    node.reorgFrom(9_975);
    node.failMethods = new Set(['eth_getTransactionReceipt']);
    const failing = await watchRound(t.deps);
    expect(failing.reversed).toBe(0);
    expect(failing.unavailable).toEqual([expect.stringMatching(/^BEP20: .*eth_getTransactionReceipt/)]);
    expect(await usdt()).toBe(before + 15_000_000n);
    await cleanAudit();

    // Blocks from 9,975 were replaced: tx 1 is gone, tx 2 was mined again at 9,990 (another log index).
    node.failMethods = new Set();
    node.head = 10_010;
    node.transfers.push({
      txHash: tx(2),
      logIndex: 0,
      block: 9_990,
      to: kept.chain_address.address,
      value: FIVE,
    });
    expect(await watchRound(t.deps)).toEqual({ credited: 0, dropped: 0, reversed: 1, unavailable: [] });
    expect(await states(gone.tid)).toEqual([['dropped', 1n]]);
    expect(await states(kept.tid)).toEqual([['credited', 0n]]);
    expect(await states(held.tid)).toEqual([['credited', 0n]]);
    expect(await usdt()).toBe(before + 10_000_000n);
    await cleanAudit();

    // Nothing more to do: a second round changes nothing.
    expect(await watchRound(t.deps)).toEqual({ credited: 0, dropped: 0, reversed: 0, unavailable: [] });
    expect(await usdt()).toBe(before + 10_000_000n);
    await cleanAudit();
  });
});
