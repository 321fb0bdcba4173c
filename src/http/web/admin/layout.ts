import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app/deps.ts';
import { LOGO_SVG } from '../kit/brand-assets.ts';
import { sendPageDocument } from '../kit/document.ts';
import { csrfField } from '../kit/forms.ts';
import { html, type Raw, raw } from '../kit/html.ts';
import { CATALOGUES, chooseLang, type Lang } from '../kit/i18n/index.ts';
import { cookiesOf, LANG_COOKIE, type SessionUser, setLangCookie } from '../kit/session.ts';
import { ADMIN_CATALOGUES, type AdminCatalogue } from './i18n/index.ts';

/**
 * The operator console's layout: the dashboard's stylesheet and policy (its own files from this origin
 * only, no inline code, forms to this origin only), with the console's navigation and flash messages,
 * in the dashboard's languages chosen the dashboard's way (`?lang=`, kept in the language cookie, then
 * `Accept-Language`).
 */

/** The request's language. */
function adminLang(request: FastifyRequest): Lang {
  const asked = (request.query as Record<string, unknown> | undefined)?.['lang'];
  return chooseLang(asked ?? cookiesOf(request)[LANG_COOKIE], request.headers['accept-language']);
}

/** The request's texts. */
export const adminTexts = (request: FastifyRequest): AdminCatalogue => ADMIN_CATALOGUES[adminLang(request)];

/** Keeps a language asked for by `?lang=` in the language cookie (the dashboard's). */
export function keepAdminLang(deps: AppDeps, request: FastifyRequest, reply: FastifyReply): void {
  const asked = (request.query as Record<string, unknown> | undefined)?.['lang'];
  if (typeof asked === 'string' && asked === adminLang(request)) setLangCookie(deps, reply, asked);
}

export type AdminNav =
  | 'home'
  | 'accounts'
  | 'kyc'
  | 'withdrawals'
  | 'ledger'
  | 'system'
  | 'outbox'
  | 'prices'
  | 'actions';

const NAV: Array<[AdminNav, string]> = [
  ['home', '/admin'],
  ['accounts', '/admin/accounts'],
  ['kyc', '/admin/kyc'],
  ['withdrawals', '/admin/withdrawals'],
  ['ledger', '/admin/ledger'],
  ['system', '/admin/system'],
  ['outbox', '/admin/outbox'],
  ['prices', '/admin/prices'],
  ['actions', '/admin/actions'],
];

export interface AdminPage {
  status?: number;
  title: string;
  body: Raw;
  active?: AdminNav | null;
}

function header(request: FastifyRequest, session: SessionUser | null, active: AdminNav | null): Raw {
  const lang = adminLang(request);
  const m = ADMIN_CATALOGUES[lang];
  const path = request.url.split('?')[0] ?? '/admin';
  const langs = html`<nav class="langs" aria-label="${CATALOGUES[lang].common.language}">${Object.values(
    CATALOGUES,
  ).map(
    (c) =>
      html`<a href="${path}?lang=${c.lang}" lang="${c.lang}" hreflang="${c.lang}"${
        c.lang === lang ? raw(' aria-current="true"') : null
      }>${c.languageName}</a>`,
  )}</nav>`;
  const logo = raw(LOGO_SVG.replace('<svg ', '<svg aria-hidden="true" '));
  if (session === null) {
    return html`<header class="top"><div class="in"><a class="brand" href="/admin">${logo}${m.nav.brand}</a><div class="who">${langs}</div></div></header>`;
  }
  const items = NAV.map(
    ([key, href]) =>
      html`<li><a href="${href}"${key === active ? raw(' aria-current="page"') : null}>${m.nav[key]}</a></li>`,
  );
  return html`<header class="top"><div class="in"><a class="brand" href="/admin">${logo}${m.nav.brand}</a>
<nav class="main" aria-label="${m.nav.label}"><ul>${items}</ul></nav>
<div class="who"><span>${m.nav.operator(session.usertag)}</span><a href="/dashboard">${m.nav.dashboard}</a>${langs}
<form method="post" action="/dashboard/sign-out">${csrfField(session.csrfToken)}<button type="submit">${m.nav.signOut}</button></form></div></div></header>`;
}

/** Writes a console page with the headers every console page carries. */
export function sendAdminPage(
  request: FastifyRequest,
  reply: FastifyReply,
  session: SessionUser | null,
  p: AdminPage,
): FastifyReply {
  const lang = adminLang(request);
  const m = ADMIN_CATALOGUES[lang];
  const messages: Record<string, string> = m.done;
  const done = (request.query as Record<string, unknown> | undefined)?.['done'];
  const flash =
    typeof done === 'string' && Object.hasOwn(messages, done)
      ? html`<p class="flash" role="status">${messages[done] ?? ''}</p>`
      : null;
  return sendPageDocument(reply, {
    status: p.status ?? 200,
    lang,
    title: `${p.title} · ${m.nav.brand}`,
    skip: m.nav.skip,
    header: header(request, session, p.active ?? null),
    main: html`${flash}${p.body}`,
    footer: m.nav.footer,
  });
}

/** The console's refusal and error pages. */
export function sendAdminError(
  request: FastifyRequest,
  reply: FastifyReply,
  session: SessionUser | null,
  status: number,
  message: string,
): FastifyReply {
  const m = adminTexts(request);
  return sendAdminPage(request, reply, session, {
    status,
    title: m.errors.title,
    body: html`<div class="card narrow"><h1>${m.errors.title}</h1><p class="problem" role="alert">${message}</p><p><a href="/admin">${m.errors.back}</a></p></div>`,
  });
}

/** A date and time as operators read it (UTC, to the second). */
export const when = (ms: number | null): string =>
  ms === null ? '—' : `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** A duration as "3 min 4 s", "2 h 5 min", "4 d 1 h". */
export function age(ms: number | null): string {
  if (ms === null) return '—';
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  return `${Math.floor(s / 86_400)} d ${Math.floor((s % 86_400) / 3600)} h`;
}

/** A table cell with its column's label for the stacked layout of narrow screens. */
export const td = (label: string, content: string | Raw | null, cls?: string): Raw =>
  html`<td data-label="${label}"${cls ? html` class="${cls}"` : null}>${content}</td>`;

/** A table with a caption, stacked into label: value rows below 600 px. */
export function table(caption: string, heads: Array<[string, string?]>, rows: Raw[], empty: string): Raw {
  if (rows.length === 0) return html`<p class="muted" data-empty>${empty}</p>`;
  return html`<div class="tablewrap"><table class="stack"><caption class="visually-hidden">${caption}</caption><thead><tr>${heads.map(
    ([h, cls]) => html`<th scope="col"${cls ? html` class="${cls}"` : null}>${h}</th>`,
  )}</tr></thead><tbody>${rows}</tbody></table></div>`;
}
