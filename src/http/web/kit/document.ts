import type { FastifyReply } from 'fastify';
import { ICON } from './brand-assets.ts';
import { DASHBOARD_SCRIPT, DASHBOARD_STYLESHEET } from './dashboard-assets.ts';
import { esc, type Raw } from './html.ts';
import type { Lang } from './i18n/index.ts';

/**
 * The document of the signed-in pages (the dashboard and the operator console) and their strict policy:
 * the pages' own stylesheet and script from this origin only, no inline code, no other origin, forms to
 * this origin only.
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
