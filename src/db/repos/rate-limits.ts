import { type Kysely, sql } from 'kysely';
import type { DB } from '../schema.ts';

type Exec = Kysely<DB>;

/**
 * Counts one hit on `key` in a fixed window of `windowMs` that starts with the key's first hit, in one
 * statement, so concurrent hits from any number of instances are all counted. A window that has ended
 * starts over. Answers the hits of the current window, this one included, and when it ends.
 */
export async function hitRateLimit(
  exec: Exec,
  key: string,
  windowMs: number,
  nowMs: number,
): Promise<{ count: number; resetAtMs: number }> {
  const resetAt = nowMs + windowMs;
  const row = await exec
    .insertInto('rate_limits')
    .values({ key, count: 1, reset_at_ms: resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when rate_limits.reset_at_ms <= ${nowMs} then 1 else rate_limits.count + 1 end`,
        reset_at_ms: sql`case when rate_limits.reset_at_ms <= ${nowMs} then ${resetAt} else rate_limits.reset_at_ms end`,
      }),
    )
    .returning(['count', 'reset_at_ms'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), resetAtMs: Number(row.reset_at_ms) };
}

/** Deletes up to `limit` windows that ended before `nowMs`; answers how many. */
export async function deleteEndedRateLimits(exec: Exec, nowMs: number, limit: number): Promise<number> {
  const r = await exec
    .deleteFrom('rate_limits')
    .where(
      'key',
      'in',
      exec.selectFrom('rate_limits').select('key').where('reset_at_ms', '<', BigInt(nowMs)).limit(limit),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

// E-mail caps: the same fixed windows in `mail_counts`, a durable table of their own.

/**
 * Counts one e-mail under `key` (a recipient or an issuing account) in a fixed window of `windowMs` that
 * starts with the key's first e-mail, in one statement, so concurrent requests on any number of instances
 * are all counted. Answers the count of the current window, this one included, and when it ends.
 */
export async function hitMailCount(
  exec: Exec,
  key: string,
  windowMs: number,
  nowMs: number,
): Promise<{ count: number; resetAtMs: number }> {
  const resetAt = nowMs + windowMs;
  const row = await exec
    .insertInto('mail_counts')
    .values({ key, count: 1, reset_at_ms: resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when mail_counts.reset_at_ms <= ${nowMs} then 1 else mail_counts.count + 1 end`,
        reset_at_ms: sql`case when mail_counts.reset_at_ms <= ${nowMs} then ${resetAt} else mail_counts.reset_at_ms end`,
      }),
    )
    .returning(['count', 'reset_at_ms'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), resetAtMs: Number(row.reset_at_ms) };
}

/** Deletes up to `limit` e-mail count windows that ended before `nowMs`; answers how many. */
export async function deleteEndedMailCounts(exec: Exec, nowMs: number, limit: number): Promise<number> {
  const r = await exec
    .deleteFrom('mail_counts')
    .where(
      'key',
      'in',
      exec.selectFrom('mail_counts').select('key').where('reset_at_ms', '<', BigInt(nowMs)).limit(limit),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
