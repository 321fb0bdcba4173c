import { listPendingKyc } from '../../db/repos/kyc.ts';
import { abort } from '../../domain/errors.ts';
import type { KycStatus } from '../../domain/kyc.ts';
import { ok, type Result } from '../../domain/result.ts';
import { type KycReview, kycVersionOf, reviewKyc, storedKyc } from '../accounts/kyc.ts';
import type { AppDeps } from '../deps.ts';
import { type OperatorActor, recordOperatorAction } from './actions.ts';

/** Most submissions one page of the review queue lists. */
const QUEUE_PAGE_MAX = 100;

export interface KycSubmissionView {
  id: bigint;
  usertag: string;
  email: string;
  fullName: string;
  kycLevel: number;
  idType: string;
  personalKyc: Record<string, string>;
  companyKyc: Record<string, string>;
  emailConfirmed: boolean;
  disabled: boolean;
  /** What the page shows, as one value: a decision carries it back and holds only if it is still current. */
  version: string;
}

/** Accounts whose KYC submission waits for review (status `pending`), oldest account first, keyset paged. */
export async function kycQueue(
  deps: AppDeps,
  q: { afterId?: bigint; limit?: number } = {},
): Promise<{ submissions: KycSubmissionView[]; nextAfterId: bigint | null }> {
  const limit = Math.min(Math.max(q.limit ?? 50, 1), QUEUE_PAGE_MAX);
  const rows = await listPendingKyc(deps.db.read, q.afterId, limit + 1);
  const page = rows.slice(0, limit);
  const versions = await Promise.all(page.map((a) => kycVersionOf(deps.db.read, a.id)));
  return {
    submissions: page.map((a, i) => ({
      id: a.id,
      usertag: a.usertag,
      email: a.email,
      fullName: a.full_name,
      kycLevel: Number(a.kyc_level),
      idType: a.id_type,
      personalKyc: storedKyc(a.personal_kyc),
      companyKyc: storedKyc(a.company_kyc),
      emailConfirmed: a.email_confirmed_at_ms !== null,
      disabled: a.disabled_at_ms !== null,
      version: versions[i] ?? '0',
    })),
    nextAfterId: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null,
  };
}

/** An operator's decision on a KYC submission, as the console's form decodes it (http/wire/kyc-decision.ts). */
export interface KycDecision {
  decision: 'approve' | 'reject';
  /** The KYC level to set, 0 to 3. */
  level: number;
  /** Why; required (non-empty) to reject, null when none was given. */
  reason: string | null;
  /** The submission's version the operator decided on (`KycSubmissionView.version`). */
  version: string;
}

/**
 * An operator's decision on a KYC submission: the same review `paytag kyc review` makes (kyc history
 * names the operator), with the operator action recorded in the same write unit.
 */
export async function decideKyc(
  deps: AppDeps,
  actor: OperatorActor,
  usertag: string,
  d: KycDecision,
): Promise<Result<{ usertag: string; kycLevel: number; kycStatus: KycStatus; isVerified: boolean }>> {
  const status: KycStatus = d.decision === 'approve' ? 'verified' : 'rejected';
  const { level, reason } = d;
  const r = await reviewAsOperator(deps, actor, usertag, { level, status, reason }, d.decision, d.version);
  if (!r.ok) return r;
  return ok({
    usertag: r.value.usertag,
    kycLevel: r.value.kyc_level,
    kycStatus: r.value.kyc_status,
    isVerified: r.value.is_verified,
  });
}

/**
 * An operator's KYC review (the console's decision, `paytag kyc review`): the review kept in the KYC
 * history under the operator's name, and the operator action recorded in the same write unit.
 */
export function reviewAsOperator(
  deps: AppDeps,
  actor: OperatorActor,
  usertag: string,
  review: KycReview,
  decision?: string,
  seen?: string,
) {
  return reviewKyc(
    deps,
    usertag,
    review,
    actor.name,
    async (trx, account, nowMs) => {
      // As with disabling: an operator's own account is decided by another operator (or on the command
      // line). Thrown inside the review's write unit, which rolls it back.
      if (actor.accountId !== null && actor.accountId === account.id) {
        abort('invalid_request', 'an operator cannot decide their own KYC', 'usertag');
      }
      await recordOperatorAction(
        trx,
        actor,
        {
          action: 'kyc_review',
          targetAccountId: account.id,
          target: account.usertag,
          detail: { ...(decision === undefined ? {} : { decision }), ...review },
        },
        nowMs,
      );
    },
    seen,
  );
}
