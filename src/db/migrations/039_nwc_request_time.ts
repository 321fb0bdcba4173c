import type { AnyDb } from './dialect.ts';

/**
 * The retention of NWC requests walks them oldest first, across connections, in small batches: an index
 * on their time (and id, to go on exactly after the last row of a batch) lets each batch start where the
 * previous one ended instead of reading the kept rows again.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('nwc_requests_time')
    .on('nwc_requests')
    .columns(['created_at_ms', 'id'])
    .execute();
}
