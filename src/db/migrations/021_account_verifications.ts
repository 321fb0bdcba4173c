import { sql } from 'kysely';
import type { AnyDb } from './dialect.ts';

/**
 * The applications that verified an account, for the account holder's own list: completed verification
 * requests by account, newest first. Partial: only completed requests, a small share of all of them.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('verification_requests_account_used')
    .on('verification_requests')
    .columns(['account_id', 'used_at_ms'])
    .where(sql.ref('used_at_ms'), 'is not', null)
    .execute();
}
