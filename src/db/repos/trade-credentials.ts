import type { Kysely } from 'kysely';
import { prepare } from '../prepared.ts';
import type { DB } from '../schema.ts';

/** Query module of `trade_credentials`. Functions taking `trx` run inside the caller's write unit. */

type Exec = Kysely<DB>;

export interface TradeCredentialRow {
  id: bigint;
  apiKey: string;
  label: string;
  createdAtMs: bigint;
  lastUsedAtMs: bigint | null;
  revokedAtMs: bigint | null;
}

/** Inserts a credential; answers its id. */
export async function insertTradeCredential(
  trx: Exec,
  c: { accountId: bigint; apiKey: string; secretHash: string; label: string; nowMs: number },
): Promise<bigint> {
  const { id } = await trx
    .insertInto('trade_credentials')
    .values({
      account_id: c.accountId,
      api_key: c.apiKey,
      secret_hash: c.secretHash,
      label: c.label,
      created_at_ms: c.nowMs,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * A live (not revoked) credential by its public key, with what checking its secret needs and whether
 * an operator has disabled its account (read with the credential, so every instance sees it at once).
 */
export async function findLiveCredentialByKey(
  exec: Exec,
  apiKey: string,
): Promise<
  { id: bigint; account_id: bigint; usertag: string; secret_hash: string; disabled: boolean } | undefined
> {
  const row = await exec
    .selectFrom('trade_credentials')
    .innerJoin('accounts', 'accounts.id', 'trade_credentials.account_id')
    .select([
      'trade_credentials.id',
      'trade_credentials.account_id',
      'accounts.usertag',
      'trade_credentials.secret_hash',
      'accounts.disabled_at_ms',
    ])
    .where('trade_credentials.api_key', '=', apiKey)
    .where('trade_credentials.revoked_at_ms', 'is', null)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      account_id: row.account_id,
      usertag: row.usertag,
      secret_hash: row.secret_hash,
      disabled: row.disabled_at_ms !== null,
    }
  );
}

const liveCredentialForToken = prepare<
  { apiKey: string; accountId: bigint },
  { id: bigint; usertag: string; disabled_at_ms: bigint | null }
>((db, p) =>
  db
    .selectFrom('trade_credentials')
    .innerJoin('accounts', 'accounts.id', 'trade_credentials.account_id')
    .select(['trade_credentials.id', 'accounts.usertag', 'accounts.disabled_at_ms'])
    .where('trade_credentials.api_key', '=', p('apiKey'))
    .where('trade_credentials.account_id', '=', p('accountId'))
    .where('trade_credentials.revoked_at_ms', 'is', null),
);

/**
 * The credential, the account's usertag and whether the account is disabled, when the credential is
 * live and belongs to the account; read on every trade call.
 */
export async function findLiveCredentialForToken(
  exec: Exec,
  apiKey: string,
  accountId: bigint,
): Promise<{ id: bigint; usertag: string; disabled: boolean } | undefined> {
  const row = await liveCredentialForToken.first(exec, { apiKey, accountId });
  return row && { id: row.id, usertag: row.usertag, disabled: row.disabled_at_ms !== null };
}

export async function markCredentialUsed(trx: Exec, id: bigint, nowMs: number): Promise<void> {
  await trx.updateTable('trade_credentials').set({ last_used_at_ms: nowMs }).where('id', '=', id).execute();
}

/** The account's credentials, newest first, revoked ones included. */
export async function listTradeCredentials(exec: Exec, accountId: bigint): Promise<TradeCredentialRow[]> {
  const rows = await exec
    .selectFrom('trade_credentials')
    .select(['id', 'api_key', 'label', 'created_at_ms', 'last_used_at_ms', 'revoked_at_ms'])
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    apiKey: r.api_key,
    label: r.label,
    createdAtMs: r.created_at_ms,
    lastUsedAtMs: r.last_used_at_ms,
    revokedAtMs: r.revoked_at_ms,
  }));
}

/** Revokes the account's live credential with that key; false when there is none. */
export async function revokeTradeCredential(
  trx: Exec,
  accountId: bigint,
  apiKey: string,
  nowMs: number,
): Promise<boolean> {
  const r = await trx
    .updateTable('trade_credentials')
    .set({ revoked_at_ms: nowMs })
    .where('account_id', '=', accountId)
    .where('api_key', '=', apiKey)
    .where('revoked_at_ms', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}
