import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fiatToAssetUnitsAtRate,
  fiatToAssetUnitsRoundedUp,
  formatFiatMinor,
  isIsoCurrency,
  minorDigits,
  parseFiatMinor,
} from '../../src/domain/fiat.ts';

describe('fiat prices', () => {
  it('reads a price in minor units exactly, refusing more decimals than the currency has', () => {
    expect(parseFiatMinor('1500', 'INR')).toEqual({ ok: true, value: 150000n });
    expect(parseFiatMinor('12.5', 'USD')).toEqual({ ok: true, value: 1250n });
    expect(parseFiatMinor('12.50', 'EUR')).toEqual({ ok: true, value: 1250n });
    expect(parseFiatMinor('12.5000', 'EUR')).toEqual({ ok: true, value: 1250n });
    expect(parseFiatMinor('1200', 'JPY')).toEqual({ ok: true, value: 1200n });
    const tooFine = parseFiatMinor('12.505', 'USD');
    expect(tooFine.ok).toBe(false);
    if (!tooFine.ok) expect(tooFine.error).toMatchObject({ code: 'invalid_request', field: 'fiat_value' });
    expect(parseFiatMinor('0.00', 'INR').ok).toBe(false);
    expect(parseFiatMinor('1e3', 'INR').ok).toBe(false);
    expect(parseFiatMinor('-5', 'INR').ok).toBe(false);
    expect(parseFiatMinor('1'.repeat(16), 'INR').ok).toBe(false);
    expect(formatFiatMinor(150000n, 'INR')).toBe('1500.00');
    expect(formatFiatMinor(5n, 'USD')).toBe('0.05');
    expect(formatFiatMinor(1200n, 'JPY')).toBe('1200');
  });

  it('knows the ISO 4217 codes and only them', () => {
    for (const c of ['INR', 'USD', 'EUR', 'GBP', 'JPY', 'AED']) expect(isIsoCurrency(c)).toBe(true);
    for (const c of ['RUPEES', 'XYZ', 'inr', 'BTC', '']) expect(isIsoCurrency(c)).toBe(false);
    expect(minorDigits('KWD')).toBe(3);
  });

  it('converts 1500.00 INR at 8,203,450.00 INR per BTC to 18,285 sat, rounded up', () => {
    // 1500 / 8203450 BTC = 0.000182849... BTC = 18284.9... sat → 18285 sat.
    expect(fiatToAssetUnitsRoundedUp(150000n, 2, 820345000000000n, 8)).toBe(18285n);
    // An exact quotient is not rounded: 97 USD at 97000 USD/BTC is 100,000 sat.
    expect(fiatToAssetUnitsRoundedUp(9700n, 2, 9700000000000n, 8)).toBe(100000n);
  });

  it('rounds in the merchant’s favour by less than one minor unit of the asset, for any price and rate', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 17n }), // fiat minor units (up to 10^15 in the currency)
        fc.constantFrom(0, 2, 3), // the currency's minor digits
        fc.bigInt({ min: 1n, max: 10n ** 18n }), // rate × 10^8 (up to 10^10 per asset unit)
        fc.constantFrom(8, 6), // BTC in sats, USDT in 10^-6
        (fiatMinor, fiatDigits, rateE8, assetDecimals) => {
          const units = fiatToAssetUnitsRoundedUp(fiatMinor, fiatDigits, rateE8, assetDecimals);
          // Worth of `units`, and of the fiat price, both in fiat minor × 10^(8 + assetDecimals).
          const worth = (u: bigint) => u * rateE8 * 10n ** BigInt(fiatDigits);
          const price = fiatMinor * 10n ** BigInt(8 + assetDecimals);
          expect(worth(units) >= price).toBe(true);
          expect(worth(units - 1n) < price).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('at a cross rate (BTC-fiat ÷ BTC-USDT) rounds once: the smallest USDT amount worth the price', () => {
    // 1,000,000 INR at BTC-INR 4,000,000 and BTC-USDT 97,000: exactly 24,250 USDT, not a unit more.
    const rate = { num: 4_000_000n * 10n ** 8n, den: 97_000n * 10n ** 8n };
    expect(fiatToAssetUnitsAtRate(100_000_000n, 2, rate, 6)).toBe(24_250_000_000n);
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 17n }),
        fc.constantFrom(0, 2, 3),
        fc.bigInt({ min: 1n, max: 10n ** 18n }), // BTC-fiat × 10^8
        fc.bigInt({ min: 1n, max: 10n ** 18n }), // BTC-USDT × 10^8
        (fiatMinor, fiatDigits, num, den) => {
          const units = fiatToAssetUnitsAtRate(fiatMinor, fiatDigits, { num, den }, 6);
          // Worth of `units` and the price, both in fiat minor × den × 10^6.
          const worth = (u: bigint) => u * num * 10n ** BigInt(fiatDigits);
          const price = fiatMinor * den * 10n ** 6n;
          expect(worth(units) >= price).toBe(true);
          expect(worth(units - 1n) < price).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
