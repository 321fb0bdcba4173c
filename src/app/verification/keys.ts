import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { getKv, putKv } from '../../db/repos/kv.ts';
import type { AppDeps } from '../deps.ts';

const KV_KEY = 'verification.hmac_key';

/** The HMAC server key per database (one service may open several in tests), loaded once. */
const cache = new WeakMap<object, Promise<Buffer>>();

/**
 * The server key of the verification HMACs: VERIFY_HMAC_KEY when set, else a random 256-bit key made
 * once and kept in the database (so it survives restarts and is shared by every instance).
 */
export function hmacKey(deps: AppDeps): Promise<Buffer> {
  const configured = deps.config.verification.hmacKey;
  if (configured !== null) return Promise.resolve(Buffer.from(configured, 'utf8'));
  let k = cache.get(deps.db);
  if (k === undefined) {
    k = loadOrMake(deps);
    cache.set(deps.db, k);
    k.catch(() => cache.delete(deps.db));
  }
  return k;
}

async function loadOrMake(deps: AppDeps): Promise<Buffer> {
  const stored = await getKv(deps.db.read, KV_KEY);
  if (stored !== undefined) return Buffer.from(stored, 'base64');
  const fresh = randomBytes(32).toString('base64');
  // Two instances racing: the first write wins, both read it back.
  await deps.db.write(async (trx) => {
    if ((await getKv(trx, KV_KEY)) === undefined) await putKv(trx, KV_KEY, fresh, deps.clock.nowMs());
  });
  const kept = await getKv(deps.db.read, KV_KEY);
  return Buffer.from(kept ?? fresh, 'base64');
}

/** Keyed hash (HMAC-SHA-256, hex) of a secret value under a purpose label. */
export const keyedHash = (key: Buffer, purpose: string, value: string): string =>
  createHmac('sha256', key).update(`${purpose}\u0000${value}`).digest('hex');

/** Constant-time equality of two hex hashes. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A URL-safe random token of 192 bits (32 base64url characters), from the CSPRNG. */
export const randomToken = (): string => randomBytes(24).toString('base64url');

/** Six decimal digits, uniform over 000000..999999 (leading zeros kept), from the CSPRNG. */
export const randomOtp = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');
