import type { RefundRow } from '../../db/repos/refunds.ts';

/**
 * A refund's state: `open` (the payer can claim it), `claiming` (an invoice payment of it is under way),
 * `claimed`, `cancelled` (the merchant revoked it; the escrow went back) or `expired` (likewise, at expiry).
 */
export type RefundStatus = 'open' | 'claiming' | 'claimed' | 'cancelled' | 'expired';

export function refundStatus(r: RefundRow, nowMs: number): RefundStatus {
  if (r.redeemedAtMs !== null) return 'claimed';
  if (r.claimPaymentId !== null) return 'claiming';
  if (r.revokedAtMs !== null) return 'cancelled';
  if (r.refundedAtMs !== null || r.expiresAtMs <= BigInt(nowMs)) return 'expired';
  return 'open';
}

export interface RefundView {
  row: RefundRow;
  status: RefundStatus;
}

export const refundView = (row: RefundRow, nowMs: number): RefundView => ({
  row,
  status: refundStatus(row, nowMs),
});
