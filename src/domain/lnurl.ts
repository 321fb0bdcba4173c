// LUD-01: an LNURL is a URL, UTF-8 encoded, in bech32 with the prefix "lnurl" and no length limit.
// LUD-17 schemes (lnurlp://, lnurlw://, lnurlc://, keyauth://) name the same URLs without bech32.

import { bech32 } from '@scure/base';

export type DecodeLnurlResult = { ok: true; url: URL } | { ok: false; message: string };

export interface UrlPolicy {
  /** Allow http:// for localhost, 127.0.0.1 and [::1] (tests and local development). */
  allowHttpLocalhost?: boolean;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const LUD17_SCHEMES = ['lnurlp:', 'lnurlw:', 'lnurlc:', 'keyauth:'];
/** A URL this long in an LNURL is not something a wallet or QR code carries. */
const MAX_LNURL_LENGTH = 4096;

/**
 * LUD-01: https only, except http for Tor hidden services (.onion), and for local hosts when the
 * policy allows it.
 */
export function isAllowedLnurlUrl(url: URL, policy: UrlPolicy = {}): boolean {
  if (url.username !== '' || url.password !== '') return false;
  if (url.protocol === 'https:') return true;
  if (url.protocol !== 'http:') return false;
  if (url.hostname.endsWith('.onion')) return true;
  return policy.allowHttpLocalhost === true && LOCAL_HOSTS.has(url.hostname);
}

/** Bech32 LNURL (upper case, as QR codes prefer) for `url`. */
export function encodeLnurl(url: string): string {
  const bytes = new TextEncoder().encode(url);
  return bech32.encode('lnurl', bech32.toWords(bytes), false).toUpperCase();
}

/**
 * Decodes a bech32 LNURL (any case, optionally prefixed "lightning:") or a LUD-17 URL
 * (lnurlp://host/path → https://host/path) and checks the URL against the LUD-01 rules.
 */
export function decodeLnurl(input: string, policy: UrlPolicy = {}): DecodeLnurlResult {
  const r = decodeLnurlUrl(input);
  if (r.ok && !isAllowedLnurlUrl(r.url, policy)) {
    return { ok: false, message: 'LNURL must use https (http only for .onion hosts)' };
  }
  return r;
}

/** The URL inside a bech32 LNURL or a LUD-17 URL, without the LUD-01 scheme rules. */
function decodeLnurlUrl(input: string): DecodeLnurlResult {
  if (typeof input !== 'string') return { ok: false, message: 'LNURL must be a string' };
  let text = input.trim();
  if (text.length > MAX_LNURL_LENGTH) return { ok: false, message: 'LNURL is too long' };
  if (/^lightning:/i.test(text)) text = text.slice('lightning:'.length);

  let urlText: string;
  const scheme = /^([a-z]+:)\/\//i.exec(text)?.[1]?.toLowerCase();
  if (scheme !== undefined && LUD17_SCHEMES.includes(scheme)) {
    const rest = text.slice(scheme.length);
    urlText = `${/^\/\/[^/?#]*\.onion(?=[:/?#]|$)/i.test(rest) ? 'http:' : 'https:'}${rest}`;
  } else {
    if (!/^lnurl1/i.test(text)) return { ok: false, message: 'not an LNURL' };
    try {
      const { prefix, words } = bech32.decode(text as `${string}1${string}`, false);
      if (prefix !== 'lnurl') return { ok: false, message: 'not an LNURL' };
      urlText = new TextDecoder('utf-8', { fatal: true }).decode(bech32.fromWords(words));
    } catch (e) {
      return { ok: false, message: `invalid bech32: ${(e as Error).message}` };
    }
  }

  let url: URL;
  try {
    url = new URL(urlText);
  } catch {
    return { ok: false, message: 'LNURL does not contain a valid URL' };
  }
  return { ok: true, url };
}

/**
 * The usertag when a Lightning address (`name@host`) or an LNURL names this service's own LNURL-pay
 * endpoint (`<publicUrl>/.well-known/lnurlp/<name>`), else null. Such a target is resolved inside the
 * service: asking ourselves over HTTP would be a needless round trip, and on a local set-up (PUBLIC_URL on
 * localhost) the private-address guard refuses it.
 */
export function ownLnurlPayTag(target: string, publicUrl: string): string | null {
  const self = new URL(publicUrl);
  const text = target.trim().replace(/^lightning:/i, '');
  const address = /^([^@\s/]+)@([^@\s/]+)$/.exec(text);
  if (address !== null) {
    const host = address[2]!.toLowerCase();
    return host === self.host.toLowerCase() ? address[1]!.toLowerCase() : null;
  }
  const decoded = decodeLnurlUrl(text);
  if (!decoded.ok) return null;
  const url = decoded.url;
  const prefix = `${self.pathname.replace(/\/+$/, '')}/.well-known/lnurlp/`;
  if (url.host.toLowerCase() !== self.host.toLowerCase() || url.search !== '') return null;
  if (!url.pathname.startsWith(prefix)) return null;
  const name = url.pathname.slice(prefix.length);
  if (name === '' || name.includes('/')) return null;
  try {
    return decodeURIComponent(name).toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Whether a value given as a BOLT11 invoice is in fact a Lightning address (name@host, LUD-16), a bech32
 * LNURL or a LUD-17 URL, optionally after "lightning:": the caller then needs lightning_invoice_type
 * "lnurl". Only the form is looked at (nothing is fetched).
 */
export function looksLikeLnurlTarget(value: string): boolean {
  const text = value.trim().replace(/^lightning:/i, '');
  if (/^[a-z0-9._+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*(:\d+)?$/i.test(text)) return true;
  if (/^lnurl1[02-9ac-hj-np-z]+$/i.test(text)) return true;
  return /^(lnurlp|lnurlw|lnurlc|keyauth):\/\//i.test(text);
}
