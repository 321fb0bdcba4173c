import { randomBytes, randomInt } from 'node:crypto';
import type { AppDeps } from '../deps.ts';
import { serverKey } from '../secrets/server-keys.ts';

export { keyedHash, sameHash } from '../secrets/server-keys.ts';

/**
 * The server key of the verification HMACs: VERIFY_HMAC_KEY when set, else a random 256-bit key made
 * once and kept in the database (so it survives restarts and is shared by every instance).
 */
export const hmacKey = (deps: AppDeps): Promise<Buffer> =>
  serverKey(deps, 'verification.hmac_key', deps.config.verification.hmacKey);

/** A URL-safe random token of 192 bits (32 base64url characters), from the CSPRNG. */
export const randomToken = (): string => randomBytes(24).toString('base64url');

/** Six decimal digits, uniform over 000000..999999 (leading zeros kept), from the CSPRNG. */
export const randomOtp = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');
