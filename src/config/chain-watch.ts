import type { EvmNetwork } from '../domain/payments/vocabulary.ts';
import { int, oneOf, url } from './fields.ts';
import { section } from './section.ts';

export type ChainWatcherKind = 'sandbox' | 'esplora' | 'evm-rpc' | 'off';

export interface ChainWatchConfig {
  /**
   * Which watchers read the chains: `sandbox` (the sandbox's own table), `esplora` (Bitcoin through an
   * Esplora HTTP API) and/or `evm-rpc` (USDT through JSON-RPC nodes), or `off`.
   */
  btcWatcher: 'sandbox' | 'esplora' | 'off';
  evmWatcher: 'sandbox' | 'evm-rpc' | 'off';
  /** Esplora base URL, e.g. https://mempool.space/api or https://blockstream.info/api. */
  esploraUrl: string | null;
  /** Confirmations a Bitcoin deposit needs before it is credited. */
  btcConfirmations: number;
  /** JSON-RPC URL per EVM network; null: that network is not watched. */
  evmRpcUrl: Record<EvmNetwork, string | null>;
  /**
   * Blocks below the head at which an EVM deposit counts when 0 uses the node's `finalized` tag (the
   * default); a positive depth is for chains whose nodes have no `finalized` tag.
   */
  evmDepth: Record<EvmNetwork, number>;
  /**
   * Blocks below the counted block where a scan without a cursor starts: the first scan of a network,
   * and every rescan (so a rescan finds deposits that many blocks back).
   */
  evmLookbackBlocks: Record<EvmNetwork, number>;
  /** Sandbox: confirmations a sandbox deposit needs (like BTC_CONFIRMATIONS). */
  sandboxConfirmations: number;
  /** Wait between watcher rounds. */
  pollIntervalMs: number;
  /** Per-request timeout towards a chain node. */
  requestTimeoutMs: number;
  /** Bytes of one chain node answer read at most (CHAIN_RESPONSE_MAX_BYTES); a larger answer fails that call. */
  responseMaxBytes: number;
  /** Blocks one eth_getLogs call asks for at most (EVM_LOGS_MAX_BLOCKS); halved while a node refuses. */
  evmLogsMaxBlocks: number;
  /** Esplora requests one round makes at most (ESPLORA_REQUESTS_PER_ROUND). */
  esploraRequestsPerRound: number;
  /** Esplora requests in flight at once (ESPLORA_CONCURRENCY). */
  esploraConcurrency: number;
  /**
   * Watched addresses one scan call is given (addresses): a round walks a network's watched addresses
   * in pages of this many, so what it holds and what each query reads stay bounded however many are
   * watched.
   */
  addressesPerScan: number;
  /**
   * Blocks below the tip within which credited deposits are checked again each round (blocks): one the
   * chain no longer shows there was reorganised away and its credit is reversed. 0: never checked.
   */
  reorgRecheckBlocks: number;
  /** Credited deposits checked again per network and round at most (deposits), newest first. */
  reorgRechecksPerRound: number;
}

/**
 * 20,000 blocks: about 2.8 days of Ethereum (12 s blocks), 11 hours of Polygon (2 s), less on BNB Smart
 * Chain (blocks of a second or less): chains with fast blocks may want more.
 */
export const EVM_LOOKBACK_DEFAULT = 20_000;
/** At most 2,500 eth_getLogs windows of 2,000 blocks for one scan. */
const EVM_LOOKBACK_MAX = 5_000_000;

/** 16 MiB: room for a bounded eth_getLogs page (a node's answer past it fails that call). */
export const CHAIN_RESPONSE_MAX_BYTES_DEFAULT = 16 * 1024 * 1024;
/** 2,000 blocks per eth_getLogs call: what hosted nodes commonly accept; halved while a node refuses. */
export const EVM_LOGS_MAX_BLOCKS_DEFAULT = 2_000;
/** 300 Esplora requests per round: 10 a second at the default 30-second round. */
export const ESPLORA_REQUESTS_PER_ROUND_DEFAULT = 300;

const http = (fallback: string | null) => url(fallback, ['http:', 'https:']);

export const chainWatch = section(
  {
    CHAIN_WATCHER: oneOf(['sandbox', 'esplora', 'evm-rpc', 'off'] as const, 'sandbox'),
    BTC_WATCHER: oneOf(['default', 'sandbox', 'esplora', 'off'] as const, 'default'),
    EVM_WATCHER: oneOf(['default', 'sandbox', 'evm-rpc', 'off'] as const, 'default'),
    ESPLORA_URL: http(null),
    BTC_CONFIRMATIONS: int(2, 1, 100),
    EVM_RPC_URL_ERC20: http(null),
    EVM_RPC_URL_BEP20: http(null),
    EVM_RPC_URL_MATIC: http(null),
    EVM_DEPTH_ERC20: int(0, 0, 10_000),
    EVM_DEPTH_BEP20: int(0, 0, 10_000),
    EVM_DEPTH_MATIC: int(0, 0, 10_000),
    EVM_LOOKBACK_BLOCKS_ERC20: int(EVM_LOOKBACK_DEFAULT, 1, EVM_LOOKBACK_MAX),
    EVM_LOOKBACK_BLOCKS_BEP20: int(EVM_LOOKBACK_DEFAULT, 1, EVM_LOOKBACK_MAX),
    EVM_LOOKBACK_BLOCKS_MATIC: int(EVM_LOOKBACK_DEFAULT, 1, EVM_LOOKBACK_MAX),
    SANDBOX_CHAIN_CONFIRMATIONS: int(2, 1, 100),
    CHAIN_POLL_INTERVAL_MS: int(30_000, 100, 3_600_000),
    CHAIN_REQUEST_TIMEOUT_MS: int(10_000, 100, 120_000),
    CHAIN_RESPONSE_MAX_BYTES: int(CHAIN_RESPONSE_MAX_BYTES_DEFAULT, 65_536, 268_435_456),
    EVM_LOGS_MAX_BLOCKS: int(EVM_LOGS_MAX_BLOCKS_DEFAULT, 1, 100_000),
    ESPLORA_REQUESTS_PER_ROUND: int(ESPLORA_REQUESTS_PER_ROUND_DEFAULT, 10, 1_000_000),
    ESPLORA_CONCURRENCY: int(4, 1, 64),
    CHAIN_WATCH_ADDRESSES_PER_SCAN: int(10_000, 100, 100_000),
    CHAIN_REORG_RECHECK_BLOCKS: int(100, 0, 100_000),
    CHAIN_REORG_RECHECKS_PER_ROUND: int(500, 1, 10_000),
  },
  (v): ChainWatchConfig => {
    const all = v.CHAIN_WATCHER;
    const btcDefault = all === 'evm-rpc' ? 'off' : all === 'esplora' ? 'esplora' : all;
    const evmDefault = all === 'esplora' ? 'off' : all === 'evm-rpc' ? 'evm-rpc' : all;
    return {
      btcWatcher: v.BTC_WATCHER === 'default' ? btcDefault : v.BTC_WATCHER,
      evmWatcher: v.EVM_WATCHER === 'default' ? evmDefault : v.EVM_WATCHER,
      esploraUrl: v.ESPLORA_URL,
      btcConfirmations: v.BTC_CONFIRMATIONS,
      evmRpcUrl: { ERC20: v.EVM_RPC_URL_ERC20, BEP20: v.EVM_RPC_URL_BEP20, MATIC: v.EVM_RPC_URL_MATIC },
      evmDepth: { ERC20: v.EVM_DEPTH_ERC20, BEP20: v.EVM_DEPTH_BEP20, MATIC: v.EVM_DEPTH_MATIC },
      evmLookbackBlocks: {
        ERC20: v.EVM_LOOKBACK_BLOCKS_ERC20,
        BEP20: v.EVM_LOOKBACK_BLOCKS_BEP20,
        MATIC: v.EVM_LOOKBACK_BLOCKS_MATIC,
      },
      sandboxConfirmations: v.SANDBOX_CHAIN_CONFIRMATIONS,
      pollIntervalMs: v.CHAIN_POLL_INTERVAL_MS,
      requestTimeoutMs: v.CHAIN_REQUEST_TIMEOUT_MS,
      responseMaxBytes: v.CHAIN_RESPONSE_MAX_BYTES,
      evmLogsMaxBlocks: v.EVM_LOGS_MAX_BLOCKS,
      esploraRequestsPerRound: v.ESPLORA_REQUESTS_PER_ROUND,
      esploraConcurrency: v.ESPLORA_CONCURRENCY,
      addressesPerScan: v.CHAIN_WATCH_ADDRESSES_PER_SCAN,
      reorgRecheckBlocks: v.CHAIN_REORG_RECHECK_BLOCKS,
      reorgRechecksPerRound: v.CHAIN_REORG_RECHECKS_PER_ROUND,
    };
  },
  (c) => [
    ...(c.btcWatcher === 'esplora' && c.esploraUrl === null
      ? ['ESPLORA_URL is required when Bitcoin deposits are watched through Esplora']
      : []),
    ...(c.evmWatcher === 'evm-rpc' && Object.values(c.evmRpcUrl).every((u) => u === null)
      ? ['EVM_RPC_URL_ERC20, EVM_RPC_URL_BEP20 or EVM_RPC_URL_MATIC is required with the evm-rpc watcher']
      : []),
  ],
);
