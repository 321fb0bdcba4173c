import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { isPostgres } from '../dialect.ts';
import type { AccountsTable, DB, KycHistoryTable } from '../schema.ts';
import type { AccountRow } from './accounts.ts';

/**
 * Query module of an account's profile and KYC data (its `accounts` columns) and of `kyc_history`, the
 * record of every change and review. `trx`: inside the caller's write unit.
 */

type Exec = Kysely<DB>;
export type KycHistoryRow = Selectable<KycHistoryTable>;

/** The account columns a profile change, a KYC submission or a review sets. */
export type KycColumns = Pick<
  Updateable<AccountsTable>,
  | 'full_name'
  | 'phone'
  | 'country'
  | 'id_type'
  | 'personal_kyc'
  | 'company_kyc'
  | 'kyc_status'
  | 'kyc_level'
  | 'is_verified'
>;

/**
 * On PostgreSQL, locks the account's row for the rest of the unit (FOR UPDATE), so changes and reviews of
 * one account run one after the other. SQLite: one writer, nothing to do.
 */
export async function lockAccountByUsertag(trx: Exec, usertag: string): Promise<void> {
  if (!isPostgres(trx)) return;
  await trx.selectFrom('accounts').select('id').where('usertag', '=', usertag).forUpdate().execute();
}

/** Sets the account's profile and KYC columns. */
export async function setKycColumns(trx: Exec, accountId: bigint, values: KycColumns): Promise<void> {
  await trx.updateTable('accounts').set(values).where('id', '=', accountId).execute();
}

/** The id of the account's newest KYC history entry; 0 when it has none. */
export async function lastKycHistoryId(exec: Exec, accountId: bigint): Promise<bigint> {
  const last = await exec
    .selectFrom('kyc_history')
    .select('id')
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last?.id ?? 0n;
}

export async function insertKycHistory(trx: Exec, row: Insertable<KycHistoryTable>): Promise<void> {
  await trx.insertInto('kyc_history').values(row).execute();
}

/** The account's KYC history, oldest first; only the `last` newest entries when given. */
export async function listKycHistory(exec: Exec, accountId: bigint, last?: number): Promise<KycHistoryRow[]> {
  let query = exec.selectFrom('kyc_history').selectAll().where('account_id', '=', accountId);
  if (last !== undefined) query = query.orderBy('id', 'desc').limit(last);
  else query = query.orderBy('id');
  const rows = await query.execute();
  if (last !== undefined) rows.reverse();
  return rows;
}

/** Accounts whose KYC submission waits for review (status `pending`), oldest account first, after `afterId`. */
export function listPendingKyc(
  exec: Exec,
  afterId: bigint | undefined,
  limit: number,
): Promise<AccountRow[]> {
  let query = exec.selectFrom('accounts').selectAll().where('kyc_status', '=', 'pending');
  if (afterId !== undefined) query = query.where('id', '>', afterId);
  return query.orderBy('id').limit(limit).execute();
}
