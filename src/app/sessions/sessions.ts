import { createHash } from 'node:crypto';
import {
  deleteOldSessions,
  endAccountSessions,
  endSession,
  findSessionByHash,
  insertSession,
  touchSession,
} from '../../db/repos/sessions.ts';
import type { AppDeps } from '../deps.ts';
import { hmacKey, keyedHash, randomToken, sameHash } from '../verification/keys.ts';
import { runPlainWrite } from '../write.ts';

/**
 * Dashboard sessions. The browser's cookie holds a random 192-bit token; the database keeps only its
 * HMAC under the service's key (app/verification/keys.ts), so neither a copy of the database nor its logs
 * open a session. The form token of a session (CSRF) is another HMAC of the same token: nothing more to
 * store, and it changes with every sign-in.
 */

/** A session that is open now. */
export interface OpenSession {
  sessionId: bigint;
  accountId: bigint;
  usertag: string;
  /** The synchronizer token every form of this session carries. */
  csrfToken: string;
}

/** How often, at most, a session's last use is written (idle expiry is this coarse). */
const TOUCH_EVERY_MS = 60_000;

/** A well-formed cookie token: 32 base64url characters. */
export const SESSION_TOKEN = /^[A-Za-z0-9_-]{32}$/;

const sessionTokenHash = (key: Buffer, token: string): string => keyedHash(key, 'session', token);
const csrfOf = (key: Buffer, token: string): string => keyedHash(key, 'session-csrf', token);

/** Opens a session for the account (after its password was checked); answers the cookie's token. */
export async function openSession(
  deps: AppDeps,
  accountId: bigint,
  from: { address: string; userAgent: string },
): Promise<string> {
  const key = await hmacKey(deps);
  const token = randomToken();
  const nowMs = deps.clock.nowMs();
  await runPlainWrite(deps.db, (trx) =>
    insertSession(trx, {
      accountId,
      tokenHash: sessionTokenHash(key, token),
      nowMs,
      expiresAtMs: nowMs + deps.config.dashboard.sessionMaxSec * 1000,
      createdFrom: from.address.slice(0, 64),
      userAgent: from.userAgent.slice(0, 200),
    }),
  );
  return token;
}

/**
 * The open session of a cookie's token, or null: unknown, ended, idle for longer than
 * DASHBOARD_SESSION_IDLE_S, or past DASHBOARD_SESSION_MAX_S. Using it moves its idle expiry forward,
 * unless `touch` is false (a look by the page itself, such as its live stream, is not a use).
 */
export async function findOpenSession(
  deps: AppDeps,
  token: string,
  { touch = true }: { touch?: boolean } = {},
): Promise<OpenSession | null> {
  if (!SESSION_TOKEN.test(token)) return null;
  const key = await hmacKey(deps);
  const hash = sessionTokenHash(key, token);
  const row = await findSessionByHash(deps.db.read, hash);
  // The lookup is by an index; the compare of what it found is constant-time all the same.
  if (row === undefined || !sameHash(row.token_hash, hash)) return null;
  const nowMs = deps.clock.nowMs();
  const idleEnd = Number(row.last_seen_at_ms) + deps.config.dashboard.sessionIdleSec * 1000;
  if (row.ended_at_ms !== null || Number(row.expires_at_ms) <= nowMs || idleEnd <= nowMs) return null;
  if (touch && nowMs - Number(row.last_seen_at_ms) >= TOUCH_EVERY_MS) {
    await runPlainWrite(deps.db, (trx) => touchSession(trx, row.id, nowMs));
  }
  return {
    sessionId: row.id,
    accountId: row.account_id,
    usertag: row.usertag,
    csrfToken: csrfOf(key, token),
  };
}

/** Ends one session (sign-out). */
export async function endOneSession(deps: AppDeps, sessionId: bigint): Promise<void> {
  const nowMs = deps.clock.nowMs();
  await runPlainWrite(deps.db, (trx) => endSession(trx, sessionId, nowMs));
}

/**
 * Ends every open session of the account at once (sign-out everywhere, a password change, an operator
 * disabling the account): the next request of each is signed out. `exceptSessionId` keeps one open
 * (the session that changed the password). Answers how many ended.
 */
export async function endAllSessions(
  deps: AppDeps,
  accountId: bigint,
  opts: { exceptSessionId?: bigint } = {},
): Promise<number> {
  const nowMs = deps.clock.nowMs();
  return runPlainWrite(deps.db, (trx) =>
    endAccountSessions(trx, accountId, nowMs, opts.exceptSessionId ?? null),
  );
}

/** Constant-time check of a submitted form token against the session's. */
export function csrfMatches(session: OpenSession, submitted: string | undefined): boolean {
  if (submitted === undefined || !/^[0-9a-f]{64}$/.test(submitted)) return false;
  return sameHash(session.csrfToken, submitted);
}

/**
 * The form token of the pages before sign-in (sign-in, sign-up), bound to a random cookie of the browser
 * (double submit under the service's key): another site can neither read the cookie nor compute the token.
 */
export async function anonymousCsrf(deps: AppDeps, cookie: string): Promise<string> {
  return keyedHash(await hmacKey(deps), 'anon-csrf', cookie);
}

export async function anonymousCsrfMatches(
  deps: AppDeps,
  cookie: string,
  submitted: string | undefined,
): Promise<boolean> {
  if (!SESSION_TOKEN.test(cookie) || submitted === undefined || !/^[0-9a-f]{64}$/.test(submitted))
    return false;
  return sameHash(await anonymousCsrf(deps, cookie), submitted);
}

/** A short, non-reversible label of a sign-in name for limit keys (no address or e-mail in the table). */
export const loginKey = (login: string): string =>
  createHash('sha256').update(login).digest('hex').slice(0, 32);

/** Sessions one sweep deletes at most per write unit, and units per sweep. */
export const SESSION_SWEEP_BATCH = 1000;
export const SESSION_SWEEP_UNITS = 20;

/**
 * Deletes sessions past their absolute end (ended or not: none can be used again), in bounded units;
 * answers how many went.
 */
export async function sweepSessions(deps: AppDeps, signal: AbortSignal): Promise<number> {
  let deleted = 0;
  for (let unit = 0; unit < SESSION_SWEEP_UNITS && !signal.aborted; unit++) {
    const n = await runPlainWrite(deps.db, (trx) =>
      deleteOldSessions(trx, deps.clock.nowMs(), SESSION_SWEEP_BATCH),
    );
    deleted += n;
    if (n < SESSION_SWEEP_BATCH) break;
  }
  return deleted;
}
