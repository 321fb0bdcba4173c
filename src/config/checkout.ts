import { int } from './fields.ts';
import { section } from './section.ts';

export interface CheckoutConfig {
  /** Open status streams (Server-Sent Events) of the hosted checkout per client address, and in all. */
  streamsPerAddress: number;
  streamsTotal: number;
  /** How often open streams re-read their payments' status (changes made by other instances). */
  statusPollMs: number;
  /** Comment line sent on an idle stream, so proxies and browsers keep it open. */
  heartbeatMs: number;
}

export const checkout = section(
  {
    CHECKOUT_STREAMS_PER_ADDRESS: int(10, 1, 10_000),
    CHECKOUT_STREAMS_TOTAL: int(2000, 1, 1_000_000),
    CHECKOUT_STATUS_POLL_MS: int(500, 50, 10_000),
    CHECKOUT_HEARTBEAT_MS: int(15_000, 50, 120_000),
  },
  (v): CheckoutConfig => ({
    streamsPerAddress: v.CHECKOUT_STREAMS_PER_ADDRESS,
    streamsTotal: v.CHECKOUT_STREAMS_TOTAL,
    statusPollMs: v.CHECKOUT_STATUS_POLL_MS,
    heartbeatMs: v.CHECKOUT_HEARTBEAT_MS,
  }),
);
