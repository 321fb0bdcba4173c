import type { AppError } from './errors.ts';
import { MSAT_PER_SAT } from './money.ts';

/**
 * Withdraw vouchers: limits, codes and states. Pure; money is bigint msat.
 *
 * A batch of `voucher_count` vouchers is funded at creation: count × (amount + fee reserve) moves from
 * the issuer to the voucher escrow. Each voucher then is in exactly one state:
 *   redeemable  → redeemed      (to a usertag, or to an invoice of this node: one write unit)
 *   redeemable  → in progress   (an invoice of another node: reserved, the Lightning payment is under way)
 *   in progress → redeemed | redeemable   (the payment succeeded | failed)
 *   redeemable  → refunded      (the batch was revoked or expired: its funds went back to the issuer)
 */

export const VOUCHER_COUNT_MIN = 1;
export const VOUCHER_COUNT_MAX = 100;

/** Length of the one-time codes this service issues; codes of 8 to 10 characters are accepted. */
export const VOUCHER_CODE_LENGTH = 10;
export const VOUCHER_CODE = /^[a-z0-9]{8,10}$/;
/** The batch id: the standard `tid` and the static URL's path, so it is as unguessable as a code. */
export const VOUCHER_BATCH_ID_LENGTH = 16;
const VOUCHER_BATCH_ID = /^[a-z0-9]{16}$/;
/** Random bytes (hex) of the token that opens a batch's print sheet. */
export const PRINT_TOKEN_BYTES = 24;

/** Bounds of the free-text fields, in characters. */
export const VOUCHER_TEXT_LIMITS = {
  from: 100,
  title: 280,
  redeem_to: 8000,
} as const;

export type RedeemMode = 'usertag' | 'invoice';

export type VoucherState = 'redeemable' | 'in_progress' | 'redeemed' | 'revoked' | 'expired';

export interface VoucherFacts {
  redeemedAtMs: bigint | null;
  claimPaymentId: bigint | null;
  refundedAtMs: bigint | null;
}

export interface BatchFacts {
  expiresAtMs: bigint;
  revokedAtMs: bigint | null;
}

/**
 * What a voucher is now. A refunded voucher reads as revoked or expired, whichever caused the refund; a
 * voucher past its batch's expiry is expired even before the sweeper has returned its funds.
 */
export function voucherState(v: VoucherFacts, b: BatchFacts, nowMs: number): VoucherState {
  if (v.redeemedAtMs !== null) return 'redeemed';
  if (v.claimPaymentId !== null) return 'in_progress';
  if (b.revokedAtMs !== null) return 'revoked';
  if (v.refundedAtMs !== null || b.expiresAtMs <= BigInt(nowMs)) return 'expired';
  return 'redeemable';
}

/** Why a voucher in `state` cannot be redeemed, or null when it can. */
export function voucherStateError(state: VoucherState): AppError | null {
  switch (state) {
    case 'redeemable':
      return null;
    case 'redeemed':
      return { code: 'voucher_already_redeemed', message: 'this voucher has already been redeemed' };
    case 'in_progress':
      return {
        code: 'state_conflict',
        message: 'a payment of this voucher is under way; check again in a moment',
      };
    case 'revoked':
      return { code: 'voucher_revoked', message: 'this voucher was revoked by its issuer' };
    case 'expired':
      return { code: 'voucher_expired', message: 'this voucher has expired' };
  }
}

/** A batch as its static URL sees it. */
export type BatchState = 'redeemable' | 'all_redeemed' | 'revoked' | 'expired';

/** `remaining`: vouchers still redeemable, or null when not counted (then only revoke and expiry count). */
export function batchState(b: BatchFacts, nowMs: number, remaining: number | null): BatchState {
  if (b.revokedAtMs !== null) return 'revoked';
  if (b.expiresAtMs <= BigInt(nowMs)) return 'expired';
  return remaining === 0 ? 'all_redeemed' : 'redeemable';
}

/** Why a static URL cannot be redeemed now, or null when it can. */
export function batchStateError(state: BatchState): AppError | null {
  switch (state) {
    case 'redeemable':
      return null;
    case 'all_redeemed':
      return { code: 'voucher_already_redeemed', message: 'every voucher of this batch has been redeemed' };
    case 'revoked':
      return { code: 'voucher_revoked', message: 'these vouchers were revoked by their issuer' };
    case 'expired':
      return { code: 'voucher_expired', message: 'these vouchers have expired' };
  }
}

/** Whole satoshis of an msat amount, for showing a voucher's value next to its BTC amount. */
export const wholeSats = (msat: bigint): bigint => msat / MSAT_PER_SAT;

/**
 * A redeemer shown on a public page without giving it away: the first two and last two characters of
 * a usertag, the first eight and last four of an invoice.
 */
export function maskRedeemer(mode: RedeemMode | null, redeemedBy: string | null): string {
  if (redeemedBy === null) return '';
  if (mode === 'invoice') {
    return redeemedBy.length <= 16 ? '…' : `${redeemedBy.slice(0, 8)}…${redeemedBy.slice(-4)}`;
  }
  if (redeemedBy.length <= 4) return `${redeemedBy.slice(0, 1)}***`;
  return `${redeemedBy.slice(0, 2)}***${redeemedBy.slice(-2)}`;
}

/** Normalises a code as typed or pasted (case, spaces); null when it cannot be a voucher code. */
export function normalizeVoucherCode(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const code = input.trim().toLowerCase();
  return VOUCHER_CODE.test(code) ? code : null;
}

export function normalizeBatchId(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const id = input.trim().toLowerCase();
  return VOUCHER_BATCH_ID.test(id) ? id : null;
}
