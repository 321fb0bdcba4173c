import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatMsatAsBtc,
  formatUnitsTruncated,
  MAX_BTC_MSAT,
  numberToDecimalText,
  parseAssetAmount,
  parseBtcToMsat,
} from '../../src/domain/money.ts';

const sats = fc.bigInt({ min: 0n, max: MAX_BTC_MSAT / 1000n });

describe('BTC codecs', () => {
  it('round-trips every satoshi amount through its 8-decimal string', () => {
    fc.assert(
      fc.property(sats, (s) => {
        const msat = s * 1000n;
        const text = formatMsatAsBtc(msat);
        expect(text).toMatch(/^\d+\.\d{8}$/);
        const back = parseBtcToMsat(text);
        expect(back).toEqual({ ok: true, value: msat });
      }),
    );
  });

  it('reads JSON numbers as the decimal the client wrote', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2_100_000_000_000n }), (s) => {
        // a decimal with ≤ 13 significant digits survives the double parse exactly
        const text = formatMsatAsBtc(s * 1000n);
        const asNumber = JSON.parse(text) as number;
        expect(parseBtcToMsat(asNumber)).toEqual({ ok: true, value: s * 1000n });
      }),
    );
    expect(parseBtcToMsat(1e-7)).toEqual({ ok: true, value: 10_000n });
    expect(parseBtcToMsat(0.00008161)).toEqual({ ok: true, value: 8_161_000n });
    expect(numberToDecimalText(1.5e-7)).toBe('0.00000015');
    expect(numberToDecimalText(2e21)).toBe('2000000000000000000000');
  });

  it('parses the documented examples exactly', () => {
    expect(parseBtcToMsat('0.00008161')).toEqual({ ok: true, value: 8_161_000n });
    expect(parseBtcToMsat('21000000')).toEqual({ ok: true, value: MAX_BTC_MSAT });
    expect(parseBtcToMsat('0')).toEqual({ ok: true, value: 0n });
    expect(parseBtcToMsat('1.1')).toEqual({ ok: true, value: 110_000_000_000n });
  });

  it.each([
    ['0.000000001', 'more than 8 decimal places'],
    ['-1', 'must not be negative'],
    ['+1', 'plain decimal'],
    ['1e-8', 'plain decimal'],
    ['1E3', 'plain decimal'],
    ['NaN', 'plain decimal'],
    ['Infinity', 'plain decimal'],
    ['', 'decimal number'],
    [' 1', 'plain decimal'],
    ['1.', 'plain decimal'],
    ['.5', 'plain decimal'],
    ['0x10', 'plain decimal'],
    ['1,5', 'plain decimal'],
    ['21000000.00000001', 'exceeds 21,000,000 BTC'],
    ['99999999999999999999', 'exceeds 21,000,000 BTC'],
  ])('rejects %j (%s)', (input, why) => {
    const r = parseBtcToMsat(input);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('invalid_request');
      expect(r.error.message).toContain(why);
      expect(r.error.field).toBe('amount');
    }
  });

  it.each([[Number.NaN], [Number.POSITIVE_INFINITY], [-0.5], [0.123456789], [null], [true], [{}], [[1]]])(
    'rejects the JSON value %j',
    (input) => {
      expect(parseBtcToMsat(input).ok).toBe(false);
    },
  );

  it('never accepts more precision than 8 decimals, whatever the digits', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: 1, max: 9 }), (whole, extra) => {
        const text = `${whole}.${'0'.repeat(8)}${extra}`;
        expect(parseBtcToMsat(text).ok).toBe(false);
      }),
    );
  });

  it('truncates sub-satoshi remainders when formatting, never rounding up', () => {
    expect(formatMsatAsBtc(999n)).toBe('0.00000000');
    expect(formatMsatAsBtc(1_999n)).toBe('0.00000001');
    expect(formatMsatAsBtc(-19_362_077_000n)).toBe('-0.19362077');
    expect(formatUnitsTruncated(123_456_789n, 9, 8)).toBe('0.12345678');
  });
});

describe('other assets', () => {
  it('uses each asset scale', () => {
    expect(parseAssetAmount('usdt', '12.345678')).toEqual({ ok: true, value: 12_345_678n });
    expect(parseAssetAmount('usdt', '1.0000001').ok).toBe(false);
    expect(parseAssetAmount('eth', '1.5')).toEqual({ ok: true, value: 1_500_000_000n });
    expect(parseAssetAmount('ltc', '0.00000001')).toEqual({ ok: true, value: 1n });
  });
});
