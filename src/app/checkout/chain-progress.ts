import type { ChainWatchConfig } from '../../config/chain-watch.ts';
import type { CheckoutStatusRow } from '../../db/repos/checkout.ts';
import type { ChainNetwork } from '../../domain/payments/vocabulary.ts';
import { paymentUri, remainderUri } from '../chain/payment-uri.ts';
import type { AppDeps } from '../deps.ts';
import { type ChainProgress, chainProgressOf } from './state.ts';

/**
 * Confirmations a deposit on `network` needs before it is credited, as the watcher in use counts them:
 * the sandbox's SANDBOX_CHAIN_CONFIRMATIONS, Esplora's BTC_CONFIRMATIONS, an EVM node's EVM_DEPTH_<NET>;
 * null where an EVM node's `finalized` block decides (no fixed number).
 */
export function confirmationsNeeded(w: ChainWatchConfig, network: ChainNetwork): number | null {
  if (network === 'BTC') return w.btcWatcher === 'sandbox' ? w.sandboxConfirmations : w.btcConfirmations;
  if (w.evmWatcher === 'sandbox') return w.sandboxConfirmations;
  const depth = w.evmDepth[network];
  return depth > 0 ? depth : null;
}

/**
 * The chain progress of an on-chain request (null for a Lightning one), from its status row: what its
 * deposits credited and, read in the same statement, those seen and not yet credited.
 */
export function chainProgressOfRow(deps: AppDeps, row: CheckoutStatusRow): ChainProgress | null {
  if (row.payment_mode !== 'onchain' || row.chain_network === null) return null;
  const unconfirmed =
    row.unconfirmed_units === null || row.unconfirmed_confirmations === null
      ? null
      : { units: row.unconfirmed_units, confirmations: Number(row.unconfirmed_confirmations) };
  return chainProgressOf(
    row,
    unconfirmed,
    confirmationsNeeded(deps.config.chainWatch, row.chain_network),
    (rest) => (rest === null ? paymentUri(deps.config, row) : remainderUri(deps.config, row, rest)),
  );
}
