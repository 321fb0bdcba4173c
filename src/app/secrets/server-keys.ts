import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { getKv, putKv } from '../../db/repos/kv.ts';
import type { AppDeps } from '../deps.ts';
import { runPlainWrite } from '../write.ts';

/** Loaded server keys, per database (one process may open several in tests) and name. */
const cache = new WeakMap<object, Map<string, Promise<Buffer>>>();

/**
 * A server key: `configured` when the operator set one, else a random 256-bit key made once and kept
 * in the database under `kvKey` (so it survives restarts and every instance shares it).
 */
export function serverKey(deps: AppDeps, kvKey: string, configured: string | null): Promise<Buffer> {
  if (configured !== null) return Promise.resolve(Buffer.from(configured, 'utf8'));
  let byName = cache.get(deps.db);
  if (byName === undefined) {
    byName = new Map();
    cache.set(deps.db, byName);
  }
  let k = byName.get(kvKey);
  if (k === undefined) {
    const loading = loadOrMake(deps, kvKey);
    byName.set(kvKey, loading);
    loading.catch(() => byName.delete(kvKey));
    k = loading;
  }
  return k;
}

async function loadOrMake(deps: AppDeps, kvKey: string): Promise<Buffer> {
  const stored = await getKv(deps.db.read, kvKey);
  if (stored !== undefined) return Buffer.from(stored, 'base64');
  const fresh = randomBytes(32).toString('base64');
  // Two instances racing: the first write wins, both read it back.
  await runPlainWrite(deps.db, async (trx) => {
    if ((await getKv(trx, kvKey)) === undefined) await putKv(trx, kvKey, fresh, deps.clock.nowMs());
  });
  const kept = await getKv(deps.db.read, kvKey);
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
