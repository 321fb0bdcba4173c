import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app/deps.ts';
import { LOGO_SVG } from '../kit/brand-assets.ts';
import { sendPageDocument } from '../kit/document.ts';
import { csrfField } from '../kit/forms.ts';
import { html, type Raw, raw } from '../kit/html.ts';
import { cookiesOf, LANG_COOKIE, type SessionUser, setLangCookie } from '../kit/session.ts';
import { chooseLang, DASHBOARD_CATALOGUES, type DashboardCatalogue, type Lang } from './i18n/index.ts';

/**
 * The dashboard's page layout: navigation, the signed-in user with sign-out, language links, a flash
 * message (`?done=<key>` after post/redirect/get), and the strict policy: the page's own stylesheet and
 * script from this origin only, no inline code, no other origin, forms to this origin only.
 */

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
  | 'payouts'
  | 'trading'
  | 'profile'
  | 'nwc';

const NAV: Array<[NavKey, string]> = [
  ['home', '/dashboard'],
  ['payments', '/dashboard/payments'],
  ['receive', '/dashboard/receive'],
  ['send', '/dashboard/send'],
  ['developers', '/dashboard/developers'],
  ['account', '/dashboard/account'],
  ['vouchers', '/dashboard/vouchers'],
  ['payouts', '/dashboard/payouts'],
  ['trading', '/dashboard/trading'],
  ['profile', '/dashboard/profile'],
  ['nwc', '/dashboard/nwc'],
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
