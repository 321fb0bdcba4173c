import { type AnyDb, int64, sql } from './dialect.ts';

/**
 * Payments the node settled a second time, and declined payments asked about once more.
 * - `second_payment_of`: on an incoming row that books a payment the node accepted for an invoice the
 *   service had already settled (internally, before the node invoice was cancelled), the id of that
 *   invoice's row. Unique: the node settles one invoice once, so it is booked once.
 * - `recheck_at_ms`: on a declined outgoing Lightning payment, when the reconciler asks the node about
 *   it once more (an adapter that misread a failure would otherwise never notice a late success).
 */
export async function up(db: AnyDb): Promise<void> {
  const i64 = int64(db);
  await db.schema.alterTable('payments').addColumn('second_payment_of', i64).execute();
  await db.schema.alterTable('payments').addColumn('recheck_at_ms', i64).execute();
  await db.schema
    .createIndex('payments_second_payment')
    .on('payments')
    .column('second_payment_of')
    .unique()
    .where(sql.ref('second_payment_of'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('payments_recheck')
    .on('payments')
    .column('recheck_at_ms')
    .where(sql.ref('recheck_at_ms'), 'is not', null)
    .execute();
}
