// LNURL-pay client: LUD-06 (payRequest), LUD-16 (lightning addresses), LUD-12 (comments).
// Every remote answer is checked before it is trusted: the invoice a service returns must be for
// exactly the requested amount and must commit (`h`) to the metadata the payer was shown.

import type { LightningNetwork } from '../../app/ports.ts';
import { decodeLnurl, isAllowedLnurlUrl, type UrlPolicy } from '../../domain/lnurl.ts';
import { isJsonObject, type JsonValue, jsonToBigInt, parseJson } from '../http-out/json.ts';
import { type Lookup, safeFetch } from '../http-out/safe-fetch.ts';
import { type Bolt11Invoice, decodeInvoice, descriptionHashHex } from '../lightning/bolt11.ts';

export type LnurlErrorReason =
  | 'invalid_input'
  | 'unreachable'
  | 'bad_response'
  | 'service_error'
  | 'not_pay_request'
  | 'amount_out_of_range'
  | 'comment_too_long'
  | 'bad_invoice'
  | 'amount_mismatch'
  | 'hash_mismatch'
  | 'network_mismatch';

export type LnurlResult<T> =
  | { ok: true; value: T }
  | { ok: false; reason: LnurlErrorReason; message: string };

export interface LnurlClientOptions extends UrlPolicy {
  /** Let requests reach loopback and private addresses (tests, a service on the operator's network). */
  allowPrivate?: boolean;
  /** Per request. Default 10 s. */
  timeoutMs?: number;
  /** Response bytes read at most. Default 64 KiB: LNURL answers are small JSON documents. */
  maxBytes?: number;
  lookup?: Lookup;
  signal?: AbortSignal;
}

export interface PayRequest {
  callback: string;
  minSendableMsat: bigint;
  maxSendableMsat: bigint;
  /** The metadata string exactly as served: the invoice's `h` field is its SHA-256. */
  metadata: string;
  /** The `text/plain` metadata entry. */
  description: string;
  /** `text/identifier` or `text/email` entry, when present. */
  identifier: string | null;
  /** Longest comment the service accepts (LUD-12); 0 when it takes none. */
  commentAllowed: number;
  /** Where the payRequest was fetched from. */
  url: string;
  /** The lightning address it came from (LUD-16), or null for an LNURL. */
  lightningAddress: string | null;
}

export interface RequestedInvoice {
  payreq: string;
  invoice: Bolt11Invoice;
  /** LUD-09 success action as sent by the service, when any. */
  successAction: { [key: string]: JsonValue } | null;
}

export interface RequestInvoiceOptions extends LnurlClientOptions {
  comment?: string;
  /** Refuse an invoice for another network. */
  network?: LightningNetwork;
}

const DEFAULT_MAX_BYTES = 64 * 1024;
const ADDRESS_NAME = /^[a-z0-9\-_.+]+$/;

function err<T>(reason: LnurlErrorReason, message: string): LnurlResult<T> {
  return { ok: false, reason, message };
}

/** LUD-16: `name@host` → https://host/.well-known/lnurlp/name (http for .onion and allowed local hosts). */
export function lightningAddressUrl(address: string, policy: UrlPolicy = {}): LnurlResult<URL> {
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return err('invalid_input', 'a lightning address is name@host');
  const name = address.slice(0, at).toLowerCase();
  const host = address.slice(at + 1).toLowerCase();
  if (!ADDRESS_NAME.test(name))
    return err('invalid_input', 'the name of a lightning address uses only a-z 0-9 - _ . +');
  let probe: URL;
  try {
    probe = new URL(`https://${host}`);
  } catch {
    return err('invalid_input', `"${host}" is not a host name`);
  }
  // The host must be just a host (and port): nothing that would change the path or add credentials.
  if (probe.host !== host || probe.pathname !== '/' || probe.search !== '' || probe.hash !== '') {
    return err('invalid_input', `"${host}" is not a host name`);
  }
  const useHttp =
    probe.hostname.endsWith('.onion') ||
    (policy.allowHttpLocalhost === true && ['localhost', '127.0.0.1', '[::1]'].includes(probe.hostname));
  return { ok: true, value: new URL(`${useHttp ? 'http' : 'https'}://${host}/.well-known/lnurlp/${name}`) };
}

async function fetchJson(
  url: string,
  opts: LnurlClientOptions,
): Promise<LnurlResult<{ status: number; json: { [key: string]: JsonValue } }>> {
  const res = await safeFetch(url, {
    headers: { accept: 'application/json' },
    timeoutMs: opts.timeoutMs ?? 10_000,
    maxBytes: opts.maxBytes ?? DEFAULT_MAX_BYTES,
    allowPrivate: opts.allowPrivate === true,
    ...(opts.lookup ? { lookup: opts.lookup } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  if (!res.ok) {
    // A refused or unresolvable host is named in safeFetch's message already, without further detail.
    const refused = res.reason === 'blocked_address' || res.reason === 'dns_failure';
    return err('unreachable', refused ? res.message : `${new URL(url).host}: ${res.message}`);
  }
  if (res.truncated) return err('bad_response', 'response is larger than allowed');
  const parsed = parseJson(res.body);
  if (!parsed.ok || !isJsonObject(parsed.value)) {
    return err('bad_response', `HTTP ${res.status}, body is not a JSON object`);
  }
  const json = parsed.value;
  // LUD-06: an error is {"status":"ERROR","reason":...}, whatever the HTTP status.
  if (typeof json.status === 'string' && json.status.toUpperCase() === 'ERROR') {
    const reason = typeof json.reason === 'string' ? json.reason : 'no reason given';
    return err('service_error', reason.slice(0, 500));
  }
  if (res.status !== 200) return err('bad_response', `HTTP ${res.status}`);
  return { ok: true, value: { status: res.status, json } };
}

function parseMetadata(metadata: string): LnurlResult<{ description: string; identifier: string | null }> {
  let entries: unknown;
  try {
    entries = JSON.parse(metadata);
  } catch {
    return err('bad_response', 'metadata is not JSON');
  }
  if (!Array.isArray(entries)) return err('bad_response', 'metadata is not an array');
  let description: string | null = null;
  let identifier: string | null = null;
  for (const entry of entries) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string')
      return err('bad_response', 'malformed metadata entry');
    const [kind, value] = entry as [string, unknown];
    if (kind === 'text/plain' && typeof value === 'string' && description === null) description = value;
    if (
      (kind === 'text/identifier' || kind === 'text/email') &&
      typeof value === 'string' &&
      identifier === null
    ) {
      identifier = value;
    }
  }
  if (description === null) return err('bad_response', 'metadata has no text/plain entry');
  return { ok: true, value: { description, identifier } };
}

function toPayRequest(
  json: { [key: string]: JsonValue },
  url: string,
  lightningAddress: string | null,
  policy: UrlPolicy,
): LnurlResult<PayRequest> {
  if (json.tag !== 'payRequest')
    return err('not_pay_request', `LNURL tag is ${JSON.stringify(json.tag ?? null)}`);
  if (typeof json.callback !== 'string') return err('bad_response', 'callback is missing');
  let callback: URL;
  try {
    callback = new URL(json.callback);
  } catch {
    return err('bad_response', 'callback is not a URL');
  }
  if (!isAllowedLnurlUrl(callback, policy)) return err('bad_response', 'callback must use https');
  const min = jsonToBigInt(json.minSendable);
  const max = jsonToBigInt(json.maxSendable);
  if (min === null || max === null || min < 1n || min > max) {
    return err('bad_response', 'minSendable and maxSendable must be integers with 1 <= min <= max');
  }
  if (typeof json.metadata !== 'string') return err('bad_response', 'metadata is missing');
  const meta = parseMetadata(json.metadata);
  if (!meta.ok) return meta;
  const commentAllowed = jsonToBigInt(json.commentAllowed ?? 0);
  return {
    ok: true,
    value: {
      callback: json.callback,
      minSendableMsat: min,
      maxSendableMsat: max,
      metadata: json.metadata,
      description: meta.value.description,
      identifier: meta.value.identifier,
      commentAllowed: commentAllowed === null ? 0 : Number(commentAllowed > 2000n ? 2000n : commentAllowed),
      url,
      lightningAddress,
    },
  };
}

/**
 * Resolves what a payer typed into a payRequest: a bech32 LNURL (any case, optionally with a
 * "lightning:" prefix), a LUD-17 lnurlp:// URL, or a lightning address name@host.
 */
export async function resolvePayTarget(
  input: string,
  opts: LnurlClientOptions = {},
): Promise<LnurlResult<PayRequest>> {
  if (typeof input !== 'string') return err('invalid_input', 'expected an LNURL or a lightning address');
  const text = input.trim().replace(/^lightning:/i, '');
  let url: URL;
  let address: string | null = null;
  if (text.includes('@') && !/^[a-z]+:\/\//i.test(text)) {
    const target = lightningAddressUrl(text, opts);
    if (!target.ok) return target;
    url = target.value;
    address = text.toLowerCase();
  } else {
    const decoded = decodeLnurl(text, opts);
    if (!decoded.ok) return err('invalid_input', decoded.message);
    url = decoded.url;
  }
  const fetched = await fetchJson(url.href, opts);
  if (!fetched.ok) return fetched;
  return toPayRequest(fetched.value.json, url.href, address, opts);
}

/** Appends query parameters without re-encoding the callback's own query (some services sign it). */
function withQuery(callback: string, params: [string, string][]): string {
  const hashAt = callback.indexOf('#');
  const base = hashAt >= 0 ? callback.slice(0, hashAt) : callback;
  const query = params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  if (!base.includes('?')) return `${base}?${query}`;
  return base.endsWith('?') || base.endsWith('&') ? `${base}${query}` : `${base}&${query}`;
}

/**
 * LUD-06 step 2: asks the service for an invoice of `amountMsat` and verifies it. A comment is sent
 * only when the service accepts comments (LUD-12); a longer one than it accepts is refused.
 */
export async function requestInvoice(
  payRequest: Pick<PayRequest, 'callback' | 'minSendableMsat' | 'maxSendableMsat' | 'metadata'> & {
    commentAllowed?: number;
  },
  amountMsat: bigint,
  opts: RequestInvoiceOptions = {},
): Promise<LnurlResult<RequestedInvoice>> {
  if (amountMsat < payRequest.minSendableMsat || amountMsat > payRequest.maxSendableMsat) {
    return err(
      'amount_out_of_range',
      `amount must be between ${payRequest.minSendableMsat} and ${payRequest.maxSendableMsat} msat`,
    );
  }
  const params: [string, string][] = [['amount', amountMsat.toString()]];
  const comment = opts.comment ?? '';
  const commentAllowed = payRequest.commentAllowed ?? 0;
  if (comment !== '' && commentAllowed > 0) {
    if ([...comment].length > commentAllowed) {
      return err('comment_too_long', `the service accepts comments of at most ${commentAllowed} characters`);
    }
    params.push(['comment', comment]);
  }

  const fetched = await fetchJson(withQuery(payRequest.callback, params), opts);
  if (!fetched.ok) return fetched;
  const json = fetched.value.json;
  if (typeof json.pr !== 'string') return err('bad_response', 'response has no invoice (pr)');
  const decoded = decodeInvoice(json.pr);
  if (!decoded.ok) return err('bad_invoice', `invoice is invalid: ${decoded.message}`);
  const invoice = decoded.invoice;
  if (invoice.amountMsat !== amountMsat) {
    return err(
      'amount_mismatch',
      `invoice is for ${invoice.amountMsat ?? 'any amount'} msat, not ${amountMsat} msat`,
    );
  }
  if (invoice.descriptionHash !== descriptionHashHex(payRequest.metadata)) {
    return err('hash_mismatch', 'invoice does not commit to the metadata of the payRequest');
  }
  if (opts.network !== undefined && invoice.network !== opts.network) {
    return err('network_mismatch', `invoice is for ${invoice.network}, not ${opts.network}`);
  }
  const successAction = isJsonObject(json.successAction) ? json.successAction : null;
  return { ok: true, value: { payreq: invoice.payreq, invoice, successAction } };
}

// ---------------------------------------------------------------- the app's LnurlPayClient port

/** How the app's port groups the reasons above. */
export type LnurlFailureKind = 'invalid_target' | 'unreachable' | 'invalid' | 'refused';

export function lnurlFailureKind(reason: LnurlErrorReason): LnurlFailureKind {
  switch (reason) {
    case 'invalid_input':
      return 'invalid_target';
    case 'unreachable':
      return 'unreachable';
    case 'service_error':
    case 'amount_out_of_range':
    case 'comment_too_long':
      return 'refused';
    case 'bad_response':
    case 'not_pay_request':
    case 'bad_invoice':
    case 'amount_mismatch':
    case 'hash_mismatch':
    case 'network_mismatch':
      return 'invalid';
  }
}

type PortFailure = { ok: false; kind: LnurlFailureKind; message: string };

/**
 * The LNURL-pay client as the app's LnurlPayClient port (src/app/ports.ts): resolvePay and
 * requestInvoice, the invoice already verified against amount, metadata hash and network.
 */
export function createLnurlPayClient(opts: RequestInvoiceOptions = {}) {
  const toPort = (r: { reason: LnurlErrorReason; message: string }): PortFailure => ({
    ok: false,
    kind: lnurlFailureKind(r.reason),
    message: r.message,
  });
  return {
    async resolvePay(target: string) {
      const r = await resolvePayTarget(target, opts);
      return r.ok ? { ok: true as const, params: r.value } : toPort(r);
    },
    async requestInvoice(
      params: Pick<PayRequest, 'callback' | 'minSendableMsat' | 'maxSendableMsat' | 'metadata'>,
      amountMsat: bigint,
    ) {
      const r = await requestInvoice(params, amountMsat, opts);
      return r.ok ? { ok: true as const, payreq: r.value.payreq } : toPort(r);
    },
  };
}
