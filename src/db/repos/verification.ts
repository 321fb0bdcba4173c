import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { DB, KycConsentsTable, VerificationRequestsTable } from '../schema.ts';

/** Query module of verification requests and KYC consents. Functions taking `trx` run in the caller's unit. */

type Exec = Kysely<DB>;
export type VerificationRequestRow = Selectable<VerificationRequestsTable>;
export type KycConsentRow = Selectable<KycConsentsTable>;

export async function insertVerificationRequest(
  trx: Exec,
  row: Insertable<VerificationRequestsTable>,
): Promise<bigint> {
  const { id } = await trx
    .insertInto('verification_requests')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export const findRequestBySecretHash = (exec: Exec, hash: string) =>
  exec.selectFrom('verification_requests').selectAll().where('secret_hash', '=', hash).executeTakeFirst();

export const findRequestByConsentHash = (exec: Exec, hash: string) =>
  exec
    .selectFrom('verification_requests')
    .selectAll()
    .where('consent_token_hash', '=', hash)
    .executeTakeFirst();

/**
 * Takes one code comparison of the request before the code is compared: counts it as a wrong code unless
 * `limit` were counted already or the request was used, in one conditional statement. Concurrent tries
 * of one secret queue on its row, and PostgreSQL checks the condition again on the row as the try before
 * left it, so no more than `limit` comparisons are ever taken. Answers whether this call took one.
 */
export async function takeOtpAttempt(trx: Exec, id: bigint, limit: number): Promise<boolean> {
  const r = await trx
    .updateTable('verification_requests')
    .set({ failed_attempts: sql<bigint>`failed_attempts + 1` })
    .where('id', '=', id)
    .where('used_at_ms', 'is', null)
    .where('failed_attempts', '<', BigInt(limit))
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

/**
 * Marks the request used after its right code, unless it already was, and gives back the attempt
 * `takeOtpAttempt` counted for it (the count is of wrong codes); answers whether this call did.
 */
export async function markRequestUsed(trx: Exec, id: bigint, nowMs: number): Promise<boolean> {
  const r = await trx
    .updateTable('verification_requests')
    .set({ used_at_ms: nowMs, failed_attempts: sql<bigint>`failed_attempts - 1` })
    .where('id', '=', id)
    .where('used_at_ms', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

/** Records the consent decision unless one was recorded; answers whether this call did. */
export async function decideConsent(
  trx: Exec,
  id: bigint,
  decision: 'approved' | 'declined',
): Promise<boolean> {
  const r = await trx
    .updateTable('verification_requests')
    .set({ consent: decision, consent_token_hash: null })
    .where('id', '=', id)
    .where('consent', '=', 'none')
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

export async function insertConsent(trx: Exec, row: Insertable<KycConsentsTable>): Promise<bigint> {
  const { id } = await trx.insertInto('kyc_consents').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export const findConsentOfRequest = (exec: Exec, requestId: bigint) =>
  exec.selectFrom('kyc_consents').selectAll().where('request_id', '=', requestId).executeTakeFirst();

export const listConsents = (exec: Exec, accountId: bigint) =>
  exec
    .selectFrom('kyc_consents')
    .innerJoin('accounts', 'accounts.id', 'kyc_consents.app_account_id')
    .select([
      'kyc_consents.id',
      'kyc_consents.decision',
      'kyc_consents.fields',
      'kyc_consents.decided_at_ms',
      'kyc_consents.revoked_at_ms',
      'accounts.usertag as app_usertag',
    ])
    .where('kyc_consents.account_id', '=', accountId)
    .orderBy('kyc_consents.id')
    .execute();

/** Revokes an approval of the account; answers whether one was revoked. */
export async function revokeConsent(
  trx: Exec,
  accountId: bigint,
  id: bigint,
  nowMs: number,
): Promise<boolean> {
  const r = await trx
    .updateTable('kyc_consents')
    .set({ revoked_at_ms: nowMs })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('revoked_at_ms', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

/**
 * The account's completed verifications, newest first (index verification_requests_account_used),
 * with the application's usertag and the KYC decision of each, if any.
 */
export const listAccountVerifications = (exec: Exec, accountId: bigint, limit: number) =>
  exec
    .selectFrom('verification_requests as r')
    .innerJoin('accounts as app', 'app.id', 'r.app_account_id')
    .leftJoin('kyc_consents as k', 'k.request_id', 'r.id')
    .selectAll('r')
    .select(['app.usertag as app_usertag', 'k.id as consent_id', 'k.revoked_at_ms as consent_revoked_at_ms'])
    .where('r.account_id', '=', accountId)
    .where('r.used_at_ms', 'is not', null)
    .orderBy('r.used_at_ms', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
