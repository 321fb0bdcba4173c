import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { KeyKind } from '../../domain/api-keys.ts';
import { prepare } from '../prepared.ts';
import type { AccountsTable, DB } from '../schema.ts';
import type { Database } from '../types.ts';

type Exec = Kysely<DB>;
export type AccountRow = Selectable<AccountsTable>;
export type NewAccount = Insertable<AccountsTable>;

// Prepared: every payment to a usertag reads its account inside the payment's write unit.
const accountByUsertag = prepare<{ usertag: string }, AccountRow>((db, p) =>
  db.selectFrom('accounts').selectAll().where('usertag', '=', p('usertag')),
);

export const findAccountByUsertag = (exec: Exec, usertag: string): Promise<AccountRow | undefined> =>
  accountByUsertag.first(exec, { usertag });

// The receiver of a send reads only these, by a named statement (a `*` stays unnamed on PostgreSQL and
// is parsed and planned on every call).
const payeeByUsertag = prepare<{ usertag: string }, Pick<AccountRow, 'id' | 'usertag' | 'disabled_at_ms'>>(
  (db, p) =>
    db.selectFrom('accounts').select(['id', 'usertag', 'disabled_at_ms']).where('usertag', '=', p('usertag')),
);

/** The account a payment to `usertag` goes to: its id, usertag and whether it is disabled. */
export const findPayeeByUsertag = (
  exec: Exec,
  usertag: string,
): Promise<Pick<AccountRow, 'id' | 'usertag' | 'disabled_at_ms'> | undefined> =>
  payeeByUsertag.first(exec, { usertag });

export const findAccountById = (exec: Exec, id: bigint): Promise<AccountRow | undefined> =>
  exec.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();

export const findAccountIdByEmail = async (exec: Exec, email: string): Promise<bigint | undefined> =>
  (await exec.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirst())?.id;

export const listAccounts = (exec: Exec, limit: number, afterId: bigint): Promise<AccountRow[]> =>
  exec.selectFrom('accounts').selectAll().where('id', '>', afterId).orderBy('id').limit(limit).execute();

/** `%`, `_` and the escape itself taken literally in a LIKE pattern. */
const likePrefix = (s: string): string => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Accounts whose usertag or e-mail starts with `prefix` (every account when it is empty; both are stored
 * lower-case), oldest first, after `afterId`: keyset paged, so a page costs the same however deep it is.
 */
export function searchAccountsByPrefix(
  exec: Exec,
  prefix: string,
  afterId: bigint | undefined,
  limit: number,
): Promise<AccountRow[]> {
  let query = exec.selectFrom('accounts').selectAll();
  if (prefix !== '') {
    const pattern = likePrefix(prefix);
    // SQLite's LIKE has no escape character unless one is named.
    query = query.where(
      sql<boolean>`(usertag LIKE ${pattern} ESCAPE '\\' OR email LIKE ${pattern} ESCAPE '\\')`,
    );
  }
  if (afterId !== undefined) query = query.where('id', '>', afterId);
  return query.orderBy('id').limit(limit).execute();
}

/**
 * Disables an account (`disabled_at_ms`, with the reason); false when it was disabled already. Every key,
 * credential and token lookup reads the flag, so the refusal holds from the commit on.
 */
export async function markAccountDisabled(
  trx: Exec,
  accountId: bigint,
  reason: string,
  nowMs: number,
): Promise<boolean> {
  const updated = await trx
    .updateTable('accounts')
    .set({ disabled_at_ms: nowMs, disabled_reason: reason })
    .where('id', '=', accountId)
    .where('disabled_at_ms', 'is', null)
    .executeTakeFirst();
  return updated.numUpdatedRows === 1n;
}

/** Enables a disabled account again; false when it was not disabled. */
export async function markAccountEnabled(trx: Exec, accountId: bigint): Promise<boolean> {
  const updated = await trx
    .updateTable('accounts')
    .set({ disabled_at_ms: null, disabled_reason: null })
    .where('id', '=', accountId)
    .where('disabled_at_ms', 'is not', null)
    .executeTakeFirst();
  return updated.numUpdatedRows === 1n;
}

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
  /** The account was disabled by an operator: the key is refused. Read with the key. */
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

/**
 * The active key with this hash and its account. Through the database's key cache where it has one
 * (SQLite: every commit that changes a key or an account drops it first, see sqlite/key-cache.ts);
 * only keys found are cached.
 */
export async function findActiveKey(db: Database, keyHash: string): Promise<KeyOwner | undefined> {
  const cache = db.keyCache;
  const cached = cache?.get(keyHash) as KeyOwner | undefined;
  if (cached !== undefined) return cached;
  const generation = cache?.generation() ?? 0;
  const row = await activeKeyByHash.first(db.read, { hash: keyHash });
  if (row === undefined) return undefined;
  const owner: KeyOwner = Object.freeze({
    accountId: row.account_id,
    usertag: row.usertag,
    kind: row.kind,
    disabled: row.disabled_at_ms !== null,
  });
  cache?.set(keyHash, generation, owner);
  return owner;
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

/** The account's newest keys (active and revoked), newest first: kind, hint and times, never the hash. */
export const listKeyHints = (exec: Exec, accountId: bigint, limit: number) =>
  exec
    .selectFrom('api_keys')
    .select(['kind', 'key_hint', 'created_at_ms', 'revoked_at_ms'])
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

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
