import { findEmailConfirmationWithAccount } from '../../db/repos/email-confirmations.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { AppDeps } from '../deps.ts';
import { hmacKey, keyedHash } from './keys.ts';

/**
 * What an e-mail confirmation link would confirm, read without following it (the page's GET, which mail
 * scanners open too): the account's usertag and the address the link went to. Not found once used,
 * expired, or when the account's address (or the address a sign-up keeps pending) has changed since
 * (then the link confirms nothing).
 */
export async function viewEmailConfirmation(
  deps: AppDeps,
  token: string,
): Promise<Result<{ usertag: string; email: string }>> {
  const key = await hmacKey(deps);
  const row = await findEmailConfirmationWithAccount(deps.db.read, keyedHash(key, 'email-confirm', token));
  if (
    row === undefined ||
    row.used_at_ms !== null ||
    row.expires_at_ms <= BigInt(deps.clock.nowMs()) ||
    // The link confirms only the address it went to: the account's, or the one a sign-up keeps for it
    // until confirmed (app/accounts/email-confirmation.ts).
    (row.account_email !== row.email && row.pending_email !== row.email)
  )
    return err('not_found', 'this link was used already, has expired, or does not exist');
  return ok({ usertag: row.usertag, email: row.email });
}
