import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DEVANAGARI_FONT } from '../pages/checkout/assets.ts';
import { DASHBOARD_CSS } from './styles.ts';

/**
 * The dashboard's script and stylesheet, served under names that carry their content hash (cached for
 * good), with Subresource Integrity hashes for the page's tags. The Hindi font is the checkout's file.
 */
export interface DashboardAsset {
  /** URL path under /dashboard. */
  path: string;
  body: string;
  contentType: string;
  integrity: string;
}

function asset(name: string, ext: string, body: string, contentType: string): DashboardAsset {
  const digest = createHash('sha256').update(body);
  const hex = digest.copy().digest('hex').slice(0, 16);
  return {
    path: `/assets/${name}-${hex}.${ext}`,
    body,
    contentType,
    integrity: `sha256-${digest.digest('base64')}`,
  };
}

const FONT_FACE =
  '@font-face{font-family:"paytag Devanagari";font-style:normal;font-display:swap;font-weight:100 900;' +
  'src:local("Noto Sans Devanagari"),local("NotoSansDevanagari-Regular"),local("Nirmala UI"),local("Kohinoor Devanagari"),local("Mangal"),' +
  `url(/checkout${DEVANAGARI_FONT.path}) format("woff2");` +
  'unicode-range:U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+25CC,U+A830-A839,U+A8E0-A8FF}';

export const DASHBOARD_SCRIPT = asset(
  'dashboard',
  'js',
  readFileSync(new URL('./dashboard.js', import.meta.url), 'utf8'),
  'text/javascript; charset=utf-8',
);
export const DASHBOARD_STYLESHEET = asset(
  'dashboard',
  'css',
  FONT_FACE + DASHBOARD_CSS,
  'text/css; charset=utf-8',
);
