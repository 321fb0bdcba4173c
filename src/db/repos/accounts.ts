import type { Kysely, Selectable } from 'kysely';
import type { KeyKind } from '../../domain/api-keys.ts';
import { prepare } from '../prepared.ts';
import type { AccountsTable, DB } from '../schema.ts';

type Exec = Kysely<DB>;
export type AccountRow = Selectable<AccountsTable>;

export const findAccountByUsertag = (exec: Exec, usertag: string): Promise<AccountRow | undefined> =>
  exec.selectFrom('accounts').selectAll().where('usertag', '=', usertag).executeTakeFirst();

export const findAccountById = (exec: Exec, id: bigint): Promise<AccountRow | undefined> =>
  exec.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();

export const findAccountIdByEmail = async (exec: Exec, email: string): Promise<bigint | undefined> =>
  (await exec.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirst())?.id;

export const listAccounts = (exec: Exec, limit: number, afterId: bigint): Promise<AccountRow[]> =>
  exec.selectFrom('accounts').selectAll().where('id', '>', afterId).orderBy('id').limit(limit).execute();

export interface KeyOwner {
  accountId: bigint;
  usertag: string;
  kind: KeyKind;
}

const activeKeyByHash = prepare<{ hash: string }, { account_id: bigint; kind: KeyKind; usertag: string }>(
  (db, p) =>
    db
      .selectFrom('api_keys')
      .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
      .select(['api_keys.account_id', 'api_keys.kind', 'accounts.usertag'])
      .where('api_keys.key_hash', '=', p('hash'))
      .where('api_keys.revoked_at_ms', 'is', null),
);

export async function findActiveKey(exec: Exec, keyHash: string): Promise<KeyOwner | undefined> {
  const row = await activeKeyByHash.first(exec, { hash: keyHash });
  return row && { accountId: row.account_id, usertag: row.usertag, kind: row.kind };
}

export async function insertKey(
  exec: Exec,
  k: { accountId: bigint; kind: KeyKind; keyHash: string; hint: string; nowMs: number },
): Promise<void> {
  await exec
    .insertInto('api_keys')
    .values({
      account_id: k.accountId,
      kind: k.kind,
      key_hash: k.keyHash,
      key_hint: k.hint,
      created_at_ms: k.nowMs,
    })
    .execute();
}

export async function revokeActiveKey(
  exec: Exec,
  accountId: bigint,
  kind: KeyKind,
  nowMs: number,
): Promise<void> {
  await exec
    .updateTable('api_keys')
    .set({ revoked_at_ms: nowMs })
    .where('account_id', '=', accountId)
    .where('kind', '=', kind)
    .where('revoked_at_ms', 'is', null)
    .execute();
}
