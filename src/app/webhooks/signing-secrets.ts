import type { Kysely } from 'kysely';
import { listWebhookSecrets } from '../../db/repos/accounts.ts';
import type { DB } from '../../db/schema.ts';

/**
 * The secrets that sign an account's webhooks now: the current one, plus the previous one while its
 * rotation overlap lasts. Keyed by account id; accounts without a row are absent.
 */
export async function signingSecrets(
  exec: Kysely<DB>,
  accountIds: readonly bigint[],
  nowMs: number,
): Promise<Map<bigint, string[]>> {
  const out = new Map<bigint, string[]>();
  const rows = await listWebhookSecrets(exec, accountIds);
  for (const r of rows) {
    const live =
      r.webhook_secret_previous !== null &&
      r.webhook_secret_previous_until_ms !== null &&
      r.webhook_secret_previous_until_ms > BigInt(nowMs);
    out.set(r.id, live ? [r.webhook_secret, r.webhook_secret_previous as string] : [r.webhook_secret]);
  }
  return out;
}
