import websocket from '@fastify/websocket';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../../app/accounts/authenticate.ts';
import type { AppDeps } from '../../app/deps.ts';
import { type KeyKind, keyAllows } from '../../domain/api-keys.ts';
import { presentedKey, presentedKeyOwner } from '../auth.ts';
import { toProblem } from '../family.ts';
import { LnbitsError, lnbitsStatus } from './errors.ts';
import { registerLiveRoutes } from './live.routes.ts';
import { registerLnbitsPaymentRoutes } from './payments.routes.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Which LNbits key the route needs (lnbits/lnbits `lnbits/decorators.py` `require_invoice_key`,
     * `require_admin_key`); `optional`: the route answers without a key, and more with a valid one.
     */
    lnbitsKey?: KeyKind | 'optional';
  }
}

/** The answer to a browser's CORS preflight: the methods and headers LNbits clients send, for a day. */
const CORS_PREFLIGHT = {
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'X-Api-Key, Content-Type, Accept, Authorization',
  'access-control-max-age': '86400',
};

/** Unknown paths answer 404 in LNbits' shape for every method but OPTIONS (a preflight, above). */
const NOT_FOUND_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The authenticated caller of a route with `lnbitsKey` invoice or admin (null on an optional one without a key). */
export function lnbitsCaller(request: FastifyRequest): Caller | null {
  return request.caller ?? null;
}

/** The key a client presented, for checks after the route's start (the live streams recheck it). */
export const lnbitsKeyOf = (request: FastifyRequest): string | null => presentedKey(request);

/**
 * /api/v1 as LNbits serves its wallet API (docs/clients.md): the wallet, payments (create, pay, status,
 * list, decode, LNURL-pay) and the live streams (WebSocket /api/v1/ws/{key}, SSE /api/v1/payments/sse),
 * on the native use cases, keys and limits. The key comes in `X-Api-Key` (any case; a URI-encoded value
 * is decoded, as `lightning-backends` sends it) or `?api-key=`; the account's invoice and admin keys are
 * LNbits' invoice and admin keys. Errors are `{detail}` with LNbits' status codes.
 */
export async function lnbitsFamily(scope: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  await scope.register(websocket, { options: { maxPayload: 4096 } });

  // Shop pages and browser wallets (Bitcoin Connect's LNbits connector) call this API from their own
  // origin with `X-Api-Key` and a JSON body, so the browser asks first (a CORS preflight) and reads the
  // answer only if any origin may: LNbits allows every origin (FastAPI's CORSMiddleware,
  // allow_origins=["*"]) and so does this API. No cookie is read here, so a page gets nothing it did not
  // already hold (the key). Set on the raw response: the event stream writes its own head.
  scope.addHook('onRequest', async (_request, reply) => {
    reply.raw.setHeader('access-control-allow-origin', '*');
  });
  for (const path of ['/wallet', '/payments', '/payments/*']) {
    scope.options(path, { schema: { hide: true } }, async (_request, reply) =>
      reply.status(204).headers(CORS_PREFLIGHT).send(),
    );
  }

  // Added per route (after the rate limiter's own per-route hook), as the native families do.
  scope.addHook('onRoute', (route) => {
    const need = route.config?.lnbitsKey;
    if (need === undefined) return;
    const check = async (request: FastifyRequest) => {
      const key = presentedKey(request);
      if (key === null) {
        if (need === 'optional') return;
        throw new LnbitsError(401, 'No Api Key provided.');
      }
      const r = await presentedKeyOwner(deps, request);
      if (!r.ok) {
        if (need === 'optional') return;
        // LNbits answers an unknown key "Wallet not found." (404) and a refused account 403.
        if (r.error.code === 'unauthorized') throw new LnbitsError(404, 'Wallet not found.');
        throw new LnbitsError(403, r.error.message);
      }
      if (need === 'admin' && !keyAllows(r.value.kind, 'admin'))
        throw new LnbitsError(403, 'Invalid adminkey.');
      request.caller = r.value;
    };
    const existing = route.onRequest;
    route.onRequest =
      existing === undefined ? [check] : [...(Array.isArray(existing) ? existing : [existing]), check];
  });

  scope.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof LnbitsError) {
      if (error.retryAfterSec !== undefined) reply.header('retry-after', String(error.retryAfterSec));
      return reply
        .status(error.statusCode)
        .send(
          error.paymentStatus === undefined
            ? { detail: error.detail }
            : { detail: error.detail, status: error.paymentStatus },
        );
    }
    const p = toProblem(error, request);
    if (p.retryAfterSec !== undefined) reply.header('retry-after', String(p.retryAfterSec));
    return reply.status(lnbitsStatus(p.status)).send({ detail: p.message });
  });

  // Unknown paths under the API's own (a later LNbits call, a typo) in its shape; the prefix's other unknown
  // paths stay the native `apiFamily`'s, which owns /api/v1's not-found handler.
  const notFound = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.status(404).send({ detail: 'Not Found' });
  for (const url of ['/payments/*', '/wallet/*', '/ws/*'])
    scope.route({ method: NOT_FOUND_METHODS, url, schema: { hide: true }, handler: notFound });

  registerLnbitsPaymentRoutes(scope, deps);
  registerLiveRoutes(scope, deps);
}
