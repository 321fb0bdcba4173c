import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import { type Trader, verifyTradeToken } from '../../app/trading/token.ts';
import type { Result } from '../../domain/result.ts';
import { HttpError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route needs a trade access token (`Authorization: Bearer <access_token>`). */
    tradeToken?: true;
  }
  interface FastifyRequest {
    trader: Trader | null;
  }
}

/** The realm named in every WWW-Authenticate of the trade API (RFC 6750 §3). */
export const TRADE_REALM = 'paytag-trade';

/** Security requirement of the token-protected routes, for the OpenAPI document. */
export const tradeSecurity: Array<Record<string, string[]>> = [{ tradeBearer: [] }];

/** The caller of a route declared with `config: { tradeToken: true }`. */
export function traderOf(request: FastifyRequest): Trader {
  if (request.trader === null) throw new Error('traderOf on a route without config.tradeToken');
  return request.trader;
}

/**
 * Every route of `scope` declared with `config: { tradeToken: true }` checks the bearer token before
 * anything else runs; a missing, malformed, expired or revoked token is a 401 with WWW-Authenticate,
 * and a token of a disabled account a 403 `account_disabled`.
 */
export function requireTradeTokens(scope: FastifyInstance, deps: AppDeps): void {
  scope.decorateRequest('trader', null);
  scope.addHook('onRoute', (route) => {
    if (route.config?.tradeToken !== true) return;
    const check = async (request: FastifyRequest, reply: FastifyReply) => {
      const r = await presentedTrader(deps, request);
      if (r === null) {
        reply.header('www-authenticate', `Bearer realm="${TRADE_REALM}"`);
        throw new HttpError({
          code: 'unauthorized',
          message:
            'missing access token: send Authorization: Bearer <access_token> from POST /trade/v1/auth/token',
        });
      }
      // The token is good but the account is disabled: a 403, not a token error to retry with another.
      if (!r.ok && r.error.code === 'account_disabled') throw new HttpError(r.error);
      if (!r.ok) {
        const description = r.error.message.replaceAll('"', "'");
        reply.header(
          'www-authenticate',
          `Bearer realm="${TRADE_REALM}", error="invalid_token", error_description="${description}"`,
        );
        throw new HttpError(r.error);
      }
      request.trader = r.value;
    };
    const existing = route.onRequest;
    route.onRequest =
      existing === undefined ? [check] : [...(Array.isArray(existing) ? existing : [existing]), check];
  });
}

const checked = new WeakMap<FastifyRequest, Promise<Result<Trader>> | null>();

/**
 * The presented bearer token checked once per request (the rate limiter and the route's check share
 * it): the trader it speaks for, the 401 to answer, or null when the request carries no bearer token.
 */
export function presentedTrader(deps: AppDeps, request: FastifyRequest): Promise<Result<Trader>> | null {
  if (checked.has(request)) return checked.get(request) ?? null;
  const token = bearerToken(request);
  const found = token === null ? null : verifyTradeToken(deps, token);
  checked.set(request, found);
  return found;
}

/** The token of `Authorization: Bearer <token>` (RFC 6750 §2.1), or null. */
function bearerToken(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (typeof h !== 'string') return null;
  const m = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i.exec(h);
  return m?.[1] ?? null;
}
