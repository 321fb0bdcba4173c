import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { evmRpcReceipts } from '../../src/adapters/chain/evm-rpc.ts';
import { matchTransfer, TRANSFER_TOPIC } from '../../src/domain/evm-transfer.ts';
import { EvmStandin } from '../fixtures/chain/evm-standin.ts';

const tx = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
const TO = '0x9858effd232b4033e47d90003d41ec34ecaeda94';

describe('EVM JSON-RPC receipts (USDT withdrawals) against a stand-in node', () => {
  const node = new EvmStandin();
  beforeAll(() => node.start());
  afterAll(() => node.stop());
  beforeEach(() => {
    node.transfers = [];
    node.reverted = new Map();
    node.mode = 'ok';
    node.methods = [];
    node.failMethods = new Set();
    node.head = 10_000;
    node.finalized = 9_936;
  });
  const reader = (depth = 0) =>
    evmRpcReceipts({ network: 'BEP20', url: node.url, depth, timeoutMs: 2_000, maxResponseBytes: 1 << 20 });

  it('answers null for a hash the node does not know', async () => {
    expect(await reader().receipt(tx(1))).toEqual({ ok: true, value: null });
    expect(node.methods).toEqual(['eth_getTransactionReceipt']);
  });

  it('reads status, block and logs, final at or below the finalized block whose hash is the receipt’s', async () => {
    node.transfers.push({ txHash: tx(2), logIndex: 7, block: 9_936, to: TO, value: 5_000_000n });
    const r = await reader().receipt(tx(2).toUpperCase().replace('0X', '0x'));
    expect(r.ok).toBe(true);
    if (!r.ok || r.value === null) throw new Error('no receipt');
    expect(r.value).toMatchObject({ txHash: tx(2), success: true, blockNumber: 9_936, final: true });
    expect(r.value.blockHash).toBe(node.blockHash(9_936));
    expect(r.value.logs).toHaveLength(1);
    expect(r.value.logs[0]).toMatchObject({ address: node.contract, logIndex: 7, removed: false });
    expect(r.value.logs[0]!.topics[0]).toBe(TRANSFER_TOPIC);
    expect(
      matchTransfer(r.value, {
        contract: node.contract,
        to: TO,
        amountRaw: 5_000_000n,
        decimals: 6,
        network: 'BEP20',
      }).ok,
    ).toBe(true);
    expect(node.methods).toEqual([
      'eth_getTransactionReceipt',
      'eth_blockNumber',
      'eth_getBlockByNumber',
      'eth_getBlockByNumber',
    ]);
  });

  it('is not final above the finalized block, and is with a depth when head − depth + 1 reaches it', async () => {
    node.transfers.push({ txHash: tx(3), logIndex: 0, block: 9_990, to: TO, value: 1n });
    const a = await reader().receipt(tx(3));
    expect(a.ok && a.value?.final).toBe(false);
    const deep = await reader(11).receipt(tx(3));
    expect(deep.ok && deep.value?.final).toBe(true);
    const shallow = await reader(12).receipt(tx(3));
    expect(shallow.ok && shallow.value?.final).toBe(false);
  });

  it('answers a reverted transaction as status 0x0 without logs', async () => {
    node.reverted.set(tx(4), 9_000);
    const r = await reader().receipt(tx(4));
    expect(r.ok && r.value).toMatchObject({ success: false, logs: [], final: true, blockNumber: 9_000 });
  });

  it('answers null once a reorg removed the transaction', async () => {
    node.transfers.push({ txHash: tx(5), logIndex: 0, block: 9_990, to: TO, value: 1n });
    node.reorgFrom(9_980);
    expect(await reader().receipt(tx(5))).toEqual({ ok: true, value: null });
  });

  it('is unavailable, never a verdict, when the node is down, not JSON-RPC, or fails the call', async () => {
    node.transfers.push({ txHash: tx(6), logIndex: 0, block: 9_000, to: TO, value: 1n });
    for (const mode of ['down', 'garbage'] as const) {
      node.mode = mode;
      const r = await reader().receipt(tx(6));
      expect(r.ok).toBe(false);
    }
    node.mode = 'ok';
    node.failMethods = new Set(['eth_getBlockByNumber']);
    expect((await reader().receipt(tx(6))).ok).toBe(false);
    node.failMethods = new Set();
    node.finalized = null;
    const r = await reader().receipt(tx(6));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.reason).toContain('finalized');
  });

  it('refuses to ask for what is not a transaction hash', async () => {
    const r = await reader().receipt('0x1234');
    expect(r.ok).toBe(false);
    expect(node.methods).toEqual([]);
  });
});
