import type { StartVerification } from '../../app/verification/start.ts';
import type { VerifyCommand } from '../../app/verification/verify.ts';
import { COMPANY_FIELDS, PERSONAL_FIELDS } from '../../domain/kyc.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { normalizeUsertag } from '../../domain/usertag.ts';
import { envelopeOf } from '../schemas.ts';

// The contract of the account-verification requests and answers. Fields the decoders check themselves
// carry no JSON type in the schemas, so the validator never coerces them: the decoder refuses a wrong
// type with one message naming the field.

type Body = Record<string, unknown>;

const absent = (v: unknown): boolean => v === undefined || v === null;

/** A field the decoder checks (no coercion by the schema validator). */
const decoded = (description: string) => ({ description });

export const startBodySchema = {
  type: 'object',
  properties: {
    usertag: decoded('usertag of the person to verify (required; a leading @ is ignored)'),
    kyc: decoded('true to ask for the person’s KYC data, shared only if they approve (a JSON boolean)'),
  },
};

export const verifyBodySchema = {
  type: 'object',
  properties: {
    secret: decoded('data.secret from POST /api/v1/auth (required)'),
    otp: decoded('the six-digit code from the e-mail: a number or a string of digits (leading zeros kept)'),
    OTP: decoded('the same as otp (either spelling)'),
  },
};

export function decodeStart(body: Body): Result<StartVerification> {
  if (absent(body['usertag']) || body['usertag'] === '')
    return err('invalid_request', 'usertag is required', 'usertag');
  const tag = normalizeUsertag(body['usertag']);
  if (!tag.ok) return tag;
  const kyc = body['kyc'];
  if (!absent(kyc) && typeof kyc !== 'boolean')
    return err('invalid_request', 'kyc must be true or false', 'kyc');
  return ok({ usertag: tag.value, kyc: kyc === true });
}

const SECRET = /^[A-Za-z0-9_-]{16,128}$/;

/** The OTP as six digits: a JSON integer 0..999999 or a string of up to six digits, zero-padded. */
function decodeOtp(v: unknown, field: string): Result<string> {
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 999_999) {
    return ok(String(v).padStart(6, '0'));
  }
  if (typeof v === 'string' && /^\d{1,6}$/.test(v.trim())) return ok(v.trim().padStart(6, '0'));
  return err('invalid_request', `${field} must be the six-digit code: a number or a string of digits`, field);
}

export function decodeVerify(body: Body): Result<VerifyCommand> {
  const secret = body['secret'];
  if (absent(secret) || secret === '') return err('invalid_request', 'secret is required', 'secret');
  if (typeof secret !== 'string' || !SECRET.test(secret)) {
    return err('invalid_request', 'secret must be the data.secret string from POST /api/v1/auth', 'secret');
  }
  const lower = body['otp'];
  const upper = body['OTP'];
  if (absent(lower) && absent(upper)) return err('invalid_request', 'otp is required', 'otp');
  const a = absent(lower) ? null : decodeOtp(lower, 'otp');
  const b = absent(upper) ? null : decodeOtp(upper, 'OTP');
  if (a !== null && !a.ok) return a;
  if (b !== null && !b.ok) return b;
  if (a !== null && b !== null && a.value !== b.value) {
    return err('invalid_request', 'otp and OTP differ: send the code once', 'otp');
  }
  const otp = (a ?? b) as { ok: true; value: string };
  return ok({ secret, otp: otp.value });
}

const str = { type: 'string' };
const nullableObject = (props: readonly string[]) => ({
  type: ['object', 'null'],
  properties: Object.fromEntries(props.map((p) => [p, str])),
});

export const startedSchema = envelopeOf({
  type: 'object',
  required: ['secret', 'expires_in'],
  properties: {
    secret: { type: 'string', description: 'give it to POST /api/v1/auth/verify with the OTP' },
    expires_in: { type: 'integer', description: 'seconds the secret lives' },
  },
});

export const verifiedSchema = envelopeOf({
  type: 'object',
  properties: {
    user_id: str,
    usertag: str,
    profile: { type: 'object', properties: { full_name: str, email: str, phone: str, country: str } },
    kyc_level: { type: 'integer' },
    kyc_status: str,
    is_verified: { type: 'boolean' },
    id_type: str,
    personal_kyc: nullableObject(PERSONAL_FIELDS),
    company_kyc: nullableObject(COMPANY_FIELDS),
    message: str,
  },
});
