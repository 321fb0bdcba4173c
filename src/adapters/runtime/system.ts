import { randomBytes, randomInt } from 'node:crypto';
import type { Clock, Ids } from '../../app/ports.ts';

export const systemClock: Clock = { nowMs: () => Date.now() };

const LOWER = 'abcdefghijklmnopqrstuvwxyz0123456789';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

// Random bytes are drawn from the CSPRNG in blocks: one call per id costs more than the id itself.
const POOL_BYTES = 4096;
let pool = randomBytes(POOL_BYTES);
let poolAt = 0;

function randomByte(): number {
  if (poolAt === POOL_BYTES) {
    pool = randomBytes(POOL_BYTES);
    poolAt = 0;
  }
  return pool[poolAt++]!;
}

/** Uniform characters from `alphabet` by rejection sampling (no modulo bias). */
function randomString(alphabet: string, length: number): string {
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    const b = randomByte();
    if (b < limit) out += alphabet[b % alphabet.length];
  }
  return out;
}

export const cryptoIds: Ids = {
  publicId: (length) => randomString(LOWER, length),
  randomInt53: () => randomInt(1, 2 ** 48) * 32 + randomInt(0, 32),
  hex: (bytes) => randomBytes(bytes).toString('hex'),
  alphanumeric: (length) => randomString(ALNUM, length),
};
