import { err, ok, type Result } from './result.ts';

const USERTAG = /^[a-z0-9_]{3,32}$/;

/** Names that would confuse users or impersonate the operator. */
const RESERVED_USERTAGS: ReadonlySet<string> = new Set([
  'admin',
  'administrator',
  'api',
  'support',
  'help',
  'root',
  'system',
  'operator',
  'paytag',
  'sandbox',
  'security',
  'billing',
  'info',
  'mail',
  'postmaster',
  'webmaster',
  'abuse',
  'noreply',
  'no_reply',
  'checkout',
  'voucher',
  'vouchers',
  'dashboard',
  'login',
  'signup',
  'wallet',
  'lnurl',
  'lnurlp',
  'well_known',
  'null',
  'undefined',
  'everyone',
  'staff',
  'team',
  'official',
  'fees',
  'treasury',
]);

/** Usertags are case-insensitive: stored and compared lower-case. */
export function normalizeUsertag(input: unknown, field = 'usertag'): Result<string> {
  if (typeof input !== 'string') return err('usertag_invalid', `${field} must be a string`, field);
  const tag = input.trim().replace(/^@/, '').toLowerCase();
  if (!USERTAG.test(tag)) {
    return err('usertag_invalid', `${field} must be 3-32 characters of a-z, 0-9 and _`, field);
  }
  return ok(tag);
}

export function validateNewUsertag(input: unknown): Result<string> {
  const r = normalizeUsertag(input);
  if (!r.ok) return r;
  if (RESERVED_USERTAGS.has(r.value))
    return err('usertag_invalid', `usertag "${r.value}" is reserved`, 'usertag');
  return r;
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{1,63}$/;

export function normalizeEmail(input: unknown, field = 'email'): Result<string> {
  if (typeof input !== 'string') return err('email_invalid', `${field} must be a string`, field);
  const email = input.trim().toLowerCase();
  if (email.length > 254 || !EMAIL.test(email))
    return err('email_invalid', `${field} is not a valid e-mail address`, field);
  return ok(email);
}
