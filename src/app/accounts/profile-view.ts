import { findAccountById } from '../../db/repos/accounts.ts';
import type { AppDeps } from '../deps.ts';

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

const stringsIn = (json: string): Record<string, unknown> => {
  try {
    const o: unknown = JSON.parse(json);
    return o !== null && typeof o === 'object' ? (o as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** What the account holder's profile page shows of its own account. */
export async function viewProfile(deps: AppDeps, accountId: bigint): Promise<ProfileView | null> {
  const a = await findAccountById(deps.db.read, accountId);
  if (a === undefined) return null;
  const personal = stringsIn(a.personal_kyc);
  const company = stringsIn(a.company_kyc);
  return {
    fullName: a.full_name,
    phone: a.phone,
    country: a.country,
    kycStatus: a.kyc_status,
    kycLevel: Number(a.kyc_level),
    idType: a.id_type,
    documents: {
      id1: str(personal['id1']),
      id2: str(personal['id2']),
      id3: str(personal['id3']),
      doc1: str(company['doc1']),
      doc2: str(company['doc2']),
      doc3: str(company['doc3']),
      doc4: str(company['doc4']),
    },
  };
}
