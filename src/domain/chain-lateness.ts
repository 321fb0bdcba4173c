import type { Rail } from './payments/vocabulary.ts';

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
