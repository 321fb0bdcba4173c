// Webhook rules: the Standard Webhooks signature (https://www.standardwebhooks.com), the retry
// schedule, which responses count as delivered, and which callback URLs may be called at all.
// Receivers can import `verifyWebhook` from this module: besides node:crypto and node:net it depends
// only on ./net-address.ts (for the callback URL rules), so the two files can be copied together.

import { createHmac, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { isPublicAddress } from './net-address.ts';

// ---------------------------------------------------------------- secrets and signatures

const SECRET_PREFIX = 'whsec_';
/** Standard Webhooks asks for keys of 24 to 64 bytes. */
const SECRET_MIN_BYTES = 24;
const SECRET_MAX_BYTES = 64;
/** How old (or how far in the future) a timestamp a receiver accepts by default (replay window). */
const WEBHOOK_TOLERANCE_SEC = 5 * 60;

/** `whsec_<base64 key>` → the key bytes (the part after the prefix, base64-decoded), or null. */
export function webhookSecretKey(secret: string): Buffer | null {
  if (!secret.startsWith(SECRET_PREFIX)) return null;
  const b64 = secret.slice(SECRET_PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64) || b64.length % 4 !== 0) return null;
  const key = Buffer.from(b64, 'base64');
  return key.length >= SECRET_MIN_BYTES && key.length <= SECRET_MAX_BYTES ? key : null;
}

/** A secret in the `whsec_` format from random key bytes (24 to 64 of them). */
export function formatWebhookSecret(key: Uint8Array): string {
  if (key.length < SECRET_MIN_BYTES || key.length > SECRET_MAX_BYTES)
    throw new Error(`a webhook key has ${SECRET_MIN_BYTES} to ${SECRET_MAX_BYTES} bytes`);
  return `${SECRET_PREFIX}${Buffer.from(key).toString('base64')}`;
}

function rawSignature(key: Buffer, id: string, timestampSec: number, body: string | Uint8Array): Buffer {
  const mac = createHmac('sha256', key);
  mac.update(`${id}.${timestampSec}.`, 'utf8');
  mac.update(typeof body === 'string' ? Buffer.from(body, 'utf8') : body);
  return mac.digest();
}

/** `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed with the decoded secret. */
export function signWebhook(secret: string, id: string, timestampSec: number, body: string): string {
  const key = webhookSecretKey(secret);
  if (key === null) throw new Error('webhook secret is not in the whsec_<base64> format');
  return `v1,${rawSignature(key, id, timestampSec, body).toString('base64')}`;
}

/**
 * The three headers of one attempt. With several secrets (during a rotation) the signature header
 * carries one signature per secret, space separated, as the scheme allows; receivers accept any.
 */
export function webhookHeaders(
  secrets: readonly string[],
  id: string,
  timestampSec: number,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  if (secrets.length === 0) throw new Error('a webhook is signed with at least one secret');
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSec),
    'webhook-signature': secrets.map((s) => signWebhook(s, id, timestampSec, body)).join(' '),
  };
}

export type WebhookHeaderBag =
  | { get(name: string): string | null }
  | Record<string, string | string[] | undefined>;

function header(headers: WebhookHeaderBag, name: string): string | undefined {
  if (typeof headers.get === 'function') {
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  }
  const bag = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(bag).find((k) => k.toLowerCase() === name);
  const v = key === undefined ? undefined : bag[key];
  return Array.isArray(v) ? v[0] : v;
}

export type VerifyResult =
  | { ok: true; id: string; timestampSec: number; payload: unknown }
  | { ok: false; reason: string };

/**
 * For receivers: checks a request's Standard Webhooks headers against the raw body bytes, exactly as
 * received (parse the JSON only after this). `secret` is the account's `whsec_…` secret (or a list of
 * them while rotating). Timestamps further than `toleranceSec` from `nowSec` are refused (replays).
 */
export function verifyWebhook(
  secret: string | readonly string[],
  headers: WebhookHeaderBag,
  rawBody: string | Uint8Array,
  opts: { nowSec?: number; toleranceSec?: number } = {},
): VerifyResult {
  const id = header(headers, 'webhook-id');
  const ts = header(headers, 'webhook-timestamp');
  const sigs = header(headers, 'webhook-signature');
  if (!id || !ts || !sigs)
    return { ok: false, reason: 'missing webhook-id, webhook-timestamp or webhook-signature' };
  if (!/^\d{1,12}$/.test(ts)) return { ok: false, reason: 'webhook-timestamp is not unix seconds' };
  const timestampSec = Number(ts);
  const nowSec = opts.nowSec ?? Math.floor(Date.now() / 1000);
  if (Math.abs(nowSec - timestampSec) > (opts.toleranceSec ?? WEBHOOK_TOLERANCE_SEC)) {
    return { ok: false, reason: 'webhook-timestamp is outside the tolerance window' };
  }
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  const presented = sigs
    .split(' ')
    .filter((s) => s.startsWith('v1,'))
    .map((s) => Buffer.from(s.slice(3), 'base64'));
  // A secret pasted without its prefix is accepted too, as the scheme's reference libraries do.
  const keys = (typeof secret === 'string' ? [secret] : secret).map((s) =>
    webhookSecretKey(s.startsWith(SECRET_PREFIX) ? s : `${SECRET_PREFIX}${s}`),
  );
  const matched = keys.some((key) => {
    if (key === null) return false;
    const expected = rawSignature(key, id, timestampSec, body);
    return presented.some((p) => p.length === expected.length && timingSafeEqual(p, expected));
  });
  if (!matched) return { ok: false, reason: 'no signature matches' };
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body).toString('utf8'));
  } catch {
    return { ok: false, reason: 'body is not JSON' };
  }
  return { ok: true, id, timestampSec, payload };
}

/** After a rotation the previous secret keeps signing alongside the new one for this long. */
export const SECRET_ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------- retries

/**
 * Wait after attempt n (1-based) before attempt n+1: about a day in all, ten attempts. Kept in the
 * database row (next_attempt_at_ms), so a restart does not reset or lose it.
 */
export const RETRY_DELAYS_MS: readonly number[] = [
  5_000,
  30_000,
  2 * 60_000,
  10 * 60_000,
  30 * 60_000,
  60 * 60_000,
  3 * 60 * 60_000,
  6 * 60 * 60_000,
  12 * 60 * 60_000,
];

/** Most attempts one delivery round makes (the first plus one per retry delay). */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** Delay before the next attempt after `attemptsMade` attempts of this round, or null when none is left. */
export function retryDelayMs(attemptsMade: number): number | null {
  return RETRY_DELAYS_MS[attemptsMade - 1] ?? null;
}

/** What an HTTP answer means for the delivery. Redirects are not followed, so 3xx is a wrong URL. */
export function classifyWebhookStatus(status: number): 'delivered' | 'retry' | 'failed' {
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 408 || status === 429 || (status >= 500 && status < 600)) return 'retry';
  return 'failed';
}

/**
 * A `Retry-After` answer (seconds or an HTTP date) as a delay in ms, or null when absent or unusable.
 * Used to wait longer than the schedule says when a receiver asks, never shorter.
 */
export function retryAfterMs(value: string | null | undefined, nowMs: number): number | null {
  if (value === null || value === undefined) return null;
  const v = value.trim();
  if (/^\d{1,9}$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

// ---------------------------------------------------------------- callback URLs

/** Longest callback URL accepted. */
const CALLBACK_URL_MAX_CHARS = 2048;

/** Host names that are the local machine or a cloud metadata service whatever DNS says. */
const FORBIDDEN_NAMES =
  /(^|\.)(localhost|localdomain|internal|local)$|^metadata$|^metadata\.google\.internal$/i;

/** True when `ip` (IPv4 or IPv6 text) must not be called: anything but public unicast. */
export function isForbiddenAddress(ip: string): boolean {
  return !isPublicAddress(ip.replace(/^\[|\]$/g, '').split('%')[0] ?? '');
}

export type CallbackUrl = { ok: true; url: URL; hostIsAddress: boolean } | { ok: false; reason: string };

/**
 * The shape checks of a callback URL that need no DNS: http(s), a host, no more than the length limit,
 * and (unless private destinations are allowed) no literal forbidden address or local host name.
 */
export function parseCallbackUrl(text: string, allowPrivate: boolean): CallbackUrl {
  if (text.length > CALLBACK_URL_MAX_CHARS)
    return { ok: false, reason: `callback_url is longer than ${CALLBACK_URL_MAX_CHARS} characters` };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'callback_url is not a valid URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, reason: 'callback_url must be an http or https URL' };
  if (url.hostname === '') return { ok: false, reason: 'callback_url has no host' };
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  const hostIsAddress = isIP(host) !== 0;
  if (!allowPrivate) {
    if (hostIsAddress ? isForbiddenAddress(host) : FORBIDDEN_NAMES.test(host) || !host.includes('.'))
      // The words of a refused resolved name (safeFetch), so the two cannot be told apart.
      return {
        ok: false,
        reason: `callback_url refused: ${url.hostname} is not allowed or cannot be reached`,
      };
  }
  return { ok: true, url, hostIsAddress };
}
