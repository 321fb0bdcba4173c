import { createHmac, timingSafeEqual } from 'node:crypto';

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const bag = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(bag).find((k) => k.toLowerCase() === name);
  const v = key === undefined ? undefined : bag[key];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Whether a webhook is paytag's (docs/webhooks.md, Standard Webhooks): `webhook-signature` holds a
 * `v1,<base64 HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<raw body>")>` made with the secret
 * (`whsec_<base64 key>`), compared in constant time, and the timestamp is within `toleranceSec` (300) of
 * now. `secret` may be a list (during a rotation). Pass the raw body bytes, before any JSON parsing.
 */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string | readonly string[],
  opts: { nowSec?: number; toleranceSec?: number } = {},
): boolean {
  const id = header(headers, 'webhook-id');
  const ts = header(headers, 'webhook-timestamp');
  const sigs = header(headers, 'webhook-signature');
  if (!id || !ts || !sigs || !/^\d+$/.test(ts)) return false;
  const now = opts.nowSec ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(ts)) > (opts.toleranceSec ?? 300)) return false;
  const given = sigs
    .split(' ')
    .filter((s) => s.startsWith('v1,'))
    .map((s) => Buffer.from(s.slice(3), 'base64'));
  for (const s of typeof secret === 'string' ? [secret] : secret) {
    const key = Buffer.from(s.replace(/^whsec_/, ''), 'base64');
    if (key.length === 0) continue;
    const expected = createHmac('sha256', key).update(`${id}.${ts}.`).update(rawBody).digest();
    if (given.some((g) => g.length === expected.length && timingSafeEqual(g, expected))) return true;
  }
  return false;
}
