import type { AccountRow } from '../../db/repos/accounts.ts';
import type { VerificationRequestRow } from '../../db/repos/verification.ts';
import { COMPANY_FIELDS, PERSONAL_FIELDS } from '../../domain/kyc.ts';

export interface PersonalKyc {
  id1: string;
  id2: string;
  id3: string;
}

export interface CompanyKyc {
  company_name: string;
  email: string;
  company_phone: string;
  country: string;
  doc1: string;
  doc2: string;
  doc3: string;
  doc4: string;
}

/** The spec's "Verified account record", as `data` of POST /api/v1/auth/verify. */
export interface VerifiedAccount {
  user_id: string;
  usertag: string;
  profile: { full_name: string; email: string; phone: string; country: string };
  kyc_level: number;
  kyc_status: string;
  is_verified: boolean;
  /** The identity document type: part of the KYC data, '' when it is not shared. */
  id_type: string;
  personal_kyc: PersonalKyc | null;
  company_kyc: CompanyKyc | null;
  message: string;
}

/** The field names a KYC approval shares, as the consent page lists them and the consent records keep them. */
export const SHARED_KYC_FIELDS: readonly string[] = [
  'id_type',
  ...PERSONAL_FIELDS.map((f) => `personal_kyc.${f}`),
  ...COMPANY_FIELDS.map((f) => `company_kyc.${f}`),
];

function stringsOf<K extends string>(json: string, keys: readonly K[]): Record<K, string> {
  let parsed: unknown = {};
  try {
    parsed = JSON.parse(json);
  } catch {
    parsed = {};
  }
  const o = (parsed !== null && typeof parsed === 'object' ? parsed : {}) as Record<string, unknown>;
  return Object.fromEntries(keys.map((k) => [k, typeof o[k] === 'string' ? o[k] : ''])) as Record<K, string>;
}

/** Verified when the e-mail is confirmed and an operator reviewed the KYC data as verified. */
export const isVerified = (a: AccountRow): boolean =>
  a.email_confirmed_at_ms !== null && a.kyc_status === 'verified';

export type KycShare = 'shared' | 'not_requested' | 'declined' | 'not_answered' | 'revoked';

const MESSAGES: Record<KycShare, string> = {
  shared: 'verified; KYC data shared with the account holder’s approval',
  not_requested: 'verified; KYC data was not requested',
  declined: 'verified; the account holder declined to share KYC data',
  not_answered: 'verified; the account holder did not answer the KYC request before verification',
  revoked: 'verified; the account holder revoked the approval to share KYC data',
};

/** Whether the request's KYC data may go to its application, and why not. */
export function kycShareOf(req: VerificationRequestRow, approvalRevoked: boolean): KycShare {
  if (req.kyc_requested === 0n) return 'not_requested';
  if (req.consent === 'declined') return 'declined';
  if (req.consent === 'none') return 'not_answered';
  return approvalRevoked ? 'revoked' : 'shared';
}

export function verifiedRecord(a: AccountRow, share: KycShare): VerifiedAccount {
  const shared = share === 'shared';
  return {
    user_id: String(a.id),
    usertag: a.usertag,
    profile: { full_name: a.full_name, email: a.email, phone: a.phone, country: a.country },
    kyc_level: Number(a.kyc_level),
    kyc_status: a.kyc_status,
    is_verified: isVerified(a),
    id_type: shared ? a.id_type : '',
    personal_kyc: shared ? stringsOf(a.personal_kyc, PERSONAL_FIELDS) : null,
    company_kyc: shared ? stringsOf(a.company_kyc, COMPANY_FIELDS) : null,
    message: MESSAGES[share],
  };
}
