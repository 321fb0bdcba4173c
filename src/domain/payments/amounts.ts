import { ASSETS, formatUnitsTruncated } from '../money.ts';
import type { Wallet } from './vocabulary.ts';

/**
 * A wallet's amounts: the ledger keeps them as integers of the asset's minor unit (msat for lbtc and btc,
 * 10^-6 USDT for usdt); `decimals` is that scale, `places` how many decimals the API takes and shows.
 * The one lookup of the scales (domain/money.ts `ASSETS`): no other file writes 11, 8 or 6 for them.
 */
export function scaleOf(wallet: Wallet): { decimals: number; places: number } {
  const { decimals, apiDecimals } = ASSETS[wallet];
  return { decimals, places: apiDecimals };
}

/** `units` of the wallet as its API text: BTC with 8 decimals (from msat), USDT with 6; truncated. */
export function formatWalletAmount(wallet: Wallet, units: bigint): string {
  const { decimals, places } = scaleOf(wallet);
  return formatUnitsTruncated(units, decimals, places);
}

/** The same amount as a JSON number (the pro records and the webhook events type amounts as numbers). */
export const walletAmountNumber = (wallet: Wallet, units: bigint): number =>
  Number(formatWalletAmount(wallet, units));

/** The amount a request asks for, in its wallet's units: amount_units for usdt, amount_msat otherwise. */
export const requestedUnits = (p: { wallet: Wallet; amount_msat: bigint; amount_units: bigint }): bigint =>
  p.wallet === 'usdt' ? p.amount_units : p.amount_msat;
