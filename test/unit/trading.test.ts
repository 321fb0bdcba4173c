import { describe, expect, it } from 'vitest';
import { formatAssetBalance } from '../../src/domain/money.ts';
import { formatFee, orderTotals } from '../../src/domain/trading.ts';

const BTC_100 = 100n * 100_000_000_000n;
const PRICE = 4_727_789_000_000n; // 47277.89 × 10^8

describe('spot order totals', () => {
  it('buying 100 BTC at 47277.89 with 0.10% gives the sample totals to the digit', () => {
    const t = orderTotals('buy', 'btc', 'usdt', BTC_100, PRICE, 1000n);
    expect(formatFee('btc', t.feeUnits)).toBe('0.10');
    expect(formatAssetBalance('btc', t.receivedUnits)).toBe('99.90000000');
    expect(formatAssetBalance('usdt', t.paidUnits)).toBe('4727789.00000000');
  });

  it('selling 100 BTC at 47277.89 with 0.10% gives the sample totals to the digit', () => {
    const t = orderTotals('sell', 'btc', 'usdt', BTC_100, PRICE, 1000n);
    expect(formatFee('btc', t.feeUnits)).toBe('0.10');
    expect(formatAssetBalance('usdt', t.receivedUnits)).toBe('4723061.21100000');
    expect(formatAssetBalance('btc', t.paidUnits)).toBe('100.00000000');
  });

  it('rounds in the house favour: fee and payment up, proceeds down', () => {
    const buy = orderTotals('buy', 'btc', 'usdt', 1n, 1n, 1000n);
    expect(buy).toEqual({ feeUnits: 1n, receivedUnits: 0n, paidUnits: 1n });
    const sell = orderTotals('sell', 'btc', 'usdt', 3n, 1n, 1000n);
    expect(sell).toEqual({ feeUnits: 1n, receivedUnits: 0n, paidUnits: 3n });
  });
});
