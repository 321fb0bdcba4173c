import { getKv, putKv } from '../../db/repos/kv.ts';
import type { Database } from '../../db/types.ts';
import { runPlainWrite } from '../write.ts';

/**
 * The public URL the serving process uses, kept in the database so that a `paytag` command run beside
 * it (another process, often with another environment: no PORT, no PUBLIC_URL) writes links that reach
 * the server. Each `serve` records its own at start; several instances behind one proxy share one
 * PUBLIC_URL (the proxy's), so they record the same value. A link is complete when its e-mail or record
 * is stored (the dev mailbox, retries and signed webhook bodies keep the same bytes): the base is chosen
 * then, not at sending time.
 */
const KEY = 'server.public_url';

export async function recordServerPublicUrl(db: Database, publicUrl: string, nowMs: number): Promise<void> {
  await runPlainWrite(db, (trx) => putKv(trx, KEY, publicUrl, nowMs));
}

/** The URL the last started server recorded, or undefined when no server has started on this database. */
export function recordedServerPublicUrl(db: Database): Promise<string | undefined> {
  return getKv(db.read, KEY);
}
