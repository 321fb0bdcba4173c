import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, OperatorActionsTable } from '../schema.ts';

/** Query module of `operator_actions`: what operators did, from the console or the command line. */

type Exec = Kysely<DB>;
export type OperatorActionRow = Selectable<OperatorActionsTable>;

/** Records one operator action, inside the write unit of the change it describes. */
export async function insertOperatorAction(trx: Exec, row: Insertable<OperatorActionsTable>): Promise<void> {
  await trx.insertInto('operator_actions').values(row).execute();
}

/** Operator actions, newest first, keyset paged by id (`beforeId`); of one account with `targetAccountId`. */
export function listOperatorActionRows(
  exec: Exec,
  q: { targetAccountId?: bigint; beforeId?: bigint; limit: number },
): Promise<OperatorActionRow[]> {
  let query = exec.selectFrom('operator_actions').selectAll();
  if (q.targetAccountId !== undefined) query = query.where('target_account_id', '=', q.targetAccountId);
  if (q.beforeId !== undefined) query = query.where('id', '<', q.beforeId);
  return query.orderBy('id', 'desc').limit(q.limit).execute();
}
