import { findAccountByUsertag } from '../../db/repos/accounts.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { normalizeUsertag } from '../../domain/usertag.ts';
import type { AppDeps } from '../deps.ts';

export interface WebhookSecretView {
  usertag: string;
  secret: string;
  /** The secret before the last rotation while it still signs alongside, else null. */
  previousSecret: string | null;
  previousValidUntilMs: number | null;
}

/** The account's webhook signing secret(s), for the operator (CLI). */
export async function showWebhookSecret(deps: AppDeps, usertag: string): Promise<Result<WebhookSecretView>> {
  const tag = normalizeUsertag(usertag);
  if (!tag.ok) return tag;
  const account = await findAccountByUsertag(deps.db.read, tag.value);
  if (account === undefined) return err('not_found', `no account with usertag "${tag.value}"`, 'usertag');
  const until = account.webhook_secret_previous_until_ms;
  const live =
    account.webhook_secret_previous !== null && until !== null && until > BigInt(deps.clock.nowMs());
  return ok({
    usertag: account.usertag,
    secret: account.webhook_secret,
    previousSecret: live ? account.webhook_secret_previous : null,
    previousValidUntilMs: live ? Number(until) : null,
  });
}
