import { findAccountByUsertag, setWebhookSecret } from '../../db/repos/accounts.ts';
import { abort } from '../../domain/errors.ts';
import type { Result } from '../../domain/result.ts';
import { normalizeUsertag } from '../../domain/usertag.ts';
import { formatWebhookSecret, SECRET_ROTATION_OVERLAP_MS } from '../../domain/webhooks.ts';
import type { AppDeps } from '../deps.ts';
import { runWrite } from '../write.ts';

/** Bytes of a new signing key (Standard Webhooks: 24 to 64). */
const SECRET_BYTES = 32;

export interface RotatedSecret {
  secret: string;
  /** Until then the previous secret signs too (a second signature), so receivers can switch over. */
  previousValidUntilMs: number;
}

/** Gives the account a new webhook secret; the old one keeps signing alongside for a day. */
export async function rotateWebhookSecret(deps: AppDeps, usertag: string): Promise<Result<RotatedSecret>> {
  const tag = normalizeUsertag(usertag);
  if (!tag.ok) return tag;
  const secret = formatWebhookSecret(Buffer.from(deps.ids.hex(SECRET_BYTES), 'hex'));
  const nowMs = deps.clock.nowMs();
  const previousValidUntilMs = nowMs + SECRET_ROTATION_OVERLAP_MS;
  return runWrite(deps.db, async (trx) => {
    const account = await findAccountByUsertag(trx, tag.value);
    if (account === undefined) return abort('not_found', `no account with usertag "${tag.value}"`, 'usertag');
    await setWebhookSecret(trx, account.id, {
      secret,
      previous: account.webhook_secret,
      previousUntilMs: previousValidUntilMs,
    });
    return { secret, previousValidUntilMs };
  });
}
