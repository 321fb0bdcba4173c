import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import { type LndhubCaller, lndhubCaller } from '../../app/lndhub/tokens.ts';
import type { KeyKind } from '../../domain/api-keys.ts';
import type { Result } from '../../domain/result.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The LNDhub route needs an access token of at least this scope (`Authorization: Bearer <token>`). */
    lndhubScope?: KeyKind;
  }
}

/**
 * `/lndhub/ext//auth` → `/lndhub/ext/auth`: a client that appends its paths to the URL as pasted
 * (`https://host/lndhub/ext/` + `/auth`, as BlueWallet's Frisbee client does) reaches the route.
 */
export function withoutDoubleSlash(url: string): string {
  const prefix = '/lndhub/ext//';
  return url.startsWith(prefix) ? `/lndhub/ext/${url.slice(prefix.length).replace(/^\/+/, '')}` : url;
}

/** Security requirement of the LNDhub routes, for the OpenAPI document. */
export const lndhubSecurity: Array<Record<string, string[]>> = [{ lndhubBearer: [] }];

/** The bearer token of `Authorization: Bearer <token>`, or null. */
function bearerOf(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (typeof h !== 'string') return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h.trim());
  return m?.[1] ?? null;
}

const checked = new WeakMap<FastifyRequest, Promise<Result<LndhubCaller>> | null>();

/**
 * The LNDhub access token of the request looked up once (the rate limiter and the route's check share
 * it): its caller, or the refusal; null when no bearer token was sent or the path is not under
 * /lndhub/ext/ (other families' bearer tokens are theirs).
 */
export function presentedLndhubCaller(
  deps: AppDeps,
  request: FastifyRequest,
): Promise<Result<LndhubCaller>> | null {
  if (checked.has(request)) return checked.get(request) ?? null;
  const token = request.url.startsWith('/lndhub/ext/') ? bearerOf(request) : null;
  const found = token === null ? null : lndhubCaller(deps, token);
  checked.set(request, found);
  return found;
}
