import { setPasswordHash } from '../../db/repos/accounts.ts';
import { endAccountSessions } from '../../db/repos/sessions.ts';
import type { AppError } from '../../domain/errors.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { normalizeEmail, validateNewUsertag } from '../../domain/usertag.ts';
import { createAccount } from '../accounts/create-account.ts';
import { sendEmailConfirmation } from '../accounts/email-confirmation.ts';
import { hashPasswordGated, PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS } from '../accounts/password.ts';
import type { AppDeps } from '../deps.ts';
import { databaseRateCounter } from '../rate-limits/counters.ts';
import { runPlainWrite } from '../write.ts';
import { type OpenSession, openSession } from './sessions.ts';
import { confirmPassword } from './sign-in.ts';

function passwordProblem(password: string | undefined, field: string): Result<string> {
  if (password === undefined || password.length < PASSWORD_MIN_CHARS || password.length > PASSWORD_MAX_CHARS)
    return err(
      'invalid_request',
      `the password must have ${PASSWORD_MIN_CHARS} to ${PASSWORD_MAX_CHARS} characters`,
      field,
    );
  return ok(password);
}

export interface SignUpInput {
  usertag: string | undefined;
  email: string | undefined;
  password: string | undefined;
  address: string;
  userAgent: string;
}

/**
 * Every problem of a sign-up form that needs no database, one per field (usertag, e-mail, password, the
 * repeated password), so the form can show them all at once. signUp checks them again, with the rest.
 */
export function signUpProblems(input: {
  usertag: string | undefined;
  email: string | undefined;
  password: string | undefined;
  repeat: string | undefined;
}): AppError[] {
  const problems: AppError[] = [];
  for (const r of [
    validateNewUsertag(input.usertag),
    normalizeEmail(input.email),
    passwordProblem(input.password, 'password'),
  ])
    if (!r.ok) problems.push(r.error);
  if ((input.repeat ?? '') !== (input.password ?? ''))
    problems.push({ code: 'invalid_request', message: 'the two passwords differ', field: 'repeat_password' });
  return problems;
}

/**
 * A new account from the dashboard: the same account creation as `paytag account create` (usertag and
 * e-mail rules, keys, ledger accounts), its password, and a confirmation link to the e-mail through the
 * outbox. Signs the new account in. Sign-ups are limited per client address. The address is the
 * account's only once the link is followed, so the answer is the same whether or not another account
 * has it (that account's holder is told by e-mail instead; see sendEmailConfirmation); a taken usertag
 * is said so (usertags are public).
 */
export async function signUp(
  deps: AppDeps,
  input: SignUpInput,
): Promise<Result<{ token: string; usertag: string; email: string }>> {
  const password = passwordProblem(input.password, 'password');
  if (!password.ok) return password;
  const windowMs = deps.config.dashboard.signinWindowSec * 1000;
  const nowMs = deps.clock.nowMs();
  const w = await databaseRateCounter(deps.db).hit(`signup:addr:${input.address}`, windowMs, nowMs);
  if (w.count > deps.config.dashboard.signupPerAddress) {
    return {
      ok: false,
      error: {
        code: 'rate_limited',
        message: 'too many accounts were created from this address; try again later',
        retryAfterSec: Math.max(1, Math.ceil((w.resetAtMs - nowMs) / 1000)),
      },
    };
  }
  const hashed = await hashPasswordGated(deps, password.value);
  if (!hashed.ok) return hashed;
  const hash = hashed.value;
  const created = await createAccount(deps, {
    usertag: input.usertag,
    email: input.email,
    pendingEmail: true,
  });
  if (!created.ok) return created;
  const { id, usertag, email } = created.value;
  await runPlainWrite(deps.db, (trx) => setPasswordHash(trx, usertag, hash));
  await sendEmailConfirmation(deps, usertag);
  const token = await openSession(deps, id, { address: input.address, userAgent: input.userAgent });
  return ok({ token, usertag, email });
}

/**
 * Changes the password after checking the current one; every other session of the account ends in the
 * same write (the one that changed it stays open).
 */
export async function changePassword(
  deps: AppDeps,
  session: OpenSession,
  input: { current: string | undefined; next: string | undefined; repeat: string | undefined },
): Promise<Result<{ ended: number }>> {
  const next = passwordProblem(input.next, 'new_password');
  if (!next.ok) return next;
  if (input.repeat !== input.next)
    return err('invalid_request', 'the two new passwords differ', 'repeat_password');
  const confirmed = await confirmPassword(deps, session, input.current);
  if (!confirmed.ok) return { ok: false, error: { ...confirmed.error, field: 'current_password' } };
  const hashed = await hashPasswordGated(deps, next.value);
  if (!hashed.ok) return { ok: false, error: { ...hashed.error, field: 'new_password' } };
  const hash = hashed.value;
  const nowMs = deps.clock.nowMs();
  const ended = await runPlainWrite(deps.db, async (trx) => {
    await setPasswordHash(trx, session.usertag, hash);
    return endAccountSessions(trx, session.accountId, nowMs, session.sessionId);
  });
  return ok({ ended });
}
