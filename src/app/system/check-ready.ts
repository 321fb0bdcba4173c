import { sql } from 'kysely';
import type { AppDeps } from '../deps.ts';

/** Ready means the database answers. */
export async function checkReady(deps: AppDeps): Promise<boolean> {
  try {
    await sql`SELECT 1`.execute(deps.db.read);
    return true;
  } catch {
    return false;
  }
}
