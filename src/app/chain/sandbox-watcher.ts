import {
  findSandboxDepositByHash,
  listSandboxBroadcastOutputs,
  listSandboxDeposits,
  type SandboxBroadcastOutput,
  sandboxBroadcastOutputsOf,
  sandboxBroadcastsRemoved,
  sandboxHashesRemoved,
} from '../../db/repos/sandbox-chain.ts';
import type { ChainNetwork } from '../../domain/payments/vocabulary.ts';
import type { AppDeps } from '../deps.ts';
import type { ChainDeposit, ChainWatcher, WatchedAddress } from '../ports.ts';

type SandboxRow = Awaited<ReturnType<typeof listSandboxDeposits>>[number];

/**
 * The sandbox's chain: deposits written by `paytag sandbox deposit` and the checkout's sandbox button
 * into `sandbox_chain_deposits`, read like a node's answers. A deposit is final at
 * SANDBOX_CHAIN_CONFIRMATIONS; a removed row is a reorg: an uncredited deposit is dropped, a credited
 * one is reported missing from the chain (and its credit reversed). Only a deposit the sandbox chain
 * had and removed is reported missing: one it never had (credited by another watcher on this database)
 * is not. On the BTC network the outputs of transactions accepted by the sandbox's
 * `BtcTransactions.broadcast` (app/chain/sandbox-transactions.ts) that pay a watched address are
 * deposits too (a withdrawal to one of the service's own addresses is seen), confirmed and reorganised
 * away by `paytag sandbox confirm` like deposits.
 */
export function sandboxChainWatcher(deps: AppDeps, networks: readonly ChainNetwork[]): ChainWatcher {
  const needed = deps.config.chainWatch.sandboxConfirmations;
  const toDeposit = (r: SandboxRow): ChainDeposit => {
    const confirmations = Number(r.confirmations);
    return {
      network: r.network,
      asset: r.asset,
      address: r.address,
      txHash: r.tx_hash,
      outputIndex: 0,
      amountRaw: BigInt(r.amount_raw),
      decimals: Number(r.decimals),
      confirmations,
      final: confirmations >= needed,
      blockHeight: confirmations > 0 ? 100 : null,
      blockHash: confirmations > 0 ? `sandbox-block-${r.tx_hash}` : null,
    };
  };
  const fromBroadcast = (o: SandboxBroadcastOutput): ChainDeposit => {
    const confirmations = Number(o.confirmations);
    return {
      network: 'BTC',
      asset: 'btc',
      address: o.address!,
      txHash: o.txid,
      outputIndex: Number(o.output_index),
      amountRaw: BigInt(o.amount_sat),
      decimals: 8,
      confirmations,
      final: confirmations >= needed,
      blockHeight: confirmations > 0 ? 100 : null,
      blockHash: confirmations > 0 ? `sandbox-block-${o.txid}` : null,
    };
  };
  return {
    kind: 'sandbox',
    networks,
    async scan(addresses: readonly WatchedAddress[]) {
      const deposits: ChainDeposit[] = [];
      for (const network of networks) {
        const of = addresses.filter((a) => a.network === network).map((a) => a.address);
        for (const r of await listSandboxDeposits(deps.db.read, network, of)) deposits.push(toDeposit(r));
        if (network === 'BTC') {
          for (const o of await listSandboxBroadcastOutputs(deps.db.read, of))
            deposits.push(fromBroadcast(o));
        }
      }
      return { ok: true, value: { deposits, tipHeight: 100, cursor: null } };
    },
    async lookupTransaction(network, txHash, addresses) {
      const r = await findSandboxDepositByHash(deps.db.read, network, txHash);
      const watched = new Set(addresses.map((a) => a.address));
      const found = r !== undefined && watched.has(r.address) ? [toDeposit(r)] : [];
      if (network === 'BTC' && r === undefined) {
        for (const o of await sandboxBroadcastOutputsOf(deps.db.read, txHash)) {
          if (o.address !== null && watched.has(o.address)) found.push(fromBroadcast(o));
        }
      }
      return { ok: true, value: found };
    },
    async missingFromChain(network, credited) {
      const removed = await sandboxHashesRemoved(
        deps.db.read,
        network,
        credited.map((d) => d.txHash),
      );
      if (network === 'BTC') {
        const txids = credited.map((d) => d.txHash);
        for (const t of await sandboxBroadcastsRemoved(deps.db.read, txids)) removed.add(t);
      }
      return { ok: true, value: credited.filter((d) => removed.has(d.txHash)) };
    },
  };
}
