import type {
  ChainDeposit,
  ChainUnavailable,
  ChainWatcher,
  CreditedDeposit,
  EvmReceipts,
  WatchedAddress,
} from '../../app/ports.ts';
import { EVM_LOGS_MAX_BLOCKS_DEFAULT, EVM_LOOKBACK_DEFAULT } from '../../config/chain-watch.ts';
import type { EvmLog, EvmReceipt } from '../../domain/evm-transfer.ts';
import type { ChainNetwork } from '../../domain/payments/vocabulary.ts';
import { getText, isRecord, safeJson } from './http-json.ts';

/**
 * USDT deposits on one EVM network through any Ethereum JSON-RPC node (the execution-apis methods
 * `eth_call`, `eth_blockNumber`, `eth_getBlockByNumber`, `eth_getLogs`, `eth_getTransactionReceipt`).
 *
 * What is asked of the node never grows with the number of watched addresses. go-ethereum refuses a
 * filter with more than 1,000 entries in one topic position (eth/filters/api.go, `maxSubTopics = 1000`,
 * "exceed max topics"; BNB Smart Chain's client is a fork with the same limit), so a filter listing the
 * watched addresses stops every credit of a network past 1,000 of them, and chunks of a few hundred cost
 * n/500 calls per block range. Instead, as NBXplorer reads whole blocks, `eth_getLogs` asks for every
 * `Transfer` log of the USDT contract in a block range (address + topic 0 only) and the `to` topic is
 * matched against the watched set locally (one Set lookup per log). The cost per round is set by the
 * token's traffic and the blocks since the last round, not by the addresses: with 100,000 watched
 * addresses a round is 2 calls (head, finalized) plus one `eth_getLogs` per `EVM_LOGS_MAX_BLOCKS` blocks
 * of new final blocks and one per that many unconfirmed blocks above them; its bytes are the token's
 * Transfer logs in those blocks (about 650 bytes each), e.g. Ethereum USDT at roughly 40 a block.
 *
 * - The token's decimals are read from the contract (`decimals()`, selector 0x313ce567) and must equal
 *   `USDT_<NET>_DECIMALS` (which payment URIs use): a contract or node answering otherwise credits
 *   nothing on that network (a 6-for-18 answer would credit 10^12 times over).
 * - A deposit is a `Transfer(address,address,uint256)` log of the configured contract whose `to` topic is
 *   a watched address. Its identity is (transactionHash, position among that transaction's Transfer logs
 *   of the contract). A log's `logIndex` is its position in the BLOCK: a transaction re-mined in another
 *   block after a reorg gets another one, and would be a second deposit. The position within the
 *   transaction is what the transaction is; `transactionLogIndex` is not a standard field, and
 *   `logIndex` minus the transaction's first log needs every log of the transaction, which a filtered
 *   `eth_getLogs` does not return. Every Transfer log of the contract, though, is in the answer (the
 *   filter is the contract and the topic, and a block range holds all logs of its transactions), and the
 *   receipt's logs filtered the same way give the same list: the ordinal is computed from either.
 * - It is final at or below the node's `finalized` block, or, with `depth` > 0 (chains whose nodes have
 *   no `finalized` tag), at or below head − depth + 1.
 * - Logs are read in ranges of at most `EVM_LOGS_MAX_BLOCKS` blocks: final ones from the cursor (the last
 *   final block read; without one, `lookbackBlocks` below it) up to the final block, then the unconfirmed
 *   ones above it up to the head, so a log that a reorg removes above the final block is gone from the
 *   next scan. A range the node refuses (an error object: "query returned more than 10000 results",
 *   "exceed maximum block range", ...), that times out, or whose answer passes CHAIN_RESPONSE_MAX_BYTES is
 *   asked again in halves, down to one block. A range that still fails is a `failure` of the scan, not of
 *   the network: the rest is read and booked, the cursor stops before the first range not read, and the
 *   next round reads from there again. A node that is down (no answer, HTTP error, not JSON-RPC) ends the
 *   scan where it is, keeping what was read.
 * A failure before any log is read (decimals, head, finalized block) makes the scan unavailable.
 *
 * Credits of recent blocks are rechecked (`missingFromChain`) only with `depth` > 0: at the `finalized`
 * tag a credited deposit is final and is never asked about. Each transaction's receipt is read once
 * (`eth_getTransactionReceipt`, RECHECK_CONCURRENCY at a time): `null` (execution-apis: not mined in the
 * canonical chain now, unknown or pending) lists its deposits as missing where the node's head
 * (`eth_blockNumber`, asked first) has reached their block; a receipt whose Transfer logs
 * of the contract (filtered as the scan does) no longer hold the deposit at its identity (ordinal, same
 * `to` and value), or that failed (`status` 0x0), lists it as missing; a receipt in any block holding it
 * (mined again elsewhere) keeps it. A credit stored before identities were ordinals (a negative
 * `output_index`, migration 025) is kept while the receipt holds any Transfer of the contract to its
 * address. Any error or malformed answer makes the whole check unavailable: nothing is listed.
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
  /** Blocks per eth_getLogs request at most (EVM_LOGS_MAX_BLOCKS). */
  windowBlocks?: number;
  /** USDT_<NET>_DECIMALS: the contract's decimals() must say the same, or nothing is credited. */
  expectedDecimals?: number;
  /** Bytes of one answer read at most (CHAIN_RESPONSE_MAX_BYTES). */
  maxResponseBytes?: number;
}

/** keccak256("Transfer(address,address,uint256)"), the ERC-20 event's topic 0. */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** Ranges that fail (after halving to one block) before a scan stops trying more. */
const MAX_FAILED_RANGES = 3;
/** Receipts asked at once when rechecking credits (eth_getTransactionReceipt). */
const RECHECK_CONCURRENCY = 4;
/** Successful calls at a halved span before it is doubled again. */
const GROW_AFTER = 8;

const QUANTITY = /^0x(0|[1-9a-f][0-9a-f]*)$/;
const HASH = /^0x[0-9a-f]{64}$/;
const WORD = /^0x[0-9a-f]{64}$/;
const DATA = /^0x([0-9a-f]{2})*$/;

/**
 * `refused`: the node answered but refused this query (an error object) or its answer passed the size
 * limit, so a smaller range may pass; `timeout`: no answer in time (a smaller range next round); `down`:
 * the node is not answering (unreachable, HTTP error, not JSON-RPC).
 */
class Unavailable extends Error {
  constructor(
    message: string,
    readonly kind: 'refused' | 'timeout' | 'down' = 'down',
  ) {
    super(message);
  }
}

const quantity = (v: unknown, what: string): number => {
  if (typeof v !== 'string' || !QUANTITY.test(v.toLowerCase()))
    throw new Unavailable(`node answered a ${what} that is not a quantity`);
  const n = Number.parseInt(v, 16);
  if (!Number.isSafeInteger(n)) throw new Unavailable(`node answered a ${what} out of range`);
  return n;
};
const hex = (n: number): string => `0x${n.toString(16)}`;

interface TransferLog {
  txHash: string;
  /** Position in the block. */
  logIndex: number;
  /** Position among the transaction's Transfer logs of the contract: the identity. */
  ordinal: number;
  blockNumber: number;
  blockHash: string;
  /** Lower-case 0x address, or null when the `to` topic is not an address. */
  to: string | null;
  value: bigint | null;
}

/** One JSON-RPC 2.0 call after another to the node: the result, or an `Unavailable` thrown. */
function rpcCaller(
  net: string,
  cfg: { url: string; timeoutMs: number; maxResponseBytes?: number | undefined },
): (method: string, params: unknown[]) => Promise<unknown> {
  let nextId = 1;
  return async function call(method: string, params: unknown[]): Promise<unknown> {
    const id = nextId++;
    const r = await getText(
      cfg.url,
      cfg.timeoutMs,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
      },
      cfg.maxResponseBytes,
    );
    if (!r.ok) {
      const kind = r.kind === 'too_large' ? 'refused' : r.kind === 'timeout' ? 'timeout' : 'down';
      throw new Unavailable(`${net} node ${r.reason} (${method})`, kind);
    }
    const body = safeJson(r.text);
    if (!isRecord(body) || body.jsonrpc !== '2.0' || body.id !== id) {
      throw new Unavailable(
        `${net} node answered ${method} with something other than JSON-RPC 2.0 (HTTP ${r.status})`,
      );
    }
    if (isRecord(body.error)) {
      const code = typeof body.error.code === 'number' ? body.error.code : '?';
      const message = typeof body.error.message === 'string' ? `: ${body.error.message.slice(0, 160)}` : '';
      throw new Unavailable(`${net} node refused ${method}: error ${code}${message}`, 'refused');
    }
    if (!('result' in body)) throw new Unavailable(`${net} node answered ${method} without a result`);
    return body.result;
  };
}

export function evmRpcWatcher(cfg: EvmRpcConfig): ChainWatcher {
  const maxSpan = Math.max(1, cfg.windowBlocks ?? EVM_LOGS_MAX_BLOCKS_DEFAULT);
  const lookback = cfg.lookbackBlocks ?? EVM_LOOKBACK_DEFAULT;
  const contract = cfg.contract.toLowerCase();
  const net = cfg.network;
  let decimals: number | null = null;
  /** The span eth_getLogs is asked for now: halved on refusals, doubled back after GROW_AFTER successes. */
  let span = maxSpan;
  let successes = 0;

  const call = rpcCaller(net, cfg);

  async function tokenDecimals(): Promise<number> {
    if (decimals !== null) return decimals;
    const out = await call('eth_call', [{ to: contract, data: '0x313ce567' }, 'latest']);
    if (typeof out !== 'string' || !WORD.test(out.toLowerCase())) {
      throw new Unavailable(`${net} token contract answered decimals() with no uint`);
    }
    const big = BigInt(out);
    if (cfg.expectedDecimals !== undefined && big !== BigInt(cfg.expectedDecimals)) {
      throw new Unavailable(
        `${net} token contract ${contract} answers decimals() = ${big} but USDT_${net}_DECIMALS is ` +
          `${cfg.expectedDecimals}: nothing on ${net} is credited until the node, USDT_${net}_CONTRACT ` +
          `and USDT_${net}_DECIMALS agree`,
      );
    }
    const d = Number(big);
    if (d < 6 || d > 36) throw new Unavailable(`${net} token has ${d} decimals; USDT needs 6 to 36`);
    decimals = d;
    return d;
  }

  async function heads(): Promise<{ head: number; counted: number }> {
    const head = quantity(await call('eth_blockNumber', []), 'block number');
    if (cfg.depth > 0) return { head, counted: Math.max(-1, head - cfg.depth + 1) };
    const block = await call('eth_getBlockByNumber', ['finalized', false]);
    if (!isRecord(block)) throw new Unavailable(`${net} node has no finalized block (set a depth)`);
    return { head, counted: Math.min(head, quantity(block.number, 'finalized block number')) };
  }

  /** The Transfer logs of the contract among `raw`, each with its ordinal within its transaction. */
  function transfersOf(raw: readonly unknown[]): TransferLog[] {
    const byTx = new Map<string, TransferLog[]>();
    for (const v of raw) {
      if (!isRecord(v)) throw new Unavailable(`${net} node answered a log that is not an object`);
      if (v.removed === true) continue;
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
        throw new Unavailable(`${net} node answered a log without the documented fields`);
      }
      if (v.address.toLowerCase() !== contract || String(topics[0]).toLowerCase() !== TRANSFER_TOPIC)
        continue;
      const toTopic = String(topics[2] ?? '').toLowerCase();
      const wellFormed =
        topics.length === 3 &&
        WORD.test(toTopic) &&
        toTopic.startsWith(`0x${'0'.repeat(24)}`) &&
        v.data.length === 66;
      const t: TransferLog = {
        txHash: v.transactionHash.toLowerCase(),
        logIndex: quantity(v.logIndex, 'log index'),
        ordinal: 0,
        blockNumber: quantity(v.blockNumber, 'log block number'),
        blockHash: v.blockHash.toLowerCase(),
        to: wellFormed ? `0x${toTopic.slice(26)}` : null,
        value: wellFormed ? BigInt(v.data) : null,
      };
      const list = byTx.get(t.txHash);
      if (list === undefined) byTx.set(t.txHash, [t]);
      else list.push(t);
    }
    const out: TransferLog[] = [];
    for (const list of byTx.values()) {
      list.sort((a, b) => a.logIndex - b.logIndex);
      list.forEach((t, i) => {
        t.ordinal = i;
        out.push(t);
      });
    }
    return out;
  }

  /** One eth_getLogs of the contract's Transfer logs in [from, to]. */
  async function logsIn(from: number, to: number): Promise<TransferLog[]> {
    const result = await call('eth_getLogs', [
      { fromBlock: hex(from), toBlock: hex(to), address: contract, topics: [TRANSFER_TOPIC] },
    ]);
    if (!Array.isArray(result)) throw new Unavailable(`${net} node answered eth_getLogs without a list`);
    return transfersOf(result).filter((t) => t.blockNumber >= from && t.blockNumber <= to);
  }

  interface Walk {
    /** Every block from the walk's start up to this one was read. */
    readTo: number;
    failures: string[];
    /** The node stopped answering: nothing more is asked this scan. */
    stopped: boolean;
  }

  /**
   * Reads [from, to] range by range into `sink`: a refused range is asked again in halves, one that still
   * fails at one block is skipped (at most MAX_FAILED_RANGES a scan); a timeout or a node that is down
   * ends the walk.
   */
  async function walk(from: number, to: number, sink: (logs: TransferLog[]) => void): Promise<Walk> {
    const w: Walk = { readTo: from - 1, failures: [], stopped: false };
    let contiguous = true;
    let start = from;
    while (start <= to) {
      const end = Math.min(to, start + span - 1);
      try {
        sink(await logsIn(start, end));
        if (contiguous) w.readTo = end;
        start = end + 1;
        if (span < maxSpan && ++successes >= GROW_AFTER) {
          span = Math.min(maxSpan, span * 2);
          successes = 0;
        }
      } catch (e) {
        const err = e instanceof Unavailable ? e : new Unavailable(`${net} node answer could not be read`);
        if (err.kind !== 'down' && end > start) {
          span = Math.max(1, Math.floor((end - start + 1) / 2));
          successes = 0;
          // A refusal is asked again at once in halves; a timeout is not waited for again this round.
          if (err.kind === 'refused') continue;
        }
        contiguous = false;
        w.failures.push(`blocks ${start}..${end} not read (${err.message}); read again next round`);
        if (err.kind !== 'refused' || w.failures.length >= MAX_FAILED_RANGES) {
          w.stopped = true;
          if (end < to) w.failures.push(`blocks ${end + 1}..${to} not read this round`);
          return w;
        }
        start = end + 1;
      }
    }
    return w;
  }

  const toDeposit = (
    l: TransferLog,
    watched: Map<string, WatchedAddress>,
    head: number,
    counted: number,
    dec: number,
  ): ChainDeposit | null => {
    if (l.to === null || l.value === null) return null;
    const a = watched.get(l.to);
    if (a === undefined) return null;
    return {
      network: net,
      asset: 'usdt',
      address: a.address,
      txHash: l.txHash,
      outputIndex: l.ordinal,
      blockLogIndex: l.logIndex,
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
    error: { reason: e instanceof Unavailable ? e.message : `${net} node answer could not be read` },
  });
  const mine = (addresses: readonly WatchedAddress[]) =>
    new Map(addresses.filter((a) => a.network === net).map((a) => [a.address.toLowerCase(), a]));

  return {
    kind: 'evm-rpc',
    networks: [net],
    async scan(addresses, fromCursor) {
      try {
        const watched = mine(addresses);
        const dec = await tokenDecimals();
        const { head, counted } = await heads();
        const after = fromCursor !== null && /^\d{1,15}$/.test(fromCursor) ? Number(fromCursor) : null;
        const from = after !== null ? after + 1 : Math.max(0, counted - lookback + 1);
        const deposits: ChainDeposit[] = [];
        const sink = (logs: TransferLog[]) => {
          for (const l of logs) {
            const d = toDeposit(l, watched, head, counted, dec);
            if (d !== null) deposits.push(d);
          }
        };
        let readTo = Math.max(counted, after ?? -1);
        const failures: string[] = [];
        if (watched.size > 0) {
          const final = await walk(from, counted, sink);
          readTo = Math.max(final.readTo, after ?? -1);
          failures.push(...final.failures);
          const above = Math.max(from, counted + 1);
          if (!final.stopped) failures.push(...(await walk(above, head, sink)).failures);
          else if (above <= head) failures.push(`blocks ${above}..${head} not read this round`);
        }
        return {
          ok: true,
          value: {
            deposits,
            tipHeight: head,
            cursor: readTo >= 0 ? String(readTo) : null,
            // A range not read may hold a deposit seen earlier: none is taken as gone this round.
            ...(failures.length > 0 ? { failures, covered: [] } : {}),
          },
        };
      } catch (e) {
        return fail(e);
      }
    },
    async missingFromChain(network, credited) {
      if (network !== net || cfg.depth === 0 || credited.length === 0) return { ok: true, value: [] };
      const byTx = new Map<string, CreditedDeposit[]>();
      for (const d of credited) {
        if (d.network !== net) continue;
        const h = d.txHash.toLowerCase();
        const list = byTx.get(h);
        if (list === undefined) byTx.set(h, [d]);
        else list.push(d);
      }
      const hashes = [...byTx.keys()];
      const missing: CreditedDeposit[] = [];
      try {
        // A node behind the credit's block (one backend of a load-balanced provider lagging) has no
        // receipt for it yet: its null says nothing, so only credits at or below its head are judged.
        const head = quantity(await call('eth_blockNumber', []), 'block number');
        let next = 0;
        let failed = false;
        const worker = async () => {
          while (!failed && next < hashes.length) {
            const h = hashes[next++]!;
            const deposits = byTx.get(h)!;
            if (!HASH.test(h)) throw new Unavailable(`${net} credit with a transaction hash that is not one`);
            const receipt = await call('eth_getTransactionReceipt', [h]).catch((e: unknown) => {
              failed = true;
              throw e;
            });
            if (receipt === null) {
              missing.push(...deposits.filter((d) => d.blockHeight !== null && d.blockHeight <= head));
              continue;
            }
            if (!isRecord(receipt) || !Array.isArray(receipt.logs)) {
              throw new Unavailable(`${net} node answered a receipt without logs`);
            }
            if (receipt.status !== undefined && receipt.status !== '0x1' && receipt.status !== '0x0') {
              throw new Unavailable(`${net} node answered a receipt with a status that is not 0x0 or 0x1`);
            }
            const logs =
              receipt.status === '0x0' ? [] : transfersOf(receipt.logs).filter((t) => t.txHash === h);
            for (const d of deposits) {
              const to = d.address.toLowerCase();
              const same = (t: TransferLog) =>
                t.to === to && (d.amountRaw === undefined || t.value === d.amountRaw);
              const present =
                d.outputIndex >= 0
                  ? logs.some((t) => t.ordinal === d.outputIndex && same(t))
                  : logs.some(same);
              if (!present) missing.push(d);
            }
          }
        };
        await Promise.all(Array.from({ length: Math.min(RECHECK_CONCURRENCY, hashes.length) }, worker));
        return { ok: true, value: missing };
      } catch (e) {
        return fail(e);
      }
    },
    async lookupTransaction(network, txHash, addresses) {
      if (network !== net || !HASH.test(txHash)) return { ok: true, value: [] };
      try {
        const watched = mine(addresses);
        const dec = await tokenDecimals();
        const { head, counted } = await heads();
        const receipt = await call('eth_getTransactionReceipt', [txHash]);
        if (receipt === null) return { ok: true, value: [] };
        if (!isRecord(receipt) || !Array.isArray(receipt.logs)) {
          throw new Unavailable(`${net} node answered a receipt without logs`);
        }
        if (receipt.status !== undefined && receipt.status !== '0x1') return { ok: true, value: [] };
        const out: ChainDeposit[] = [];
        for (const t of transfersOf(receipt.logs)) {
          if (t.txHash !== txHash.toLowerCase()) continue;
          const d = toDeposit(t, watched, head, counted, dec);
          if (d !== null) out.push(d);
        }
        return { ok: true, value: out };
      } catch (e) {
        return fail(e);
      }
    },
  };
}

const ADDRESS = /^0x[0-9a-f]{40}$/;

/**
 * Receipts of one EVM network (USDT withdrawals the operator paid): `eth_getTransactionReceipt` as the
 * execution-apis define it (src/eth/transaction.yaml: a ReceiptInfo or null; src/schemas/receipt.yaml:
 * `blockHash`, `blockNumber`, `logs` of Log objects with `address`, `topics`, `data`, `logIndex`,
 * `removed`, and `status` 0x1 success / 0x0 failure). Its block is final at or below the node's
 * `finalized` block (`eth_getBlockByNumber("finalized")`), or with `depth` > 0 at or below
 * head − depth + 1, as deposits count. A receipt without a status (before Byzantium), for another
 * transaction, or with a malformed field is not trusted: unavailable, never a verdict.
 */
export function evmRpcReceipts(
  cfg: Pick<EvmRpcConfig, 'network' | 'url' | 'depth' | 'timeoutMs' | 'maxResponseBytes'>,
): EvmReceipts {
  const net = cfg.network;
  const call = rpcCaller(net, cfg);
  const bad = (what: string) => new Unavailable(`${net} node answered a receipt with ${what}`);
  return {
    network: net,
    async receipt(txHash) {
      const h = txHash.toLowerCase();
      try {
        if (!HASH.test(h)) throw new Unavailable(`${txHash} is not a transaction hash`);
        const r = await call('eth_getTransactionReceipt', [h]);
        if (r === null) return { ok: true, value: null };
        if (!isRecord(r) || !Array.isArray(r.logs)) throw bad('no logs');
        if (typeof r.transactionHash !== 'string' || r.transactionHash.toLowerCase() !== h) {
          throw bad('another transaction hash');
        }
        if (r.status !== '0x1' && r.status !== '0x0') throw bad('a status that is not 0x0 or 0x1');
        if (typeof r.blockHash !== 'string' || !HASH.test(r.blockHash.toLowerCase()))
          throw bad('no block hash');
        const blockNumber = quantity(r.blockNumber, 'receipt block number');
        const logs: EvmLog[] = r.logs.map((l: unknown) => {
          if (!isRecord(l) || !Array.isArray(l.topics)) throw bad('a log without topics');
          const address = typeof l.address === 'string' ? l.address.toLowerCase() : '';
          const data = typeof l.data === 'string' ? l.data.toLowerCase() : '';
          const topics = l.topics.map((t: unknown) => (typeof t === 'string' ? t.toLowerCase() : ''));
          if (!ADDRESS.test(address) || !DATA.test(data) || !topics.every((t) => WORD.test(t))) {
            throw bad('a log without the documented address, topics and data');
          }
          if (l.removed !== undefined && typeof l.removed !== 'boolean')
            throw bad('a log whose removed is not a boolean');
          return {
            address,
            topics,
            data,
            logIndex: quantity(l.logIndex, 'log index'),
            removed: l.removed === true,
          };
        });
        const head = quantity(await call('eth_blockNumber', []), 'block number');
        let counted: number;
        if (cfg.depth > 0) counted = head - cfg.depth + 1;
        else {
          const block = await call('eth_getBlockByNumber', ['finalized', false]);
          if (!isRecord(block)) throw new Unavailable(`${net} node has no finalized block (set a depth)`);
          counted = Math.min(head, quantity(block.number, 'finalized block number'));
        }
        const blockHash = r.blockHash.toLowerCase();
        // Final only when the canonical block at its height is the receipt's: a receipt read just before
        // a reorg is not taken as final.
        let final = blockNumber <= counted;
        if (final) {
          const block = await call('eth_getBlockByNumber', [hex(blockNumber), false]);
          final = isRecord(block) && typeof block.hash === 'string' && block.hash.toLowerCase() === blockHash;
        }
        const receipt: EvmReceipt = {
          txHash: h,
          success: r.status === '0x1',
          blockNumber,
          blockHash,
          logs,
          final,
        };
        return { ok: true, value: receipt };
      } catch (e) {
        return {
          ok: false,
          error: { reason: e instanceof Unavailable ? e.message : `${net} node answer could not be read` },
        };
      }
    },
  };
}
