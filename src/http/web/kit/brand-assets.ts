import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { hashedAsset as asset } from './hashed-assets.ts';

/**
 * What every page carries whatever its room: the logo, its icon and the Hindi font. They are served by
 * the checkout's routes (under /checkout, where they were first), with names that carry their hash.
 */

/**
 * Noto Sans Devanagari (SIL Open Font License 1.1, from @fontsource-variable/noto-sans-devanagari), its
 * Devanagari subset with every weight: used for Hindi text only where the device has none of the common
 * Devanagari fonts of its own (named first, as local()), and its unicode-range keeps Latin text from it.
 */
export const DEVANAGARI_FONT = asset(
  'noto-sans-devanagari',
  'woff2',
  readFileSync(
    createRequire(import.meta.url).resolve(
      '@fontsource-variable/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-wght-normal.woff2',
    ),
  ),
  'font/woff2',
);

/** The Hindi font's face (the Devanagari range only), for the stylesheets of the pages. */
export const DEVANAGARI_FONT_FACE =
  '@font-face{font-family:"paytag Devanagari";font-style:normal;font-display:swap;font-weight:100 900;' +
  'src:local("Noto Sans Devanagari"),local("NotoSansDevanagari-Regular"),local("Nirmala UI"),local("Kohinoor Devanagari"),local("Mangal"),' +
  `url(/checkout${DEVANAGARI_FONT.path}) format("woff2");` +
  'unicode-range:U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+25CC,U+A830-A839,U+A8E0-A8FF}';

/** The mark in the page's header, and its icon in the browser's tab. */
export const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="9" fill="#16181d"/><path d="M18.5 5 9 18h6l-1.5 9L23 14h-6z" fill="#f7a21b"/></svg>';
export const ICON = asset('icon', 'svg', LOGO_SVG, 'image/svg+xml');
