import { findPaymentLedgerMismatches } from '../../db/repos/payments.ts';
import type { AuditCheck } from '../deps.ts';

/** Most mismatches one audit lists; one is already a finding. */
const MAX_REPORTED = 100;

/**
 * `paytag audit`: every payment has exactly its transfers. A paid incoming payment credited its account
 * amount − fees, a paid outgoing one debited amount + fees, and any other payment moved nothing.
 */
export const auditPayments: AuditCheck = async (deps) => {
  const found = await findPaymentLedgerMismatches(deps.db.read, MAX_REPORTED);
  return found.map(
    (m) =>
      `payment ${m.id} (${m.direction}, ${m.status}): its transfers move ${m.actual} msat on its account, expected ${m.expected}`,
  );
};
