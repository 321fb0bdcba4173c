import { ISO_3166_ALPHA2 } from './countries.ts';
import { err, ok, type Result } from './result.ts';
import { normalizeEmail } from './usertag.ts';

/** Longest value of each profile and KYC field, in characters. */
export const KYC_LIMITS = {
  full_name: 200,
  company_name: 200,
  id_type: 50,
  url: 2048,
  reason: 500,
} as const;

/** The fields of an account's personal KYC block (`personal_kyc`): identity document URLs. */
export const PERSONAL_FIELDS = ['id1', 'id2', 'id3'] as const;
/** The fields of an account's company KYC block (`company_kyc`): the company and its document URLs. */
export const COMPANY_FIELDS = [
  'company_name',
  'email',
  'company_phone',
  'country',
  'doc1',
  'doc2',
  'doc3',
  'doc4',
] as const;
/** Every document URL an account holder submits: the personal block's, then the company's documents. */
export const DOCUMENT_FIELDS = [...PERSONAL_FIELDS, 'doc1', 'doc2', 'doc3', 'doc4'] as const;
export type DocumentField = (typeof DOCUMENT_FIELDS)[number];

export const KYC_STATUSES = ['none', 'pending', 'verified', 'rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

const hasControl = (s: string): boolean => /\p{Cc}/u.test(s);

/** A free text of at most `max` characters, trimmed, without control characters. */
export function text(v: string, field: string, max: number): Result<string> {
  const t = v.trim();
  if (t.length > max) return err('invalid_request', `${field} must be at most ${max} characters`, field);
  if (hasControl(t)) return err('invalid_request', `${field} must not hold control characters`, field);
  return ok(t);
}

/** E.164: a + and 2 to 15 digits, the first not 0 (ITU-T E.164 §6); spaces, dots, dashes and brackets are dropped. '' clears. */
export function phone(v: string, field: string): Result<string> {
  const t = v.trim();
  if (t === '') return ok('');
  const compact = t.replace(/[\s.()-]/g, '');
  if (!/^\+[1-9]\d{1,14}$/.test(compact)) {
    return err('invalid_request', `${field} must be an E.164 number such as +14155550123`, field);
  }
  return ok(compact);
}

/** An ISO 3166-1 alpha-2 code (upper-cased); '' clears. */
export function country(v: string, field: string): Result<string> {
  const t = v.trim().toUpperCase();
  if (t === '') return ok('');
  if (!ISO_3166_ALPHA2.has(t)) {
    return err(
      'invalid_request',
      `${field} must be an ISO 3166-1 alpha-2 country code such as DE or IN`,
      field,
    );
  }
  return ok(t);
}

/** A document URL: https, or http too when `allowHttp` (the sandbox); '' clears. */
export function documentUrl(v: string, field: string, allowHttp: boolean): Result<string> {
  const t = v.trim();
  if (t === '') return ok('');
  if (t.length > KYC_LIMITS.url)
    return err('invalid_request', `${field} must be at most ${KYC_LIMITS.url} characters`, field);
  let u: URL;
  try {
    u = new URL(t);
  } catch {
    return err('invalid_request', `${field} must be a URL`, field);
  }
  const okScheme = u.protocol === 'https:' || (allowHttp && u.protocol === 'http:');
  if (!okScheme || u.username !== '' || u.password !== '') {
    return err(
      'invalid_request',
      `${field} must be an https URL${allowHttp ? ' (http in the sandbox)' : ''} without credentials`,
      field,
    );
  }
  return ok(u.toString());
}

export function email(v: string, field: string): Result<string> {
  if (v.trim() === '') return ok('');
  return normalizeEmail(v, field);
}
