import { findAccountById, findAccountByUsertag, findAccountIdByEmail } from '../../db/repos/accounts.ts';
import { giveBackRateLimitHit } from '../../db/repos/rate-limits.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { normalizeEmail, normalizeUsertag } from '../../domain/usertag.ts';
import { hashPassword, verifyPasswordGated } from '../accounts/password.ts';
import type { AppDeps } from '../deps.ts';
import { databaseRateCounter } from '../rate-limits/counters.ts';
import { runPlainWrite } from '../write.ts';
import { loginKey, type OpenSession, openSession } from './sessions.ts';

/**
 * Sign-in attempts are limited per account and per client address, counted in the database (the
 * rate_limits table) so that every instance enforces one limit and a restart resets nothing. Every
 * attempt counts, before the password is checked, so concurrent guesses cannot slip past the count.
 */
async function overLimit(deps: AppDeps, key: string, max: number): Promise<number | null> {
  const windowMs = deps.config.dashboard.signinWindowSec * 1000;
  const nowMs = deps.clock.nowMs();
  const w = await databaseRateCounter(deps.db).hit(key, windowMs, nowMs);
  return w.count > max ? Math.max(1, Math.ceil((w.resetAtMs - nowMs) / 1000)) : null;
}

const limited = (retryAfterSec: number): Result<never> => ({
  ok: false,
  error: {
    code: 'rate_limited',
    message: `too many sign-in attempts; try again in ${Math.ceil(retryAfterSec / 60)} minutes`,
    retryAfterSec,
  },
});

const WRONG = 'the usertag, e-mail or password is wrong';

/**
 * A hash no password matches, at the cost new hashes get, so an unknown name takes as long as a wrong
 * password.
 */
const decoys = new Map<number, Promise<string>>();
const decoyHash = (logN: number) => {
  let d = decoys.get(logN);
  if (d === undefined) {
    d = hashPassword('decoy password that no account has', logN);
    decoys.set(logN, d);
  }
  return d;
};

export interface SignInInput {
  /** A usertag or an e-mail address. */
  login: string | undefined;
  password: string | undefined;
  /** The client's address bucket (http/client-address.ts), behind the trusted proxies. */
  address: string;
  userAgent: string;
}

/** Checks the password of the account named by usertag or e-mail and opens a session: its cookie token. */
export async function signIn(
  deps: AppDeps,
  input: SignInInput,
): Promise<Result<{ token: string; accountId: bigint; usertag: string }>> {
  const limits = deps.config.dashboard;
  const login = (input.login ?? '').trim();
  const password = input.password ?? '';
  if (login === '') return err('invalid_request', 'enter your usertag or e-mail address', 'login');
  if (password === '') return err('invalid_request', 'enter your password', 'password');
  const byAddress = await overLimit(deps, `signin:addr:${input.address}`, limits.signinPerAddress);
  if (byAddress !== null) return limited(byAddress);

  let accountId: bigint | undefined;
  if (login.includes('@')) {
    const email = normalizeEmail(login);
    if (email.ok) accountId = await findAccountIdByEmail(deps.db.read, email.value);
  } else {
    const tag = normalizeUsertag(login.replace(/^@/, ''));
    if (tag.ok) accountId = (await findAccountByUsertag(deps.db.read, tag.value))?.id;
  }
  const accountKey =
    accountId === undefined ? `signin:login:${loginKey(login.toLowerCase())}` : `signin:acct:${accountId}`;
  const byAccount = await overLimit(deps, accountKey, limits.signinPerAccount);
  if (byAccount !== null) return limited(byAccount);

  const account = accountId === undefined ? undefined : await findAccountById(deps.db.read, accountId);
  const stored = account?.password_hash ?? null;
  const matches = await verifyPasswordGated(
    deps,
    password,
    stored ?? (await decoyHash(deps.config.dashboard.passwordScryptLogN)),
  );
  if (!matches.ok) return matches;
  if (account === undefined || stored === null || !matches.value) return err('unauthorized', WRONG, 'login');
  // Told only to whoever knows the password.
  if (account.disabled_at_ms !== null)
    return err('account_disabled', 'this account is disabled by the operator; ask them why', 'login');
  const token = await openSession(deps, account.id, { address: input.address, userAgent: input.userAgent });
  return ok({ token, accountId: account.id, usertag: account.usertag });
}

/**
 * A fresh confirmation by password inside a session, for what the API allows only with the admin key
 * (sending money, rotating keys and secrets). Counted per session, up to DASHBOARD_SIGNIN_PER_ACCOUNT
 * a window: whoever holds a session but not the password guesses no faster than at the sign-in, and
 * wrong sign-ins by someone who knows only the usertag never lock the holder's own session. Every
 * attempt counts before the password is checked (concurrent guesses cannot slip past), and a right
 * one gives its count back, so only wrong passwords use the limit up.
 */
export async function confirmPassword(
  deps: AppDeps,
  session: OpenSession,
  password: string | undefined,
): Promise<Result<null>> {
  if (password === undefined || password === '')
    return err('invalid_request', 'enter your password to confirm', 'password');
  const key = `confirm:session:${session.sessionId}`;
  const bySession = await overLimit(deps, key, deps.config.dashboard.signinPerAccount);
  if (bySession !== null) return limited(bySession);
  const account = await findAccountById(deps.db.read, session.accountId);
  const stored = account?.password_hash ?? null;
  const matches = await verifyPasswordGated(
    deps,
    password,
    stored ?? (await decoyHash(deps.config.dashboard.passwordScryptLogN)),
  );
  if (!matches.ok) {
    // Not checked (the server was busy): the attempt does not use the session's allowance up.
    await runPlainWrite(deps.db, (trx) => giveBackRateLimitHit(trx, key));
    return matches;
  }
  if (stored === null || !matches.value) return err('unauthorized', 'the password is wrong', 'password');
  await runPlainWrite(deps.db, (trx) => giveBackRateLimitHit(trx, key));
  return ok(null);
}
