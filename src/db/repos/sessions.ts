import type { Kysely, Selectable } from 'kysely';
import type { DB, SessionsTable } from '../schema.ts';

type Exec = Kysely<DB>;
export type SessionRow = Selectable<SessionsTable>;

export async function insertSession(
  trx: Exec,
  s: {
    accountId: bigint;
    tokenHash: string;
    nowMs: number;
    expiresAtMs: number;
    createdFrom: string;
    userAgent: string;
  },
): Promise<bigint> {
  const { id } = await trx
    .insertInto('sessions')
    .values({
      account_id: s.accountId,
      token_hash: s.tokenHash,
      created_at_ms: s.nowMs,
      last_seen_at_ms: s.nowMs,
      expires_at_ms: s.expiresAtMs,
      created_from: s.createdFrom,
      user_agent: s.userAgent,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The session with that token hash and its account's usertag, open or not. */
export const findSessionByHash = (exec: Exec, tokenHash: string) =>
  exec
    .selectFrom('sessions')
    .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
    .selectAll('sessions')
    .select('accounts.usertag')
    .where('sessions.token_hash', '=', tokenHash)
    // A disabled account's sessions are refused at once, ended or not.
    .where('accounts.disabled_at_ms', 'is', null)
    .executeTakeFirst();

export async function touchSession(trx: Exec, id: bigint, nowMs: number): Promise<void> {
  await trx
    .updateTable('sessions')
    .set({ last_seen_at_ms: nowMs })
    .where('id', '=', id)
    .where('ended_at_ms', 'is', null)
    .execute();
}

export async function endSession(trx: Exec, id: bigint, nowMs: number): Promise<void> {
  await trx
    .updateTable('sessions')
    .set({ ended_at_ms: nowMs })
    .where('id', '=', id)
    .where('ended_at_ms', 'is', null)
    .execute();
}

/** Ends every open session of the account (but `exceptId`); answers how many. */
export async function endAccountSessions(
  trx: Exec,
  accountId: bigint,
  nowMs: number,
  exceptId: bigint | null,
): Promise<number> {
  let q = trx
    .updateTable('sessions')
    .set({ ended_at_ms: nowMs })
    .where('account_id', '=', accountId)
    .where('ended_at_ms', 'is', null);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** The account's sessions that have not ended nor passed their absolute end, newest first. */
export const listOpenSessions = (exec: Exec, accountId: bigint, nowMs: number) =>
  exec
    .selectFrom('sessions')
    .select(['id', 'created_at_ms', 'last_seen_at_ms', 'expires_at_ms', 'created_from', 'user_agent'])
    .where('account_id', '=', accountId)
    .where('ended_at_ms', 'is', null)
    .where('expires_at_ms', '>', BigInt(nowMs))
    .orderBy('id', 'desc')
    .limit(50)
    .execute();

/** Deletes up to `limit` sessions whose absolute end is before `beforeMs`; answers how many. */
export async function deleteOldSessions(trx: Exec, beforeMs: number, limit: number): Promise<number> {
  const r = await trx
    .deleteFrom('sessions')
    .where(
      'id',
      'in',
      trx.selectFrom('sessions').select('id').where('expires_at_ms', '<', BigInt(beforeMs)).limit(limit),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
