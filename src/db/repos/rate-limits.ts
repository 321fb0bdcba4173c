import { type Kysely, sql } from 'kysely';
import type { DB } from '../schema.ts';

type Exec = Kysely<DB>;

/**
 * The tables of fixed-window counts: `rate_limits` (request limits; UNLOGGED on PostgreSQL) and
 * `mail_counts` (e-mail caps, a durable table of their own). Both have the same columns.
 */
type WindowTable = 'rate_limits' | 'mail_counts';

/**
 * Counts one hit on `key` in a fixed window of `windowMs` that starts with the key's first hit, in one
 * statement, so concurrent hits from any number of instances are all counted. A window that has ended
 * starts over. Answers the hits of the current window, this one included, and when it ends.
 */
async function hitWindow(
  exec: Exec,
  table: WindowTable,
  key: string,
  windowMs: number,
  nowMs: number,
): Promise<{ count: number; resetAtMs: number }> {
  const resetAt = nowMs + windowMs;
  const ended = sql`${sql.ref(`${table}.reset_at_ms`)} <= ${nowMs}`;
  const row = await exec
    .insertInto(table)
    .values({ key, count: 1, reset_at_ms: resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when ${ended} then 1 else ${sql.ref(`${table}.count`)} + 1 end`,
        reset_at_ms: sql`case when ${ended} then ${resetAt} else ${sql.ref(`${table}.reset_at_ms`)} end`,
      }),
    )
    .returning(['count', 'reset_at_ms'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), resetAtMs: Number(row.reset_at_ms) };
}

/** Deletes up to `limit` windows of `table` that ended before `nowMs`; answers how many. */
async function deleteEndedWindows(
  exec: Exec,
  table: WindowTable,
  nowMs: number,
  limit: number,
): Promise<number> {
  const r = await exec
    .deleteFrom(table)
    .where(
      'key',
      'in',
      exec.selectFrom(table).select('key').where('reset_at_ms', '<', BigInt(nowMs)).limit(limit),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** A request-limit hit (see hitWindow). */
export const hitRateLimit = (exec: Exec, key: string, windowMs: number, nowMs: number) =>
  hitWindow(exec, 'rate_limits', key, windowMs, nowMs);

/** Takes back one hit of `key`'s current window (a right password confirmation costs nothing). */
export async function giveBackRateLimitHit(exec: Exec, key: string): Promise<void> {
  await exec
    .updateTable('rate_limits')
    .set({ count: sql`count - 1` })
    .where('key', '=', key)
    .where('count', '>', 0n)
    .execute();
}

export const deleteEndedRateLimits = (exec: Exec, nowMs: number, limit: number) =>
  deleteEndedWindows(exec, 'rate_limits', nowMs, limit);

/** One e-mail counted under `key` (a recipient or an issuing account; see hitWindow). */
export const hitMailCount = (exec: Exec, key: string, windowMs: number, nowMs: number) =>
  hitWindow(exec, 'mail_counts', key, windowMs, nowMs);

export const deleteEndedMailCounts = (exec: Exec, nowMs: number, limit: number) =>
  deleteEndedWindows(exec, 'mail_counts', nowMs, limit);
