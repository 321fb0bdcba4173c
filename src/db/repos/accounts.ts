import type { Insertable, Kysely, Selectable } from 'kysely';
import type { KeyKind } from '../../domain/api-keys.ts';
import { prepare } from '../prepared.ts';
import type { AccountsTable, DB } from '../schema.ts';

type Exec = Kysely<DB>;
export type AccountRow = Selectable<AccountsTable>;
export type NewAccount = Insertable<AccountsTable>;

// Prepared: every payment to a usertag reads its account inside the payment's write unit.
const accountByUsertag = prepare<{ usertag: string }, AccountRow>((db, p) =>
  db.selectFrom('accounts').selectAll().where('usertag', '=', p('usertag')),
);

export const findAccountByUsertag = (exec: Exec, usertag: string): Promise<AccountRow | undefined> =>
  accountByUsertag.first(exec, { usertag });

export const findAccountById = (exec: Exec, id: bigint): Promise<AccountRow | undefined> =>
  exec.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();

export const findAccountIdByEmail = async (exec: Exec, email: string): Promise<bigint | undefined> =>
  (await exec.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirst())?.id;

export const listAccounts = (exec: Exec, limit: number, afterId: bigint): Promise<AccountRow[]> =>
  exec.selectFrom('accounts').selectAll().where('id', '>', afterId).orderBy('id').limit(limit).execute();

/** Inserts an account; answers its id. */
export async function insertAccount(trx: Exec, account: NewAccount): Promise<bigint> {
  const { id } = await trx.insertInto('accounts').values(account).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Sets the password hash of the account with that usertag. False when there is no such account. */
export async function setPasswordHash(trx: Exec, usertag: string, hash: string): Promise<boolean> {
  const r = await trx
    .updateTable('accounts')
    .set({ password_hash: hash })
    .where('usertag', '=', usertag)
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

export type WebhookSecretsRow = Pick<
  AccountRow,
  'id' | 'webhook_secret' | 'webhook_secret_previous' | 'webhook_secret_previous_until_ms'
>;

/** The webhook secret columns of those accounts (each once); accounts without a row are absent. */
export async function listWebhookSecrets(
  exec: Exec,
  accountIds: readonly bigint[],
): Promise<WebhookSecretsRow[]> {
  if (accountIds.length === 0) return [];
  return exec
    .selectFrom('accounts')
    .select(['id', 'webhook_secret', 'webhook_secret_previous', 'webhook_secret_previous_until_ms'])
    .where('id', 'in', [...new Set(accountIds)])
    .execute();
}

/** Sets the account's webhook secret; `previous` keeps signing alongside until `previousUntilMs`. */
export async function setWebhookSecret(
  trx: Exec,
  accountId: bigint,
  s: { secret: string; previous: string; previousUntilMs: number },
): Promise<void> {
  await trx
    .updateTable('accounts')
    .set({
      webhook_secret: s.secret,
      webhook_secret_previous: s.previous,
      webhook_secret_previous_until_ms: s.previousUntilMs,
    })
    .where('id', '=', accountId)
    .execute();
}

export interface KeyOwner {
  accountId: bigint;
  usertag: string;
  kind: KeyKind;
  /** The account was disabled by an operator: the key is refused. Read with the key, never cached. */
  disabled: boolean;
}

const activeKeyByHash = prepare<
  { hash: string },
  { account_id: bigint; kind: KeyKind; usertag: string; disabled_at_ms: bigint | null }
>((db, p) =>
  db
    .selectFrom('api_keys')
    .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
    .select(['api_keys.account_id', 'api_keys.kind', 'accounts.usertag', 'accounts.disabled_at_ms'])
    .where('api_keys.key_hash', '=', p('hash'))
    .where('api_keys.revoked_at_ms', 'is', null),
);

export async function findActiveKey(exec: Exec, keyHash: string): Promise<KeyOwner | undefined> {
  const row = await activeKeyByHash.first(exec, { hash: keyHash });
  return (
    row && {
      accountId: row.account_id,
      usertag: row.usertag,
      kind: row.kind,
      disabled: row.disabled_at_ms !== null,
    }
  );
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
