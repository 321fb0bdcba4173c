import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

type Exec = Kysely<DB>;

/**
 * Counts for /metrics, each answered from an index so that a scrape stays cheap on a large database:
 * open payments through the partial index `payments_open`, the outbox backlog through `outbox_due`
 * (delivered rows, the bulk, are not counted).
 */

/** Pending payments by direction (`payments_open` holds only pending rows). */
export const countPendingPayments = (
  exec: Exec,
): Promise<Array<{ direction: string; n: number | string | bigint }>> =>
  exec
    .selectFrom('payments')
    .select(['direction', (eb) => eb.fn.countAll().as('n')])
    .where('status', '=', 'pending')
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
