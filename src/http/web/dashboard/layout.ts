import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app/deps.ts';
import { ICON, LOGO_SVG } from '../kit/brand-assets.ts';
import { DASHBOARD_SCRIPT, DASHBOARD_STYLESHEET } from '../kit/dashboard-assets.ts';
import { esc, html, type Raw, raw } from '../kit/html.ts';
import { cookiesOf, LANG_COOKIE, type SessionUser, setLangCookie } from '../kit/session.ts';
import { chooseLang, DASHBOARD_CATALOGUES, type DashboardCatalogue, type Lang } from './i18n/index.ts';

/**
 * The dashboard's page layout: navigation, the signed-in user with sign-out, language links, a flash
 * message (`?done=<key>` after post/redirect/get), and the strict policy: the page's own stylesheet and
 * script from this origin only, no inline code, no other origin, forms to this origin only.
 */
const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

export interface PageCtx {
  deps: AppDeps;
  lang: Lang;
  m: DashboardCatalogue;
  session: SessionUser | null;
  /** The page's path without query (language links). */
  path: string;
  /** The flash message's key from `?done=`. */
  done: string | null;
}

/** The request's language (`?lang=` is kept in a cookie) and texts. */
export function pageCtx(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  session: SessionUser | null,
): PageCtx {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const asked = query['lang'];
  const lang = chooseLang(asked ?? cookiesOf(request)[LANG_COOKIE], request.headers['accept-language']);
  if (typeof asked === 'string' && asked === lang) setLangCookie(deps, reply, lang);
  const done = typeof query['done'] === 'string' ? query['done'] : null;
  return {
    deps,
    lang,
    m: DASHBOARD_CATALOGUES[lang],
    session,
    path: request.url.split('?')[0] ?? '/dashboard',
    done,
  };
}

export type NavKey =
  | 'home'
  | 'payments'
  | 'receive'
  | 'send'
  | 'developers'
  | 'account'
  | 'vouchers'
  | 'trading'
  | 'profile';

const NAV: Array<[NavKey, string]> = [
  ['home', '/dashboard'],
  ['payments', '/dashboard/payments'],
  ['receive', '/dashboard/receive'],
  ['send', '/dashboard/send'],
  ['developers', '/dashboard/developers'],
  ['account', '/dashboard/account'],
  ['vouchers', '/dashboard/vouchers'],
  ['trading', '/dashboard/trading'],
  ['profile', '/dashboard/profile'],
];

function header(ctx: PageCtx, active: NavKey | null): Raw {
  const { m, session } = ctx;
  const langs = html`<nav class="langs" aria-label="${m.nav.language}">${Object.values(
    DASHBOARD_CATALOGUES,
  ).map(
    (c) =>
      html`<a href="${ctx.path}?lang=${c.lang}" lang="${c.lang}" hreflang="${c.lang}"${
        c.lang === ctx.lang ? raw(' aria-current="true"') : null
      }>${c.languageName}</a>`,
  )}</nav>`;
  const logo = raw(LOGO_SVG.replace('<svg ', '<svg aria-hidden="true" '));
  if (session === null) {
    return html`<header class="top"><div class="in"><a class="brand" href="/dashboard">${logo}paytag</a><div class="who">${langs}</div></div></header>`;
  }
  const items = NAV.map(
    ([key, href]) =>
      html`<li><a href="${href}"${key === active ? raw(' aria-current="page"') : null}>${m.nav[key]}</a></li>`,
  );
  return html`<header class="top"><div class="in"><a class="brand" href="/dashboard">${logo}paytag</a>
<nav class="main" aria-label="${m.nav.label}"><ul>${items}</ul></nav>
<div class="who"><span>${m.nav.signedInAs(session.usertag)}</span>${langs}
<form method="post" action="/dashboard/sign-out">${csrfField(session.csrfToken)}<button type="submit">${m.nav.signOut}</button></form></div></div></header>`;
}

export interface DashboardPage {
  status?: number;
  title: string;
  body: Raw;
  active?: NavKey | null;
  /** Keep balances and payments current through the event stream (signed-in pages). */
  live?: boolean;
}

/** Writes a dashboard page with the headers every dashboard page carries. */
export function sendDashboardPage(reply: FastifyReply, ctx: PageCtx, p: DashboardPage): FastifyReply {
  const flash =
    ctx.done !== null && Object.hasOwn(ctx.m.done, ctx.done)
      ? html`<p class="flash" role="status">${ctx.m.done[ctx.done] ?? ''}</p>`
      : null;
  const live = p.live === true && ctx.session !== null;
  return sendPageDocument(reply, {
    status: p.status ?? 200,
    lang: ctx.lang,
    rootAttrs: live ? ` data-live data-since="${ctx.deps.clock.nowMs()}"` : '',
    title: `${p.title} · paytag`,
    skip: ctx.m.nav.skip,
    header: header(ctx, p.active ?? null),
    main: html`${flash}${p.body}`,
    footer: 'paytag',
  });
}

/**
 * A page of the dashboard or the operator console: their stylesheet, script and policy (DASHBOARD_CSP),
 * never cached, never framed, in the request's language.
 */
export function sendPageDocument(
  reply: FastifyReply,
  d: {
    status: number;
    lang: Lang;
    /** Attributes of the root element, written as given (with their leading space). */
    rootAttrs?: string;
    title: string;
    skip: string;
    header: Raw;
    main: Raw;
    footer: string;
  },
): FastifyReply {
  reply
    .status(d.status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', DASHBOARD_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'same-origin')
    .header('cache-control', 'no-store')
    .header('vary', 'accept-language, cookie');
  return reply.send(
    `<!doctype html><html lang="${esc(d.lang)}"${d.rootAttrs ?? ''}><head><meta charset="utf-8">` +
      '<meta name="viewport" content="width=device-width,initial-scale=1">' +
      '<meta name="robots" content="noindex">' +
      `<title>${esc(d.title)}</title><link rel="icon" href="/checkout${ICON.path}" type="image/svg+xml">` +
      `<link rel="stylesheet" href="/dashboard${DASHBOARD_STYLESHEET.path}" integrity="${DASHBOARD_STYLESHEET.integrity}">` +
      `<script src="/dashboard${DASHBOARD_SCRIPT.path}" integrity="${DASHBOARD_SCRIPT.integrity}" defer></script>` +
      `</head><body><a class="skip" href="#content">${esc(d.skip)}</a>${d.header.html}` +
      `<main id="content" tabindex="-1">${d.main.html}</main><footer>${esc(d.footer)}</footer></body></html>`,
  );
}

/** The dashboard's refusal and error pages. */
export function sendDashboardError(
  reply: FastifyReply,
  ctx: PageCtx,
  status: number,
  message: string,
): FastifyReply {
  return sendDashboardPage(reply, ctx, {
    status,
    title: ctx.m.errors.title,
    body: html`<div class="card narrow"><h1>${ctx.m.errors.title}</h1><p class="problem" role="alert">${message}</p><p><a href="/dashboard">${ctx.m.errors.back}</a></p></div>`,
  });
}

/** The hidden form token. */
export const csrfField = (token: string): Raw => html`<input type="hidden" name="_csrf" value="${token}">`;

export interface FieldSpec {
  name: string;
  /** The element id when one page has several fields of this name (several forms). */
  id?: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'date' | 'search';
  value?: string;
  hint?: string;
  error?: string | null;
  autocomplete?: string;
  required?: boolean;
  inputmode?: 'decimal' | 'numeric';
}

/** A labelled input with its hint and error tied to it (aria-describedby, aria-invalid). */
export function field(f: FieldSpec): Raw {
  const id = f.id ?? `f-${f.name}`;
  const described = [f.hint ? `${id}-hint` : null, f.error ? `${id}-err` : null].filter((x) => x !== null);
  return html`<div class="field"><label for="${id}">${f.label}</label>${
    f.hint ? html`<span class="hint" id="${id}-hint">${f.hint}</span>` : null
  }<input id="${id}" name="${f.name}" type="${f.type ?? 'text'}"${
    f.value !== undefined && f.type !== 'password' ? html` value="${f.value}"` : null
  }${f.autocomplete ? html` autocomplete="${f.autocomplete}"` : null}${f.required ? raw(' required') : null}${
    f.inputmode ? html` inputmode="${f.inputmode}"` : null
  }${described.length > 0 ? html` aria-describedby="${described.join(' ')}"` : null}${
    f.error ? raw(' aria-invalid="true"') : null
  }>${f.error ? html`<span class="err" id="${id}-err">${f.error}</span>` : null}</div>`;
}

/** A labelled select. */
export function selectField(f: {
  name: string;
  label: string;
  options: Array<[string, string]>;
  value?: string;
  error?: string | null;
}): Raw {
  const id = `f-${f.name}`;
  return html`<div class="field"><label for="${id}">${f.label}</label><select id="${id}" name="${f.name}"${
    f.error ? html` aria-invalid="true" aria-describedby="${id}-err"` : null
  }>${f.options.map(
    ([v, l]) => html`<option value="${v}"${v === f.value ? raw(' selected') : null}>${l}</option>`,
  )}</select>${f.error ? html`<span class="err" id="${id}-err">${f.error}</span>` : null}</div>`;
}

/** A form-level problem (an error not tied to one field), announced. */
export const problem = (message: string | null): Raw | null =>
  message === null ? null : html`<p class="problem" role="alert">${message}</p>`;
