import type { SourceQuote } from '../../app/ports.ts';
import { parsePriceE8 } from '../../domain/prices.ts';
import { deadline } from '../http-out/deadline.ts';
import { type JsonValue, parseJson } from '../http-out/json.ts';
import { safeFetch } from '../http-out/safe-fetch.ts';

// What every public-ticker adapter shares: GET through the SSRF-guarded client (no redirects followed,
// every resolved address checked, bounded body), one deadline for the whole fetch of a source, and
// exact parsing of the decimal text exchanges write prices in.

export interface TickerHttpOptions {
  /** Base URL of the API (PRICE_<SOURCE>_URL), without a trailing slash. */
  baseUrl: string;
  /** The whole fetch of the source: every request it makes ends within it. */
  timeoutMs: number;
  /** Let the base URL reach loopback and private addresses (PRICE_ALLOW_PRIVATE). */
  allowPrivate: boolean;
}

export type Fetched = { ok: true; status: number; body: string } | { ok: false; reason: string };

/** Tickers are small; anything bigger is not the documented answer. */
const MAX_BYTES = 256 * 1024;

export async function getText(url: string, o: TickerHttpOptions, signal: AbortSignal): Promise<Fetched> {
  const r = await safeFetch(url, {
    method: 'GET',
    headers: { accept: 'application/json, application/xml;q=0.9', 'user-agent': 'paytag-prices/1' },
    timeoutMs: o.timeoutMs,
    maxBytes: MAX_BYTES,
    allowPrivate: o.allowPrivate,
    signal,
  });
  if (!r.ok)
    return { ok: false, reason: r.reason === 'aborted' ? `timeout after ${o.timeoutMs} ms` : r.message };
  if (r.truncated) return { ok: false, reason: `answer larger than ${MAX_BYTES} bytes` };
  return { ok: true, status: r.status, body: r.body };
}

export type JsonFetched = { ok: true; status: number; json: JsonValue } | { ok: false; reason: string };

export async function getJson(url: string, o: TickerHttpOptions, signal: AbortSignal): Promise<JsonFetched> {
  const r = await getText(url, o, signal);
  if (!r.ok) return r;
  const parsed = parseJson(r.body);
  if (!parsed.ok) return { ok: false, reason: `HTTP ${r.status}, body is not JSON (${parsed.message})` };
  return { ok: true, status: r.status, json: parsed.value };
}

/** An exchange's decimal price text as priceE8, or why not (exchanges write prices as strings). */
export function priceOf(
  v: JsonValue | undefined,
  what: string,
): { ok: true; value: bigint } | { ok: false; reason: string } {
  if (typeof v !== 'string') return { ok: false, reason: `${what} is not a decimal string` };
  const r = parsePriceE8(v, what);
  return r.ok ? r : { ok: false, reason: r.error.message };
}

/**
 * Runs one fetch per pair under one deadline and collects the quotes. The source answers with the
 * pairs it could quote; it fails only when none could be quoted (the reasons joined).
 */
export async function eachPair<T>(
  items: readonly T[],
  timeoutMs: number,
  one: (
    item: T,
    signal: AbortSignal,
  ) => Promise<{ ok: true; value: SourceQuote } | { ok: false; reason: string }>,
): Promise<{ ok: true; value: SourceQuote[] } | { ok: false; error: { reason: string } }> {
  if (items.length === 0) return { ok: true, value: [] };
  const limit = deadline(timeoutMs);
  try {
    const results = await Promise.all(items.map((i) => one(i, limit.signal)));
    const quotes = results.flatMap((r) => (r.ok ? [r.value] : []));
    if (quotes.length > 0) return { ok: true, value: quotes };
    const reasons = [...new Set(results.flatMap((r) => (r.ok ? [] : [r.reason])))];
    return { ok: false, error: { reason: reasons.join('; ') } };
  } finally {
    limit.dispose();
  }
}
