import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, DevMailboxTable } from '../schema.ts';
import { lockedForDelete } from './outbox.ts';

/** Query module of the `dev_mailbox` table. Functions taking `trx` run inside the caller's write unit. */

type Exec = Kysely<DB>;
export type MailboxRow = Selectable<DevMailboxTable>;
export type NewMailboxRow = Insertable<DevMailboxTable>;

/** Stores a message; one with the same event_id already there makes this a no-op. */
export async function insertMailboxMessage(trx: Exec, row: NewMailboxRow): Promise<void> {
  await trx
    .insertInto('dev_mailbox')
    .values(row)
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute();
}

/** Up to `limit` messages, newest first; with `toAddress`, only those to exactly that address. */
export async function listMailboxMessages(
  exec: Exec,
  limit: number,
  toAddress?: string,
): Promise<MailboxRow[]> {
  let q = exec.selectFrom('dev_mailbox').selectAll().orderBy('id', 'desc').limit(limit);
  if (toAddress !== undefined) q = q.where('to_address', '=', toAddress);
  return q.execute();
}

/** Deletes up to `limit` dev mailbox messages stored before `beforeMs`, oldest first; returns how many. */
export async function deleteMailboxBefore(trx: Exec, beforeMs: number, limit: number): Promise<number> {
  const old = trx
    .selectFrom('dev_mailbox')
    .select('id')
    .where('created_at_ms', '<', BigInt(beforeMs))
    .orderBy('id')
    .limit(limit);
  const deleted = await trx
    .deleteFrom('dev_mailbox')
    .where('id', 'in', lockedForDelete(trx, old))
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
