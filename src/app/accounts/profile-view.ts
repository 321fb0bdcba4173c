import { findAccountById } from '../../db/repos/accounts.ts';
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
  documents: Record<'id1' | 'id2' | 'id3' | 'doc1' | 'doc2' | 'doc3' | 'doc4', string>;
}

/** What the account holder's profile page shows of its own account. */
export async function viewProfile(deps: AppDeps, accountId: bigint): Promise<ProfileView | null> {
  const a = await findAccountById(deps.db.read, accountId);
  if (a === undefined) return null;
  const personal = storedKyc(a.personal_kyc);
  const company = storedKyc(a.company_kyc);
  return {
    fullName: a.full_name,
    phone: a.phone,
    country: a.country,
    kycStatus: a.kyc_status,
    kycLevel: Number(a.kyc_level),
    idType: a.id_type,
    documents: {
      id1: personal['id1'] ?? '',
      id2: personal['id2'] ?? '',
      id3: personal['id3'] ?? '',
      doc1: company['doc1'] ?? '',
      doc2: company['doc2'] ?? '',
      doc3: company['doc3'] ?? '',
      doc4: company['doc4'] ?? '',
    },
  };
}
