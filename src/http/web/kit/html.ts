import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import QRCode from 'qrcode';
import { DEVANAGARI_FONT_FACE, ICON, LOGO_SVG } from './brand-assets.ts';
import { CATALOGUES } from './i18n/index.ts';

/**
 * Server-rendered pages (vouchers, KYC consent, e-mail confirmation): one stylesheet inlined and allowed
 * by its hash, in the checkout's look (its header, icon and Devanagari font, served by the checkout), no
 * scripts, no external assets (except a voucher's own design image, whose origin alone is allowed), forms
 * that post to this origin.
 */

export const esc = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A tagged template whose interpolations are escaped unless they are `raw(...)`. */
export class Raw {
  constructor(readonly html: string) {}
}
export const raw = (html: string): Raw => new Raw(html);

export function html(
  strings: TemplateStringsArray,
  ...values: Array<string | number | Raw | Raw[] | null>
): Raw {
  let out = strings[0] ?? '';
  values.forEach((v, i) => {
    if (v instanceof Raw) out += v.html;
    else if (Array.isArray(v)) out += v.map((r) => r.html).join('');
    else if (v !== null) out += esc(String(v));
    out += strings[i + 1] ?? '';
  });
  return new Raw(out);
}

const CSS = `${DEVANAGARI_FONT_FACE}
*,*::before,*::after{box-sizing:border-box}
html{font-family:"paytag Devanagari",system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",Helvetica,Arial,sans-serif;color:#16181d;background:#eef0f3;-webkit-text-size-adjust:100%}
body{margin:0;line-height:1.5}
a{color:#1a56db}
a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid #1a56db;outline-offset:2px;border-radius:6px}
.wrap{max-width:720px;margin:0 auto;padding:16px 12px 32px}
.wrap.wide{max-width:none}
.bar{display:flex;align-items:center;gap:12px;flex-wrap:wrap;margin:0 4px 14px}
.brand{display:inline-flex;align-items:center;gap:8px;font-weight:700;font-size:1.05rem;letter-spacing:-.01em;color:#16181d}
.brand svg{width:26px;height:26px}
.langs{margin-left:auto;display:flex;gap:2px;font-size:.88rem}
.langs a{padding:4px 9px;border-radius:999px;text-decoration:none;color:#3b3f48}
.langs a[aria-current]{background:#16181d;color:#fff}
main{background:#fff;border-radius:18px;padding:22px 20px;box-shadow:0 1px 2px rgba(16,24,40,.06),0 8px 24px rgba(16,24,40,.08);overflow-wrap:break-word}
@media(min-width:720px){.wrap{padding:40px 24px}main{padding:36px}}
h1{font-size:1.35rem;line-height:1.3;margin:0 0 4px;letter-spacing:-.01em}
h2{font-size:1.05rem;margin:22px 0 6px}
.from{color:#5b616e;margin:0 0 20px}
.amount{font-size:2rem;font-weight:750;margin:14px 0 0;letter-spacing:-.02em;line-height:1.15;font-variant-numeric:tabular-nums;overflow-wrap:anywhere}
.sats{color:#3b3f48;margin:4px 0 20px;font-variant-numeric:tabular-nums}
.design{display:block;width:100%;max-width:640px;aspect-ratio:16/9;height:auto;object-fit:cover;border-radius:12px;margin:12px 0 8px;background:#eee}
.state{border-radius:12px;padding:12px 14px;margin:16px 0;font-weight:650}
.state.ok{background:#e7f6ec;color:#13602f}
.state.off{background:#f1f2f4;color:#3b3f48}
.state.wait{background:#fff7e6;color:#6b4400}
.received{font-size:1.2rem}
.error{border-radius:12px;padding:12px 14px;margin:16px 0;background:#fdecec;color:#8a1c1c}
.grid{display:grid;grid-template-columns:minmax(0,1fr);gap:24px;margin-top:8px}
@media(min-width:640px){.grid{grid-template-columns:220px minmax(0,1fr)}}
.qr{display:block;max-width:300px;margin:0 auto;background:#fff;border:1px solid #e6e8ec;border-radius:14px;padding:8px}
.qr svg{display:block;width:100%;height:auto}
.qrnote{font-size:.85rem;color:#5b616e;text-align:center;margin:6px 0 0}
.wallet{display:block;text-align:center;margin-top:6px;font-size:.9rem}
form{margin:0}
fieldset{border:0;padding:0;margin:0 0 12px;min-width:0}
legend{font-weight:650;margin-bottom:6px}
.choice{display:block;margin:4px 0}
label.field{display:block;font-weight:650;margin:8px 0 6px}
input[type=text]{width:100%;padding:11px 12px;font:inherit;border:1px solid #cfd3da;border-radius:12px;background:#fafbfc}
button{margin-top:14px;min-height:46px;padding:10px 20px;font:inherit;font-weight:650;color:#fff;background:#16181d;border:1px solid #16181d;border-radius:12px;cursor:pointer}
button:hover{background:#2b2f37}
button.secondary{color:#16181d;background:#fff;border-color:#cfd3da}
button.secondary:hover{background:#f1f2f4}
.actions{display:flex;flex-wrap:wrap;gap:10px;margin-top:8px}
.actions button{flex:1 1 180px;margin-top:8px}
.meta{font-size:.85rem;color:#5b616e;margin-top:20px}
.facts{margin:8px 0 0;padding:0;border-top:1px solid #e6e8ec}
.facts div{display:flex;flex-wrap:wrap;justify-content:space-between;column-gap:16px;padding:9px 0;border-bottom:1px solid #e6e8ec}
.facts dt{color:#5b616e}
.facts dd{margin:0;font-weight:600;text-align:right;min-width:0;overflow-wrap:anywhere;margin-left:auto}
footer{text-align:center;font-size:.8rem;color:#5b616e;margin:18px 0 0}
code{overflow-wrap:anywhere;font-size:.8rem}
.sheet{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:16px}
.ticket{background:#fff;border:1px dashed #a8a59e;border-radius:12px;padding:14px;break-inside:avoid;page-break-inside:avoid}
.ticket .amount{font-size:1.3rem}
.ticket.used{opacity:.45}
.printhead{margin-bottom:16px}
@media print{html,body{background:#fff}.wrap{padding:0}.bar,.printhead,footer{display:none}.ticket{border-color:#777}}
`;

const CSS_HASH = `'sha256-${createHash('sha256').update(CSS).digest('base64')}'`;

export interface Page {
  status: number;
  title: string;
  body: Raw;
  /** Origins images may load from besides this one (a voucher's own design). */
  imageOrigins?: string[];
  /** Wider layout without the card (the print sheet). */
  bare?: boolean;
  /** The language of the texts (i18n/); English when absent. */
  lang?: string;
  /** The page's own URL (path and query): the header links to it in each language. None without it. */
  url?: string;
}

/** A page's URL in another language: the same path and query with `lang` set. */
export function inLanguage(url: string, lang: string): string {
  const u = new URL(url, 'http://page.invalid');
  u.searchParams.set('lang', lang);
  return `${u.pathname}${u.search}`;
}

const LOGO = raw(LOGO_SVG.replace('<svg ', '<svg aria-hidden="true" '));

function header(p: Page): string {
  const lang = p.lang ?? 'en';
  const url = p.url;
  const langs =
    url === undefined
      ? null
      : html`<nav class="langs" aria-label="${CATALOGUES[lang === 'hi' ? 'hi' : 'en'].common.language}">${Object.values(
          CATALOGUES,
        ).map(
          (l) =>
            html`<a href="${inLanguage(url, l.lang)}" lang="${l.lang}" hreflang="${l.lang}"${
              l.lang === lang ? raw(' aria-current="true"') : null
            }>${l.languageName}</a>`,
        )}</nav>`;
  return html`<header class="bar"><span class="brand">${LOGO}paytag</span>${langs}</header>`.html;
}

/**
 * A URL's origin as a CSP source, written from its parsed parts: an http(s) scheme, a host of letters,
 * digits, hyphens and dots (or an IP literal) and a port of digits. Anything else gives null, so no
 * character of a stored URL can reach the policy header as syntax (`;`, `,`, `*`, quotes, spaces).
 */
export function cspSourceOf(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  if (!/^(?:[a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(u.hostname)) return null;
  if (!/^\d*$/.test(u.port)) return null;
  return `${u.protocol}//${u.hostname}${u.port === '' ? '' : `:${u.port}`}`;
}

/** Writes a page with the headers every page carries. */
export function sendPage(reply: FastifyReply, p: Page): FastifyReply {
  const img = ["'self'", 'data:', ...(p.imageOrigins ?? [])].join(' ');
  reply
    .status(p.status)
    .header('content-type', 'text/html; charset=utf-8')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src ${CSS_HASH}; img-src ${img}; font-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    )
    .header('x-content-type-options', 'nosniff')
    // Voucher codes are in these URLs: never pass them on to a design image's host or a followed link.
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store');
  const content = p.bare ? p.body.html : `<main>${p.body.html}</main>`;
  return reply.send(
    `<!doctype html><html lang="${esc(p.lang ?? 'en')}"><head><meta charset="utf-8">` +
      '<meta name="viewport" content="width=device-width,initial-scale=1">' +
      '<meta name="robots" content="noindex"><meta name="color-scheme" content="light">' +
      `<title>${esc(p.title)}</title>` +
      `<link rel="icon" type="image/svg+xml" href="/checkout${ICON.path}"><style>${CSS}</style></head>` +
      `<body><div class="wrap${p.bare ? ' wide' : ''}">${header(p)}${content}<footer>paytag</footer></div></body></html>`,
  );
}

/** An error page in the same look. */
export function errorPage(status: number, heading: string, message: string): Page {
  return { status, title: heading, body: html`<h1>${heading}</h1><p>${message}</p>` };
}

/** QR codes drawn recently, by content: drawing one costs more than the rest of a page. */
const qrCache = new Map<string, string>();
const QR_CACHE_MAX = 2000;

/** A QR code as inline SVG (no image request, allowed by the policy as markup). */
export async function qrSvg(text: string, label: string): Promise<Raw> {
  let svg = qrCache.get(text);
  if (svg === undefined) {
    svg = await QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    if (qrCache.size >= QR_CACHE_MAX) qrCache.clear();
    qrCache.set(text, svg);
  }
  return raw(svg.replace('<svg ', `<svg role="img" aria-label="${esc(label)}" `));
}
