import { findAccountById } from '../../db/repos/accounts.ts';
import {
  decideConsent,
  findRequestByConsentHash,
  insertConsent,
  type VerificationRequestRow,
} from '../../db/repos/verification.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { AppDeps } from '../deps.ts';
import { runPlainWrite } from '../write.ts';
import { applicationName } from './email.ts';
import { hmacKey, keyedHash } from './keys.ts';
import { SHARED_KYC_FIELDS, type VerifiedAccount, verifiedRecord } from './record.ts';

export interface ConsentView {
  /** The application that asks, as the e-mail named it. */
  appName: string;
  usertag: string;
  /** Exactly the fields an approval shares. */
  fields: readonly string[];
  /**
   * What the application receives, as POST /api/v1/auth/verify will write it: the profile and KYC status
   * in any case, and the KYC data (id_type, personal_kyc, company_kyc) only with an approval.
   */
  record: VerifiedAccount;
  expiresAtMs: number;
}

const GONE = 'this link was used already, has expired, or does not exist';

/** The request of a consent token while its page may still be answered: unanswered, unused, unexpired. */
function answerable(
  req: VerificationRequestRow | undefined,
  nowMs: number,
): req is VerificationRequestRow & { account_id: bigint } {
  return (
    req !== undefined &&
    req.account_id !== null &&
    req.kyc_requested === 1n &&
    req.consent === 'none' &&
    req.used_at_ms === null &&
    req.expires_at_ms > BigInt(nowMs)
  );
}

/** What the consent page shows: who asks for which fields of whom. Not found once answered or expired. */
export async function viewConsent(deps: AppDeps, token: string): Promise<Result<ConsentView>> {
  const key = await hmacKey(deps);
  const req = await findRequestByConsentHash(deps.db.read, keyedHash(key, 'verify-consent', token));
  if (!answerable(req, deps.clock.nowMs())) return err('not_found', GONE);
  const [app, person] = await Promise.all([
    findAccountById(deps.db.read, req.app_account_id),
    findAccountById(deps.db.read, req.account_id),
  ]);
  if (app === undefined || person === undefined) return err('not_found', GONE);
  return ok({
    appName: applicationName(app),
    usertag: person.usertag,
    fields: SHARED_KYC_FIELDS,
    record: verifiedRecord(person, 'shared'),
    expiresAtMs: Number(req.expires_at_ms),
  });
}

/**
 * Records the person's answer (who, when, which application, which fields) and spends the link: it
 * works once, and only before the verification secret expires.
 */
export async function answerConsent(
  deps: AppDeps,
  token: string,
  decision: 'approved' | 'declined',
): Promise<Result<Omit<ConsentView, 'record'> & { decision: 'approved' | 'declined' }>> {
  const key = await hmacKey(deps);
  const hash = keyedHash(key, 'verify-consent', token);
  const nowMs = deps.clock.nowMs();
  const view = await runPlainWrite(deps.db, async (trx) => {
    const req = await findRequestByConsentHash(trx, hash);
    if (!answerable(req, nowMs)) return null;
    if (!(await decideConsent(trx, req.id, decision))) return null;
    await insertConsent(trx, {
      account_id: req.account_id,
      app_account_id: req.app_account_id,
      request_id: req.id,
      decision,
      fields: JSON.stringify(SHARED_KYC_FIELDS),
      decided_at_ms: nowMs,
    });
    const app = await findAccountById(trx, req.app_account_id);
    const person = await findAccountById(trx, req.account_id);
    return {
      appName: app === undefined ? '' : applicationName(app),
      usertag: person?.usertag ?? '',
      fields: SHARED_KYC_FIELDS,
      expiresAtMs: Number(req.expires_at_ms),
      decision,
    };
  });
  return view === null ? err('not_found', GONE) : ok(view);
}
