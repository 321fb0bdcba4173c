import type { AnyDb } from './dialect.ts';

/**
 * Drops migration 018's indexes of the dashboard's direction and status filters. Every payment row was
 * written into both; a usertag send (two rows) spent about a quarter of its CPU on them under load. The
 * dashboard now reads those filters along payments_history and checks direction and status on the rows
 * it reads, a bounded number per page (see historyPage in app/dashboard/views.ts).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('payments_history_direction').ifExists().execute();
  await db.schema.dropIndex('payments_history_status').ifExists().execute();
}
