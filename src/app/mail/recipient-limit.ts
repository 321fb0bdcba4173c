import type { Kysely } from 'kysely';
import { deleteEndedMailCounts, hitMailCount } from '../../db/repos/rate-limits.ts';
import type { DB } from '../../db/schema.ts';
import type { AppError } from '../../domain/errors.ts';
import type { AppDeps } from '../deps.ts';
import { runPlainWrite } from '../write.ts';

const HOUR_MS = 3_600_000;

/**
 * Counts one e-mail under `key` in the database (`mail_counts`), in a write unit of its own, whatever
 * RATE_LIMIT_STORE says: these caps protect people's inboxes and must survive restarts and crashes, be
 * shared by every instance, and never be pushed out by other keys' traffic, as an in-process counter's
 * would.
 */
const countMail = (deps: AppDeps, key: string, nowMs: number) =>
  runPlainWrite(deps.db, (trx) => hitMailCount(trx, key, HOUR_MS, nowMs));

/** The refusal of one more e-mail to `address` once its window holds more than the cap. */
function recipientRefusal(
  address: string,
  field: string,
  limit: number,
  w: { count: number; resetAtMs: number },
  nowMs: number,
): AppError | null {
  if (w.count <= limit) return null;
  const retryAfterSec = Math.max(1, Math.ceil((w.resetAtMs - nowMs) / 1000));
  return {
    code: 'rate_limited',
    message: `${address} was sent ${limit} e-mails in the last hour, the most it gets; try again in ${retryAfterSec} s`,
    field,
    retryAfterSec,
  };
}

const recipientKey = (address: string): string => `mail-to:${address.toLowerCase()}`;

/**
 * Counts one e-mail asked for `address` and answers why it must not be sent, or null. Across every
 * account, an address receives at most MAIL_PER_RECIPIENT_PER_HOUR e-mails an hour, so no key can make
 * the service flood an inbox. Call it before the write unit that queues the e-mail (it counts in a unit
 * of its own, in the database); off with the other rate limits.
 */
async function mailToRecipientRefusal(
  deps: AppDeps,
  address: string,
  field: string,
): Promise<AppError | null> {
  if (!deps.config.rateLimit.enabled) return null;
  return runPlainWrite(deps.db, (trx) => mailToRecipientRefusalIn(trx, deps, address, field));
}

/**
 * The same count as `mailToRecipientRefusal`, in the caller's write unit `trx`: for an e-mail queued in
 * that unit, where a unit of its own would be one more write (and, for a verification code, a difference
 * in timing between a usertag that gets the e-mail and one that does not). The count stays when the unit
 * goes on without queueing the e-mail; it is undone only if the unit rolls back.
 */
export async function mailToRecipientRefusalIn(
  trx: Kysely<DB>,
  deps: AppDeps,
  address: string,
  field: string,
): Promise<AppError | null> {
  const { enabled, mailPerRecipientPerHour: limit } = deps.config.rateLimit;
  if (!enabled) return null;
  const nowMs = deps.clock.nowMs();
  const w = await hitMailCount(trx, recipientKey(address), HOUR_MS, nowMs);
  return recipientRefusal(address, field, limit, w, nowMs);
}

/**
 * Counts one e-mail an account asks to send to `address` and answers why it must not be sent, or null:
 * an account has at most MAIL_PER_ACCOUNT_PER_HOUR e-mails sent an hour (so a key cannot use the service
 * as a mail relay), and the address gets at most MAIL_PER_RECIPIENT_PER_HOUR, whoever asks. Call it
 * before the write unit that queues the e-mail; off with the other rate limits.
 */
export async function mailRefusal(
  deps: AppDeps,
  accountId: bigint,
  address: string,
  field: string,
): Promise<AppError | null> {
  const { enabled, mailPerAccountPerHour: limit } = deps.config.rateLimit;
  if (!enabled) return null;
  const nowMs = deps.clock.nowMs();
  const w = await countMail(deps, `mail-from:${accountId}`, nowMs);
  if (w.count > limit) {
    const retryAfterSec = Math.max(1, Math.ceil((w.resetAtMs - nowMs) / 1000));
    return {
      code: 'rate_limited',
      message: `this account had ${limit} e-mails sent in the last hour, the most it may; try again in ${retryAfterSec} s`,
      field,
      retryAfterSec,
    };
  }
  return mailToRecipientRefusal(deps, address, field);
}

/**
 * The same counts as `mailRefusal` (the account's, then the address's), in the caller's write unit
 * `trx`: for an e-mail queued in that unit later than the request that asked for it (an order's receipt
 * when the order executes). Undone with the unit.
 */
export async function mailRefusalIn(
  trx: Kysely<DB>,
  deps: AppDeps,
  accountId: bigint,
  address: string,
  field: string,
): Promise<AppError | null> {
  const { enabled, mailPerAccountPerHour: limit } = deps.config.rateLimit;
  if (!enabled) return null;
  const nowMs = deps.clock.nowMs();
  const w = await hitMailCount(trx, `mail-from:${accountId}`, HOUR_MS, nowMs);
  if (w.count > limit) {
    return {
      code: 'rate_limited',
      message: `this account had ${limit} e-mails sent in the last hour, the most it may`,
      field,
    };
  }
  return mailToRecipientRefusalIn(trx, deps, address, field);
}

/** E-mail count windows that ended, deleted at most per sweep (one write unit). */
export const MAIL_COUNTS_SWEEP_LIMIT = 5000;

/** Deletes e-mail count windows that ended before `nowMs`, at most MAIL_COUNTS_SWEEP_LIMIT; answers how many. */
export function sweepMailCounts(deps: AppDeps, nowMs: number): Promise<number> {
  return runPlainWrite(deps.db, (trx) => deleteEndedMailCounts(trx, nowMs, MAIL_COUNTS_SWEEP_LIMIT));
}
