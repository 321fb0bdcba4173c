import type { FastifyRequest } from 'fastify';
import { authenticate, type Caller } from '../app/accounts/authenticate.ts';
import type { AppDeps } from '../app/deps.ts';
import type { Result } from '../domain/result.ts';

/**
 * The API key, from any of the places clients of the original API put it:
 * `x-api-key`, `Authorization: <key>` or `Authorization: Bearer <key>`, or `?api_key=` (`?api-key=`).
 */
export function presentedKey(request: FastifyRequest): string | null {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header.trim() !== '') return uriDecoded(header.trim());
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string' && authorization.trim() !== '') {
    return authorization.trim().replace(/^Bearer\s+/i, '');
  }
  const q = request.query as Record<string, unknown> | undefined;
  // `api-key` is where LNbits clients put it (its wallet API, src/http/lnbits/).
  const fromQuery = q?.['api_key'] ?? q?.['api-key'];
  return typeof fromQuery === 'string' && fromQuery !== '' ? fromQuery : null;
}

/** A header value sent URI-encoded (`lightning-backends` does: `encodeURIComponent(key)`), decoded. */
function uriDecoded(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A run of letters and digits as long as an API key (or longer): a key, or too close to one to log. */
const KEY_LIKE = /[A-Za-z0-9]{40,}/;
/** Parameter names (lower case, letters and digits only) whose values are secrets. */
const SECRET_NAME = /key|token|secret|passw|^k1$/;

/** Any secret parameter name, as its letters and digits run together (`api_key` → `apikey`). */
const SECRET_WORD = /key|token|secret|passw|k1/;

/**
 * True when redactUrl would change nothing, found without taking the URL apart (every request's log
 * line asks): nothing percent-encoded or `+` (so every part reads as written), no run as long as a key
 * anywhere, and no secret name even with the URL's letters and digits run together. Each part is a
 * piece of the URL, so none can hold what the whole does not; a false "no" only costs the full check.
 */
const plainlySafe = (url: string): boolean =>
  !url.includes('%') &&
  !url.includes('+') &&
  !KEY_LIKE.test(url) &&
  !SECRET_WORD.test(url.toLowerCase().replace(/[^a-z0-9]/g, ''));

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/**
 * Removes credentials from a URL before it is logged, however they are spelled: a query parameter
 * whose decoded name says key, token, secret or password (`api_key`, `api%5Fkey`, `API_KEY`,
 * `api_key[]`, …) keeps its name only, and any path segment, parameter name or value that decodes to
 * something as long as an API key is replaced whole.
 */
export function redactUrl(url: string): string {
  if (plainlySafe(url)) return url;
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const safePath = path
    .split('/')
    .map((segment) => (KEY_LIKE.test(decoded(segment)) ? '[redacted]' : segment))
    .join('/');
  if (q < 0) return safePath;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const name = eq < 0 ? part : part.slice(0, eq);
      const value = eq < 0 ? '' : part.slice(eq + 1);
      const plainName = decoded(name);
      if (KEY_LIKE.test(plainName)) return '[redacted]';
      const secret = SECRET_NAME.test(plainName.toLowerCase().replace(/[^a-z0-9]/g, ''));
      return secret || KEY_LIKE.test(decoded(value)) ? `${name}=[redacted]` : part;
    })
    .join('&');
  return `${safePath}?${query}`;
}

/** A route parameter that is a bearer secret: whoever holds the URL holds the voucher, the link or the consent. */
const SECRET_PARAM = /^:(code|token)$/;
const HAS_SECRET_PARAM = /\/:(code|token)(\/|$)/;

/**
 * The request's URL with the values of its route's secret parameters (`/voucher/redeem/:code`,
 * `/verify/email/:token`, …) replaced, for the log; redactUrl then does the query and the rest.
 */
export function pathSecretsRedacted(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route === undefined || !HAS_SECRET_PARAM.test(route)) return request.url;
  const q = request.url.indexOf('?');
  const path = q < 0 ? request.url : request.url.slice(0, q);
  const names = route.split('/');
  const redacted = path
    .split('/')
    .map((segment, i) => (SECRET_PARAM.test(names[i] ?? '') ? '[redacted]' : segment))
    .join('/');
  return q < 0 ? redacted : redacted + request.url.slice(q);
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
