import { findAccountByUsertag } from '../../db/repos/accounts.ts';
import { listConsents, revokeConsent } from '../../db/repos/verification.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { normalizeUsertag } from '../../domain/usertag.ts';
import type { AppDeps } from '../deps.ts';
import { runPlainWrite } from '../write.ts';

export interface ConsentEntry {
  id: string;
  application: string;
  decision: 'approved' | 'declined';
  fields: string[];
  decided_at: string;
  revoked_at: string | null;
}

async function accountIdOf(deps: AppDeps, usertag: string): Promise<Result<bigint>> {
  const tag = normalizeUsertag(usertag);
  if (!tag.ok) return tag;
  const a = await findAccountByUsertag(deps.db.read, tag.value);
  return a === undefined
    ? err('usertag_not_found', `no account with usertag "${tag.value}"`, 'usertag')
    : ok(a.id);
}

/** Every KYC-sharing decision of an account, oldest first. */
export async function accountConsents(deps: AppDeps, usertag: string): Promise<Result<ConsentEntry[]>> {
  const id = await accountIdOf(deps, usertag);
  if (!id.ok) return id;
  const rows = await listConsents(deps.db.read, id.value);
  return ok(
    rows.map((r) => ({
      id: String(r.id),
      application: r.app_usertag,
      decision: r.decision,
      fields: JSON.parse(r.fields) as string[],
      decided_at: new Date(Number(r.decided_at_ms)).toISOString(),
      revoked_at: r.revoked_at_ms === null ? null : new Date(Number(r.revoked_at_ms)).toISOString(),
    })),
  );
}

/**
 * Revokes an approval: a verification it belongs to that has not been completed yet gets no KYC data.
 * Data an application already received cannot be called back; the record says when it was revoked.
 */
export async function revokeAccountConsent(
  deps: AppDeps,
  usertag: string,
  consentId: string,
): Promise<Result<true>> {
  const id = await accountIdOf(deps, usertag);
  if (!id.ok) return id;
  if (!/^\d{1,18}$/.test(consentId))
    return err('invalid_request', 'the consent id is a number from the list', 'id');
  const done = await runPlainWrite(deps.db, (trx) =>
    revokeConsent(trx, id.value, BigInt(consentId), deps.clock.nowMs()),
  );
  return done ? ok(true) : err('not_found', `no unrevoked consent ${consentId} of this account`, 'id');
}
