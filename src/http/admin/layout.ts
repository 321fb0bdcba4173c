import type { FastifyReply, FastifyRequest } from 'fastify';
import { DASHBOARD_SCRIPT, DASHBOARD_STYLESHEET } from '../dashboard/assets.ts';
import { csrfField, DASHBOARD_CSP } from '../dashboard/layout.ts';
import type { SessionUser } from '../dashboard/session.ts';
import { ICON, LOGO_SVG } from '../pages/checkout/assets.ts';
import { esc, html, type Raw, raw } from '../pages/html.ts';

/**
 * The operator console's layout: the dashboard's stylesheet and policy (its own files from this origin
 * only, no inline code, forms to this origin only), with the console's navigation and flash messages.
 */

export type AdminNav = 'home' | 'accounts' | 'kyc' | 'ledger' | 'system' | 'outbox' | 'prices' | 'actions';

const NAV: Array<[AdminNav, string, string]> = [
  ['home', '/admin', 'Overview'],
  ['accounts', '/admin/accounts', 'Accounts'],
  ['kyc', '/admin/kyc', 'KYC review'],
  ['ledger', '/admin/ledger', 'Ledger'],
  ['system', '/admin/system', 'Lightning and chains'],
  ['outbox', '/admin/outbox', 'Deliveries'],
  ['prices', '/admin/prices', 'Prices'],
  ['actions', '/admin/actions', 'Operator log'],
];

/** What `?done=<key>` announces after a post/redirect/get. */
const DONE: Record<string, string> = {
  signed_in: 'Signed in.',
  disabled: 'The account is disabled: its keys, sessions and Lightning address are refused from now on.',
  enabled: 'The account is enabled again: its keys and Lightning address work.',
  kyc_approved: 'The KYC submission is approved: the account is verified at the level you chose.',
  kyc_rejected: 'The KYC submission is rejected; the reason is in the account’s history.',
};

export interface AdminPage {
  status?: number;
  title: string;
  body: Raw;
  active?: AdminNav | null;
}

function header(session: SessionUser | null, active: AdminNav | null): Raw {
  const logo = raw(LOGO_SVG.replace('<svg ', '<svg aria-hidden="true" '));
  if (session === null) {
    return html`<header class="top"><div class="in"><a class="brand" href="/admin">${logo}paytag operator</a></div></header>`;
  }
  const items = NAV.map(
    ([key, href, label]) =>
      html`<li><a href="${href}"${key === active ? raw(' aria-current="page"') : null}>${label}</a></li>`,
  );
  return html`<header class="top"><div class="in"><a class="brand" href="/admin">${logo}paytag operator</a>
<nav class="main" aria-label="Operator console"><ul>${items}</ul></nav>
<div class="who"><span>Operator ${session.usertag}</span><a href="/dashboard" class="langs">Dashboard</a>
<form method="post" action="/dashboard/sign-out">${csrfField(session.csrfToken)}<button type="submit">Sign out</button></form></div></div></header>`;
}

/** Writes a console page with the headers every console page carries. */
export function sendAdminPage(
  request: FastifyRequest,
  reply: FastifyReply,
  session: SessionUser | null,
  p: AdminPage,
): FastifyReply {
  const done = (request.query as Record<string, unknown> | undefined)?.['done'];
  const flash =
    typeof done === 'string' && Object.hasOwn(DONE, done)
      ? html`<p class="flash" role="status">${DONE[done] ?? ''}</p>`
      : null;
  reply
    .status(p.status ?? 200)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', DASHBOARD_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'same-origin')
    .header('cache-control', 'no-store')
    .header('vary', 'cookie');
  return reply.send(
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
      '<meta name="viewport" content="width=device-width,initial-scale=1">' +
      '<meta name="robots" content="noindex">' +
      `<title>${esc(p.title)} · paytag operator</title>` +
      `<link rel="icon" type="image/svg+xml" href="/checkout${ICON.path}">` +
      `<link rel="stylesheet" href="/dashboard${DASHBOARD_STYLESHEET.path}" integrity="${DASHBOARD_STYLESHEET.integrity}">` +
      `<script src="/dashboard${DASHBOARD_SCRIPT.path}" integrity="${DASHBOARD_SCRIPT.integrity}" defer></script>` +
      `</head><body><a class="skip" href="#content">Skip to content</a>${header(session, p.active ?? null).html}` +
      `<main id="content" tabindex="-1">${flash?.html ?? ''}${p.body.html}</main><footer>paytag operator console</footer></body></html>`,
  );
}

/** The console's refusal and error pages. */
export function sendAdminError(
  request: FastifyRequest,
  reply: FastifyReply,
  session: SessionUser | null,
  status: number,
  message: string,
): FastifyReply {
  return sendAdminPage(request, reply, session, {
    status,
    title: 'Something is wrong',
    body: html`<div class="card narrow"><h1>Something is wrong</h1><p class="problem" role="alert">${message}</p><p><a href="/admin">Back to the operator console</a></p></div>`,
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
