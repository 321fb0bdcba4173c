import type { PaymentDirection, PaymentStatus, Wallet } from './payments/vocabulary.ts';

/**
 * What a refund may pay back of an incoming payment. Refunds are paid from the Lightning balance in BTC,
 * so only BTC payments (lbtc, btc) are refundable; a USDT payment is not.
 */
export interface RefundablePayment {
  direction: PaymentDirection;
  wallet: Wallet;
  status: PaymentStatus;
  /** The amount asked (for a paid Lightning payment, what it was paid), in msat. */
  amount_msat: bigint;
  /** What on-chain deposits credited to the request, in the wallet's unit (msat for btc). */
  received_units: bigint;
}

/**
 * What the payment received, in msat: an on-chain request paid by deposits received what they credited
 * (less than asked when it ended paid_partial, more when paid_over); a paid request otherwise (Lightning)
 * received its amount; anything else nothing.
 */
export function receivedMsat(p: RefundablePayment): bigint {
  if (p.direction !== 'in' || p.wallet === 'usdt') return 0n;
  if (p.wallet === 'btc' && p.received_units > 0n) {
    // A pending request's deposits may still be joined by the rest: it is refunded once it ends.
    return p.status === 'pending' ? 0n : p.received_units;
  }
  return p.status === 'paid' ? p.amount_msat : 0n;
}

/** The amount a refund without an amount pays: what was asked, or what was received when less. */
export const defaultRefundMsat = (p: RefundablePayment): bigint => {
  const received = receivedMsat(p);
  return received < p.amount_msat ? received : p.amount_msat;
};

/** What was received beyond the amount asked (paid_over, or a late payment of more): 0 when none. */
export const excessMsat = (p: RefundablePayment): bigint => {
  const received = receivedMsat(p);
  return received > p.amount_msat ? received - p.amount_msat : 0n;
};
