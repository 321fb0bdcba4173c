import { ASSETS } from '../../domain/money.ts';
import type { ChainAsset } from '../../domain/payments/vocabulary.ts';

/**
 * A chain amount in the ledger's unit of its asset: BTC in msat (1 sat = 1,000 msat, exact), USDT in
 * 10^-6 (a token of 6 decimals is exact; of 18 decimals, the amount is floored to 10^-6 and the part
 * below it is returned as `remainderRaw`, recorded with the deposit and never silently lost).
 */
export function toLedgerUnits(
  asset: ChainAsset,
  amountRaw: bigint,
  decimals: number,
): { units: bigint; remainderRaw: bigint } {
  if (amountRaw < 0n) throw new Error('a chain amount is never negative');
  const ledgerDecimals = ASSETS[asset].decimals;
  if (decimals <= ledgerDecimals) {
    return { units: amountRaw * 10n ** BigInt(ledgerDecimals - decimals), remainderRaw: 0n };
  }
  const step = 10n ** BigInt(decimals - ledgerDecimals);
  return { units: amountRaw / step, remainderRaw: amountRaw % step };
}
