import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { CHECKOUT_CSS } from './styles.ts';

/**
 * The checkout page's script and stylesheet, served by the service itself under names that carry their
 * content hash (so they may be cached for good), with Subresource Integrity hashes for the page's tags.
 * The script is a plain JavaScript file next to this one (copied into dist/ by the build).
 */
export interface Asset {
  /** URL path under /checkout. */
  path: string;
  body: string;
  contentType: string;
  /** `sha256-<base64>`, for the tag's integrity attribute. */
  integrity: string;
}

function asset(name: string, ext: string, body: string, contentType: string): Asset {
  const digest = createHash('sha256').update(body);
  const hex = digest.copy().digest('hex').slice(0, 16);
  return {
    path: `/assets/${name}-${hex}.${ext}`,
    body,
    contentType,
    integrity: `sha256-${digest.digest('base64')}`,
  };
}

export const SCRIPT = asset(
  'checkout',
  'js',
  readFileSync(new URL('./checkout.js', import.meta.url), 'utf8'),
  'text/javascript; charset=utf-8',
);
export const STYLESHEET = asset('checkout', 'css', CHECKOUT_CSS, 'text/css; charset=utf-8');

/** The mark in the page's header, and its icon in the browser's tab. */
export const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="9" fill="#16181d"/><path d="M18.5 5 9 18h6l-1.5 9L23 14h-6z" fill="#f7a21b"/></svg>';
export const ICON = asset('icon', 'svg', LOGO_SVG, 'image/svg+xml');
