// LND through its REST proxy (grpc-gateway): https://lightning.engineering/api-docs/api/lnd/
//
// REST conventions: the macaroon goes in `Grpc-Metadata-macaroon` as hex; bytes fields are base64,
// and inside URL paths and query strings padded base64url (the gateway's runtime.Bytes accepts only
// padded standard or padded URL-safe base64); int64 fields are JSON strings; streaming calls answer
// with newline-delimited `{"result": ...}` or `{"error": {...}}` objects, and errors before the first
// message with the gRPC code's HTTP status.
//
// An outgoing payment whose outcome is not known (no answer in time, connection lost, node busy)
// is reported pending, never failed: the reconciler asks again with lookupPayment.

import type {
  CancelInvoiceResult,
  CreatedInvoice,
  CreateInvoiceInput,
  InvoiceSettlement,
  InvoiceState,
  LightningBackend,
  NodeBalance,
  PayInvoiceInput,
  PayResult,
} from '../../app/ports.ts';
import { isJsonObject, type JsonValue, jsonToBigInt } from '../http-out/json.ts';
import {
  checkedCreatedInvoice,
  cursorIndex,
  errorCodeOf,
  errorMessageOf,
  invoiceToPay,
  isPaymentHash,
  LightningBackendError,
  MAX_RECONNECT_DELAY_MS,
  networkNamed,
  nodeRestOptions,
  RestClient,
  type RestFailure,
  sleepUnlessAborted,
  toError,
} from './rest.ts';

export interface LndOptions {
  /** REST endpoint, e.g. https://127.0.0.1:8080 */
  url: string;
  macaroonHex: string;
  /** LND's tls.cert (PEM), pinned. Or a path to it. */
  tlsCertPem?: string;
  tlsCertPath?: string;
  /** Unary calls. Default 15 s. */
  requestTimeoutMs?: number;
  /** How long past the payment's own timeout to wait for LND's final word. Default 5 s. */
  payGraceMs?: number;
  /** Ask LND for route hints to private channels in invoices. Default true. */
  privateRouteHints?: boolean;
  /**
   * Replay settlements after this settle_index on the first subscription; else only new ones. A
   * subscription's fromCursor takes precedence.
   */
  startSettleIndex?: bigint;
  /** First reconnect delay of the settlement stream; doubles up to 30 s. Default 1 s. */
  reconnectDelayMs?: number;
  /**
   * The invoice stream is reopened after this long without a byte: LND writes only when something
   * happens, so a dead connection is otherwise never noticed. Default 5 minutes.
   */
  streamIdleTimeoutMs?: number;
  log?: { warn(obj: object, msg?: string): void };
}

/** gRPC status codes after which LND may still be working on the payment. */
const GRPC_MAYBE_IN_PROGRESS = new Set([1, 4, 10, 13, 14]);
const GRPC_ALREADY_EXISTS = 6;
const GRPC_NOT_FOUND = 5;

function b64ToHex(v: JsonValue | undefined): string | null {
  if (typeof v !== 'string' || v === '') return null;
  const bytes = Buffer.from(v, 'base64');
  return bytes.length === 32 ? bytes.toString('hex') : null;
}

/**
 * Bytes for a URL path: padded URL-safe base64, with `=` as it is (the gateway's default unescaping
 * mode leaves reserved characters such as %3D escaped in path parameters).
 */
function hexToPathBytes(hash: string): string {
  const b64 = Buffer.from(hash, 'hex').toString('base64url');
  return b64 + '='.repeat((4 - (b64.length % 4)) % 4);
}

/** Bytes for a query parameter: padded URL-safe base64, percent-encoded. */
function hexToQueryBytes(hash: string): string {
  return encodeURIComponent(hexToPathBytes(hash));
}

/** LND's longest memo (MaxMemoSize in channeldb/invoices). */
const LND_MAX_MEMO_BYTES = 1024;

/**
 * TrackPaymentV2's own answer for a payment it never started: codes.NotFound with
 * ErrPaymentNotInitiated. A bare 404, or the gateway's {"code":5,"message":"Not Found"} for an
 * unknown route, is not it.
 */
function isPaymentNotFound(body: JsonValue | undefined): boolean {
  return errorCodeOf(body) === GRPC_NOT_FOUND && /payment isn'?t initiated/i.test(errorMessageOf(body) ?? '');
}

/** LookupInvoiceV2 and CancelInvoice for an unknown invoice (ErrInvoiceNotFound, ErrNoInvoicesCreated). */
function isInvoiceNotFound(body: JsonValue | undefined): boolean {
  return /unable to locate invoice|there are no existing invoices/i.test(errorMessageOf(body) ?? '');
}

/** LND's Payment message → PayResult. */
function paymentResult(p: { [key: string]: JsonValue }): PayResult {
  switch (p.status) {
    case 'SUCCEEDED': {
      const feeMsat = jsonToBigInt(p.fee_msat ?? '0');
      const preimage = typeof p.payment_preimage === 'string' ? p.payment_preimage : '';
      // A success without its proof is not something to book; leave it to the next lookup.
      if (feeMsat === null || !isPaymentHash(preimage)) return { status: 'pending' };
      return { status: 'succeeded', feeMsat, preimage: preimage.toLowerCase() };
    }
    case 'FAILED':
      return { status: 'failed', reason: failureReason(p.failure_reason) };
    default:
      return { status: 'pending' };
  }
}

function failureReason(r: JsonValue | undefined): string {
  switch (r) {
    case 'FAILURE_REASON_TIMEOUT':
      return 'no route found before the payment timeout';
    case 'FAILURE_REASON_NO_ROUTE':
      return 'no route within fee limit';
    case 'FAILURE_REASON_ERROR':
      return 'payment failed with an unexpected error';
    case 'FAILURE_REASON_INCORRECT_PAYMENT_DETAILS':
      return 'the destination rejected the payment (incorrect payment details)';
    case 'FAILURE_REASON_INSUFFICIENT_BALANCE':
      return 'insufficient balance in the node';
    case 'FAILURE_REASON_CANCELED':
      return 'payment canceled';
    default:
      return typeof r === 'string' ? r : 'payment failed';
  }
}

/** An error before LND reported the payment: did the payment surely not start? */
function sendErrorResult(body: JsonValue | undefined, status: number | undefined): PayResult {
  const code = errorCodeOf(body);
  const message = errorMessageOf(body);
  if (code === null || message === null) {
    // Not LND's own error (a proxy's 502, garbage): nothing says the payment did not start.
    return { status: 'pending' };
  }
  if (
    code === GRPC_ALREADY_EXISTS ||
    /already (been )?paid|in transition|already exists|in flight/i.test(message)
  ) {
    // A payment to this hash exists at the node; lookupPayment tells how it went.
    return { status: 'pending' };
  }
  if (GRPC_MAYBE_IN_PROGRESS.has(code) || /context (canceled|deadline)|deadline exceeded/i.test(message)) {
    return { status: 'pending' };
  }
  if (status === 401 || status === 403 || /macaroon|verification failed|permission denied/i.test(message)) {
    return { status: 'failed', reason: `node refused the credentials: ${message}` };
  }
  return { status: 'failed', reason: message };
}

function invoiceState(inv: { [key: string]: JsonValue }): InvoiceState {
  switch (inv.state) {
    case 'SETTLED':
      return {
        state: 'settled',
        amountReceivedMsat: jsonToBigInt(inv.amt_paid_msat) ?? 0n,
        settledAtSec: Number(jsonToBigInt(inv.settle_date) ?? 0n),
      };
    case 'CANCELED':
      return { state: 'canceled', amountReceivedMsat: null, settledAtSec: null };
    default:
      // OPEN, and ACCEPTED (a hold invoice with HTLCs locked in, not yet settled).
      return { state: 'open', amountReceivedMsat: null, settledAtSec: null };
  }
}

export function createLndBackend(opts: LndOptions): LightningBackend {
  if (!/^[0-9a-fA-F]+$/.test(opts.macaroonHex)) throw new RangeError('macaroonHex must be hex');
  const rest = new RestClient(nodeRestOptions(opts, { 'Grpc-Metadata-macaroon': opts.macaroonHex }));
  const timeoutMs = opts.requestTimeoutMs ?? 15_000;
  const payGraceMs = opts.payGraceMs ?? 5_000;
  const closing = new AbortController();

  async function get(path: string, what: string): Promise<{ [key: string]: JsonValue }> {
    const r = await rest.request('GET', path, { timeoutMs, signal: closing.signal });
    if (!r.ok) throw lndError(r, what);
    if (!isJsonObject(r.json)) throw new LightningBackendError('bad_response', `${what}: not a JSON object`);
    return r.json;
  }

  function lndError(r: RestFailure, what: string): LightningBackendError {
    const message = errorMessageOf(r.body) ?? '';
    if (/macaroon|verification failed|permission denied/i.test(message)) {
      return new LightningBackendError('unauthorized', `${what}: ${message}`, r.status);
    }
    if (errorCodeOf(r.body) === GRPC_NOT_FOUND)
      return new LightningBackendError('not_found', `${what}: ${message}`, r.status);
    return toError(r, what);
  }

  async function lookupInvoice(paymentHash: string): Promise<InvoiceState> {
    if (!isPaymentHash(paymentHash)) throw new RangeError('paymentHash must be 64 hex characters');
    const path = `/v2/invoices/lookup?payment_hash=${hexToQueryBytes(paymentHash.toLowerCase())}`;
    const r = await rest.request('GET', path, { timeoutMs, signal: closing.signal });
    if (!r.ok) {
      if (errorCodeOf(r.body) === GRPC_NOT_FOUND && isInvoiceNotFound(r.body)) {
        return { state: 'not_found', amountReceivedMsat: null, settledAtSec: null };
      }
      throw lndError(r, 'lookup invoice');
    }
    if (!isJsonObject(r.json))
      throw new LightningBackendError('bad_response', 'lookup invoice: not a JSON object');
    return invoiceState(r.json);
  }

  /**
   * The payment's current state from TrackPaymentV2's first update. A transport failure is
   * pending (the node may be working on it); an error answer is thrown with its status and message.
   */
  async function trackPayment(paymentHash: string): Promise<PayResult> {
    let outcome: PayResult | null = null;
    let streamError: JsonValue | undefined;
    const r = await rest.stream(
      'GET',
      `/v2/router/track/${hexToPathBytes(paymentHash.toLowerCase())}`,
      { firstByteTimeoutMs: timeoutMs, totalTimeoutMs: timeoutMs, signal: closing.signal },
      (line) => {
        if (!isJsonObject(line)) return undefined;
        if (isJsonObject(line.result)) {
          // The first update is the payment's current state.
          outcome = paymentResult(line.result);
          return 'stop';
        }
        if (line.error !== undefined) {
          streamError = line;
          return 'stop';
        }
        return undefined;
      },
    );
    const errorBody = streamError ?? (r.ok ? undefined : r.body);
    if (isPaymentNotFound(errorBody)) {
      // LND has no payment to this hash: it never started, so nothing can still be sent.
      return { status: 'failed', reason: 'payment not found at the node' };
    }
    if (streamError !== undefined) {
      throw lndError(
        {
          ok: false,
          code: 'rejected',
          status: r.ok ? r.status : r.status,
          message: 'track',
          body: streamError,
        },
        'track payment',
      );
    }
    if (!r.ok) {
      if (r.code === 'unreachable' || r.code === 'timeout' || r.code === 'bad_response')
        return { status: 'pending' };
      throw lndError(r, 'track payment');
    }
    return outcome ?? { status: 'pending' };
  }

  /**
   * The highest settle_index of the node's invoices, and its settled invoices in settle_index order
   * when `collect`, paging through ListInvoices.
   */
  async function scanSettled(
    stop: AbortSignal,
    collect: boolean,
  ): Promise<{ max: bigint; settled: { [key: string]: JsonValue }[] }> {
    let offset = 0n;
    let max = 0n;
    const settled: { [key: string]: JsonValue }[] = [];
    for (;;) {
      const r = await rest.request('GET', `/v1/invoices?index_offset=${offset}&num_max_invoices=1000`, {
        timeoutMs,
        signal: stop,
      });
      if (!r.ok) throw lndError(r, 'list invoices');
      const json = isJsonObject(r.json) ? r.json : {};
      const list = Array.isArray(json.invoices) ? json.invoices.filter(isJsonObject) : [];
      for (const inv of list) {
        const idx = jsonToBigInt(inv.settle_index);
        if (idx !== null && idx > max) max = idx;
        if (collect && inv.state === 'SETTLED' && idx !== null && idx > 0n) settled.push(inv);
      }
      const last = jsonToBigInt(json.last_index_offset);
      if (list.length === 0 || last === null || last <= offset) {
        settled.sort((a, b) =>
          (jsonToBigInt(a.settle_index) ?? 0n) < (jsonToBigInt(b.settle_index) ?? 0n) ? -1 : 1,
        );
        return { max, settled };
      }
      offset = last;
    }
  }

  const backend: LightningBackend = {
    kind: 'lnd',

    async nodeInfo() {
      const info = await get('/v1/getinfo', 'getinfo');
      const chains = Array.isArray(info.chains) ? info.chains : [];
      const first = chains[0];
      const network = networkNamed(isJsonObject(first) ? first.network : undefined);
      if (typeof info.identity_pubkey !== 'string' || network === null) {
        throw new LightningBackendError('bad_response', 'getinfo: missing identity_pubkey or network');
      }
      return {
        pubkey: info.identity_pubkey,
        network,
        alias: typeof info.alias === 'string' ? info.alias : '',
      };
    },

    async createInvoice(input: CreateInvoiceInput): Promise<CreatedInvoice> {
      const memoFits = Buffer.byteLength(input.description, 'utf8') <= LND_MAX_MEMO_BYTES;
      // With a description hash the invoice commits to the hash; the memo is LND's own label only, so a
      // longer text (a NIP-57 zap request) is left out rather than refused.
      if (!memoFits && input.descriptionHash === undefined) {
        throw new RangeError(`LND refuses an invoice description over ${LND_MAX_MEMO_BYTES} bytes`);
      }
      const body: { [key: string]: JsonValue } = {
        memo: memoFits ? input.description : '',
        expiry: String(input.expirySec),
        private: opts.privateRouteHints ?? true,
      };
      if (input.amountMsat !== null) body.value_msat = input.amountMsat.toString();
      if (input.descriptionHash !== undefined) {
        if (input.descriptionHash.length !== 32) throw new RangeError('descriptionHash must be 32 bytes');
        body.description_hash = Buffer.from(input.descriptionHash).toString('base64');
      }
      if (input.preimage !== undefined) body.r_preimage = Buffer.from(input.preimage).toString('base64');
      const r = await rest.request('POST', '/v1/invoices', { body, timeoutMs, signal: closing.signal });
      if (!r.ok) throw lndError(r, 'create invoice');
      const json = isJsonObject(r.json) ? r.json : {};
      const hash = b64ToHex(json.r_hash);
      const payreq = typeof json.payment_request === 'string' ? json.payment_request : null;
      if (hash === null || payreq === null) {
        throw new LightningBackendError('bad_response', 'create invoice: missing r_hash or payment_request');
      }
      return checkedCreatedInvoice(payreq, hash, input.amountMsat, 'create invoice');
    },

    async payInvoice(input: PayInvoiceInput): Promise<PayResult> {
      const checked = invoiceToPay(input);
      if (!checked.ok) return checked.result;
      const inv = checked.invoice;
      const timeoutSec = Math.max(1, Math.floor(input.timeoutSec));
      const body: { [key: string]: JsonValue } = {
        payment_request: inv.payreq,
        timeout_seconds: timeoutSec,
        fee_limit_msat: input.maxFeeMsat.toString(),
      };
      if (inv.amountMsat === null) body.amt_msat = input.amountMsat.toString();

      let outcome: PayResult = { status: 'pending' };
      let sawPayment = false;
      const r = await rest.stream(
        'POST',
        '/v2/router/send',
        { body, totalTimeoutMs: timeoutSec * 1000 + payGraceMs, signal: closing.signal },
        (line) => {
          if (!isJsonObject(line)) return undefined;
          if (isJsonObject(line.result)) {
            sawPayment = true;
            outcome = paymentResult(line.result);
            return outcome.status === 'pending' ? undefined : 'stop';
          }
          if (line.error !== undefined) {
            outcome = sawPayment ? { status: 'pending' } : sendErrorResult(line, undefined);
            return 'stop';
          }
          return undefined;
        },
      );
      if (!r.ok) {
        // An error answer before any payment update.
        if (!sawPayment && r.body !== undefined) outcome = sendErrorResult(r.body, r.status);
        else return { status: 'pending' };
      }
      if (
        !sawPayment &&
        outcome.status === 'failed' &&
        !outcome.reason.startsWith('node refused the credentials')
      ) {
        // LND records a payment and starts sending before it streams anything, and an error can
        // still end the stream then (a failed subscription, a shutdown). Only LND's "not
        // initiated" says that nothing was sent.
        const reason = outcome.reason;
        const tracked = await trackPayment(inv.paymentHash).catch(() => ({ status: 'pending' }) as const);
        if (tracked.status === 'failed' && tracked.reason === 'payment not found at the node') {
          return { status: 'failed', reason };
        }
        return tracked;
      }
      return outcome;
    },

    async lookupPayment(paymentHash: string): Promise<PayResult> {
      if (!isPaymentHash(paymentHash)) throw new RangeError('paymentHash must be 64 hex characters');
      return trackPayment(paymentHash);
    },

    lookupInvoice,

    async cancelInvoice(paymentHash: string): Promise<CancelInvoiceResult> {
      if (!isPaymentHash(paymentHash)) throw new RangeError('paymentHash must be 64 hex characters');
      const body = { payment_hash: Buffer.from(paymentHash, 'hex').toString('base64') };
      const r = await rest.request('POST', '/v2/invoices/cancel', {
        body,
        timeoutMs,
        signal: closing.signal,
      });
      if (r.ok) return { status: 'canceled' };
      const message = errorMessageOf(r.body);
      if (message !== null && /already settled/i.test(message)) {
        // Paid at the node meanwhile: its amount comes from the invoice.
        const state = await lookupInvoice(paymentHash).catch(() => null);
        if (state?.state === 'settled' && state.amountReceivedMsat !== null && state.settledAtSec !== null) {
          return {
            status: 'settled',
            amountReceivedMsat: state.amountReceivedMsat,
            settledAtSec: state.settledAtSec,
          };
        }
        return { status: 'unknown', reason: 'invoice settled, but its amount could not be read' };
      }
      if (message !== null && isInvoiceNotFound(r.body)) return { status: 'not_found' };
      return { status: 'unknown', reason: lndError(r, 'cancel invoice').message };
    },

    async nodeBalance(): Promise<NodeBalance> {
      const channels = await get('/v1/balance/channels', 'channel balance');
      const wallet = await get('/v1/balance/blockchain', 'wallet balance');
      const local = isJsonObject(channels.local_balance) ? jsonToBigInt(channels.local_balance.msat) : null;
      const confirmedSat = jsonToBigInt(wallet.confirmed_balance);
      if (local === null || confirmedSat === null) {
        throw new LightningBackendError(
          'bad_response',
          'balance: missing local_balance.msat or confirmed_balance',
        );
      }
      return { channelLocalMsat: local, onchainConfirmedMsat: confirmedSat * 1000n };
    },

    subscribeSettlements(
      onSettled: (s: InvoiceSettlement) => Promise<void>,
      signal: AbortSignal,
      fromCursor?: string,
    ): void {
      // The cursor is a settle_index: LND replays the settlements after it, then streams new ones.
      let settleIndex =
        fromCursor !== undefined ? cursorIndex(fromCursor, 'settle_index') : (opts.startSettleIndex ?? null);
      const baseDelay = opts.reconnectDelayMs ?? 1000;
      const idleTimeoutMs = opts.streamIdleTimeoutMs ?? 5 * 60_000;
      const stop = AbortSignal.any([signal, closing.signal]);
      /** Delivers one settled invoice; 'stop' when delivery failed (the stream restarts from the cursor). */
      const deliver = async (inv: {
        [key: string]: JsonValue;
      }): Promise<'stop' | 'delivered' | 'skipped'> => {
        const paymentHash = b64ToHex(inv.r_hash);
        const index = jsonToBigInt(inv.settle_index);
        const amount = jsonToBigInt(inv.amt_paid_msat);
        if (paymentHash === null || index === null || amount === null) return 'skipped';
        // Only a delivered settlement moves the cursor: when delivery fails the stream restarts
        // from the last delivered one and LND sends the rest again.
        try {
          await onSettled({
            paymentHash,
            amountReceivedMsat: amount,
            settledAtSec: Number(jsonToBigInt(inv.settle_date) ?? 0n),
            cursor: index.toString(),
          });
        } catch (e) {
          opts.log?.warn({ error: e instanceof Error ? e.message : String(e) }, 'settlement delivery failed');
          return 'stop';
        }
        settleIndex = settleIndex === null || index > settleIndex ? index : settleIndex;
        return 'delivered';
      };
      const run = async () => {
        let delay = baseDelay;
        let connected = false;
        while (!stop.aborted) {
          if (settleIndex === null || (settleIndex === 0n && connected)) {
            // Without a cursor, start from the node's current position, so that a reconnect
            // before the first settlement replays what came in between. LND reads settle_index 0
            // as "not given", so while it is 0 a reconnect delivers the node's settled invoices
            // (all of them came after the start) from the list instead.
            try {
              const scan = await scanSettled(stop, settleIndex === 0n);
              for (const inv of scan.settled) {
                if ((await deliver(inv)) === 'stop') throw new Error('settlement delivery failed');
              }
              if (settleIndex === null) settleIndex = scan.max;
            } catch (e) {
              if (stop.aborted) break;
              opts.log?.warn(
                { error: e instanceof Error ? e.message : String(e) },
                'LND list invoices failed',
              );
              await sleepUnlessAborted(delay, stop);
              delay = Math.min(delay * 2, MAX_RECONNECT_DELAY_MS);
              continue;
            }
          }
          const query = settleIndex > 0n ? `?settle_index=${settleIndex}` : '';
          connected = true;
          let delivered = false;
          const r = await rest.stream(
            'GET',
            `/v1/invoices/subscribe${query}`,
            { signal: stop, idleTimeoutMs },
            async (line) => {
              if (!isJsonObject(line)) return undefined;
              if (line.error !== undefined) {
                opts.log?.warn({ error: errorMessageOf(line) }, 'LND invoice stream error');
                return 'stop';
              }
              const inv = line.result;
              if (!isJsonObject(inv) || inv.state !== 'SETTLED') return undefined;
              const verdict = await deliver(inv);
              if (verdict === 'stop') return 'stop';
              if (verdict === 'delivered') delivered = true;
              return undefined;
            },
          );
          if (stop.aborted) break;
          if (!r.ok) {
            opts.log?.warn(
              { error: errorMessageOf(r.body) ?? r.message, code: r.code, status: r.status },
              'LND invoice stream ended',
            );
          }
          if (delivered) delay = baseDelay;
          await sleepUnlessAborted(delay, stop);
          delay = Math.min(delay * 2, MAX_RECONNECT_DELAY_MS);
        }
      };
      run().catch((e: unknown) => {
        opts.log?.warn({ error: e instanceof Error ? e.message : String(e) }, 'LND settlement loop stopped');
      });
    },

    async close() {
      closing.abort();
      rest.close();
    },
  };
  return backend;
}
