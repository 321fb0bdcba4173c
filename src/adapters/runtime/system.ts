import { randomBytes, randomInt } from 'node:crypto';
import type { Clock, Ids } from '../../app/ports.ts';

export const systemClock: Clock = { nowMs: () => Date.now() };

const LOWER = 'abcdefghijklmnopqrstuvwxyz0123456789';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Uniform characters from `alphabet` by rejection sampling (no modulo bias). */
function randomString(alphabet: string, length: number): string {
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < limit) out += alphabet[b % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}

export const cryptoIds: Ids = {
  publicId: (length) => randomString(LOWER, length),
  randomInt53: () => randomInt(1, 2 ** 48) * 32 + randomInt(0, 32),
  hex: (bytes) => randomBytes(bytes).toString('hex'),
  alphanumeric: (length) => randomString(ALNUM, length),
};
