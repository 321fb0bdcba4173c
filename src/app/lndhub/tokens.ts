import { randomBytes } from 'node:crypto';
import {
  deleteExpiredLndhubTokens,
  deleteLndhubToken,
  findActiveKeyRow,
  findLndhubToken,
  insertLndhubToken,
  type LndhubTokenKind,
  trimKeyTokens,
} from '../../db/repos/lndhub-tokens.ts';
import { hashApiKey, type KeyKind, looksLikeApiKey } from '../../domain/api-keys.ts';
import { abort } from '../../domain/errors.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';
import { hmacKey, keyedHash, sameHash } from '../verification/keys.ts';
import { runPlainWrite, runWrite } from '../write.ts';

/**
 * Tokens of the LNDhub facade. LNDhub clients (ZEUS, BlueWallet, lightning-backends) sign in with a login
 * and a password and then send `Authorization: Bearer <access_token>`. As LNbits' LNDhub extension does,
 * the login is `invoice` or `admin` and the password is the account's API key of that kind. Unlike
 * LNbits (whose "tokens" are the key itself, base64-encoded), the tokens here are random, short-lived and
 * kept only as keyed hashes, each bound to the key row it came from: revoking or rotating that key, or
 * disabling the account, refuses them on the next request on every instance (every use joins the key and
 * the account), and a copy of the database or of a log opens nothing.
 */

export interface LndhubTokens {
  accessToken: string;
  refreshToken: string;
}

/** The caller of an access token, with the hash of the key it is bound to (the rate limit's bucket). */
export interface LndhubCaller extends Caller {
  keyHash: string;
}

/** A well-formed token: 64 lower-case hex characters (never 40 letters and digits, as an API key is). */
const TOKEN_FORMAT = /^[0-9a-f]{64}$/;

const newToken = (): string => randomBytes(32).toString('hex');
const tokenHash = (key: Buffer, kind: LndhubTokenKind, token: string): string =>
  keyedHash(key, `lndhub-${kind}`, token);

const badAuth = (): Result<never> => err('unauthorized', 'bad auth');

/** A pair of new tokens for the key row `apiKeyId`, with the given scope, in the caller's write unit. */
async function issuePair(
  deps: AppDeps,
  key: Buffer,
  apiKeyId: bigint,
  scope: KeyKind,
  consumeRefreshId: bigint | null,
): Promise<Result<LndhubTokens>> {
  const accessToken = newToken();
  const refreshToken = newToken();
  const nowMs = deps.clock.nowMs();
  const { accessTtlSec, refreshTtlSec } = deps.config.lndhub;
  return runWrite(deps.db, async (trx) => {
    // A refresh token is good once: of two concurrent refreshes with it, the second finds it gone.
    if (consumeRefreshId !== null && !(await deleteLndhubToken(trx, consumeRefreshId))) {
      return abort('unauthorized', 'bad auth');
    }
    await insertLndhubToken(trx, {
      apiKeyId,
      kind: 'access',
      scope,
      tokenHash: tokenHash(key, 'access', accessToken),
      nowMs,
      expiresAtMs: nowMs + accessTtlSec * 1000,
    });
    await insertLndhubToken(trx, {
      apiKeyId,
      kind: 'refresh',
      scope,
      tokenHash: tokenHash(key, 'refresh', refreshToken),
      nowMs,
      expiresAtMs: nowMs + refreshTtlSec * 1000,
    });
    // At most LNDHUB_SIGNINS_PER_KEY live pairs per key: the oldest sign-ins end first.
    await trimKeyTokens(trx, apiKeyId, 2 * deps.config.lndhub.signinsPerKey);
    return { accessToken, refreshToken };
  });
}

/**
 * `POST /auth?type=auth`: login `invoice` or `admin`, password the API key. An admin key signed in as
 * `invoice` gives receive-only tokens (what the client asked for); an invoice key cannot sign in as
 * `admin`. Every refusal is the same "bad auth", so the answer tells nothing about which part was wrong;
 * a disabled account is told so.
 */
export async function signInLndhub(
  deps: AppDeps,
  login: string,
  password: string,
): Promise<Result<LndhubTokens>> {
  if (login !== 'invoice' && login !== 'admin') return badAuth();
  if (!looksLikeApiKey(password)) return badAuth();
  const hash = hashApiKey(password);
  const row = await findActiveKeyRow(deps.db.read, hash);
  // The lookup is by an index; the compare of what it found is constant-time all the same.
  if (row === undefined || !sameHash(row.keyHash, hash)) return badAuth();
  if (row.disabled) return disabled();
  if (login === 'admin' && row.kind !== 'admin') return badAuth();
  return issuePair(deps, await hmacKey(deps), row.keyId, login, null);
}

/** `POST /auth?type=refresh_token`: a new pair for a refresh token that is still good; the old one is spent. */
export async function refreshLndhub(deps: AppDeps, refreshToken: string): Promise<Result<LndhubTokens>> {
  if (!TOKEN_FORMAT.test(refreshToken)) return badAuth();
  const key = await hmacKey(deps);
  const hash = tokenHash(key, 'refresh', refreshToken);
  const row = await findLndhubToken(deps.db.read, hash, 'refresh');
  if (row === undefined || !sameHash(row.token_hash, hash)) return badAuth();
  if (Number(row.expires_at_ms) <= deps.clock.nowMs()) return badAuth();
  if (row.disabled_at_ms !== null) return disabled();
  return issuePair(deps, key, row.key_id, row.scope, row.id);
}

/**
 * The caller of an access token: found, not expired, its key neither revoked nor rotated, its account
 * enabled. The caller's kind is the token's scope.
 */
export async function lndhubCaller(deps: AppDeps, accessToken: string): Promise<Result<LndhubCaller>> {
  if (!TOKEN_FORMAT.test(accessToken)) return badAuth();
  const hash = tokenHash(await hmacKey(deps), 'access', accessToken);
  const row = await findLndhubToken(deps.db.read, hash, 'access');
  if (row === undefined || !sameHash(row.token_hash, hash)) return badAuth();
  if (Number(row.expires_at_ms) <= deps.clock.nowMs()) return badAuth();
  if (row.disabled_at_ms !== null) return disabled();
  return ok({ accountId: row.account_id, usertag: row.usertag, kind: row.scope, keyHash: row.key_hash });
}

const disabled = (): Result<never> =>
  err('account_disabled', 'account disabled: an operator has disabled this account; its keys are refused');

/** Tokens one sweep deletes at most per write unit, and units per sweep. */
export const LNDHUB_SWEEP_BATCH = 1000;
export const LNDHUB_SWEEP_UNITS = 20;

/** Deletes tokens past their end, in bounded units; answers how many went. */
export async function sweepLndhubTokens(deps: AppDeps, signal: AbortSignal): Promise<number> {
  let deleted = 0;
  for (let unit = 0; unit < LNDHUB_SWEEP_UNITS && !signal.aborted; unit++) {
    const n = await runPlainWrite(deps.db, (trx) =>
      deleteExpiredLndhubTokens(trx, deps.clock.nowMs(), LNDHUB_SWEEP_BATCH),
    );
    deleted += n;
    if (n < LNDHUB_SWEEP_BATCH) break;
  }
  return deleted;
}
