import type {
  ChainDeposit,
  ChainNetwork,
  ChainUnavailable,
  ChainWatcher,
  WatchedAddress,
} from '../../app/ports.ts';
import { EVM_LOOKBACK_DEFAULT } from '../../config/chain-watch.ts';
import { getText, isRecord, safeJson } from './http-json.ts';

/**
 * USDT deposits on one EVM network through any Ethereum JSON-RPC node (the execution-apis methods
 * `eth_call`, `eth_blockNumber`, `eth_getBlockByNumber`, `eth_getLogs`):
 * - the token's decimals are read from the contract (`decimals()`, selector 0x313ce567) on the first
 *   scan and kept;
 * - a deposit is a `Transfer(address,address,uint256)` log of the configured contract whose `to` topic
 *   is a watched address; its identity is (transactionHash, logIndex);
 * - it is final at or below the node's `finalized` block, or, with `depth` > 0 (chains whose nodes have
 *   no `finalized` tag), at or below head − depth + 1;
 * - logs are read in windows of at most 2,000 blocks: final ones from the cursor (the last counted
 *   block scanned; without one, `lookbackBlocks` below the counted block) up to the counted block,
 *   then the unconfirmed ones above it up to the head, so a log that a reorg removes above the counted
 *   block disappears from the next scan (and is dropped).
 * A JSON-RPC error object, a node that is down, or an answer not of the documented shape makes the scan
 * unavailable: nothing is credited from it, and the next round retries.
 */
export interface EvmRpcConfig {
  network: Exclude<ChainNetwork, 'BTC'>;
  url: string;
  /** The USDT contract, 0x-prefixed hex. */
  contract: string;
  /** 0: count at the `finalized` tag; n > 0: count n blocks deep. */
  depth: number;
  timeoutMs: number;
  /** Blocks looked back on a scan without a cursor (the first one, or a rescan); EVM_LOOKBACK_BLOCKS_<NET>. */
  lookbackBlocks?: number;
  /** Blocks per eth_getLogs request (at most 2,000). */
  windowBlocks?: number;
}

/** keccak256("Transfer(address,address,uint256)"), the ERC-20 event's topic 0. */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const MAX_WINDOW = 2000;

const QUANTITY = /^0x(0|[1-9a-f][0-9a-f]*)$/;
const HASH = /^0x[0-9a-f]{64}$/;
const WORD = /^0x[0-9a-f]{64}$/;
const DATA = /^0x([0-9a-f]{2})*$/;

class Unavailable extends Error {}

const quantity = (v: unknown, what: string): number => {
  if (typeof v !== 'string' || !QUANTITY.test(v.toLowerCase()))
    throw new Unavailable(`node answered a ${what} that is not a quantity`);
  const n = Number.parseInt(v, 16);
  if (!Number.isSafeInteger(n)) throw new Unavailable(`node answered a ${what} out of range`);
  return n;
};
const hex = (n: number): string => `0x${n.toString(16)}`;
/** A watched address as the 32-byte topic it appears in. */
const addressTopic = (address: string): string => `0x${'0'.repeat(24)}${address.slice(2).toLowerCase()}`;

interface TransferLog {
  txHash: string;
  logIndex: number;
  blockNumber: number;
  blockHash: string;
  to: string;
  value: bigint;
}

export function evmRpcWatcher(cfg: EvmRpcConfig): ChainWatcher {
  const window = Math.min(cfg.windowBlocks ?? MAX_WINDOW, MAX_WINDOW);
  const lookback = cfg.lookbackBlocks ?? EVM_LOOKBACK_DEFAULT;
  const contract = cfg.contract.toLowerCase();
  let decimals: number | null = null;
  let nextId = 1;

  async function call(method: string, params: unknown[]): Promise<unknown> {
    const id = nextId++;
    const r = await getText(cfg.url, cfg.timeoutMs, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
    });
    if (!r.ok) throw new Unavailable(`${cfg.network} node ${r.reason}`);
    const body = safeJson(r.text);
    if (!isRecord(body) || body.jsonrpc !== '2.0' || body.id !== id) {
      throw new Unavailable(
        `${cfg.network} node answered ${method} with something other than JSON-RPC 2.0 (HTTP ${r.status})`,
      );
    }
    if (isRecord(body.error)) {
      const code = typeof body.error.code === 'number' ? body.error.code : '?';
      throw new Unavailable(`${cfg.network} node refused ${method}: error ${code}`);
    }
    if (!('result' in body)) throw new Unavailable(`${cfg.network} node answered ${method} without a result`);
    return body.result;
  }

  async function tokenDecimals(): Promise<number> {
    if (decimals !== null) return decimals;
    const out = await call('eth_call', [{ to: contract, data: '0x313ce567' }, 'latest']);
    if (typeof out !== 'string' || !WORD.test(out.toLowerCase())) {
      throw new Unavailable(`${cfg.network} token contract answered decimals() with no uint`);
    }
    const d = Number(BigInt(out));
    if (d < 6 || d > 36) throw new Unavailable(`${cfg.network} token has ${d} decimals; USDT needs 6 to 36`);
    decimals = d;
    return d;
  }

  async function heads(): Promise<{ head: number; counted: number }> {
    const head = quantity(await call('eth_blockNumber', []), 'block number');
    if (cfg.depth > 0) return { head, counted: Math.max(-1, head - cfg.depth + 1) };
    const block = await call('eth_getBlockByNumber', ['finalized', false]);
    if (!isRecord(block)) throw new Unavailable(`${cfg.network} node has no finalized block (set a depth)`);
    return { head, counted: Math.min(head, quantity(block.number, 'finalized block number')) };
  }

  function parseLog(v: unknown): TransferLog | null {
    if (!isRecord(v)) throw new Unavailable(`${cfg.network} node answered a log that is not an object`);
    if (v.removed === true) return null;
    const topics = v.topics;
    if (
      typeof v.address !== 'string' ||
      !Array.isArray(topics) ||
      typeof v.data !== 'string' ||
      !DATA.test(v.data.toLowerCase()) ||
      typeof v.transactionHash !== 'string' ||
      !HASH.test(v.transactionHash.toLowerCase()) ||
      typeof v.blockHash !== 'string' ||
      !HASH.test(v.blockHash.toLowerCase())
    ) {
      throw new Unavailable(`${cfg.network} node answered a log without the documented fields`);
    }
    if (v.address.toLowerCase() !== contract) return null;
    if (topics.length !== 3 || String(topics[0]).toLowerCase() !== TRANSFER_TOPIC) return null;
    const toTopic = String(topics[2]).toLowerCase();
    if (!WORD.test(toTopic) || !toTopic.startsWith(`0x${'0'.repeat(24)}`)) return null;
    if (v.data.length !== 66) return null;
    return {
      txHash: v.transactionHash.toLowerCase(),
      logIndex: quantity(v.logIndex, 'log index'),
      blockNumber: quantity(v.blockNumber, 'log block number'),
      blockHash: v.blockHash.toLowerCase(),
      to: `0x${toTopic.slice(26)}`,
      value: BigInt(v.data),
    };
  }

  async function logs(
    from: number,
    to: number,
    addresses: readonly WatchedAddress[],
  ): Promise<TransferLog[]> {
    const found: TransferLog[] = [];
    const toTopics = addresses.map((a) => addressTopic(a.address));
    for (let start = from; start <= to; start += window) {
      const end = Math.min(to, start + window - 1);
      const result = await call('eth_getLogs', [
        {
          fromBlock: hex(start),
          toBlock: hex(end),
          address: contract,
          topics: [TRANSFER_TOPIC, null, toTopics],
        },
      ]);
      if (!Array.isArray(result))
        throw new Unavailable(`${cfg.network} node answered eth_getLogs without a list`);
      for (const l of result) {
        const t = parseLog(l);
        if (t !== null && t.blockNumber >= start && t.blockNumber <= end) found.push(t);
      }
    }
    return found;
  }

  const toDeposit = (
    l: TransferLog,
    watched: Map<string, WatchedAddress>,
    head: number,
    counted: number,
    dec: number,
  ): ChainDeposit | null => {
    const a = watched.get(l.to);
    if (a === undefined) return null;
    return {
      network: cfg.network,
      asset: 'usdt',
      address: a.address,
      txHash: l.txHash,
      outputIndex: l.logIndex,
      amountRaw: l.value,
      decimals: dec,
      confirmations: Math.max(0, head - l.blockNumber + 1),
      final: l.blockNumber <= counted,
      blockHeight: l.blockNumber,
      blockHash: l.blockHash,
    };
  };
  const fail = (e: unknown): { ok: false; error: ChainUnavailable } => ({
    ok: false,
    error: { reason: e instanceof Unavailable ? e.message : `${cfg.network} node answer could not be read` },
  });
  const mine = (addresses: readonly WatchedAddress[]) =>
    new Map(addresses.filter((a) => a.network === cfg.network).map((a) => [a.address.toLowerCase(), a]));

  return {
    kind: 'evm-rpc',
    networks: [cfg.network],
    async scan(addresses, fromCursor) {
      try {
        const watched = mine(addresses);
        const dec = await tokenDecimals();
        const { head, counted } = await heads();
        const list = [...watched.values()];
        const after = fromCursor !== null && /^\d{1,15}$/.test(fromCursor) ? Number(fromCursor) : null;
        const from = after !== null ? after + 1 : Math.max(0, counted - lookback + 1);
        const deposits: ChainDeposit[] = [];
        if (list.length > 0) {
          for (const l of await logs(from, counted, list)) {
            const d = toDeposit(l, watched, head, counted, dec);
            if (d !== null) deposits.push(d);
          }
          for (const l of await logs(Math.max(from, counted + 1), head, list)) {
            const d = toDeposit(l, watched, head, counted, dec);
            if (d !== null) deposits.push(d);
          }
        }
        const cursor = String(Math.max(counted, after ?? -1));
        return { ok: true, value: { deposits, tipHeight: head, cursor } };
      } catch (e) {
        return fail(e);
      }
    },
    async lookupTransaction(network, txHash, addresses) {
      if (network !== cfg.network || !HASH.test(txHash)) return { ok: true, value: [] };
      try {
        const watched = mine(addresses);
        const dec = await tokenDecimals();
        const { head, counted } = await heads();
        const receipt = await call('eth_getTransactionReceipt', [txHash]);
        if (receipt === null) return { ok: true, value: [] };
        if (!isRecord(receipt) || !Array.isArray(receipt.logs)) {
          throw new Unavailable(`${cfg.network} node answered a receipt without logs`);
        }
        if (receipt.status !== undefined && receipt.status !== '0x1') return { ok: true, value: [] };
        const out: ChainDeposit[] = [];
        for (const l of receipt.logs) {
          const t = parseLog(l);
          const d = t === null ? null : toDeposit(t, watched, head, counted, dec);
          if (d !== null) out.push(d);
        }
        return { ok: true, value: out };
      } catch (e) {
        return fail(e);
      }
    },
  };
}
