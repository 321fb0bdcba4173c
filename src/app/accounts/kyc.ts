import type { Kysely } from 'kysely';
import { type AccountRow, findAccountByUsertag } from '../../db/repos/accounts.ts';
import {
  insertKycHistory,
  lastKycHistoryId,
  listKycHistory,
  lockAccountByUsertag,
  setKycColumns,
} from '../../db/repos/kyc.ts';
import type { DB } from '../../db/schema.ts';
import { abort } from '../../domain/errors.ts';
import {
  COMPANY_FIELDS,
  country,
  documentUrl,
  email,
  KYC_LIMITS,
  type KycStatus,
  PERSONAL_FIELDS,
  phone,
  text,
} from '../../domain/kyc.ts';
import { ok, type Result } from '../../domain/result.ts';
import { normalizeUsertag } from '../../domain/usertag.ts';
import type { AppDeps } from '../deps.ts';
import { runWrite } from '../write.ts';

/** Profile fields an account holder keeps (through the CLI now). Absent: unchanged; '' clears. */
export interface ProfileChange {
  fullName?: string;
  phone?: string;
  country?: string;
}

/** KYC data an account holder submits. Absent: unchanged; '' clears. */
export interface KycSubmission {
  idType?: string;
  id1?: string;
  id2?: string;
  id3?: string;
  companyName?: string;
  companyEmail?: string;
  companyPhone?: string;
  companyCountry?: string;
  doc1?: string;
  doc2?: string;
  doc3?: string;
  doc4?: string;
}

export interface KycReview {
  level: number;
  status: KycStatus;
  reason: string | null;
}

type Changes = Record<string, [string, string]>;

function unwrapped<T>(r: Result<T>): T {
  if (!r.ok) return abort(r.error.code, r.error.message, r.error.field);
  return r.value;
}

/**
 * The account, read inside a write unit. On PostgreSQL its row is locked first, so a profile change, a
 * submission and a review of one account run one after the other: each decides from what the one before
 * it committed (a review cannot verify a change it did not see, a change cannot keep a review it undoes).
 */
async function accountOf(trx: Kysely<DB>, usertag: string): Promise<AccountRow> {
  const tag = unwrapped(normalizeUsertag(usertag));
  await lockAccountByUsertag(trx, tag);
  const a = await findAccountByUsertag(trx, tag);
  if (a === undefined) return abort('usertag_not_found', `no account with usertag "${tag}"`, 'usertag');
  return a;
}

/**
 * What an operator reviews, as one value: the id of the account's newest KYC history entry ('0' when it
 * has none). Every profile change and submission adds an entry, so a changed version means the reviewer
 * did not see what is there now.
 */
export async function kycVersionOf(exec: Kysely<DB>, accountId: bigint): Promise<string> {
  return String(await lastKycHistoryId(exec, accountId));
}

/** The profile fields that are part of the identity an operator verifies. */
const IDENTITY_FIELDS: ReadonlySet<string> = new Set(['full_name', 'phone', 'country']);

async function record(
  trx: Kysely<DB>,
  accountId: bigint,
  actor: string,
  changes: Changes,
  reason: string | null,
  nowMs: number,
) {
  if (Object.keys(changes).length === 0) return;
  await insertKycHistory(trx, {
    account_id: accountId,
    actor,
    changes: JSON.stringify(changes),
    reason,
    at_ms: nowMs,
  });
}

/** The fields of a stored KYC block (`personal_kyc`, `company_kyc`): a JSON object of strings. */
export function storedKyc(json: string): Record<string, string> {
  let o: unknown;
  try {
    o = JSON.parse(json);
  } catch {
    return {};
  }
  if (o === null || typeof o !== 'object') return {};
  return Object.fromEntries(Object.entries(o).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** Changes profile fields, validated, with a history entry naming `actor`. */
export async function updateProfile(deps: AppDeps, usertag: string, c: ProfileChange, actor: string) {
  const next: Partial<Record<'full_name' | 'phone' | 'country', string>> = {};
  return runWrite(deps.db, async (trx) => {
    if (c.fullName !== undefined)
      next.full_name = unwrapped(text(c.fullName, 'full_name', KYC_LIMITS.full_name));
    if (c.phone !== undefined) next.phone = unwrapped(phone(c.phone, 'phone'));
    if (c.country !== undefined) next.country = unwrapped(country(c.country, 'country'));
    const a = await accountOf(trx, usertag);
    const changes: Changes = {};
    for (const [k, v] of Object.entries(next) as Array<[keyof typeof next, string]>) {
      if (a[k] !== v) changes[k] = [a[k], v];
    }
    const changed = Object.keys(changes);
    // A reviewed identity that changes is no longer the one reviewed: back to review, as new documents
    // are (the level stays until the next review decides it).
    const kycBackToReview = a.kyc_status === 'verified' && changed.some((k) => IDENTITY_FIELDS.has(k));
    if (kycBackToReview) changes['kyc_status'] = [a.kyc_status, 'pending'];
    if (changed.length > 0) {
      await setKycColumns(
        trx,
        a.id,
        kycBackToReview ? { ...next, kyc_status: 'pending', is_verified: 0 } : next,
      );
      await record(trx, a.id, actor, changes, null, deps.clock.nowMs());
    }
    return { usertag: a.usertag, changed, kycBackToReview };
  });
}

/** Stores submitted KYC data, validated; the KYC status becomes `pending` (to be reviewed again). */
export async function submitKyc(deps: AppDeps, usertag: string, s: KycSubmission, actor: string) {
  const allowHttp = deps.config.lightning.backend === 'sandbox';
  return runWrite(deps.db, async (trx) => {
    const a = await accountOf(trx, usertag);
    const personal = storedKyc(a.personal_kyc);
    const company = storedKyc(a.company_kyc);
    const changes: Changes = {};
    const set = (target: Record<string, string>, prefix: string, key: string, v: string) => {
      const before = target[key] ?? '';
      if (before !== v) changes[`${prefix}${key}`] = [before, v];
      target[key] = v;
    };
    for (const k of PERSONAL_FIELDS) {
      const v = s[k];
      if (v !== undefined) set(personal, 'personal_kyc.', k, unwrapped(documentUrl(v, k, allowHttp)));
    }
    const companyIn: Record<(typeof COMPANY_FIELDS)[number], string | undefined> = {
      company_name: s.companyName,
      email: s.companyEmail,
      company_phone: s.companyPhone,
      country: s.companyCountry,
      doc1: s.doc1,
      doc2: s.doc2,
      doc3: s.doc3,
      doc4: s.doc4,
    };
    for (const k of COMPANY_FIELDS) {
      const v = companyIn[k];
      if (v === undefined) continue;
      const field = `company_${k.replace(/^company_/, '')}`;
      const value =
        k === 'company_name'
          ? unwrapped(text(v, field, KYC_LIMITS.company_name))
          : k === 'email'
            ? unwrapped(email(v, field))
            : k === 'company_phone'
              ? unwrapped(phone(v, field))
              : k === 'country'
                ? unwrapped(country(v, field))
                : unwrapped(documentUrl(v, k, allowHttp));
      set(company, 'company_kyc.', k, value);
    }
    let idType = a.id_type;
    if (s.idType !== undefined) {
      idType = unwrapped(text(s.idType, 'id_type', KYC_LIMITS.id_type));
      if (idType !== a.id_type) changes['id_type'] = [a.id_type, idType];
    }
    if (Object.keys(changes).length === 0) return { usertag: a.usertag, changed: [] as string[] };
    if (a.kyc_status !== 'pending') changes['kyc_status'] = [a.kyc_status, 'pending'];
    await setKycColumns(trx, a.id, {
      id_type: idType,
      personal_kyc: JSON.stringify(personal),
      company_kyc: JSON.stringify(company),
      kyc_status: 'pending',
      is_verified: 0,
    });
    await record(trx, a.id, actor, changes, null, deps.clock.nowMs());
    return { usertag: a.usertag, changed: Object.keys(changes) };
  });
}

/**
 * An operator's review: the KYC level and status, with the reason, kept in the history. `alsoInUnit`
 * runs in the same write unit (the operator console records its action there).
 */
export async function reviewKyc(
  deps: AppDeps,
  usertag: string,
  r: KycReview,
  actor: string,
  alsoInUnit?: (trx: Kysely<DB>, account: AccountRow, nowMs: number) => Promise<void>,
  seen?: string,
) {
  return runWrite(deps.db, async (trx) => {
    const reason = r.reason === null ? null : unwrapped(text(r.reason, 'reason', KYC_LIMITS.reason));
    const a = await accountOf(trx, usertag);
    // A review of what the operator saw (the console's): it holds only while that is still what waits.
    if (seen !== undefined && (a.kyc_status !== 'pending' || (await kycVersionOf(trx, a.id)) !== seen)) {
      abort(
        'state_conflict',
        a.kyc_status !== 'pending'
          ? `the KYC of ${a.usertag} is no longer waiting for review (now ${a.kyc_status}); nothing was changed`
          : `the KYC data of ${a.usertag} changed after this page was loaded; nothing was changed: review it again`,
        'version',
      );
    }
    const changes: Changes = {};
    if (Number(a.kyc_level) !== r.level) changes['kyc_level'] = [String(a.kyc_level), String(r.level)];
    if (a.kyc_status !== r.status) changes['kyc_status'] = [a.kyc_status, r.status];
    const verified = a.email_confirmed_at_ms !== null && r.status === 'verified';
    await setKycColumns(trx, a.id, {
      kyc_level: r.level,
      kyc_status: r.status,
      is_verified: verified ? 1 : 0,
    });
    // A review is kept even when it confirms what was there (who looked, when, why).
    await record(
      trx,
      a.id,
      actor,
      Object.keys(changes).length === 0 ? { reviewed: ['', r.status] } : changes,
      reason,
      deps.clock.nowMs(),
    );
    if (alsoInUnit !== undefined) await alsoInUnit(trx, a, deps.clock.nowMs());
    return { usertag: a.usertag, kyc_level: r.level, kyc_status: r.status, is_verified: verified };
  });
}

/** Every recorded profile and KYC change of an account, oldest first. */
export async function kycHistory(deps: AppDeps, usertag: string) {
  const tag = normalizeUsertag(usertag);
  if (!tag.ok) return tag;
  const a = await findAccountByUsertag(deps.db.read, tag.value);
  if (a === undefined)
    return {
      ok: false as const,
      error: { code: 'usertag_not_found' as const, message: `no account with usertag "${tag.value}"` },
    };
  return ok(await historyOf(deps, a.id));
}

/** The recorded profile and KYC changes of an account, oldest first; only the `last` newest when given. */
export async function historyOf(deps: AppDeps, accountId: bigint, last?: number) {
  const rows = await listKycHistory(deps.db.read, accountId, last);
  return rows.map((h) => ({
    at: new Date(Number(h.at_ms)).toISOString(),
    actor: h.actor,
    changes: JSON.parse(h.changes) as Changes,
    reason: h.reason,
  }));
}
