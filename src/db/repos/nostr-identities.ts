import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

type Exec = Kysely<DB>;

export interface NostrIdentity {
  pubkey: string;
  /** JSON array of relay URLs. */
  relays: string;
}

/** Sets (or replaces) the Nostr identity of the account. */
export async function upsertNostrIdentity(
  trx: Exec,
  accountId: bigint,
  identity: NostrIdentity,
  nowMs: number,
): Promise<void> {
  await trx
    .insertInto('nostr_identities')
    .values({ account_id: accountId, ...identity, updated_at_ms: nowMs })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ ...identity, updated_at_ms: nowMs }))
    .execute();
}

/** Removes the account's Nostr identity; answers whether there was one. */
export async function deleteNostrIdentity(trx: Exec, accountId: bigint): Promise<boolean> {
  const r = await trx.deleteFrom('nostr_identities').where('account_id', '=', accountId).executeTakeFirst();
  return r.numDeletedRows > 0n;
}

export async function findNostrIdentity(exec: Exec, accountId: bigint): Promise<NostrIdentity | undefined> {
  return exec
    .selectFrom('nostr_identities')
    .select(['pubkey', 'relays'])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

/** The Nostr identity published under an enabled account's usertag (NIP-05), with that usertag. */
export async function findNostrIdentityByUsertag(
  exec: Exec,
  usertag: string,
): Promise<(NostrIdentity & { usertag: string }) | undefined> {
  return exec
    .selectFrom('nostr_identities')
    .innerJoin('accounts', 'accounts.id', 'nostr_identities.account_id')
    .select(['nostr_identities.pubkey', 'nostr_identities.relays', 'accounts.usertag'])
    .where('accounts.usertag', '=', usertag)
    .where('accounts.disabled_at_ms', 'is', null)
    .executeTakeFirst();
}
