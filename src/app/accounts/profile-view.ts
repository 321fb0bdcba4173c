import { findAccountById } from '../../db/repos/accounts.ts';
import { DOCUMENT_FIELDS, type DocumentField } from '../../domain/kyc.ts';
import type { AppDeps } from '../deps.ts';
import { storedKyc } from './kyc.ts';

export interface ProfileView {
  fullName: string;
  phone: string;
  country: string;
  kycStatus: string;
  kycLevel: number;
  idType: string;
  /** Personal document URLs id1..id3 and company document URLs doc1..doc4 as submitted ('' when none). */
  documents: Record<DocumentField, string>;
}

/** What the account holder's profile page shows of its own account. */
export async function viewProfile(deps: AppDeps, accountId: bigint): Promise<ProfileView | null> {
  const a = await findAccountById(deps.db.read, accountId);
  if (a === undefined) return null;
  // The document fields of the two blocks have distinct names (domain/kyc.ts).
  const submitted = { ...storedKyc(a.personal_kyc), ...storedKyc(a.company_kyc) };
  return {
    fullName: a.full_name,
    phone: a.phone,
    country: a.country,
    kycStatus: a.kyc_status,
    kycLevel: Number(a.kyc_level),
    idType: a.id_type,
    documents: Object.fromEntries(DOCUMENT_FIELDS.map((f) => [f, submitted[f] ?? ''])) as Record<
      DocumentField,
      string
    >,
  };
}
