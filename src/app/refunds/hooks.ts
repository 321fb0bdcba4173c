import { findMislinkedRefunds, findOverRefundedPayments } from '../../db/repos/audit/refunds.ts';
import type { AppDeps, AuditCheck } from '../deps.ts';
import type { HookPart } from '../hooks.ts';

const MAX_REPORTED = 100;

/**
 * `paytag audit`: the refunds of a payment (those not gone back to the merchant) never add up to more
 * than it received (nothing for a sent, USDT or pending payment), and a refund is one voucher of the
 * payment's receiver. (The refund's escrow and claim are vouchers', checked by the vouchers' audit.)
 */
const auditRefunds: AuditCheck = async (deps: AppDeps) => {
  const db = deps.db.read;
  const found: string[] = [];
  for (const o of await findOverRefundedPayments(db, deps.clock.nowMs(), MAX_REPORTED)) {
    found.push(
      `payment ${o.paymentId}: its refunds hold ${o.refundedMsat} msat, it received ${o.receivedMsat}`,
    );
  }
  for (const id of await findMislinkedRefunds(db, MAX_REPORTED)) {
    found.push(`refund ${id}: not one voucher of the refunded payment's receiver`);
  }
  return found;
};

/** The refunds' share of the hook table: the audit check. */
export const refundHooks: HookPart = {
  auditChecks: { refunds_within_received: auditRefunds },
};
