import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import QRCode from 'qrcode';

/**
 * Server-rendered pages: one stylesheet inlined and allowed by its hash, no scripts, no external assets
 * (except a voucher's own design image, whose origin alone is allowed), forms that post to this origin.
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

const CSS = `
*{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#1b1b1f;background:#f4f2ee}
body{margin:0;padding:24px 16px;line-height:1.5}
main{max-width:680px;margin:0 auto;background:#fff;border-radius:14px;padding:28px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h1{font-size:1.5rem;margin:0 0 4px}
.from{color:#5c5c66;margin:0 0 20px}
.amount{font-size:2.2rem;font-weight:700;margin:8px 0 0;letter-spacing:-.01em}
.sats{color:#5c5c66;margin:0 0 20px}
.design{display:block;width:100%;max-width:640px;aspect-ratio:16/9;height:auto;object-fit:cover;border-radius:10px;margin:0 0 20px;background:#eee}
.state{border-radius:10px;padding:14px 16px;margin:16px 0;font-weight:600}
.state.ok{background:#e6f4ea;color:#155d2b}
.state.off{background:#f1f1f3;color:#3d3d45}
.state.wait{background:#fff6e0;color:#6b4a00}
.error{border-radius:10px;padding:12px 16px;margin:16px 0;background:#fdecec;color:#8a1c1c}
.grid{display:grid;grid-template-columns:1fr;gap:24px;margin-top:8px}
@media(min-width:640px){.grid{grid-template-columns:220px 1fr}}
.qr{background:#fff;border:1px solid #e3e1dc;border-radius:10px;padding:8px}
.qr svg{display:block;width:100%;height:auto}
.qrnote{font-size:.85rem;color:#5c5c66;text-align:center;margin:6px 0 0}
.wallet{display:block;text-align:center;margin-top:6px;font-size:.9rem}
form{margin:0}
fieldset{border:0;padding:0;margin:0 0 12px}
legend{font-weight:600;margin-bottom:6px}
.choice{display:block;margin:4px 0}
label.field{display:block;font-weight:600;margin:8px 0 6px}
input[type=text]{width:100%;padding:10px 12px;font:inherit;border:1px solid #c9c6bf;border-radius:8px}
button{margin-top:14px;padding:11px 20px;font:inherit;font-weight:600;color:#fff;background:#e8790c;border:0;border-radius:8px;cursor:pointer}
button:focus-visible,input:focus-visible{outline:3px solid #1f6feb;outline-offset:2px}
.meta{font-size:.85rem;color:#5c5c66;margin-top:20px}
footer{text-align:center;font-size:.8rem;color:#7a7a84;margin:20px 0}
code{word-break:break-all;font-size:.8rem}
.sheet{max-width:none;display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:16px;background:none;box-shadow:none;padding:0}
.ticket{background:#fff;border:1px dashed #a8a59e;border-radius:10px;padding:14px;break-inside:avoid;page-break-inside:avoid}
.ticket .amount{font-size:1.3rem}
.ticket.used{opacity:.45}
.printhead{max-width:none;margin-bottom:16px}
@media print{html,body{background:#fff}body{padding:0}.printhead{display:none}.ticket{border-color:#777}}
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
      `default-src 'none'; style-src ${CSS_HASH}; img-src ${img}; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    )
    .header('x-content-type-options', 'nosniff')
    // Voucher codes are in these URLs: never pass them on to a design image's host or a followed link.
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store');
  const content = p.bare ? p.body.html : `<main>${p.body.html}</main>`;
  return reply.send(
    `<!doctype html><html lang="${esc(p.lang ?? 'en')}"><head><meta charset="utf-8">` +
      '<meta name="viewport" content="width=device-width,initial-scale=1">' +
      `<meta name="robots" content="noindex"><title>${esc(p.title)}</title><style>${CSS}</style></head>` +
      `<body>${content}<footer>paytag</footer></body></html>`,
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
