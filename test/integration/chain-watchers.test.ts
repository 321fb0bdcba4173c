import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchRound } from '../../src/app/chain/watch-round.ts';
import { availableBalance } from '../../src/db/repos/ledger.ts';
import { chainDepositsJob } from '../../src/jobs/chain-deposits.ts';
import { EvmStandin } from '../fixtures/chain/evm-standin.ts';
import { TEST_CHAIN_KEYS as KEYS } from '../fixtures/chain/keys.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

const tx = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

/**
 * The chain-deposits job with the evm-rpc watcher against a stand-in node (test/fixtures/chain): a node
 * that is down makes a round report it and credit nothing, without failing the job; the next round, with
 * the node back, credits the deposit once (18 decimals on BEP20, booked in 10^-6 USDT).
 */
describe.each(DIALECTS)('EVM deposits through the job and a stand-in node on %s', (dialect) => {
  const node = new EvmStandin();
  let t: TestRuntime;
  let shop: TestAccount;

  beforeAll(async () => {
    await node.start();
    node.decimals = 18;
    t = await testRuntime(dialect, {
      SANDBOX_NODE_KEY: '77'.repeat(32),
      BTC_XPUB: KEYS.btc.text,
      EVM_XPUB: KEYS.evm.text,
      CHAIN_WATCHER: 'evm-rpc',
      EVM_RPC_URL_BEP20: node.url,
      USDT_BEP20_CONTRACT: node.contract,
      CHAIN_REQUEST_TIMEOUT_MS: '2000',
    });
    shop = await makeAccount(t.deps);
  });
  afterAll(async () => {
    await t?.close();
    await node.stop();
  });

  it('a node that is down is reported and credits nothing; once it is back the deposit is credited once', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sapi/v1/receive',
      headers: { authorization: shop.invoiceKey },
      payload: { wallet: 'usdt', payment_mode: 'onchain', chain_network: 'BEP20', amount: 5 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { tid, chain_address } = res.json() as { tid: number; chain_address: { address: string } };
    node.transfers = [
      { txHash: tx(1), logIndex: 4, block: 9_900, to: chain_address.address, value: 5n * 10n ** 18n },
    ];
    const before = await availableBalance(t.deps.db.read, shop.id, 'usdt');
    const deposits = () =>
      t.deps.db.read.selectFrom('chain_deposits').selectAll().where('payment_id', '=', BigInt(tid)).execute();

    for (const mode of ['down', 'garbage'] as const) {
      node.mode = mode;
      const r = await watchRound(t.deps);
      expect(r.credited).toBe(0);
      expect(r.unavailable).toHaveLength(1);
      expect(r.unavailable[0]).toMatch(/^BEP20: /);
      // The job's round ends normally: it asks to run again after the poll interval.
      expect(await chainDepositsJob.run(t.deps, new AbortController().signal)).toBe(
        t.deps.config.chainWatch.pollIntervalMs,
      );
      expect(await deposits()).toEqual([]);
      expect(await availableBalance(t.deps.db.read, shop.id, 'usdt')).toBe(before);
    }

    node.mode = 'ok';
    expect(await watchRound(t.deps)).toEqual({ credited: 1, dropped: 0, reversed: 0, unavailable: [] });
    expect((await deposits()).map((d) => [d.state, d.output_index, d.amount_raw, d.amount_units])).toEqual([
      // (transaction, its first Transfer log of the token): log 4 of its block.
      ['credited', 0n, '5000000000000000000', 5_000_000n],
    ]);
    expect(await availableBalance(t.deps.db.read, shop.id, 'usdt')).toBe(before + 5_000_000n);
    expect(await watchRound(t.deps)).toEqual({ credited: 0, dropped: 0, reversed: 0, unavailable: [] });
    expect(await watchRound(t.deps, { rescan: true })).toEqual({
      credited: 0,
      dropped: 0,
      reversed: 0,
      unavailable: [],
    });
    expect(await availableBalance(t.deps.db.read, shop.id, 'usdt')).toBe(before + 5_000_000n);
    const paid = await t.app.inject({
      method: 'GET',
      url: `/sapi/v1/checkPayment?tid=${tid}`,
      headers: { authorization: shop.invoiceKey },
    });
    expect(paid.json()).toMatchObject({ status: 'paid', amount_received: 5 });
  });
  it('a block range the node cannot read is a report line: a deposit seen there is not dropped, the rest is booked, and the range is read next round', async () => {
    const receive = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/sapi/v1/receive',
        headers: { authorization: shop.invoiceKey },
        payload: { wallet: 'usdt', payment_mode: 'onchain', chain_network: 'BEP20', amount: 1 },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { tid: number; chain_address: { address: string } };
    };
    const [a, b] = [await receive(), await receive()];
    const state = async (tid: number) =>
      (
        await t.deps.db.read
          .selectFrom('chain_deposits')
          .select(['state'])
          .where('payment_id', '=', BigInt(tid))
          .execute()
      ).map((r) => r.state);
    node.head = 10_100;
    node.finalized = 10_036;
    // a's transfer is above the final block (seen, waiting); b's is final.
    node.transfers = [
      { txHash: tx(2), logIndex: 0, block: 10_080, to: a.chain_address.address, value: 10n ** 18n },
      { txHash: tx(3), logIndex: 0, block: 10_020, to: b.chain_address.address, value: 10n ** 18n },
    ];
    node.failBlocks = new Set([10_020]);
    const first = await watchRound(t.deps);
    expect(first.credited).toBe(0);
    expect(first.unavailable).toEqual([expect.stringMatching(/^BEP20: blocks 10020\.\.10020 not read/)]);
    expect(await state(a.tid)).toEqual(['seen']);

    // Now a's block cannot be read either: a is not shown, and is not taken as gone.
    node.failBlocks = new Set([10_020, 10_080]);
    const second = await watchRound(t.deps);
    expect(second).toMatchObject({ credited: 0, dropped: 0 });
    expect(second.unavailable).toHaveLength(2);
    expect(await state(a.tid)).toEqual(['seen']);
    expect(await state(b.tid)).toEqual([]);

    // Both blocks readable and final: both are credited, once.
    node.failBlocks = new Set();
    node.head = 10_150;
    node.finalized = 10_090;
    expect(await watchRound(t.deps)).toEqual({ credited: 2, dropped: 0, reversed: 0, unavailable: [] });
    expect(await state(a.tid)).toEqual(['credited']);
    expect(await state(b.tid)).toEqual(['credited']);
  });
});
