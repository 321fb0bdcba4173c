import { CHAIN_RESPONSE_MAX_BYTES_DEFAULT } from '../../config/chain-watch.ts';
import { safeFetch } from '../http-out/safe-fetch.ts';

export type ChainHttpResult =
  | { ok: true; status: number; text: string }
  | { ok: false; reason: string; kind: 'timeout' | 'too_large' | 'unreachable' };

/**
 * A request to a chain node through the shared outbound client (`safeFetch`: bounded body, redirects not
 * followed; chain node URLs are the operator's own, so loopback and private addresses are allowed): the
 * body as text, or why there is none (down, timeout, an answer larger than `maxBytes`,
 * CHAIN_RESPONSE_MAX_BYTES: past it the body is dropped, never held whole, so a broken or hostile node
 * cannot make the process buffer an unbounded answer).
 */
export async function getText(
  url: string,
  timeoutMs: number,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
  maxBytes: number = CHAIN_RESPONSE_MAX_BYTES_DEFAULT,
): Promise<ChainHttpResult> {
  const r = await safeFetch(url, {
    method: init.method ?? 'GET',
    headers: {
      accept: 'application/json, text/plain;q=0.9',
      'user-agent': 'paytag-chain/1',
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: init.body }),
    timeoutMs,
    maxBytes,
    allowPrivate: true,
  });
  if (!r.ok) {
    return r.reason === 'timeout' || r.reason === 'aborted'
      ? { ok: false, reason: 'timed out', kind: 'timeout' }
      : { ok: false, reason: 'unreachable', kind: 'unreachable' };
  }
  if (r.truncated) {
    return {
      ok: false,
      reason: `answered more than ${maxBytes} bytes (CHAIN_RESPONSE_MAX_BYTES)`,
      kind: 'too_large',
    };
  }
  return { ok: true, status: r.status, text: r.body };
}

export const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
