import type { BtcTransactions, ChainWatcher, EvmReceipts, Logger } from '../../app/ports.ts';
import type { Config } from '../../config/index.ts';
import { EVM_NETWORKS } from '../../domain/payments/vocabulary.ts';
import { esploraTransactions, esploraWatcher } from './esplora.ts';
import { evmRpcReceipts, evmRpcWatcher } from './evm-rpc.ts';

/** The chain nodes CHAIN_WATCHER (BTC_WATCHER, EVM_WATCHER) names; the sandbox watcher is built in app/chain. */
export function createChainWatchers(config: Config, log: Logger): ChainWatcher[] {
  const w = config.chainWatch;
  const out: ChainWatcher[] = [];
  if (w.btcWatcher === 'esplora' && w.esploraUrl !== null) {
    out.push(
      esploraWatcher({
        baseUrl: w.esploraUrl,
        confirmations: w.btcConfirmations,
        timeoutMs: w.requestTimeoutMs,
        maxResponseBytes: w.responseMaxBytes,
        requestsPerRound: w.esploraRequestsPerRound,
        concurrency: w.esploraConcurrency,
      }),
    );
  }
  if (w.evmWatcher === 'evm-rpc') {
    for (const network of EVM_NETWORKS) {
      const url = w.evmRpcUrl[network];
      if (url === null) continue;
      out.push(
        evmRpcWatcher({
          network,
          url,
          contract: config.chain.usdt[network].contract,
          depth: w.evmDepth[network],
          lookbackBlocks: w.evmLookbackBlocks[network],
          windowBlocks: w.evmLogsMaxBlocks,
          expectedDecimals: config.chain.usdt[network].decimals,
          maxResponseBytes: w.responseMaxBytes,
          timeoutMs: w.requestTimeoutMs,
        }),
      );
    }
  }
  if (out.length > 0)
    log.info({ watchers: out.map((x) => `${x.kind}:${x.networks.join(',')}`) }, 'chain watchers');
  return out;
}

/** The service's own Bitcoin transactions through Esplora when BTC_WATCHER=esplora; else null (the sandbox's is built in app/chain). */
export function createEsploraTransactions(config: Config): BtcTransactions | null {
  const w = config.chainWatch;
  if (w.btcWatcher !== 'esplora' || w.esploraUrl === null) return null;
  return esploraTransactions({
    baseUrl: w.esploraUrl,
    timeoutMs: w.requestTimeoutMs,
    maxResponseBytes: w.responseMaxBytes,
  });
}

/**
 * The receipt readers of the EVM networks read through JSON-RPC (EVM_WATCHER=evm-rpc with that
 * network's EVM_RPC_URL_<NET>): how USDT withdrawals are checked. The sandbox's is built in app/chain.
 */
export function createEvmReceipts(config: Config): EvmReceipts[] {
  const w = config.chainWatch;
  if (w.evmWatcher !== 'evm-rpc') return [];
  return EVM_NETWORKS.flatMap((network) => {
    const url = w.evmRpcUrl[network];
    return url === null
      ? []
      : [
          evmRpcReceipts({
            network,
            url,
            depth: w.evmDepth[network],
            timeoutMs: w.requestTimeoutMs,
            maxResponseBytes: w.responseMaxBytes,
          }),
        ];
  });
}
