import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { evmRpcWatcher } from '../../src/adapters/chain/evm-rpc.ts';
import { createChainWatchers } from '../../src/adapters/chain/index.ts';
import type { CreditedDeposit, WatchedAddress } from '../../src/app/ports.ts';
import { loadConfig } from '../../src/config/index.ts';
import { EvmStandin, GETH_MAX_SUB_TOPICS } from '../fixtures/chain/evm-standin.ts';

const A: WatchedAddress = {
  network: 'BEP20',
  asset: 'usdt',
  address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
};
const tx = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
/** The i-th of many watched BEP20 addresses (mixed case, as EIP-55 hands them out). */
const addr = (i: number) => `0xAbC${i.toString(16).padStart(37, '0')}`;
const watched = (n: number): WatchedAddress[] =>
  Array.from({ length: n }, (_, i) => ({ network: 'BEP20', asset: 'usdt', address: addr(i) }));
const silent = { info() {}, warn() {}, error() {}, debug() {} };

describe('EVM JSON-RPC watcher against a stand-in node', () => {
  const node = new EvmStandin();
  beforeAll(() => node.start());
  afterAll(() => node.stop());
  beforeEach(() => {
    node.transfers = [];
    node.mode = 'ok';
    node.ranges = [];
    node.refused = [];
    node.methods = [];
    node.maxResults = null;
    node.failBlocks = new Set();
    node.bytesOut = [];
    node.onGetLogs = null;
    node.failMethods = new Set();
    node.head = 10_000;
    node.finalized = 9_936;
    node.decimals = 6;
  });
  const watcher = (over: { depth?: number; lookbackBlocks?: number; windowBlocks?: number } = {}) =>
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
      outputIndex: 0,
      blockLogIndex: 3,
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
    expect(found.ok && found.value).toMatchObject([{ outputIndex: 0, blockLogIndex: 2, final: true }]);
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
    node.decimals = 18; // USDT_BEP20_DECIMALS' default
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
  it("100,000 watched addresses: every eth_getLogs stays within go-ethereum's topic limits, and a deposit to any of them is found", async () => {
    const many = watched(100_000);
    node.transfers = [
      { txHash: tx(20), logIndex: 0, block: 9_001, to: addr(0), value: 1_000_000n },
      { txHash: tx(21), logIndex: 7, block: 9_500, to: addr(54_321), value: 2_000_000n },
      { txHash: tx(22), logIndex: 1, block: 9_990, to: addr(99_999), value: 3_000_000n }, // above finalized
      {
        txHash: tx(23),
        logIndex: 2,
        block: 9_700,
        to: '0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0',
        value: 9n,
      },
    ];
    const r = await watcher({ lookbackBlocks: 1_000 }).scan(many, null);
    expect(r.ok ? 'ok' : r.error.reason).toBe('ok');
    expect(node.refused).toEqual([]);
    expect(r.ok && r.value.failures).toBeUndefined();
    expect(r.ok && r.value.deposits.map((d) => [d.txHash, d.address, d.amountRaw, d.final]).sort()).toEqual(
      [
        [tx(20), addr(0), 1_000_000n, true],
        [tx(21), addr(54_321), 2_000_000n, true],
        [tx(22), addr(99_999), 3_000_000n, false],
      ].sort(),
    );
    // 1,000 final blocks (8,937..9,936) and 64 above: one eth_getLogs each, as for one address.
    expect(node.methods.filter((m) => m === 'eth_getLogs')).toHaveLength(2);
    expect(r.ok && r.value.cursor).toBe('9936');
    expect(GETH_MAX_SUB_TOPICS).toBe(1000);
  });

  it('a node that refuses a range as too large is asked again in halves, and nothing is missed', async () => {
    node.maxResults = 3;
    node.transfers = Array.from({ length: 20 }, (_, i) => ({
      txHash: tx(100 + i),
      logIndex: 0,
      block: 9_000 + i * 40,
      to: addr(i % 5),
      value: BigInt(i + 1),
    }));
    const r = await watcher({ lookbackBlocks: 2_000 }).scan(watched(5), null);
    expect(r.ok ? 'ok' : r.error.reason).toBe('ok');
    expect(node.refused.length).toBeGreaterThan(0);
    expect(node.refused[0]).toBe('query returned more than 3 results');
    expect(r.ok && r.value.failures).toBeUndefined();
    expect(r.ok && r.value.deposits.map((d) => d.amountRaw).sort((a, b) => Number(a - b))).toEqual(
      Array.from({ length: 20 }, (_, i) => BigInt(i + 1)),
    );
    expect(r.ok && r.value.cursor).toBe('9936');
  });

  it('a block range the node cannot read is reported; the rest is read, and the cursor stops before it until it is read', async () => {
    node.transfers = [
      { txHash: tx(30), logIndex: 0, block: 8_500, to: A.address, value: 1n },
      { txHash: tx(31), logIndex: 0, block: 9_000, to: A.address, value: 2n },
      { txHash: tx(32), logIndex: 0, block: 9_600, to: A.address, value: 3n },
      { txHash: tx(33), logIndex: 0, block: 9_980, to: A.address, value: 4n },
    ];
    node.failBlocks = new Set([9_000]);
    const w = watcher({ lookbackBlocks: 2_000 });
    const r = await w.scan([A], null);
    expect(r.ok ? 'ok' : r.error.reason).toBe('ok');
    if (!r.ok) return;
    expect(r.value.deposits.map((d) => d.amountRaw).sort()).toEqual([1n, 3n, 4n]);
    expect(r.value.failures).toEqual([
      expect.stringMatching(/^blocks 9000\.\.9000 not read \(BEP20 node refused eth_getLogs: error -32000/),
    ]);
    // No deposit may be taken as gone this round, and the next one starts at the block not read.
    expect(r.value.covered).toEqual([]);
    expect(r.value.cursor).toBe('8999');
    node.failBlocks = new Set();
    const again = await w.scan([A], r.value.cursor);
    expect(again.ok && again.value.deposits.map((d) => d.amountRaw).sort()).toEqual([2n, 3n, 4n]);
    expect(again.ok && again.value.cursor).toBe('9936');
    expect(again.ok && again.value.failures).toBeUndefined();
  });

  it('a node that goes down mid-scan keeps what was read: the scan reports the rest as not read', async () => {
    node.transfers = [{ txHash: tx(34), logIndex: 0, block: 7_000, to: A.address, value: 1n }];
    const w = watcher({ lookbackBlocks: 5_000, windowBlocks: 2_000 });
    let calls = 0;
    node.onGetLogs = () => {
      calls += 1;
      if (calls === 2) node.mode = 'down';
    };
    const r = await w.scan([A], null);
    node.onGetLogs = null;
    expect(r.ok ? 'ok' : r.error.reason).toBe('ok');
    if (!r.ok) return;
    expect(r.value.cursor).toBe('6936');
    expect(r.value.failures?.[0]).toMatch(/^blocks 6937\.\.8936 not read/);
    expect(r.value.failures).toContain('blocks 8937..9936 not read this round');
    expect(r.value.failures).toContain('blocks 9937..10000 not read this round');
  });

  it("identifies a transfer by its transaction and its place among the transaction's token transfers: a re-mined transaction keeps it", async () => {
    const OTHER_TOKEN = '0x2222222222222222222222222222222222222222';
    node.transfers = [
      // One transaction: another token's Transfer, a transfer elsewhere, then two equal ones to A.
      { txHash: tx(40), logIndex: 11, block: 9_990, to: A.address, value: 5n, contract: OTHER_TOKEN },
      {
        txHash: tx(40),
        logIndex: 12,
        block: 9_990,
        to: '0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0',
        value: 1n,
      },
      { txHash: tx(40), logIndex: 13, block: 9_990, to: A.address, value: 7n },
      { txHash: tx(40), logIndex: 14, block: 9_990, to: A.address, value: 7n },
    ];
    const w = watcher({ depth: 3 });
    const ids = (r: Awaited<ReturnType<typeof w.scan>>) =>
      r.ok ? r.value.deposits.map((d) => `${d.txHash}:${d.outputIndex}`).sort() : r.error.reason;
    const first = await w.scan([A], null);
    expect(ids(first)).toEqual([`${tx(40)}:1`, `${tx(40)}:2`]);
    const claimed = await w.lookupTransaction('BEP20', tx(40), [A]);
    expect(claimed.ok && claimed.value.map((d) => d.outputIndex).sort()).toEqual([1, 2]);

    // A reorg below the counted depth re-mines the transaction in block 9,995 as its block's first logs.
    node.reorgFrom(9_985);
    node.transfers = [
      { txHash: tx(40), logIndex: 0, block: 9_995, to: A.address, value: 5n, contract: OTHER_TOKEN },
      {
        txHash: tx(40),
        logIndex: 1,
        block: 9_995,
        to: '0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0',
        value: 1n,
      },
      { txHash: tx(40), logIndex: 2, block: 9_995, to: A.address, value: 7n },
      { txHash: tx(40), logIndex: 3, block: 9_995, to: A.address, value: 7n },
    ];
    node.head = 10_005;
    const second = await w.scan([A], null);
    expect(ids(second)).toEqual([`${tx(40)}:1`, `${tx(40)}:2`]);
    expect(second.ok && second.value.deposits.map((d) => d.blockLogIndex).sort()).toEqual([2, 3]);
    const claimedAgain = await w.lookupTransaction('BEP20', tx(40), [A]);
    expect(claimedAgain.ok && claimedAgain.value.map((d) => d.outputIndex).sort()).toEqual([1, 2]);
  });

  it("credits nothing when the contract's decimals() differs from USDT_<NET>_DECIMALS, and says which setting", async () => {
    const configured = (env: Record<string, string> = {}) =>
      createChainWatchers(
        loadConfig({
          CHAIN_WATCHER: 'evm-rpc',
          EVM_RPC_URL_BEP20: node.url,
          USDT_BEP20_CONTRACT: node.contract,
          ...env,
        }),
        silent,
      )[0]!;
    node.transfers = [{ txHash: tx(50), logIndex: 0, block: 9_000, to: A.address, value: 5_000_000n }];
    node.decimals = 6; // USDT_BEP20_DECIMALS is 18: 5,000,000 raw would be booked as 5 USDT, not 5e-12
    const scan = await configured().scan([A], null);
    expect(scan.ok ? 'ok' : scan.error.reason).toMatch(
      /decimals\(\) = 6 but USDT_BEP20_DECIMALS is 18: nothing on BEP20 is credited/,
    );
    const lookup = await configured().lookupTransaction('BEP20', tx(50), [A]);
    expect(lookup.ok).toBe(false);
    const agreeing = await configured({ USDT_BEP20_DECIMALS: '6' }).scan([A], null);
    expect(agreeing.ok && agreeing.value.deposits).toMatchObject([{ decimals: 6, amountRaw: 5_000_000n }]);
  });

  it('an eth_getLogs answer past CHAIN_RESPONSE_MAX_BYTES is not read whole: the range is asked again in halves', async () => {
    node.transfers = Array.from({ length: 400 }, (_, i) => ({
      txHash: tx(1_000 + i),
      logIndex: 0,
      block: 9_000 + i,
      to: i % 2 === 0 ? A.address : '0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0',
      value: 1n,
    }));
    const w = createChainWatchers(
      loadConfig({
        CHAIN_WATCHER: 'evm-rpc',
        EVM_RPC_URL_BEP20: node.url,
        USDT_BEP20_CONTRACT: node.contract,
        USDT_BEP20_DECIMALS: '6',
        CHAIN_RESPONSE_MAX_BYTES: '65536', // about 100 logs
      }),
      silent,
    )[0]!;
    const r = await w.scan([A], '8999');
    expect(r.ok ? 'ok' : r.error.reason).toBe('ok');
    expect(r.ok && r.value.deposits).toHaveLength(200);
    expect(r.ok && r.value.failures).toBeUndefined();
    // The node answered more than 64 KiB for 9,000..9,936; that answer was dropped and the range read in parts.
    expect(node.bytesOut.some((b) => b > 65_536)).toBe(true);
    expect(node.methods.filter((m) => m === 'eth_getLogs').length).toBeGreaterThan(3);
  });

  describe('missingFromChain (eth_getTransactionReceipt)', () => {
    const credit = (n: number, outputIndex: number, amountRaw = 5n): CreditedDeposit => ({
      network: 'BEP20',
      address: A.address,
      txHash: tx(n),
      outputIndex,
      blockHeight: 9_990,
      blockHash: node.blockHash(9_990),
      amountRaw,
    });

    it('lists a transfer whose transaction the node no longer has (receipt null), keeps one mined again in another block', async () => {
      node.transfers = [
        { txHash: tx(1), logIndex: 3, block: 9_990, to: A.address, value: 5n },
        { txHash: tx(2), logIndex: 4, block: 9_990, to: A.address, value: 5n },
      ];
      node.reorgFrom(9_990);
      // tx 2 was mined again, in a later block and at another position in it; tx 1 is gone.
      node.transfers.push({ txHash: tx(2), logIndex: 0, block: 9_995, to: A.address, value: 5n });
      const r = await watcher({ depth: 12 }).missingFromChain!('BEP20', [credit(1, 0), credit(2, 0)]);
      expect(r).toEqual({ ok: true, value: [credit(1, 0)] });
      expect(node.methods).toEqual([
        'eth_blockNumber',
        'eth_getTransactionReceipt',
        'eth_getTransactionReceipt',
      ]);
    });

    it('lists a transfer the receipt no longer holds at its identity (ordinal, to, value)', async () => {
      const other = '0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0';
      node.transfers = [
        { txHash: tx(3), logIndex: 7, block: 9_990, to: A.address, value: 5n },
        { txHash: tx(3), logIndex: 8, block: 9_990, to: other, value: 5n },
      ];
      const r = await watcher({ depth: 12 }).missingFromChain!('BEP20', [
        credit(3, 0), // present: first Transfer of tx 3, to A, 5
        credit(3, 1), // the second one goes to another address
        credit(3, 2), // there is no third
        { ...credit(3, 0), amountRaw: 6n }, // another value
      ]);
      expect(r).toEqual({
        ok: true,
        value: [credit(3, 1), credit(3, 2), { ...credit(3, 0), amountRaw: 6n }],
      });
      expect(node.methods).toEqual(['eth_blockNumber', 'eth_getTransactionReceipt']);
    });

    it('a node whose head is below the block of the credit (a lagging backend) does not make its null receipt a missing transfer', async () => {
      node.head = 9_980;
      expect(await watcher({ depth: 12 }).missingFromChain!('BEP20', [credit(1, 0)])).toEqual({
        ok: true,
        value: [],
      });
      node.head = 9_990;
      expect(await watcher({ depth: 12 }).missingFromChain!('BEP20', [credit(1, 0)])).toEqual({
        ok: true,
        value: [credit(1, 0)],
      });
    });

    it('a credit stored before ordinals (negative output index) is kept while the receipt has its transfer', async () => {
      node.transfers = [{ txHash: tx(4), logIndex: 9, block: 9_990, to: A.address, value: 5n }];
      const legacy = credit(4, -1 - 9);
      const w = watcher({ depth: 12 });
      expect(await w.missingFromChain!('BEP20', [legacy])).toEqual({ ok: true, value: [] });
      node.reorgFrom(9_990);
      expect(await w.missingFromChain!('BEP20', [legacy])).toEqual({ ok: true, value: [legacy] });
    });

    it('a node that is down, answers garbage or an error lists nothing: the check is unavailable', async () => {
      const w = watcher({ depth: 12 });
      for (const mode of ['down', 'garbage'] as const) {
        node.mode = mode;
        const r = await w.missingFromChain!('BEP20', [credit(1, 0)]);
        expect(r.ok).toBe(false);
      }
      node.mode = 'ok';
      node.transfers = [{ txHash: tx(1), logIndex: 3, block: 9_990, to: A.address, value: 5n }];
      node.failMethods = new Set(['eth_getTransactionReceipt']);
      const refused = await w.missingFromChain!('BEP20', [credit(1, 0), credit(2, 0)]);
      expect(refused.ok).toBe(false);
      node.failMethods = new Set();
      const bad = await w.missingFromChain!('BEP20', [{ ...credit(1, 0), txHash: '0x12' }]);
      expect(bad.ok).toBe(false);
    });

    it('at the finalized tag (depth 0) a credit is final: nothing is asked', async () => {
      const r = await watcher().missingFromChain!('BEP20', [credit(1, 0)]);
      expect(r).toEqual({ ok: true, value: [] });
      expect(node.methods).toEqual([]);
    });
  });
});
