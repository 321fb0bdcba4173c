import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, EmailConfirmationsTable } from '../schema.ts';

/**
 * Query module of `email_confirmations` (one-time links that confirm an account's e-mail address, kept by
 * the HMAC of their token) and of the account columns following one changes. `trx`: inside the caller's
 * write unit.
 */

type Exec = Kysely<DB>;
export type EmailConfirmationRow = Selectable<EmailConfirmationsTable>;

/** Inserts a confirmation link; answers its id. */
export async function insertEmailConfirmation(
  trx: Exec,
  row: Insertable<EmailConfirmationsTable>,
): Promise<bigint> {
  const { id } = await trx
    .insertInto('email_confirmations')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export const findEmailConfirmation = (
  exec: Exec,
  tokenHash: string,
): Promise<EmailConfirmationRow | undefined> =>
  exec.selectFrom('email_confirmations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

/** Marks the link used; false when it was used already. */
export async function markEmailConfirmationUsed(trx: Exec, id: bigint, nowMs: number): Promise<boolean> {
  const used = await trx
    .updateTable('email_confirmations')
    .set({ used_at_ms: nowMs })
    .where('id', '=', id)
    .where('used_at_ms', 'is', null)
    .executeTakeFirst();
  return used.numUpdatedRows === 1n;
}

/** A link with what it would confirm now: its account's usertag and addresses (the page's GET reads it). */
export const findEmailConfirmationWithAccount = (exec: Exec, tokenHash: string) =>
  exec
    .selectFrom('email_confirmations')
    .innerJoin('accounts', 'accounts.id', 'email_confirmations.account_id')
    .select([
      'accounts.usertag',
      'accounts.email as account_email',
      'accounts.pending_email',
      'email_confirmations.email',
      'email_confirmations.used_at_ms',
      'email_confirmations.expires_at_ms',
    ])
    .where('email_confirmations.token_hash', '=', tokenHash)
    .executeTakeFirst();

/** The account that holds `email` as its address, with whether it confirmed it. */
export const findEmailHolder = (exec: Exec, email: string) =>
  exec
    .selectFrom('accounts')
    .select(['id', 'usertag', 'email_confirmed_at_ms'])
    .where('email', '=', email)
    .executeTakeFirst();

/**
 * An account that holds `email` unconfirmed gives it up: it takes `placeholder` as its address and keeps
 * `email` pending. Nothing when it confirmed the address meanwhile.
 */
export async function releaseUnconfirmedEmail(
  trx: Exec,
  accountId: bigint,
  placeholder: string,
  email: string,
): Promise<void> {
  await trx
    .updateTable('accounts')
    .set({ email: placeholder, pending_email: email })
    .where('id', '=', accountId)
    .where('email_confirmed_at_ms', 'is', null)
    .execute();
}

/**
 * Confirms `email` as the account's address, if the account has not confirmed one and `email` is still
 * its address or the one it keeps pending (the link confirms only the address it went to): its usertag,
 * or undefined when nothing changed.
 */
export async function confirmAccountEmail(
  trx: Exec,
  accountId: bigint,
  email: string,
  nowMs: number,
): Promise<string | undefined> {
  const a = await trx
    .updateTable('accounts')
    .set({ email, pending_email: null, email_confirmed_at_ms: nowMs })
    .where('id', '=', accountId)
    .where('email_confirmed_at_ms', 'is', null)
    .where((eb) => eb.or([eb('email', '=', email), eb('pending_email', '=', email)]))
    .returning('usertag')
    .executeTakeFirst();
  return a?.usertag;
}
