import type { FastifyRequest } from 'fastify';
import { authenticate, type Caller } from '../app/accounts/authenticate.ts';
import type { AppDeps } from '../app/deps.ts';
import type { Result } from '../domain/result.ts';

/**
 * The API key, from any of the places clients of the original API put it:
 * `x-api-key`, `Authorization: <key>` or `Authorization: Bearer <key>`, or `?api_key=`.
 */
export function presentedKey(request: FastifyRequest): string | null {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header.trim() !== '') return header.trim();
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string' && authorization.trim() !== '') {
    return authorization.trim().replace(/^Bearer\s+/i, '');
  }
  const q = request.query as Record<string, unknown> | undefined;
  const fromQuery = q?.['api_key'];
  return typeof fromQuery === 'string' && fromQuery !== '' ? fromQuery : null;
}

/** Removes credentials from a URL before it is logged. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]api_key=)[^&]*/gi, '$1[redacted]');
}

const checked = new WeakMap<FastifyRequest, Promise<Result<Caller>>>();

/**
 * The presented key looked up once per request (the rate limiter and the route's key check share it):
 * its owner for an active key of either kind, else the 401 to answer. The route still checks the kind.
 */
export function presentedKeyOwner(deps: AppDeps, request: FastifyRequest): Promise<Result<Caller>> {
  let found = checked.get(request);
  if (found === undefined) {
    found = authenticate(deps, presentedKey(request), 'invoice');
    checked.set(request, found);
  }
  return found;
}
