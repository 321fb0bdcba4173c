import type { KycDecision } from '../../app/operator/kyc-queue.ts';
import { err, ok, type Result } from '../../domain/result.ts';

/** The console's KYC decision form (`decision`, `level`, `reason`, `version`) → a KycDecision. */
export function decodeKycDecision(f: {
  decision: unknown;
  level: unknown;
  reason: unknown;
  version: unknown;
}): Result<KycDecision> {
  const decision = f.decision === 'approve' || f.decision === 'reject' ? f.decision : null;
  if (decision === null) return err('invalid_request', 'decision must be approve or reject', 'decision');
  const levelText =
    typeof f.level === 'number' ? String(f.level) : typeof f.level === 'string' ? f.level.trim() : '';
  if (!/^[0-3]$/.test(levelText)) return err('invalid_request', 'level must be 0, 1, 2 or 3', 'level');
  const reasonText = typeof f.reason === 'string' ? f.reason.trim() : '';
  if (decision === 'reject' && reasonText === '') {
    return err('invalid_request', 'give the reason for rejecting the submission', 'reason');
  }
  if (typeof f.version !== 'string' || !/^\d{1,20}$/.test(f.version)) {
    return err(
      'state_conflict',
      'this decision does not name the submission it was made on: reload the page',
      'version',
    );
  }
  return ok({
    decision,
    level: Number(levelText),
    reason: reasonText === '' ? null : reasonText,
    version: f.version,
  });
}
