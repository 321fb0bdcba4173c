import type { Kysely } from 'kysely';
import type { KeyKind } from '../../domain/api-keys.ts';
import type { DB } from '../schema.ts';

type Exec = Kysely<DB>;

export type LndhubTokenKind = 'access' | 'refresh';

/** An active API key of an enabled or disabled account, with its row id (what tokens are bound to). */
export interface KeyRow {
  keyId: bigint;
  keyHash: string;
  accountId: bigint;
  usertag: string;
  kind: KeyKind;
  disabled: boolean;
}

/** The active (not revoked) key with that hash, its row id and its account. */
export async function findActiveKeyRow(exec: Exec, keyHash: string): Promise<KeyRow | undefined> {
  const row = await exec
    .selectFrom('api_keys')
    .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
    .select([
      'api_keys.id',
      'api_keys.key_hash',
      'api_keys.account_id',
      'api_keys.kind',
      'accounts.usertag',
      'accounts.disabled_at_ms',
    ])
    .where('api_keys.key_hash', '=', keyHash)
    .where('api_keys.revoked_at_ms', 'is', null)
    .executeTakeFirst();
  return (
    row && {
      keyId: row.id,
      keyHash: row.key_hash,
      accountId: row.account_id,
      usertag: row.usertag,
      kind: row.kind,
      disabled: row.disabled_at_ms !== null,
    }
  );
}

export async function insertLndhubToken(
  trx: Exec,
  t: {
    apiKeyId: bigint;
    kind: LndhubTokenKind;
    scope: KeyKind;
    tokenHash: string;
    nowMs: number;
    expiresAtMs: number;
  },
): Promise<void> {
  await trx
    .insertInto('lndhub_tokens')
    .values({
      api_key_id: t.apiKeyId,
      kind: t.kind,
      scope: t.scope,
      token_hash: t.tokenHash,
      created_at_ms: t.nowMs,
      expires_at_ms: t.expiresAtMs,
    })
    .execute();
}

/**
 * The token with that hash and kind, with its key and account, only while the key is active (not revoked
 * or rotated): a revoked key's tokens are not found. Expiry and the account's state are the caller's.
 */
export async function findLndhubToken(exec: Exec, tokenHash: string, kind: LndhubTokenKind) {
  const row = await exec
    .selectFrom('lndhub_tokens')
    .innerJoin('api_keys', 'api_keys.id', 'lndhub_tokens.api_key_id')
    .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
    .select([
      'lndhub_tokens.id',
      'lndhub_tokens.token_hash',
      'lndhub_tokens.scope',
      'lndhub_tokens.expires_at_ms',
      'api_keys.id as key_id',
      'api_keys.key_hash',
      'api_keys.kind as key_kind',
      'api_keys.account_id',
      'accounts.usertag',
      'accounts.disabled_at_ms',
    ])
    .where('lndhub_tokens.token_hash', '=', tokenHash)
    .where('lndhub_tokens.kind', '=', kind)
    .where('api_keys.revoked_at_ms', 'is', null)
    .executeTakeFirst();
  return row;
}

/** Deletes one token (a refresh token is used once); true when it was there (the first use wins). */
export async function deleteLndhubToken(trx: Exec, id: bigint): Promise<boolean> {
  const r = await trx.deleteFrom('lndhub_tokens').where('id', '=', id).executeTakeFirst();
  return r.numDeletedRows === 1n;
}

/**
 * Keeps the newest `keep` tokens of the key (by id, so pairs issued together stay together) and deletes
 * the older ones; answers how many went.
 */
export async function trimKeyTokens(trx: Exec, apiKeyId: bigint, keep: number): Promise<number> {
  const oldestKept = await trx
    .selectFrom('lndhub_tokens')
    .select('id')
    .where('api_key_id', '=', apiKeyId)
    .orderBy('id', 'desc')
    .limit(1)
    .offset(keep - 1)
    .executeTakeFirst();
  if (oldestKept === undefined) return 0;
  const r = await trx
    .deleteFrom('lndhub_tokens')
    .where('api_key_id', '=', apiKeyId)
    .where('id', '<', oldestKept.id)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Deletes up to `limit` tokens past their end before `beforeMs`; answers how many. */
export async function deleteExpiredLndhubTokens(trx: Exec, beforeMs: number, limit: number): Promise<number> {
  const r = await trx
    .deleteFrom('lndhub_tokens')
    .where(
      'id',
      'in',
      trx.selectFrom('lndhub_tokens').select('id').where('expires_at_ms', '<', BigInt(beforeMs)).limit(limit),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
