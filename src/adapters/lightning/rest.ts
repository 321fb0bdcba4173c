// A small JSON-over-HTTP(S) client for node REST interfaces (LND's REST proxy, Core Lightning's
// clnrest): unary calls, newline-delimited JSON streams, optional TLS pinning to the node's own
// certificate, and errors that say whether the node may have acted (timeouts) or surely did not.
// Below the client: the checks and steps the LND and CLN backends share.

import { readFileSync } from 'node:fs';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { CreatedInvoice, LightningNetwork, PayInvoiceInput, PayResult } from '../../app/ports.ts';
import { deadline } from '../http-out/deadline.ts';
import { type JsonValue, parseJson } from '../http-out/json.ts';
import { type Bolt11Invoice, decodeInvoice } from './bolt11.ts';

export type LightningErrorCode =
  /** Could not connect, or the connection broke: the node may or may not have acted. */
  | 'unreachable'
  /** No (complete) answer in time: the node may or may not have acted. */
  | 'timeout'
  /** The node refused the credentials (macaroon, rune). */
  | 'unauthorized'
  | 'not_found'
  /** The node answered with an error. */
  | 'rejected'
  /** The answer was not what the node's API documents. */
  | 'bad_response';

/** Thrown by backend methods whose port signature has no room for a failure value. */
export class LightningBackendError extends Error {
  constructor(
    readonly code: LightningErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'LightningBackendError';
  }
}

export interface RestOptions {
  /** http(s)://host:port, no trailing path. */
  url: string;
  /** Headers sent with every request (authentication). */
  headers: Readonly<Record<string, string>>;
  /** PEM of the node's own certificate: trusted alone, instead of the system's authorities. */
  tlsCertPem?: string;
  tlsCertPath?: string;
  /**
   * PEM of the authority that signed the node's certificate (clnrest's `ca.pem`): trusted alone,
   * and the node's certificate must chain to it.
   */
  tlsCaPem?: string;
  tlsCaPath?: string;
}

export type RestFailure = {
  ok: false;
  code: LightningErrorCode;
  status?: number;
  message: string;
  body?: JsonValue;
};
export type RestResult = { ok: true; status: number; json: JsonValue } | RestFailure;

export interface RequestOptions {
  body?: JsonValue;
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface StreamOptions {
  body?: JsonValue;
  signal?: AbortSignal;
  /** No first byte within this time → timeout. Undefined: wait as long as the signal allows. */
  firstByteTimeoutMs?: number;
  /** Whole stream. */
  totalTimeoutMs?: number;
  /** No byte for this long after the last one → timeout (a dead connection). */
  idleTimeoutMs?: number;
}

/** Carries an exception of the caller's line handler through the stream's own error handling. */
class LineHandlerError extends Error {
  constructor(override readonly cause: unknown) {
    super('line handler failed');
  }
}

const MAX_UNARY_BYTES = 16 * 1024 * 1024;
const MAX_LINE_BYTES = 4 * 1024 * 1024;

/** JSON text in which bigint values are written as exact number literals. */
export function jsonText(value: JsonValue): string {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export class RestClient {
  private readonly base: URL;
  private readonly agent: HttpAgent | HttpsAgent;
  private readonly headers: Readonly<Record<string, string>>;

  constructor(opts: RestOptions) {
    this.base = new URL(opts.url);
    if (this.base.protocol !== 'http:' && this.base.protocol !== 'https:') {
      throw new RangeError('node URL must be http(s)');
    }
    this.headers = opts.headers;
    const ca =
      opts.tlsCertPem ??
      (opts.tlsCertPath ? readFileSync(opts.tlsCertPath, 'utf8') : undefined) ??
      opts.tlsCaPem ??
      (opts.tlsCaPath ? readFileSync(opts.tlsCaPath, 'utf8') : undefined);
    this.agent =
      this.base.protocol === 'https:'
        ? new HttpsAgent({
            keepAlive: true,
            ...(ca !== undefined
              ? {
                  ca,
                  // The node's self-signed certificate (or the node's own authority, which
                  // signs nothing else) is pinned: only the node's key can answer. Its names
                  // often do not include the address used to reach the node (clnrest's are
                  // "cln" and "localhost"), so the host name is not checked against it.
                  checkServerIdentity: () => undefined,
                }
              : {}),
          })
        : new HttpAgent({ keepAlive: true });
  }

  close(): void {
    this.agent.destroy();
  }

  private open(
    method: string,
    path: string,
    body: JsonValue | undefined,
    signal: AbortSignal,
  ): Promise<{ ok: true; res: IncomingMessage } | RestFailure> {
    const url = new URL(path, this.base);
    const payload = body === undefined ? undefined : Buffer.from(jsonText(body), 'utf8');
    const headers: Record<string, string> = { accept: 'application/json', ...this.headers };
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(payload.length);
    }
    return new Promise((resolve) => {
      const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
        url,
        { method, headers, agent: this.agent, signal },
        (res) => resolve({ ok: true, res }),
      );
      req.on('error', (e) =>
        resolve({
          ok: false,
          code: signal.aborted ? 'timeout' : 'unreachable',
          message: signal.aborted ? 'no answer in time' : e.message,
        }),
      );
      req.end(payload);
    });
  }

  /** One request, one JSON answer. Non-2xx answers are failures carrying the parsed body. */
  async request(method: string, path: string, opts: RequestOptions): Promise<RestResult> {
    const limit = deadline(opts.timeoutMs, opts.signal);
    try {
      return await this.requestWithin(method, path, opts.body, limit.signal);
    } finally {
      limit.dispose();
    }
  }

  private async requestWithin(
    method: string,
    path: string,
    body: JsonValue | undefined,
    signal: AbortSignal,
  ): Promise<RestResult> {
    const opened = await this.open(method, path, body, signal);
    if (!opened.ok) return opened;
    const res = opened.res;
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of res as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > MAX_UNARY_BYTES) {
          res.destroy();
          return { ok: false, code: 'bad_response', message: 'answer too large' };
        }
        chunks.push(chunk);
      }
    } catch {
      return signal.aborted
        ? { ok: false, code: 'timeout', message: 'no complete answer in time' }
        : { ok: false, code: 'unreachable', message: 'connection broke during the answer' };
    }
    const status = res.statusCode ?? 0;
    const text = Buffer.concat(chunks).toString('utf8');
    const parsed = parseJson(text);
    if (status >= 200 && status < 300) {
      return parsed.ok
        ? { ok: true, status, json: parsed.value }
        : { ok: false, code: 'bad_response', status, message: 'answer is not JSON' };
    }
    return {
      ok: false,
      code: status === 401 || status === 403 ? 'unauthorized' : status === 404 ? 'not_found' : 'rejected',
      status,
      message: `HTTP ${status}`,
      ...(parsed.ok ? { body: parsed.value } : {}),
    };
  }

  /**
   * Newline-delimited JSON stream. `onLine` gets each parsed line in order and may return 'stop'
   * to end the stream early. Resolves with how it ended.
   */
  async stream(
    method: string,
    path: string,
    opts: StreamOptions,
    onLine: (json: JsonValue, status: number) => 'stop' | undefined | Promise<'stop' | undefined>,
  ): Promise<{ ok: true; status: number; stopped: boolean } | RestFailure> {
    const limit = deadline(opts.totalTimeoutMs, opts.signal);
    const signal = limit.signal;
    let firstByteMissed = false;
    let idleMissed = false;
    const firstByteTimer =
      opts.firstByteTimeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            firstByteMissed = true;
            limit.abort();
          }, opts.firstByteTimeoutMs);
    let idleTimer: NodeJS.Timeout | undefined;
    const armIdle = () => {
      if (opts.idleTimeoutMs === undefined) return;
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        idleMissed = true;
        limit.abort();
      }, opts.idleTimeoutMs);
    };
    const isTimeout = () => firstByteMissed || idleMissed || limit.timedOut();
    try {
      armIdle();
      const opened = await this.open(method, path, opts.body, signal);
      if (!opened.ok) return { ...opened, code: isTimeout() ? 'timeout' : opened.code };
      const res = opened.res;
      const status = res.statusCode ?? 0;
      if (status < 200 || status >= 300) {
        // An error answer, not a stream: its status and body say what went wrong.
        if (firstByteTimer) clearTimeout(firstByteTimer);
        return await this.errorAnswer(res, status, signal);
      }
      let pending = '';
      try {
        for await (const chunk of res as AsyncIterable<Buffer>) {
          if (firstByteTimer) clearTimeout(firstByteTimer);
          armIdle();
          pending += chunk.toString('utf8');
          if (pending.length > MAX_LINE_BYTES) {
            res.destroy();
            return { ok: false, code: 'bad_response', status, message: 'stream line too long' };
          }
          let nl = pending.indexOf('\n');
          while (nl >= 0) {
            const line = pending.slice(0, nl).trim();
            pending = pending.slice(nl + 1);
            nl = pending.indexOf('\n');
            if (line === '') continue;
            const parsed = parseJson(line);
            if (!parsed.ok) {
              res.destroy();
              return { ok: false, code: 'bad_response', status, message: 'stream line is not JSON' };
            }
            let verdict: 'stop' | undefined;
            try {
              verdict = await onLine(parsed.value, status);
            } catch (e) {
              res.destroy();
              throw new LineHandlerError(e);
            }
            if (verdict === 'stop') {
              res.destroy();
              return { ok: true, status, stopped: true };
            }
          }
        }
      } catch (e) {
        if (e instanceof LineHandlerError) throw e.cause;
        return isTimeout()
          ? { ok: false, code: 'timeout', status, message: 'stream did not finish in time' }
          : { ok: false, code: 'unreachable', status, message: 'stream broke' };
      }
      const rest = pending.trim();
      if (rest !== '') {
        const parsed = parseJson(rest);
        if (!parsed.ok)
          return { ok: false, code: 'bad_response', status, message: 'stream line is not JSON' };
        if ((await onLine(parsed.value, status)) === 'stop') return { ok: true, status, stopped: true };
      }
      return { ok: true, status, stopped: false };
    } finally {
      if (firstByteTimer) clearTimeout(firstByteTimer);
      if (idleTimer) clearTimeout(idleTimer);
      limit.dispose();
    }
  }

  /** Reads a non-2xx answer (bounded) into a failure carrying its status and parsed body. */
  private async errorAnswer(res: IncomingMessage, status: number, signal: AbortSignal): Promise<RestFailure> {
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of res as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > MAX_LINE_BYTES) {
          res.destroy();
          break;
        }
        chunks.push(chunk);
      }
    } catch {
      if (signal.aborted) return { ok: false, code: 'timeout', status, message: `HTTP ${status}` };
    }
    const parsed = parseJson(Buffer.concat(chunks).toString('utf8').trim());
    return {
      ok: false,
      code: status === 401 || status === 403 ? 'unauthorized' : status === 404 ? 'not_found' : 'rejected',
      status,
      message: `HTTP ${status}`,
      ...(parsed.ok ? { body: parsed.value } : {}),
    };
  }
}

/** Turns a failure into the exception thrown by methods that cannot return one. */
export function toError(f: RestFailure, what: string): LightningBackendError {
  const detail = errorMessageOf(f.body);
  return new LightningBackendError(f.code, `${what}: ${detail ?? f.message}`, f.status);
}

/** The message of an error body in the shapes LND and clnrest use. */
export function errorMessageOf(body: JsonValue | undefined): string | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const inner = body.error;
  if (
    inner !== null &&
    typeof inner === 'object' &&
    !Array.isArray(inner) &&
    typeof inner.message === 'string'
  ) {
    return inner.message;
  }
  if (typeof inner === 'string') return inner;
  return typeof body.message === 'string' ? body.message : null;
}

/** The numeric error code of an error body (gRPC code for LND, JSON-RPC code for CLN). */
export function errorCodeOf(body: JsonValue | undefined): number | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const holder =
    body.error !== null && typeof body.error === 'object' && !Array.isArray(body.error) ? body.error : body;
  const code = holder.code ?? holder.grpc_code;
  if (typeof code === 'number') return code;
  if (typeof code === 'bigint') return Number(code);
  return null;
}

// ---------------------------------------------------------------- shared by the node backends

/** The longest wait between reconnects of a settlement stream or loop. */
export const MAX_RECONNECT_DELAY_MS = 30_000;

/**
 * The network a node reports in getinfo, by any of the names LND (`mainnet`, `testnet3`, ...) and Core
 * Lightning (`bitcoin`, `testnet4`, ...) use; null for one this service does not serve.
 */
export function networkNamed(name: JsonValue | undefined): LightningNetwork | null {
  switch (name) {
    case 'mainnet':
    case 'bitcoin':
      return 'bitcoin';
    case 'testnet':
    case 'testnet3':
    case 'testnet4':
      return 'testnet';
    case 'signet':
      return 'signet';
    case 'regtest':
      return 'regtest';
    default:
      return null;
  }
}

export function isPaymentHash(v: string): boolean {
  return /^[0-9a-fA-F]{64}$/.test(v);
}

/** A settlement cursor given back by the caller: the node's decimal index. Anything else is a bug. */
export function cursorIndex(cursor: string, indexName: string): bigint {
  if (!/^[0-9]{1,20}$/.test(cursor)) throw new RangeError(`fromCursor must be a decimal ${indexName}`);
  return BigInt(cursor);
}

/** Waits `ms`, or less when `signal` aborts; leaves no listener behind either way. */
export function sleepUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const onAbort = () => {
      clearTimeout(t);
      resolve();
    };
    const t = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** RestOptions for a node backend's connection options and its authentication header. */
export function nodeRestOptions(
  opts: { url: string; tlsCertPem?: string; tlsCertPath?: string; tlsCaPem?: string; tlsCaPath?: string },
  headers: Readonly<Record<string, string>>,
): RestOptions {
  return {
    url: opts.url,
    headers,
    ...(opts.tlsCertPem !== undefined ? { tlsCertPem: opts.tlsCertPem } : {}),
    ...(opts.tlsCertPath !== undefined ? { tlsCertPath: opts.tlsCertPath } : {}),
    ...(opts.tlsCaPem !== undefined ? { tlsCaPem: opts.tlsCaPem } : {}),
    ...(opts.tlsCaPath !== undefined ? { tlsCaPath: opts.tlsCaPath } : {}),
  };
}

/**
 * The node's answer to an invoice request, checked: the payment request must decode, carry the
 * payment hash the node reported and the amount asked for.
 */
export function checkedCreatedInvoice(
  payreq: string,
  paymentHash: string,
  amountMsat: bigint | null,
  what: string,
): CreatedInvoice {
  const decoded = decodeInvoice(payreq);
  if (
    !decoded.ok ||
    decoded.invoice.paymentHash !== paymentHash ||
    decoded.invoice.amountMsat !== amountMsat
  ) {
    throw new LightningBackendError('bad_response', `${what}: the returned invoice does not match`);
  }
  return {
    payreq: decoded.invoice.payreq,
    paymentHash,
    createdAtSec: decoded.invoice.createdAtSec,
    expiresAtSec: decoded.invoice.expiresAtSec,
  };
}

/**
 * What a backend checks before asking its node to pay: the invoice decodes, and the amount matches
 * it when it has one. A failure here means nothing was sent.
 */
export function invoiceToPay(
  input: PayInvoiceInput,
): { ok: true; invoice: Bolt11Invoice } | { ok: false; result: PayResult } {
  const decoded = decodeInvoice(input.payreq);
  if (!decoded.ok) {
    return { ok: false, result: { status: 'failed', reason: `invalid invoice: ${decoded.message}` } };
  }
  if (decoded.invoice.amountMsat !== null && decoded.invoice.amountMsat !== input.amountMsat) {
    return { ok: false, result: { status: 'failed', reason: 'amount does not match the invoice' } };
  }
  return { ok: true, invoice: decoded.invoice };
}
