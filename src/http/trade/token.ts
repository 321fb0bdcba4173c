import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import { issueTradeToken } from '../../app/trading/token.ts';
import { clientBucket } from '../client-address.ts';
import { HttpError } from '../errors.ts';
import { bareErrors } from '../wire/schemas.ts';
import { TRADE_REALM } from './auth.ts';

const WINDOW_MS = 60_000;
const MAX_FIELD = 256;

/** POST /trade/v1/auth/token: a credential's key and secret for an access token. */
export function registerTokenRoute(scope: FastifyInstance, deps: AppDeps): void {
  const limit = tokenLimiter(deps);
  scope.post(
    '/auth/token',
    {
      schema: {
        tags: ['trade'],
        summary: 'Exchange trade API credentials for an access token',
        description:
          'JSON body api_key and api_secret (made with `paytag trade-keys create`). The answer is a signed JWT ' +
          '(RFC 9068 claims; typ at+jwt) for `Authorization: Bearer` on the other trade endpoints, and its ' +
          'lifetime in seconds (TRADE_TOKEN_TTL_S). Missing or invalid credentials: 401 with WWW-Authenticate. ' +
          'The credential of an account an operator has disabled: 403 account_disabled. Revoking the credential ends its tokens at once. Limited per credential and per client address ' +
          '(429 with Retry-After). See docs/trading.md.',
        body: {
          type: 'object',
          properties: {
            api_key: { type: 'string', description: 'public id of the credential (tk_...)' },
            api_secret: { type: 'string', description: 'the secret shown once when the credential was made' },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['access_token', 'expires_in'],
            properties: {
              access_token: { type: 'string' },
              expires_in: { type: 'integer', description: 'seconds until the token expires' },
            },
          },
          ...bareErrors,
        },
      },
    },
    async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const apiKey = credentialField(body['api_key']);
      const apiSecret = credentialField(body['api_secret']);
      await limit(request, reply, apiKey);
      if (apiKey === null || apiSecret === null) {
        refuse(reply, 'missing API credentials: send api_key and api_secret in the JSON body');
      }
      const r = await issueTradeToken(deps, { apiKey, apiSecret });
      // A disabled account's credential is valid: its 403 is no client-authentication failure.
      if (!r.ok && r.error.code === 'account_disabled') throw new HttpError(r.error);
      if (!r.ok) refuse(reply, r.error.message);
      request.log.info({ credential: apiKey }, 'trade token issued');
      return { access_token: r.value.accessToken, expires_in: r.value.expiresIn };
    },
  );
}

const credentialField = (v: unknown): string | null =>
  typeof v === 'string' && v !== '' && v.length <= MAX_FIELD ? v : null;

function refuse(reply: FastifyReply, message: string): never {
  reply.header('www-authenticate', `Bearer realm="${TRADE_REALM}", error="invalid_client"`);
  throw new HttpError({ code: 'unauthorized', message });
}

/**
 * Token requests counted per client address and per presented api_key, in one-minute windows of the
 * app's rate counter (shared by instances with RATE_LIMIT_STORE=database); over either limit, a 429.
 */
function tokenLimiter(deps: AppDeps) {
  const { requestsPerCredentialPerMinute, requestsPerAddressPerMinute } = deps.config.tradeToken;
  return async (request: FastifyRequest, reply: FastifyReply, apiKey: string | null): Promise<void> => {
    if (!deps.config.rateLimit.enabled) return;
    const nowMs = deps.clock.nowMs();
    const byIp = await deps.rateCounter.hit(`trade-token-ip:${clientBucket(request.ip)}`, WINDOW_MS, nowMs);
    const byKey =
      apiKey === null
        ? null
        : await deps.rateCounter.hit(`trade-token-key:${apiKey.slice(0, 64)}`, WINDOW_MS, nowMs);
    const over =
      byIp.count > requestsPerAddressPerMinute
        ? byIp
        : byKey !== null && byKey.count > requestsPerCredentialPerMinute
          ? byKey
          : null;
    if (over === null) return;
    const wait = Math.max(1, Math.ceil((over.resetAtMs - nowMs) / 1000));
    reply.header('retry-after', String(wait));
    throw new HttpError({
      code: 'rate_limited',
      message: `too many token requests ${over === byIp ? 'from your address' : 'for this api_key'}; retry in ${wait} s`,
    });
  };
}
