import type { AppDeps } from '../deps.ts';

/** Ready means the database answers and can write (a full disk makes it refuse writes). */
export async function checkReady(deps: AppDeps): Promise<boolean> {
  if (!deps.db.writable()) return false;
  try {
    await deps.db.ping();
    return true;
  } catch {
    return false;
  }
}
