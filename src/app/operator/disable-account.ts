import { findAccountByUsertag, markAccountDisabled, markAccountEnabled } from '../../db/repos/accounts.ts';
import { endAccountSessions } from '../../db/repos/sessions.ts';
import { abort } from '../../domain/errors.ts';
import { text } from '../../domain/kyc.ts';
import { err, type Result } from '../../domain/result.ts';
import { normalizeUsertag } from '../../domain/usertag.ts';
import type { AppDeps } from '../deps.ts';
import { runWrite } from '../write.ts';
import { type OperatorActor, recordOperatorAction } from './actions.ts';

/** Longest reason an operator may give for disabling an account. */
export const DISABLE_REASON_MAX = 500;

export interface AccountSwitch {
  usertag: string;
  accountId: bigint;
  disabled: boolean;
}

/**
 * Disables an account: from the commit on, its API keys, trade credentials and trade access tokens are
 * refused (their lookups read the flag with the key, so every instance refuses at once), its dashboard
 * sessions end and it cannot sign in, its Lightning address and usertag stop receiving.
 * The sessions end and the operator action (with the reason) is recorded in the same write unit.
 */
export async function disableAccount(
  deps: AppDeps,
  actor: OperatorActor,
  usertag: string,
  reason: string,
): Promise<Result<AccountSwitch>> {
  const tag = normalizeUsertag(usertag);
  if (!tag.ok) return tag;
  const why = text(reason.trim(), 'reason', DISABLE_REASON_MAX);
  if (!why.ok) return why;
  if (why.value === '') return err('invalid_request', 'give the reason for disabling the account', 'reason');
  const nowMs = deps.clock.nowMs();
  return runWrite(deps.db, async (trx) => {
    const a = await findAccountByUsertag(trx, tag.value);
    if (a === undefined)
      return abort('usertag_not_found', `no account with usertag "${tag.value}"`, 'usertag');
    if (actor.accountId !== null && actor.accountId === a.id) {
      return abort('invalid_request', 'an operator cannot disable their own account', 'usertag');
    }
    if (!(await markAccountDisabled(trx, a.id, why.value, nowMs)))
      return abort('state_conflict', `account "${a.usertag}" is already disabled`, 'usertag');
    // Ended, not only refused while disabled: enabling the account again does not reopen them.
    await endAccountSessions(trx, a.id, nowMs, null);
    await recordOperatorAction(
      trx,
      actor,
      { action: 'account_disable', targetAccountId: a.id, target: a.usertag, detail: { reason: why.value } },
      nowMs,
    );
    return { usertag: a.usertag, accountId: a.id, disabled: true };
  });
}

/** Enables a disabled account again: its keys, address and usertag work as before. Recorded. */
export async function enableAccount(
  deps: AppDeps,
  actor: OperatorActor,
  usertag: string,
): Promise<Result<AccountSwitch>> {
  const tag = normalizeUsertag(usertag);
  if (!tag.ok) return tag;
  const nowMs = deps.clock.nowMs();
  return runWrite(deps.db, async (trx) => {
    const a = await findAccountByUsertag(trx, tag.value);
    if (a === undefined)
      return abort('usertag_not_found', `no account with usertag "${tag.value}"`, 'usertag');
    if (!(await markAccountEnabled(trx, a.id)))
      return abort('state_conflict', `account "${a.usertag}" is not disabled`, 'usertag');
    await recordOperatorAction(
      trx,
      actor,
      {
        action: 'account_enable',
        targetAccountId: a.id,
        target: a.usertag,
        detail: { was_disabled_for: a.disabled_reason },
      },
      nowMs,
    );
    return { usertag: a.usertag, accountId: a.id, disabled: false };
  });
}
