import { type Catalogue, en } from './en.ts';
import { hi } from './hi.ts';

/** The languages of the public pages, each with one catalogue of every text. */
export const CATALOGUES = { en, hi } as const satisfies Record<string, Catalogue>;
export type Lang = keyof typeof CATALOGUES;
export type { Catalogue };

const isLang = (v: string): v is Lang => Object.hasOwn(CATALOGUES, v);

/**
 * The page's language: `?lang=` when it names one of ours, else the best of Accept-Language (RFC 9110
 * weights; `hi-IN` counts as `hi`), else English.
 */
export function chooseLang(query: unknown, acceptLanguage: string | undefined): Lang {
  if (typeof query === 'string' && isLang(query.toLowerCase())) return query.toLowerCase() as Lang;
  let best: Lang = 'en';
  let bestQ = 0;
  for (const part of (acceptLanguage ?? '').slice(0, 512).split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0] ?? '';
    if (!isLang(primary)) continue;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p);
      if (m) q = Number(m[1]);
    }
    if (q > bestQ) {
      best = primary;
      bestQ = q;
    }
  }
  return best;
}

export const catalogueOf = (lang: Lang): Catalogue => CATALOGUES[lang];
