import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';
import type { DB } from '../schema.ts';

type Exec = Kysely<DB>;

/**
 * Counts for /metrics, each answered from an index so that a scrape stays cheap on a large database:
 * open payments through the partial index `payments_open`, the outbox backlog through `outbox_due`
 * (delivered rows, the bulk, are not counted), and the ledger transfers ever written from the table's
 * own bookkeeping (never a scan).
 */

/** Pending payments by direction (`payments_open` holds only pending rows). */
export const countPendingPayments = (
  exec: Exec,
): Promise<Array<{ direction: string; n: number | string | bigint }>> =>
  exec
    .selectFrom('payments')
    .select(['direction', (eb) => eb.fn.countAll().as('n')])
    // A literal, not a parameter: only then may the planner read the partial index (a bound 'pending'
    // made SQLite scan the whole table on every scrape).
    .where('status', '=', sql.lit<'pending'>('pending'))
    .groupBy('direction')
    .execute();

/** Outbox rows waiting or given up, by kind (webhook, email) and state. */
export const countOutboxBacklog = (
  exec: Exec,
): Promise<Array<{ kind: string; state: string; n: number | string | bigint }>> =>
  exec
    .selectFrom('outbox')
    .select(['kind', 'state', (eb) => eb.fn.countAll().as('n')])
    .where('state', 'in', ['pending', 'failed'])
    .groupBy(['kind', 'state'])
    .execute();

/**
 * How many ledger transfers were ever written: SQLite's highest rowid (transfers are never deleted, so
 * it only grows), PostgreSQL's insert count of the table (cumulative since its statistics were last
 * reset; a rate is what it is for).
 */
export async function ledgerTransfersWritten(exec: Exec): Promise<number> {
  const r = !isPostgres(exec)
    ? await sql<{ n: number | null }>`select max(rowid) as n from ledger_transfers`.execute(exec)
    : await sql<{
        n: string | null;
      }>`select n_tup_ins as n from pg_stat_user_tables where relname = 'ledger_transfers'`.execute(exec);
  return Number(r.rows[0]?.n ?? 0);
}
