import { bigint, bool, int, percentPpm } from './fields.ts';
import { section } from './section.ts';

export interface PaymentsConfig {
  /** Service fee on sends and on receipts, in millionths of the amount (0.1 % = 1000). */
  serviceFeeSendPpm: bigint;
  serviceFeeReceivePpm: bigint;
  /** GST, in millionths of the service fee (18 % = 180000). */
  gstPpm: bigint;
  /** Routing fee reserved for an outgoing Lightning payment: ppm of the amount, at least the minimum. */
  feeReservePpm: bigint;
  feeReserveMinMsat: bigint;
  /** How long a send waits for the Lightning backend before answering `pending`. */
  payTimeoutSec: number;
  /** Largest amount the Lightning address of an account accepts (LUD-06 maxSendable). */
  lnurlMaxSendableMsat: bigint;
  /** Let LNURL requests reach private and loopback addresses (tests, private deployments). */
  lnurlAllowPrivate: boolean;
  /** Invoices the Lightning address callback makes per client address, and per usertag, per minute. */
  lnurlPayPerIpPerMinute: number;
  lnurlPayPerUsertagPerMinute: number;
}

export const payments = section(
  {
    // At most 50 % + GST of at most 100 % of it: fees never exceed the amount they are taken from.
    SERVICE_FEE_SEND_PERCENT: percentPpm(0n, 50),
    SERVICE_FEE_RECEIVE_PERCENT: percentPpm(0n, 50),
    GST_PERCENT: percentPpm(0n, 100),
    LIGHTNING_FEE_RESERVE_PPM: bigint(10_000n, 1_000_000n),
    LIGHTNING_FEE_RESERVE_MIN_MSAT: bigint(10_000n, 100_000_000_000n),
    LIGHTNING_PAY_TIMEOUT_SEC: int(30, 1, 600),
    LNURL_MAX_SENDABLE_MSAT: bigint(100_000_000_000n, 2_100_000_000_000_000_000n),
    LNURL_ALLOW_PRIVATE: bool(false),
    LNURL_PAY_PER_IP_PER_MINUTE: int(30, 1, 1_000_000),
    LNURL_PAY_PER_USERTAG_PER_MINUTE: int(120, 1, 1_000_000),
  },
  (v): PaymentsConfig => ({
    serviceFeeSendPpm: v.SERVICE_FEE_SEND_PERCENT,
    serviceFeeReceivePpm: v.SERVICE_FEE_RECEIVE_PERCENT,
    gstPpm: v.GST_PERCENT,
    feeReservePpm: v.LIGHTNING_FEE_RESERVE_PPM,
    feeReserveMinMsat: v.LIGHTNING_FEE_RESERVE_MIN_MSAT,
    payTimeoutSec: v.LIGHTNING_PAY_TIMEOUT_SEC,
    lnurlMaxSendableMsat: v.LNURL_MAX_SENDABLE_MSAT,
    lnurlAllowPrivate: v.LNURL_ALLOW_PRIVATE,
    lnurlPayPerIpPerMinute: v.LNURL_PAY_PER_IP_PER_MINUTE,
    lnurlPayPerUsertagPerMinute: v.LNURL_PAY_PER_USERTAG_PER_MINUTE,
  }),
);
