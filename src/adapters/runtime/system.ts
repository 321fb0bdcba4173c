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

const randomInt53 = (): number => randomInt(1, 2 ** 48) * 32 + randomInt(0, 32);

/** Payment ids and tids count time from here (2020-01-01 UTC). */
const PAYMENT_ID_EPOCH_MS = Date.UTC(2020, 0, 1);
/** 4 ms slots in a day. */
const DAY_SLOTS = (24 * 3600 * 1000) / 4;

/**
 * Payment ids and tids that follow time, so that a new payment lands at the end of the indexes on
 * `id` and `public_id` (and of `ledger_transfers`' ids, which carry the payment id) instead of on a
 * random page of each: a send then dirties, writes and checkpoints a few pages instead of one per index.
 *
 * - id: the 4 ms slot since PAYMENT_ID_EPOCH_MS (39 bits: until 2089), then 13 random bits, then one
 *   bit that is 0 only in the process that serves the SQLite file (`servesAlone`; the instance lock
 *   makes it the only one) and 1 in every other (the `paytag` commands): the server's ids and a
 *   command's never meet. Within a process ids only grow (by at least 2), so they are unique there.
 *   A starting server continues after the newest id of the last day in the database (`continueAfter`),
 *   so a clock set back between two runs does not reuse slots. Below 2^53: safe as a JSON number. The integer id names a payment only to its own account
 *   (checkPayment, /sapi), so it need not be unguessable; it tells when the payment was made.
 * - tid: 6 base-36 digits of the second since PAYMENT_ID_EPOCH_MS (until 2089), then 10 random
 *   characters of [a-z0-9] (51.7 bits): the tid is also the hosted checkout's path, so it stays
 *   unguessable; it tells the second it was made, which its page and record show anyway.
 *
 * PostgreSQL's instances share the database with nothing to tell their processes apart, so there
 * payment ids stay random 53-bit numbers (`cryptoIds`); the tids follow time there too (their random
 * part keeps them unique).
 */
export function timeOrderedPaymentIds(now: () => number = Date.now) {
  let lastId = 0;
  let processBit = 1;
  return {
    servesAlone(): void {
      processBit = 0;
    },
    /**
     * The ids made within a day of now, either way: where a starting server looks for the newest id
     * already in the database (a clock set back between two runs would otherwise reuse slots).
     */
    recentRange(): { from: number; to: number } {
      const slot = Math.floor((now() - PAYMENT_ID_EPOCH_MS) / 4);
      return { from: Math.max(0, slot - DAY_SLOTS) * 2 ** 14, to: (slot + DAY_SLOTS) * 2 ** 14 };
    },
    /**
     * Makes every later id greater than `id` (the newest id of recentRange in the database), keeping
     * this process's parity. An id outside that range (a random id of an older version) is ignored.
     */
    continueAfter(id: number | null): void {
      const { from, to } = this.recentRange();
      if (id === null || id < from || id >= to) return;
      lastId = Math.max(lastId, id % 2 === processBit ? id : id + 1);
    },
    id(): number {
      const slot = Math.floor((now() - PAYMENT_ID_EPOCH_MS) / 4);
      const fresh = slot * 2 ** 14 + randomInt(0, 2 ** 13) * 2 + processBit;
      lastId = Math.max(fresh, lastId + 2);
      return lastId;
    },
    tid(): string {
      const seconds = Math.max(0, Math.floor((now() - PAYMENT_ID_EPOCH_MS) / 1000));
      return seconds.toString(36).padStart(6, '0').slice(-6) + randomString(LOWER, 10);
    },
  };
}

/** This process's payment ids (see timeOrderedPaymentIds). */
export const paymentIds = timeOrderedPaymentIds();

export const cryptoIds: Ids = {
  publicId: (length) => randomString(LOWER, length),
  randomInt53,
  paymentId: randomInt53,
  paymentTid: paymentIds.tid,
  hex: (bytes) => randomBytes(bytes).toString('hex'),
  alphanumeric: (length) => randomString(ALNUM, length),
};

/** SQLite's: payment ids follow time too. */
export const timeOrderedIds: Ids = { ...cryptoIds, paymentId: paymentIds.id };
