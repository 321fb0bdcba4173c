import { abort } from '../../domain/errors.ts';
import type { KycStatus } from '../../domain/kyc.ts';
import { err, ok, type Result } from '../../domain/result.ts';
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
  let query = deps.db.read.selectFrom('accounts').selectAll().where('kyc_status', '=', 'pending');
  if (q.afterId !== undefined) query = query.where('id', '>', q.afterId);
  const rows = await query
    .orderBy('id')
    .limit(limit + 1)
    .execute();
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

export interface KycDecision {
  /** approve: status verified at `level`; reject: status rejected (the level is kept as given). */
  decision: unknown;
  level: unknown;
  reason: unknown;
  /** The submission's version the operator decided on (`KycSubmissionView.version`). */
  version: unknown;
}

/**
 * An operator's decision on a KYC submission: the same review `paytag kyc review` makes (kyc history
 * names the operator), with the operator action recorded in the same write unit.
 */
export async function decideKyc(
  deps: AppDeps,
  actor: OperatorActor,
  usertag: unknown,
  d: KycDecision,
): Promise<Result<{ usertag: string; kycLevel: number; kycStatus: KycStatus; isVerified: boolean }>> {
  if (typeof usertag !== 'string') return err('usertag_invalid', 'usertag must be a string', 'usertag');
  const status: KycStatus | null =
    d.decision === 'approve' ? 'verified' : d.decision === 'reject' ? 'rejected' : null;
  if (status === null) {
    return err('invalid_request', 'decision must be approve or reject', 'decision');
  }
  const levelText =
    typeof d.level === 'number' ? String(d.level) : typeof d.level === 'string' ? d.level.trim() : '';
  if (!/^[0-3]$/.test(levelText)) return err('invalid_request', 'level must be 0, 1, 2 or 3', 'level');
  const level = Number(levelText);
  const reasonText = typeof d.reason === 'string' ? d.reason.trim() : '';
  if (status === 'rejected' && reasonText === '') {
    return err('invalid_request', 'give the reason for rejecting the submission', 'reason');
  }
  const reason = reasonText === '' ? null : reasonText;
  if (typeof d.version !== 'string' || !/^\d{1,20}$/.test(d.version)) {
    return err(
      'state_conflict',
      'this decision does not name the submission it was made on: reload the page',
      'version',
    );
  }
  const r = await reviewAsOperator(
    deps,
    actor,
    usertag,
    { level, status, reason },
    String(d.decision),
    d.version,
  );
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
