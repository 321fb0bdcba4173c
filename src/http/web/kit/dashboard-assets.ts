import { readFileSync } from 'node:fs';
import { DEVANAGARI_FONT_FACE } from './brand-assets.ts';
import { DASHBOARD_CSS } from './dashboard-styles.ts';
import { hashedAsset } from './hashed-assets.ts';

/**
 * The dashboard's script and stylesheet (served under /dashboard, hashed-assets.ts). The stylesheet
 * starts with the Hindi font's @font-face, whose file every page shares (brand-assets.ts).
 */

export const DASHBOARD_SCRIPT = hashedAsset(
  'dashboard',
  'js',
  readFileSync(new URL('./dashboard.js', import.meta.url), 'utf8'),
  'text/javascript; charset=utf-8',
);
export const DASHBOARD_STYLESHEET = hashedAsset(
  'dashboard',
  'css',
  DEVANAGARI_FONT_FACE + DASHBOARD_CSS,
  'text/css; charset=utf-8',
);
