import { int } from './fields.ts';
import { section } from './section.ts';

export interface PayoutsConfig {
  /** Items of payout batches paid at once per process (each is one payment through the engine). */
  concurrency: number;
  /** Items one batch may hold at most. */
  maxItems: number;
  /**
   * How long a claimed item stays with its worker before it has a payment (resolving an LNURL, the
   * payment's write unit); after it, another worker may take the item over (the first stopped).
   */
  claimLeaseMs: number;
  /** Wait between rounds of the payout worker when no item is due. */
  pollIntervalMs: number;
  /** Largest body of POST /lapi/v1/payouts, in bytes (500 invoices with route hints need far more than BODY_LIMIT_BYTES). */
  bodyLimitBytes: number;
  /**
   * Satoshis reserved with each on-chain BTC withdrawal, above its amount, for its share of the
   * transaction's fee (the unused part goes back when the transaction confirms).
   */
  withdrawFeeReserveSat: bigint;
}

export const payouts = section(
  {
    PAYOUT_CONCURRENCY: int(4, 1, 64),
    PAYOUT_MAX_ITEMS: int(500, 1, 500),
    PAYOUT_CLAIM_LEASE_MS: int(120_000, 1000, 3_600_000),
    PAYOUT_POLL_INTERVAL_MS: int(1000, 10, 60_000),
    PAYOUT_BODY_LIMIT_BYTES: int(2_097_152, 1024, 16_777_216),
    BTC_WITHDRAW_FEE_RESERVE_SAT: int(10_000, 0, 10_000_000),
  },
  (v): PayoutsConfig => ({
    concurrency: v.PAYOUT_CONCURRENCY,
    maxItems: v.PAYOUT_MAX_ITEMS,
    claimLeaseMs: v.PAYOUT_CLAIM_LEASE_MS,
    pollIntervalMs: v.PAYOUT_POLL_INTERVAL_MS,
    bodyLimitBytes: v.PAYOUT_BODY_LIMIT_BYTES,
    withdrawFeeReserveSat: BigInt(v.BTC_WITHDRAW_FEE_RESERVE_SAT),
  }),
);
