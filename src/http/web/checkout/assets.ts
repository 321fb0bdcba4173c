import { readFileSync } from 'node:fs';
import { DEVANAGARI_FONT_FACE } from '../kit/brand-assets.ts';
import { hashedAsset as asset } from '../kit/hashed-assets.ts';
import { CHECKOUT_CSS } from './styles.ts';

/**
 * The checkout page's script and stylesheet, served by the service itself under names that carry their
 * content hash (so they may be cached for good), with Subresource Integrity hashes for the page's tags.
 * The script is a plain JavaScript file next to this one (copied into dist/ by the build). The logo and
 * the font every page shares are the kit's (../kit/brand-assets.ts).
 */
export const SCRIPT = asset(
  'checkout',
  'js',
  readFileSync(new URL('./checkout.js', import.meta.url), 'utf8'),
  'text/javascript; charset=utf-8',
);

export const STYLESHEET = asset(
  'checkout',
  'css',
  DEVANAGARI_FONT_FACE + CHECKOUT_CSS,
  'text/css; charset=utf-8',
);
