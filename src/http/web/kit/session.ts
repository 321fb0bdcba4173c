import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app/deps.ts';
import {
  anonymousCsrf,
  anonymousCsrfMatches,
  csrfMatches,
  findOpenSession,
  type OpenSession,
  SESSION_TOKEN,
} from '../../../app/sessions/sessions.ts';
import { clientBucket } from '../../client-address.ts';
import { formText } from '../../wire/text.ts';

/**
 * The browser side of dashboard sessions: the session cookie, the signed-in user of a request, and the
 * two checks every state-changing request of the dashboard (and the operator console) passes:
 *  1. it comes from this origin: `Sec-Fetch-Site: same-origin` when the browser sends it, else an
 *     `Origin` equal to PUBLIC_URL's (a request with neither, from no browser, goes on to the token);
 *  2. it carries the form token (`_csrf`): the session's synchronizer token, or before sign-in the token
 *     bound to the browser's pre-session cookie.
 */

export type SessionUser = OpenSession;

const isSecure = (deps: AppDeps) => deps.config.publicUrl.startsWith('https:');

/** `__Host-` cookies must be Secure, for the whole site, with no Domain: the browser enforces it. */
export const sessionCookieName = (deps: AppDeps): string =>
  isSecure(deps) ? '__Host-paytag_session' : 'paytag_session';
const preCookieName = (deps: AppDeps): string => (isSecure(deps) ? '__Host-paytag_pre' : 'paytag_pre');
export const LANG_COOKIE = 'paytag_lang';

/** The request's cookies (RFC 6265 cookie-string), first value of each name. */
export function cookiesOf(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  const header = request.headers.cookie;
  if (typeof header !== 'string') return out;
  for (const part of header.slice(0, 8192).split(';')) {
    const i = part.indexOf('=');
    if (i <= 0) continue;
    const name = part.slice(0, i).trim();
    if (name !== '' && !Object.hasOwn(out, name)) out[name] = part.slice(i + 1).trim();
  }
  return out;
}

function cookie(deps: AppDeps, name: string, value: string, maxAgeSec: number | null): string {
  return [
    `${name}=${value}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    ...(isSecure(deps) ? ['Secure'] : []),
    ...(maxAgeSec === null ? [] : [`Max-Age=${maxAgeSec}`]),
  ].join('; ');
}

function addCookie(reply: FastifyReply, value: string): void {
  const prev = reply.getHeader('set-cookie');
  const list = prev === undefined ? [] : Array.isArray(prev) ? prev.map(String) : [String(prev)];
  reply.header('set-cookie', [...list, value]);
}

export function setSessionCookie(deps: AppDeps, reply: FastifyReply, token: string): void {
  addCookie(reply, cookie(deps, sessionCookieName(deps), token, deps.config.dashboard.sessionMaxSec));
}

export function clearSessionCookie(deps: AppDeps, reply: FastifyReply): void {
  addCookie(reply, cookie(deps, sessionCookieName(deps), '', 0));
}

export function setLangCookie(deps: AppDeps, reply: FastifyReply, lang: string): void {
  addCookie(reply, cookie(deps, LANG_COOKIE, lang, 365 * 86_400));
}

const resolved = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/** The request's open session (from its cookie), or null. Looked up once per request. */
export function sessionOf(deps: AppDeps, request: FastifyRequest): Promise<SessionUser | null> {
  let s = resolved.get(request);
  if (s === undefined) {
    const token = cookiesOf(request)[sessionCookieName(deps)];
    s = token === undefined ? Promise.resolve(null) : findOpenSession(deps, token);
    resolved.set(request, s);
  }
  return s;
}

/** sessionOf for error pages: null also when the lookup itself fails (the page is drawn signed out). */
export const sessionOrNull = (deps: AppDeps, request: FastifyRequest): Promise<SessionUser | null> =>
  sessionOf(deps, request).catch(() => null);

/**
 * The request's session, or null after answering it: a page is sent to sign-in (and back here after),
 * anything else to sign-in with `done=signed_out`.
 */
async function requireSession(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SessionUser | null> {
  const s = await sessionOf(deps, request);
  if (s !== null) return s;
  if (request.method === 'GET') {
    const path = request.url.split('?')[0] ?? '/dashboard';
    await reply.redirect(`/dashboard/sign-in?next=${encodeURIComponent(path)}`, 303);
  } else {
    await reply.redirect('/dashboard/sign-in?done=signed_out', 303);
  }
  return null;
}

/** The request decoration that carries the signed-in session on a guarded scope. */
const SIGNED_IN = 'signedIn';

/**
 * Lets every request of the scope reach its handler only with an open session, checked once before
 * the handler (after the scope's form guard): without one, a page is sent to sign-in and back, any
 * other request to sign-in with `done=signed_out`. Handlers read the session with `signedInUser`.
 * Register it on the encapsulated scope of the signed-in pages only (the sign-in pages stay outside).
 */
export function guardSessions(scope: FastifyInstance, deps: AppDeps): void {
  scope.decorateRequest(SIGNED_IN, null);
  scope.addHook('preHandler', async (request, reply) => {
    if (reply.sent) return;
    const s = await requireSession(deps, request, reply);
    if (s !== null) request.setDecorator<SessionUser>(SIGNED_IN, s);
  });
}

/** The session of a request that passed guardSessions. */
export function signedInUser(request: FastifyRequest): SessionUser {
  const s = request.getDecorator<SessionUser | null>(SIGNED_IN);
  if (s === null) throw new Error('signed-in page route without its session guard');
  return s;
}

/** The client's address bucket for per-address limits (behind the proxies TRUST_PROXY names). */
export const addressOf = (request: FastifyRequest): string => clientBucket(request.ip);

/** Whether the request comes from a page of this origin (see the module comment). */
function sameOrigin(deps: AppDeps, request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin';
  const origin = request.headers.origin;
  if (typeof origin === 'string') return origin === new URL(deps.config.publicUrl).origin;
  return true;
}

/** The pre-session cookie of the sign-in and sign-up forms, made when the browser has none. */
export async function preSessionToken(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<string> {
  let value = cookiesOf(request)[preCookieName(deps)];
  if (value === undefined || !SESSION_TOKEN.test(value)) {
    value = randomBytes(24).toString('base64url');
    addCookie(reply, cookie(deps, preCookieName(deps), value, null));
  }
  return anonymousCsrf(deps, value);
}

const formToken = (request: FastifyRequest): unknown => {
  const body = request.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)['_csrf']
    : undefined;
};

/** The forms of the pages before sign-in, whose token is the pre-session one. */
const PRE_SESSION_FORMS = new Set(['/dashboard/sign-in', '/dashboard/sign-up']);

/**
 * Null when a state-changing request may go on; else why it is refused. With a session its token is
 * checked: the session's own token, nothing else (the pre-session token only on the forms before
 * sign-in, which an older tab may still send). Without one, the pre-session token.
 */
async function forgeryCheck(deps: AppDeps, request: FastifyRequest): Promise<string | null> {
  if (!sameOrigin(deps, request)) return 'cross_site';
  const submitted = formText(formToken(request));
  const session = await sessionOf(deps, request);
  if (session !== null && csrfMatches(session, submitted)) return null;
  if (session !== null && !PRE_SESSION_FORMS.has(request.url.split('?')[0] ?? '')) return 'bad_token';
  const pre = cookiesOf(request)[preCookieName(deps)];
  if (pre !== undefined && (await anonymousCsrfMatches(deps, pre, submitted))) return null;
  return 'bad_token';
}

/**
 * Refuses, before its handler, every request of the scope that is not GET or HEAD and fails
 * forgeryCheck: `onRefused` answers it (the dashboard's 403 page). Register it on each scope with forms.
 */
export function guardForms(
  scope: FastifyInstance,
  deps: AppDeps,
  onRefused: (request: FastifyRequest, reply: FastifyReply, why: string) => Promise<unknown>,
): void {
  scope.addHook('preHandler', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    const why = await forgeryCheck(deps, request);
    if (why !== null) await onRefused(request, reply, why);
  });
}
