// Outbound HTTP for URLs that come from outside (LNURL services, webhook receivers).
//
// The host name is resolved once, every resolved address is checked, and the connection goes to
// the checked address (TLS still verifies the certificate against the host name), so a DNS answer
// that changes between check and connect cannot smuggle the request into a private network.
// Redirects are returned to the caller, never followed: a redirect is just another URL to check.

import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { PublicHostCheck, WebhookPostOptions } from '../../app/ports.ts';
import { type AddressClass, classifyAddress } from '../../domain/net-address.ts';
import { type Deadline, deadline } from './deadline.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Lookup = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export interface SafeFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  headers?: Readonly<Record<string, string>>;
  body?: string | Uint8Array;
  /** Whole request, connect to last body byte. Default 10 s. */
  timeoutMs?: number;
  /** Response bytes read at most; the rest is dropped and `truncated` is set. Default 1 MiB. */
  maxBytes?: number;
  /** Allow loopback, private and other non-public addresses (tests, operator-configured hosts). */
  allowPrivate?: boolean;
  signal?: AbortSignal;
  /** DNS resolution, replaceable in tests. Default: the system resolver, every address. */
  lookup?: Lookup;
}

export type SafeFetchFailure =
  | 'invalid_url'
  | 'blocked_address'
  | 'dns_failure'
  | 'timeout'
  | 'aborted'
  | 'connection_failed';

export type SafeFetchResult =
  | {
      ok: true;
      status: number;
      /** Lower-case names; repeated headers joined with ", ". */
      headers: Record<string, string>;
      body: string;
      truncated: boolean;
      /** The address actually connected to. */
      remoteAddress: string;
    }
  | { ok: false; reason: SafeFetchFailure; message: string };

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BYTES = 1024 * 1024;

const systemLookup: Lookup = async (hostname) => {
  const found = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

function failure(reason: SafeFetchFailure, message: string): SafeFetchResult {
  return { ok: false, reason, message };
}

function flattenHeaders(res: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * The one answer for a host that may not be called, whether it resolved to a non-public address, to
 * none, or not at all: distinct answers would let anyone who submits URLs map the operator's internal
 * names (which ones exist, what kind of address they have).
 */
const refusedHost = (hostname: string) => `${hostname} is not allowed or cannot be reached`;

/** Resolves `hostname` and returns the address to connect to, or why none may be used. */
async function pickAddress(
  hostname: string,
  allowPrivate: boolean,
  lookup: Lookup,
): Promise<{ ok: true; address: string } | { ok: false; reason: SafeFetchFailure; message: string }> {
  let addresses: readonly ResolvedAddress[];
  if (isIP(hostname) !== 0) {
    addresses = [{ address: hostname, family: isIP(hostname) === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await lookup(hostname);
    } catch {
      return { ok: false, reason: 'dns_failure', message: refusedHost(hostname) };
    }
    if (addresses.length === 0) return { ok: false, reason: 'dns_failure', message: refusedHost(hostname) };
  }
  if (!allowPrivate) {
    // Every address must be public: a name that also resolves privately is refused outright rather
    // than hoping the connection lands on the public one.
    for (const a of addresses) {
      const kind: AddressClass = classifyAddress(a.address);
      if (kind !== 'public') return { ok: false, reason: 'blocked_address', message: refusedHost(hostname) };
    }
  }
  const first = addresses[0];
  if (!first) return { ok: false, reason: 'dns_failure', message: refusedHost(hostname) };
  return { ok: true, address: first.address };
}

/**
 * The address to connect to for `hostname`, or why none may be used: the check safeFetch makes before it
 * connects, for other protocols (Nostr relays over WebSocket), which then connect to that address only.
 */
export function allowedAddress(
  hostname: string,
  allowPrivate: boolean,
  lookup: Lookup = systemLookup,
): Promise<{ ok: true; address: string } | { ok: false; reason: SafeFetchFailure; message: string }> {
  return pickAddress(hostname, allowPrivate, lookup);
}

/**
 * A `lookup` for a socket (`net`, `tls`, `ws`) that answers only `address`: the connection goes to the
 * address allowedAddress checked, whatever a second DNS answer would say (TLS still checks the name).
 */
export function pinnedLookup(address: string): LookupFunction {
  const family = isIP(address) === 6 ? 6 : 4;
  return ((_host: string, options: { all?: boolean }, cb: (...a: unknown[]) => void) => {
    if (options?.all) cb(null, [{ address, family }]);
    else cb(null, address, family);
  }) as LookupFunction;
}

/** How long a PublicHostCheck waits for the DNS answer by default. */
const HOST_CHECK_TIMEOUT_MS = 5_000;

/**
 * The request-time check of a host (e.g. a submitted callback URL's): resolved and classified exactly as
 * safeFetch does before it connects, within `timeoutMs`.
 */
export function publicHostCheck(opts: { lookup?: Lookup; timeoutMs?: number } = {}): PublicHostCheck {
  const lookup = opts.lookup ?? systemLookup;
  const timeoutMs = opts.timeoutMs ?? HOST_CHECK_TIMEOUT_MS;
  return async (hostname) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), timeoutMs);
    });
    try {
      const picked = await Promise.race([pickAddress(hostname, false, lookup), timeout]);
      if (picked === null) return { ok: false, message: refusedHost(hostname) };
      return picked.ok ? { ok: true } : { ok: false, message: picked.message };
    } finally {
      clearTimeout(timer);
    }
  };
}

export async function safeFetch(url: string, opts: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return failure('invalid_url', 'not a valid URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return failure('invalid_url', `scheme ${parsed.protocol} is not allowed; use http or https`);
  }
  if (parsed.hostname === '') return failure('invalid_url', 'URL has no host');

  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const limit = deadline(timeoutMs, opts.signal);
  try {
    return await fetchWithin(parsed, opts, maxBytes, limit, timeoutMs);
  } finally {
    limit.dispose();
  }
}

async function fetchWithin(
  parsed: URL,
  opts: SafeFetchOptions,
  maxBytes: number,
  limit: Deadline,
  timeoutMs: number,
): Promise<SafeFetchResult> {
  const signal = limit.signal;
  const aborted = (): SafeFetchResult =>
    limit.timedOut()
      ? failure('timeout', `no complete response within ${timeoutMs} ms`)
      : failure('aborted', 'request aborted');

  // URL keeps IPv6 literals in brackets; the resolver and classifier want them bare.
  const hostname = parsed.hostname.startsWith('[') ? parsed.hostname.slice(1, -1) : parsed.hostname;
  const picked = await Promise.race([
    pickAddress(hostname, opts.allowPrivate === true, opts.lookup ?? systemLookup),
    new Promise<null>((resolve) => {
      if (signal.aborted) resolve(null);
      else signal.addEventListener('abort', () => resolve(null), { once: true });
    }),
  ]);
  if (picked === null) return aborted();
  if (!picked.ok) return failure(picked.reason, picked.message);

  const headers: OutgoingHttpHeaders = { host: parsed.host, ...opts.headers };
  const body = typeof opts.body === 'string' ? Buffer.from(opts.body, 'utf8') : opts.body;
  if (body !== undefined) headers['content-length'] = String(body.byteLength);
  const isHttps = parsed.protocol === 'https:';
  const port = parsed.port === '' ? (isHttps ? 443 : 80) : Number(parsed.port);

  return new Promise<SafeFetchResult>((resolve) => {
    let settled = false;
    const finish = (r: SafeFetchResult) => {
      if (!settled) {
        settled = true;
        resolve(r);
      }
    };
    const requestOptions = {
      host: picked.address,
      port,
      path: `${parsed.pathname}${parsed.search}`,
      method: opts.method ?? 'GET',
      headers,
      signal,
      agent: false as const,
      // Certificate and SNI use the name from the URL although we connect to the checked address.
      ...(isHttps && isIP(hostname) === 0 ? { servername: hostname } : {}),
    };
    const req = (isHttps ? httpsRequest : httpRequest)(requestOptions, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      const done = () =>
        finish({
          ok: true,
          status: res.statusCode ?? 0,
          headers: flattenHeaders(res),
          body: Buffer.concat(chunks).toString('utf8'),
          truncated,
          remoteAddress: picked.address,
        });
      res.on('data', (chunk: Buffer) => {
        if (truncated) return;
        const room = maxBytes - size;
        if (chunk.length > room) {
          chunks.push(chunk.subarray(0, room));
          size = maxBytes;
          truncated = true;
          done();
          res.destroy();
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      res.on('end', done);
      res.on('error', () =>
        finish(signal.aborted ? aborted() : failure('connection_failed', 'response interrupted')),
      );
      res.on('close', () => {
        if (!res.complete && !truncated) {
          finish(signal.aborted ? aborted() : failure('connection_failed', 'response interrupted'));
        }
      });
    });
    req.on('error', (e) => finish(signal.aborted ? aborted() : failure('connection_failed', e.message)));
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

export type { WebhookPostOptions };

/** A webhook delivery: one POST through safeFetch (the app's WebhookPost port). */
export function webhookPost(url: string, opts: WebhookPostOptions): Promise<SafeFetchResult> {
  return safeFetch(url, {
    method: 'POST',
    headers: opts.headers,
    body: opts.body,
    timeoutMs: opts.timeoutMs,
    maxBytes: opts.maxBytes,
    allowPrivate: opts.allowPrivate,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
}
