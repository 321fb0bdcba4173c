import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { evmRpcWatcher } from '../../src/adapters/chain/evm-rpc.ts';
import { createChainWatchers } from '../../src/adapters/chain/index.ts';
import type { WatchedAddress } from '../../src/app/ports.ts';
import { loadConfig } from '../../src/config/index.ts';
import { EvmStandin } from '../fixtures/chain/evm-standin.ts';

const A: WatchedAddress = {
  network: 'BEP20',
  asset: 'usdt',
  address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
};
const tx = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

describe('EVM JSON-RPC watcher against a stand-in node', () => {
  const node = new EvmStandin();
  beforeAll(() => node.start());
  afterAll(() => node.stop());
  beforeEach(() => {
    node.transfers = [];
    node.mode = 'ok';
    node.ranges = [];
    node.head = 10_000;
    node.finalized = 9_936;
    node.decimals = 6;
  });
  const watcher = (over: { depth?: number; lookbackBlocks?: number } = {}) =>
    evmRpcWatcher({
      network: 'BEP20',
      url: node.url,
      contract: node.contract,
      depth: 0,
      timeoutMs: 2000,
      ...over,
    });

  it('finds Transfer logs to a watched address in windows of at most 2,000 blocks, final at the finalized tag', async () => {
    node.transfers = [
      { txHash: tx(1), logIndex: 3, block: 5_000, to: A.address, value: 2_500_000n }, // a window boundary: 4,937..6,936
      { txHash: tx(2), logIndex: 0, block: 4_937, to: A.address, value: 1n },
      { txHash: tx(3), logIndex: 1, block: 9_990, to: A.address, value: 7_000_000n }, // above finalized
      {
        txHash: tx(4),
        logIndex: 0,
        block: 6_000,
        to: '0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0',
        value: 9n,
      },
    ];
    const r = await watcher({ lookbackBlocks: 5_064 }).scan([A], null);
    expect(r.ok ? 'ok' : r.error.reason).toBe('ok');
    if (!r.ok) return;
    for (const [from, to] of node.ranges) expect(to - from + 1).toBeLessThanOrEqual(2000);
    const byTx = new Map(r.value.deposits.map((d) => [d.txHash, d]));
    expect(byTx.get(tx(1))).toMatchObject({
      outputIndex: 3,
      amountRaw: 2_500_000n,
      decimals: 6,
      final: true,
      address: A.address,
    });
    expect(byTx.get(tx(2))).toMatchObject({ final: true, blockHeight: 4_937 });
    expect(byTx.get(tx(3))).toMatchObject({ final: false, confirmations: 11 });
    expect(byTx.has(tx(4))).toBe(false);
    expect(r.value.cursor).toBe('9936');
  });

  it('reads decimals from the contract: 18 on BEP20', async () => {
    node.decimals = 18;
    node.transfers = [
      { txHash: tx(5), logIndex: 0, block: 9_900, to: A.address, value: 3_250_000_000_000_000_000n },
    ];
    const r = await watcher().scan([A], null);
    expect(r.ok && r.value.deposits[0]).toMatchObject({
      decimals: 18,
      amountRaw: 3_250_000_000_000_000_000n,
    });
  });

  it('a reorg above the finalized block removes an unconfirmed log from the next scan', async () => {
    node.transfers = [{ txHash: tx(6), logIndex: 0, block: 9_990, to: A.address, value: 5n }];
    const w = watcher();
    const first = await w.scan([A], null);
    expect(first.ok && first.value.deposits).toHaveLength(1);
    node.reorgFrom(9_950);
    const second = await w.scan([A], first.ok ? first.value.cursor : null);
    expect(second.ok && second.value.deposits).toEqual([]);
  });

  it('counts a configured depth where a chain has no finalized tag', async () => {
    node.finalized = null;
    node.transfers = [{ txHash: tx(7), logIndex: 0, block: 9_990, to: A.address, value: 5n }];
    expect((await watcher().scan([A], null)).ok).toBe(false);
    const r = await watcher({ depth: 11 }).scan([A], null);
    expect(r.ok && r.value.deposits[0]).toMatchObject({ final: true, confirmations: 11 });
  });

  it('a node that is down, not JSON-RPC, or answering an error object is unavailable and credits nothing', async () => {
    node.transfers = [{ txHash: tx(8), logIndex: 0, block: 9_000, to: A.address, value: 5n }];
    node.mode = 'down';
    expect((await watcher().scan([A], null)).ok).toBe(false);
    node.mode = 'garbage';
    expect((await watcher().scan([A], null)).ok).toBe(false);
    node.mode = 'ok';
    node.finalized = null; // the node answers the `finalized` tag with error -32000
    const bad = await watcher().scan([A], null);
    expect(bad.ok ? 'ok' : bad.error.reason).toMatch(/error -32000/);
    expect(
      (
        await evmRpcWatcher({
          network: 'BEP20',
          url: 'http://127.0.0.1:1',
          contract: node.contract,
          depth: 0,
          timeoutMs: 500,
        }).scan([A], null)
      ).ok,
    ).toBe(false);
  });

  it('looks up a claimed transaction through its receipt', async () => {
    node.transfers = [{ txHash: tx(9), logIndex: 2, block: 9_000, to: A.address, value: 1_000_000n }];
    const found = await watcher().lookupTransaction('BEP20', tx(9), [A]);
    expect(found.ok && found.value).toMatchObject([{ outputIndex: 2, final: true }]);
    const none = await watcher().lookupTransaction('BEP20', tx(10), [A]);
    expect(none.ok && none.value).toEqual([]);
  });

  it('starts a scan without a cursor EVM_LOOKBACK_BLOCKS_<NET> below the final block, and one with a cursor after it', async () => {
    const silent = { info() {}, warn() {}, error() {}, debug() {} };
    const configured = (lookback: string | undefined) =>
      createChainWatchers(
        loadConfig({
          CHAIN_WATCHER: 'evm-rpc',
          EVM_RPC_URL_BEP20: node.url,
          USDT_BEP20_CONTRACT: node.contract,
          ...(lookback === undefined ? {} : { EVM_LOOKBACK_BLOCKS_BEP20: lookback }),
        }),
        silent,
      );
    node.head = 50_000;
    node.finalized = 49_990;
    node.transfers = [
      { txHash: tx(11), logIndex: 0, block: 44_000, to: A.address, value: 1_000_000n },
      { txHash: tx(12), logIndex: 0, block: 25_000, to: A.address, value: 2_000_000n },
    ];
    const [narrow] = configured('6000');
    const first = await narrow!.scan([A], null);
    expect(first.ok ? 'ok' : first.error.reason).toBe('ok');
    // 6,000 blocks up to the final block 49,990: 43,991..49,990, then the unconfirmed ones above it.
    expect(node.ranges[0]).toEqual([43_991, 45_990]);
    expect(first.ok && first.value.deposits.map((d) => d.txHash)).toEqual([tx(11)]);
    expect(first.ok && first.value.cursor).toBe('49990');
    node.ranges = [];
    node.head = 50_010;
    node.finalized = 50_000;
    expect((await narrow!.scan([A], '49990')).ok).toBe(true);
    expect(node.ranges[0]).toEqual([49_991, 50_000]);

    // The default, 20,000 blocks, still misses the older deposit; a rescan with a larger lookback finds it.
    node.ranges = [];
    const [standard] = configured(undefined);
    const std = await standard!.scan([A], null);
    expect(node.ranges[0]![0]).toBe(30_001);
    expect(std.ok && std.value.deposits.map((d) => d.txHash)).toEqual([tx(11)]);
    const [wide] = configured('30000');
    const all = await wide!.scan([A], null);
    expect(all.ok && all.value.deposits.map((d) => d.txHash).sort()).toEqual([tx(11), tx(12)].sort());
  });
});
