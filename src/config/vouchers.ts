import { bigint, int } from './fields.ts';
import { section } from './section.ts';

export interface VouchersConfig {
  /** Routing-fee reserve escrowed per voucher on top of its amount: ppm of the amount, at least the minimum. */
  feeReservePpm: bigint;
  feeReserveMinMsat: bigint;
  /** Largest amount of one voucher (LNURL-withdraw carries it as a JSON number of msat). */
  maxAmountMsat: bigint;
  /** Expiry of a batch when requestVoucher names none, and the longest it may name. */
  expiryDefaultMin: number;
  expiryMaxMin: number;
  /** Redeem attempts (API, page form, LNURL callback) per client IP, and per one-time code, per minute. */
  redeemPerIpPerMinute: number;
  redeemPerCodePerMinute: number;
  /** Wait between rounds of the expiry sweeper when nothing was due. */
  sweepIntervalMs: number;
}

export const vouchers = section(
  {
    VOUCHER_FEE_RESERVE_PPM: bigint(10_000n, 1_000_000n),
    VOUCHER_FEE_RESERVE_MIN_MSAT: bigint(10_000n, 100_000_000_000n),
    // 2^53 msat is about 90,071 BTC: LNURL amounts must stay exact JSON numbers.
    VOUCHER_MAX_AMOUNT_MSAT: bigint(100_000_000_000_000n, 9_000_000_000_000_000n),
    VOUCHER_EXPIRY_DEFAULT_MIN: int(525_600, 1, 5_256_000),
    VOUCHER_EXPIRY_MAX_MIN: int(5_256_000, 1, 52_560_000),
    VOUCHER_REDEEM_PER_IP_PER_MINUTE: int(30, 1, 1_000_000),
    VOUCHER_REDEEM_PER_CODE_PER_MINUTE: int(10, 1, 1_000_000),
    VOUCHER_SWEEP_INTERVAL_MS: int(30_000, 100, 3_600_000),
  },
  (v): VouchersConfig => ({
    feeReservePpm: v.VOUCHER_FEE_RESERVE_PPM,
    feeReserveMinMsat: v.VOUCHER_FEE_RESERVE_MIN_MSAT,
    maxAmountMsat: v.VOUCHER_MAX_AMOUNT_MSAT,
    expiryDefaultMin: v.VOUCHER_EXPIRY_DEFAULT_MIN,
    expiryMaxMin: v.VOUCHER_EXPIRY_MAX_MIN,
    redeemPerIpPerMinute: v.VOUCHER_REDEEM_PER_IP_PER_MINUTE,
    redeemPerCodePerMinute: v.VOUCHER_REDEEM_PER_CODE_PER_MINUTE,
    sweepIntervalMs: v.VOUCHER_SWEEP_INTERVAL_MS,
  }),
  (c) =>
    c.expiryDefaultMin > c.expiryMaxMin
      ? ['VOUCHER_EXPIRY_DEFAULT_MIN must not exceed VOUCHER_EXPIRY_MAX_MIN']
      : [],
);
