import type { ChainWatchConfig } from '../../config/chain-watch.ts';
import { type CheckoutStatusRow, listUnconfirmedDeposits } from '../../db/repos/checkout.ts';
import type { ChainNetworkName } from '../../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { type ChainProgress, chainProgressOf, type UnconfirmedDeposits } from './state.ts';

/**
 * Confirmations a deposit on `network` needs before it is credited, as the watcher in use counts them:
 * the sandbox's SANDBOX_CHAIN_CONFIRMATIONS, Esplora's BTC_CONFIRMATIONS, an EVM node's EVM_DEPTH_<NET>;
 * null where an EVM node's `finalized` block decides (no fixed number).
 */
export function confirmationsNeeded(w: ChainWatchConfig, network: ChainNetworkName): number | null {
  if (network === 'BTC') return w.btcWatcher === 'sandbox' ? w.sandboxConfirmations : w.btcConfirmations;
  if (w.evmWatcher === 'sandbox') return w.sandboxConfirmations;
  const depth = w.evmDepth[network];
  return depth > 0 ? depth : null;
}

/**
 * The chain progress of each on-chain request among `rows` (by internal id), read in one query of their
 * deposits that are seen and not yet credited: their sum and the fewest confirmations.
 */
export async function chainProgressOfRows(
  deps: AppDeps,
  rows: readonly CheckoutStatusRow[],
): Promise<Map<bigint, ChainProgress>> {
  const out = new Map<bigint, ChainProgress>();
  const onchain = rows.filter((r) => r.payment_mode === 'onchain' && r.chain_network !== null);
  if (onchain.length === 0) return out;
  const seen = new Map<bigint, UnconfirmedDeposits>();
  for (const d of await listUnconfirmedDeposits(
    deps.db.read,
    onchain.map((r) => r.id),
  )) {
    const id = BigInt(d.payment_id);
    const confirmations = Number(d.confirmations);
    const had = seen.get(id);
    seen.set(
      id,
      had === undefined
        ? { units: BigInt(d.amount_units), confirmations }
        : {
            units: had.units + BigInt(d.amount_units),
            confirmations: Math.min(had.confirmations, confirmations),
          },
    );
  }
  for (const r of onchain) {
    const progress = chainProgressOf(
      r,
      seen.get(r.id) ?? null,
      confirmationsNeeded(deps.config.chainWatch, r.chain_network!),
    );
    if (progress !== null) out.set(r.id, progress);
  }
  return out;
}
