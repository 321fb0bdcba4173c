import type { PaymentException, PaymentStatus, Rail } from './payments/vocabulary.ts';

/**
 * When an on-chain payment is on time. A payer's transaction is on time when the chain watcher first saw
 * it before the request expired, however long the chain then takes to make it final (confirmations, an
 * EVM node's `finalized` block): the payer acted in time, the chain's pace is nobody's choice. A deposit
 * first seen at or after the expiry is late (credited, flagged `late`, the request not paid).
 */
export const isLateDeposit = (expiresAtMs: bigint | null, firstSeenMs: bigint): boolean =>
  expiresAtMs !== null && firstSeenMs >= expiresAtMs;

/** What the database tells of an on-chain request's on-time deposits, in the wallet's unit. */
export interface OnTimeDeposits {
  paymentMode: Rail;
  /** The amount asked (msat for btc, 10^-6 USDT for usdt). */
  amountUnits: bigint;
  /** Deposits first seen before the expiry, credited or still on their way (not dropped); null: none. */
  onTimeUnits: bigint | null;
  /** Of those, the ones not yet final; null: none. */
  onTimeSeenUnits: bigint | null;
  /** Until when the watcher polls the request's address; null: no address. */
  watchUntilMs: bigint | null;
}

/**
 * True while an expired, unpaid on-chain request waits for deposits that arrived on time and together
 * cover it: they will pay it once final, so it stays pending (the checkout says "payment seen, waiting
 * for confirmations"). It ends when they are dropped (reorganised away, evicted from the mempool) or when
 * the watcher stops polling the address (CHAIN_WATCH_AFTER_EXPIRY_MIN after the expiry).
 */
export const awaitsConfirmations = (r: OnTimeDeposits, nowMs: number): boolean =>
  r.paymentMode === 'onchain' &&
  (r.onTimeSeenUnits ?? 0n) > 0n &&
  (r.onTimeUnits ?? 0n) >= r.amountUnits &&
  r.watchUntilMs !== null &&
  BigInt(nowMs) < r.watchUntilMs;

/**
 * True when a deposit first seen at `firstSeenMs` still pays its expired request, late: first seen
 * before the expiry plus the monitoring window (CHAIN_MONITOR_AFTER_EXPIRY_MIN). A request without an
 * expiry is never late.
 */
export const withinMonitoring = (
  expiresAtMs: bigint | null,
  firstSeenMs: bigint,
  monitorMs: number,
): boolean => expiresAtMs === null || firstSeenMs < expiresAtMs + BigInt(monitorMs);

/** An on-chain request as a credit finds it, its received amount already including the credit. */
export interface CreditedRequest {
  status: PaymentStatus;
  exception: PaymentException | null;
  amountUnits: bigint;
  receivedUnits: bigint;
}

/**
 * What a credited deposit makes of its request (BTCPay's invoice exceptions, docs/chain-deposits.md):
 * - pending, the deposit on time (`flag` null), the amount covered: paid; `paid_over` past the amount;
 * - pending or declined at the expiry, the deposit late but first seen inside the monitoring window
 *   (`monitored`), the amount covered: paid with `paid_late`;
 * - already paid (a deposit to a used address): stays paid; `paid_over` if it had no exception;
 * - declined with part of the amount now received: stays declined with `paid_partial`;
 * - declined and refunded (`refunded`: the merchant gave back what had arrived, so the request is
 *   closed): stays declined, whatever arrives after (credited, and refundable in turn);
 * - anything else (an underpayment before the expiry, a late deposit past the window that does not make
 *   a partial): unchanged.
 */
export function afterCredit(
  r: CreditedRequest,
  flag: 'late' | 'reuse' | null,
  monitored: boolean,
  refunded = false,
): { status: PaymentStatus; exception: PaymentException | null } {
  if (r.status === 'declined' && refunded) {
    return { status: 'declined', exception: r.exception ?? (r.receivedUnits > 0n ? 'paid_partial' : null) };
  }
  const covered = r.receivedUnits >= r.amountUnits;
  if (r.status === 'pending' && flag === null && covered) {
    return { status: 'paid', exception: r.receivedUnits > r.amountUnits ? 'paid_over' : null };
  }
  if ((r.status === 'pending' || r.status === 'declined') && flag === 'late' && monitored && covered) {
    return { status: 'paid', exception: 'paid_late' };
  }
  if (r.status === 'paid') {
    return {
      status: 'paid',
      exception: r.exception ?? (r.receivedUnits > r.amountUnits ? 'paid_over' : null),
    };
  }
  if (r.status === 'declined' && r.receivedUnits > 0n && !covered) {
    return { status: 'declined', exception: r.exception ?? 'paid_partial' };
  }
  return { status: r.status, exception: r.exception };
}

/** The exception of an on-chain request declined at its expiry with `receivedUnits` credited. */
export const exceptionAtDecline = (receivedUnits: bigint): PaymentException | null =>
  receivedUnits > 0n ? 'paid_partial' : null;

/**
 * The exception a request keeps after a credit of it was reversed (a reorg): a reopened request has
 * none; `paid_over` only while more than the amount is still received; `paid_partial` only while part of
 * it is. `paid_late` stays with a request that stays paid.
 */
export function afterReversal(r: CreditedRequest): PaymentException | null {
  if (r.status === 'paid') {
    if (r.exception === 'paid_late') return 'paid_late';
    return r.receivedUnits > r.amountUnits ? 'paid_over' : null;
  }
  if (r.status === 'declined' && r.exception === 'paid_partial') {
    return r.receivedUnits > 0n && r.receivedUnits < r.amountUnits ? 'paid_partial' : null;
  }
  return null;
}
