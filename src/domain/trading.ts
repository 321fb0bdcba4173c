import { ASSETS, type Asset, formatUnitsTruncated } from './money.ts';

/** Settlement amounts of one spot order, in each asset's ledger minor units. */
export interface OrderTotals {
  /** The fee, always in the traded asset. */
  feeUnits: bigint;
  /** What the account receives: the asset (buy) or the quote (sell). */
  receivedUnits: bigint;
  /** What the account pays: the quote (buy) or the asset (sell). */
  paidUnits: bigint;
}

const divCeil = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;

/**
 * The totals of an order of `amountUnits` of `asset` at `priceE8` (quote per asset × 10^8) with a fee of
 * `feePpm` millionths. Every rounding goes in the house's favour at the asset's own precision: the fee
 * and a buyer's payment round up, a seller's proceeds round down, so no order creates money.
 *   buy:  fee = ⌈amount × fee⌉ (asset), received = amount − fee, paid = ⌈amount × price⌉ (quote)
 *   sell: fee = ⌈amount × fee⌉ (asset), received = ⌊(amount − fee) × price⌋ (quote), paid = amount
 */
export function orderTotals(
  side: 'buy' | 'sell',
  asset: Asset,
  quote: Asset,
  amountUnits: bigint,
  priceE8: bigint,
  feePpm: bigint,
): OrderTotals {
  const feeUnits = divCeil(amountUnits * feePpm, 1_000_000n);
  const num = 10n ** BigInt(ASSETS[quote].decimals);
  const den = 10n ** BigInt(ASSETS[asset].decimals) * 100_000_000n;
  if (side === 'buy') {
    return {
      feeUnits,
      receivedUnits: amountUnits - feeUnits,
      paidUnits: divCeil(amountUnits * priceE8 * num, den),
    };
  }
  return {
    feeUnits,
    receivedUnits: ((amountUnits - feeUnits) * priceE8 * num) / den,
    paidUnits: amountUnits,
  };
}

/** A fee as the order record shows it: at least 2 decimals, up to 8, finer zeros dropped ("0.10"). */
export function formatFee(asset: Asset, units: bigint): string {
  const full = formatUnitsTruncated(units, ASSETS[asset].decimals, 8);
  return full.replace(/(\.\d\d\d*?)0+$/, '$1');
}
