import {
  findSandboxDepositByHash,
  listSandboxDeposits,
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
 * is not.
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
  return {
    kind: 'sandbox',
    networks,
    async scan(addresses: readonly WatchedAddress[]) {
      const deposits: ChainDeposit[] = [];
      for (const network of networks) {
        const of = addresses.filter((a) => a.network === network).map((a) => a.address);
        for (const r of await listSandboxDeposits(deps.db.read, network, of)) deposits.push(toDeposit(r));
      }
      return { ok: true, value: { deposits, tipHeight: 100, cursor: null } };
    },
    async lookupTransaction(network, txHash, addresses) {
      const r = await findSandboxDepositByHash(deps.db.read, network, txHash);
      const watched = new Set(addresses.map((a) => a.address));
      return { ok: true, value: r !== undefined && watched.has(r.address) ? [toDeposit(r)] : [] };
    },
    async missingFromChain(network, credited) {
      const removed = await sandboxHashesRemoved(
        deps.db.read,
        network,
        credited.map((d) => d.txHash),
      );
      return { ok: true, value: credited.filter((d) => removed.has(d.txHash)) };
    },
  };
}
