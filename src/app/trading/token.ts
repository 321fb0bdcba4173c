import { createHmac, randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import {
  findLiveCredentialByKey,
  findLiveCredentialForToken,
  markCredentialUsed,
} from '../../db/repos/trade-credentials.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { AppDeps } from '../deps.ts';
import { sameHash } from '../secrets/server-keys.ts';
import { runPlainWrite } from '../write.ts';
import { API_KEY_FORMAT, hashTradeSecret, tradeKey } from './credentials.ts';

/** Who a valid access token speaks for. */
export interface Trader {
  accountId: bigint;
  usertag: string;
  /** The credential the token was issued for (`client_id` names its public key). */
  credentialId: bigint;
}

export interface IssuedToken {
  accessToken: string;
  /** Seconds until it expires. */
  expiresIn: number;
  credentialId: bigint;
}

/** RFC 9068 §2.1: the media type of a JWT access token, in its `typ` header. */
const TOKEN_TYPE = 'at+jwt';
const ALGORITHM = 'HS256';
const ACCOUNT_DISABLED =
  'account disabled: an operator has disabled this account; its trade credentials and tokens are refused';
/** A hash of a secret nobody has: checked when the key is unknown, so both failures take the same time. */
const NO_SECRET_HASH = '0'.repeat(64);

const signingKey = async (deps: AppDeps): Promise<Uint8Array> =>
  createHmac('sha256', await tradeKey(deps))
    .update('trade-access-token-signing')
    .digest();

/** `iss` and `aud` of this service's tokens: its public URL and the trade API under it. */
const issuerOf = (deps: AppDeps) => deps.config.publicUrl;
const audienceOf = (deps: AppDeps) => `${deps.config.publicUrl}/trade/v1`;

/**
 * Exchanges a credential's key and secret for a signed access token (a JWT with the claims of RFC 9068:
 * iss, sub = account id, aud, exp, iat, jti, client_id = the credential's public key). Every failure
 * gets one answer, so a caller cannot tell an unknown key from a wrong secret or a revoked credential;
 * the right key and secret of a disabled account are answered `account_disabled`.
 */
export async function issueTradeToken(
  deps: AppDeps,
  input: { apiKey: string; apiSecret: string },
): Promise<Result<IssuedToken>> {
  const key = await tradeKey(deps);
  const found = API_KEY_FORMAT.test(input.apiKey)
    ? await findLiveCredentialByKey(deps.db.read, input.apiKey)
    : undefined;
  const presented = hashTradeSecret(key, input.apiSecret);
  const secretOk = sameHash(presented, found?.secret_hash ?? NO_SECRET_HASH);
  if (found === undefined || !secretOk) return err('unauthorized', 'invalid API credentials');
  // Checked after the secret, so only the credential's holder learns that the account is disabled.
  if (found.disabled) return err('account_disabled', ACCOUNT_DISABLED);

  const nowMs = deps.clock.nowMs();
  const nowSec = Math.floor(nowMs / 1000);
  const ttl = deps.config.tradeToken.ttlSec;
  const accessToken = await new SignJWT({ client_id: input.apiKey })
    .setProtectedHeader({ alg: ALGORITHM, typ: TOKEN_TYPE })
    .setIssuer(issuerOf(deps))
    .setSubject(String(found.account_id))
    .setAudience(audienceOf(deps))
    .setIssuedAt(nowSec)
    .setExpirationTime(nowSec + ttl)
    .setJti(randomUUID())
    .sign(await signingKey(deps));
  // The answer waits for this commit, as every answer does; it also tells the owner the key is in use.
  await runPlainWrite(deps.db, (trx) => markCredentialUsed(trx, found.id, nowMs));
  return ok({ accessToken, expiresIn: ttl, credentialId: found.id });
}

/**
 * Checks an access token: signature, `typ`, issuer, audience, expiry; then that its credential is
 * still live and belongs to `sub` (a revoked credential's tokens stop working at once), and that the
 * account is not disabled (its tokens are refused while it is, and work again once it is enabled).
 */
export async function verifyTradeToken(deps: AppDeps, token: string): Promise<Result<Trader>> {
  let sub: string | undefined;
  let clientId: unknown;
  try {
    const { payload } = await jwtVerify(token, await signingKey(deps), {
      algorithms: [ALGORITHM],
      typ: TOKEN_TYPE,
      issuer: issuerOf(deps),
      audience: audienceOf(deps),
      requiredClaims: ['exp', 'iat', 'jti', 'sub', 'client_id'],
      currentDate: new Date(deps.clock.nowMs()),
      clockTolerance: 0,
    });
    sub = payload.sub;
    clientId = payload['client_id'];
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) return err('unauthorized', 'the access token has expired');
    if (e instanceof joseErrors.JOSEError) return err('unauthorized', 'invalid access token');
    throw e;
  }
  if (typeof clientId !== 'string' || sub === undefined || !/^[1-9][0-9]{0,18}$/.test(sub)) {
    return err('unauthorized', 'invalid access token');
  }
  const live = await findLiveCredentialForToken(deps.db.read, clientId, BigInt(sub));
  if (live === undefined) return err('unauthorized', 'the access token was revoked');
  if (live.disabled) return err('account_disabled', ACCOUNT_DISABLED);
  return ok({ accountId: BigInt(sub), usertag: live.usertag, credentialId: live.id });
}
