import { listAccountVerifications } from '../../db/repos/verification.ts';
import type { AppDeps } from '../deps.ts';
import { type KycShare, kycShareOf } from './record.ts';

export interface AccountVerification {
  application: string;
  verifiedAtMs: bigint;
  /** Whether the application received the KYC data, decided by the rule verify applies (kycShareOf). */
  share: KycShare;
  /** The approval that can still be withdrawn (accountConsents / revokeAccountConsent), if any. */
  consentId: string | null;
}

/** How many verifications the account holder's list shows, newest first. */
const VERIFICATIONS_SHOWN = 100;

/** The applications that verified the account, newest first, and whether each received its KYC data. */
export async function accountVerifications(deps: AppDeps, accountId: bigint): Promise<AccountVerification[]> {
  const rows = await listAccountVerifications(deps.db.read, accountId, VERIFICATIONS_SHOWN);
  return rows.map((r) => ({
    application: r.app_usertag,
    verifiedAtMs: r.used_at_ms ?? 0n,
    share: kycShareOf(r, r.consent_revoked_at_ms !== null),
    consentId:
      r.consent === 'approved' && r.consent_id !== null && r.consent_revoked_at_ms === null
        ? String(r.consent_id)
        : null,
  }));
}
