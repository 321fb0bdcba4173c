// Core Lightning through clnrest: every RPC method is `POST /v1/<method>` with its parameters as a
// JSON object and the rune in the `Rune` header (https://docs.corelightning.org/docs/rest).
// Amounts (`*_msat`) are JSON numbers in millisatoshi; they are parsed exactly, as bigint.
//
// An outgoing payment whose outcome is not known (no answer in time, connection lost, an error
// that does not say the payment is over) is reported pending, never failed.

import { createHash, randomBytes } from 'node:crypto';
import type {
  CreatedInvoice,
  CreateInvoiceInput,
  InvoiceSettlement,
  InvoiceState,
  LightningBackend,
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

export interface ClnOptions {
  /** clnrest endpoint, e.g. https://127.0.0.1:3010 */
  url: string;
  rune: string;
  /** The node's clnrest certificate (PEM), pinned. Or a path to it. */
  tlsCertPem?: string;
  tlsCertPath?: string;
  /** Unary calls. Default 15 s. */
  requestTimeoutMs?: number;
  /** How long past the payment's retry_for to wait for `pay` to answer. Default 10 s. */
  payGraceMs?: number;
  /** Invoice labels are `<prefix>-<random>`. Default "paytag". */
  labelPrefix?: string;
  /**
   * Deliver settlements with a pay_index above this on the first subscription. When absent the
   * current highest pay_index is read with listinvoices, so only new payments are delivered. A
   * subscription's fromCursor takes precedence.
   */
  startPayIndex?: bigint;
  /** waitanyinvoice long-poll length. Default 30 s. */
  waitTimeoutSec?: number;
  /** First retry delay of the settlement loop; doubles up to 30 s. Default 1 s. */
  reconnectDelayMs?: number;
  log?: { warn(obj: object, msg?: string): void };
}

/** `pay` error codes after which the payment is surely over and did not succeed (lightning-pay). */
const PAY_FAILED_CODES = new Set([
  -32602, // invalid parameters (bad bolt11, wrong network)
  201, // already paid with a different amount or destination
  203, // permanent failure at the destination
  205, // unable to find a route
  206, // route too expensive
  207, // invoice expired
  210, // timed out with no payment part in flight
]);
const WAIT_TIMED_OUT = 904;
const NOT_AUTHORIZED_CODES = new Set([1501, 1502]);

function isUnauthorized(f: RestFailure): boolean {
  const code = errorCodeOf(f.body);
  return f.status === 401 || f.status === 403 || (code !== null && NOT_AUTHORIZED_CODES.has(code));
}

function payResultOf(
  p: { [key: string]: JsonValue },
  preimageKey: 'payment_preimage' | 'preimage',
): PayResult {
  switch (p.status) {
    case 'complete': {
      const sent = jsonToBigInt(p.amount_sent_msat);
      const amount = jsonToBigInt(p.amount_msat);
      const preimage = p[preimageKey];
      if (
        sent === null ||
        amount === null ||
        typeof preimage !== 'string' ||
        !isPaymentHash(preimage) ||
        sent < amount
      ) {
        return { status: 'pending' };
      }
      return { status: 'succeeded', feeMsat: sent - amount, preimage: preimage.toLowerCase() };
    }
    case 'failed':
      return { status: 'failed', reason: 'payment failed' };
    default:
      return { status: 'pending' };
  }
}

export function createClnBackend(opts: ClnOptions): LightningBackend {
  const rest = new RestClient(nodeRestOptions(opts, { Rune: opts.rune }));
  const timeoutMs = opts.requestTimeoutMs ?? 15_000;
  const payGraceMs = opts.payGraceMs ?? 10_000;
  const labelPrefix = opts.labelPrefix ?? 'paytag';
  const closing = new AbortController();

  function clnError(f: RestFailure, what: string): LightningBackendError {
    if (isUnauthorized(f)) {
      return new LightningBackendError(
        'unauthorized',
        `${what}: ${errorMessageOf(f.body) ?? 'rune refused'}`,
        f.status,
      );
    }
    return toError(f, what);
  }

  async function call(
    method: string,
    params: { [key: string]: JsonValue },
    extra: { timeoutMs?: number; signal?: AbortSignal } = {},
  ) {
    return rest.request('POST', `/v1/${method}`, {
      body: params,
      timeoutMs: extra.timeoutMs ?? timeoutMs,
      signal: extra.signal ?? closing.signal,
    });
  }

  async function callObject(method: string, params: { [key: string]: JsonValue }) {
    const r = await call(method, params);
    if (!r.ok) throw clnError(r, method);
    if (!isJsonObject(r.json))
      throw new LightningBackendError('bad_response', `${method}: not a JSON object`);
    return r.json;
  }

  async function highestPayIndex(): Promise<bigint> {
    const list = await callObject('listinvoices', {});
    let max = 0n;
    for (const inv of Array.isArray(list.invoices) ? list.invoices : []) {
      const idx = isJsonObject(inv) ? jsonToBigInt(inv.pay_index) : null;
      if (idx !== null && idx > max) max = idx;
    }
    return max;
  }

  const backend: LightningBackend = {
    kind: 'cln',

    async nodeInfo() {
      const info = await callObject('getinfo', {});
      const network = networkNamed(info.network);
      if (typeof info.id !== 'string' || network === null) {
        throw new LightningBackendError('bad_response', 'getinfo: missing id or network');
      }
      return { pubkey: info.id, network, alias: typeof info.alias === 'string' ? info.alias : '' };
    },

    /**
     * clnrest cannot take a bare description hash: it hashes the description it is given
     * (`deschashonly`). So with descriptionHash the description must be its preimage (for LNURL-pay,
     * the metadata string); anything else is refused with a RangeError.
     */
    async createInvoice(input: CreateInvoiceInput): Promise<CreatedInvoice> {
      const params: { [key: string]: JsonValue } = {
        amount_msat: input.amountMsat === null ? 'any' : input.amountMsat,
        label: `${labelPrefix}-${randomBytes(12).toString('hex')}`,
        description: input.description,
        expiry: input.expirySec,
      };
      if (input.descriptionHash !== undefined) {
        const hash = createHash('sha256').update(input.description, 'utf8').digest();
        if (!hash.equals(Buffer.from(input.descriptionHash))) {
          throw new RangeError('with Core Lightning, descriptionHash must be the SHA-256 of description');
        }
        params.deschashonly = true;
      }
      const json = await callObject('invoice', params);
      const hash = typeof json.payment_hash === 'string' ? json.payment_hash.toLowerCase() : null;
      const bolt11 = typeof json.bolt11 === 'string' ? json.bolt11 : null;
      if (hash === null || bolt11 === null) {
        throw new LightningBackendError('bad_response', 'invoice: missing payment_hash or bolt11');
      }
      return checkedCreatedInvoice(bolt11, hash, input.amountMsat, 'invoice');
    },

    async payInvoice(input: PayInvoiceInput): Promise<PayResult> {
      const checked = invoiceToPay(input);
      if (!checked.ok) return checked.result;
      const inv = checked.invoice;
      const retryFor = Math.max(1, Math.floor(input.timeoutSec));
      const params: { [key: string]: JsonValue } = {
        bolt11: inv.payreq,
        maxfee: input.maxFeeMsat,
        retry_for: retryFor,
      };
      if (inv.amountMsat === null) params.amount_msat = input.amountMsat;
      const r = await call('pay', params, { timeoutMs: retryFor * 1000 + payGraceMs });
      if (r.ok) return isJsonObject(r.json) ? payResultOf(r.json, 'payment_preimage') : { status: 'pending' };
      if (r.code === 'timeout' || r.code === 'unreachable') return { status: 'pending' };
      if (isUnauthorized(r)) {
        // The rune check happens before the command runs: nothing was sent.
        return {
          status: 'failed',
          reason: `node refused the rune: ${errorMessageOf(r.body) ?? 'not authorized'}`,
        };
      }
      const code = errorCodeOf(r.body);
      if (code !== null && PAY_FAILED_CODES.has(code)) {
        return { status: 'failed', reason: errorMessageOf(r.body) ?? `pay failed (${code})` };
      }
      return { status: 'pending' };
    },

    async lookupPayment(paymentHash: string): Promise<PayResult> {
      if (!isPaymentHash(paymentHash)) throw new RangeError('paymentHash must be 64 hex characters');
      const r = await call('listpays', { payment_hash: paymentHash.toLowerCase() });
      if (!r.ok || !isJsonObject(r.json) || !Array.isArray(r.json.pays)) return { status: 'pending' };
      const pays = r.json.pays.filter(isJsonObject);
      if (pays.length === 0) return { status: 'failed', reason: 'payment not found at the node' };
      // A payment retried after a failure appears once per attempt: any success wins, then any
      // attempt still in flight.
      const results = pays.map((p) => payResultOf(p, 'preimage'));
      return (
        results.find((x) => x.status === 'succeeded') ??
        results.find((x) => x.status === 'pending') ??
        results[results.length - 1] ?? { status: 'pending' }
      );
    },

    async cancelInvoice() {
      return { status: 'unknown', reason: 'not supported' };
    },

    async nodeBalance() {
      return null;
    },

    async lookupInvoice(paymentHash: string): Promise<InvoiceState> {
      if (!isPaymentHash(paymentHash)) throw new RangeError('paymentHash must be 64 hex characters');
      const json = await callObject('listinvoices', { payment_hash: paymentHash.toLowerCase() });
      const inv = Array.isArray(json.invoices) ? json.invoices.find(isJsonObject) : undefined;
      if (inv === undefined) throw new LightningBackendError('not_found', 'listinvoices: no such invoice');
      switch (inv.status) {
        case 'paid':
          return {
            state: 'settled',
            amountReceivedMsat: jsonToBigInt(inv.amount_received_msat) ?? 0n,
            settledAtSec: Number(jsonToBigInt(inv.paid_at) ?? 0n),
          };
        case 'expired':
          return { state: 'canceled', amountReceivedMsat: null, settledAtSec: null };
        default:
          return { state: 'open', amountReceivedMsat: null, settledAtSec: null };
      }
    },

    subscribeSettlements(
      onSettled: (s: InvoiceSettlement) => Promise<void>,
      signal: AbortSignal,
      fromCursor?: string,
    ): void {
      // The cursor is a pay_index: waitanyinvoice answers the invoices paid after it, one by one.
      const start =
        fromCursor !== undefined ? cursorIndex(fromCursor, 'pay_index') : (opts.startPayIndex ?? null);
      const stop = AbortSignal.any([signal, closing.signal]);
      const waitSec = opts.waitTimeoutSec ?? 30;
      const baseDelay = opts.reconnectDelayMs ?? 1000;
      const run = async () => {
        let lastPayIndex = start;
        let delay = baseDelay;
        while (!stop.aborted) {
          try {
            if (lastPayIndex === null) lastPayIndex = await highestPayIndex();
            const r = await call(
              'waitanyinvoice',
              { lastpay_index: lastPayIndex, timeout: waitSec },
              { timeoutMs: waitSec * 1000 + timeoutMs, signal: stop },
            );
            if (stop.aborted) break;
            if (!r.ok) {
              if (errorCodeOf(r.body) === WAIT_TIMED_OUT) continue;
              throw clnError(r, 'waitanyinvoice');
            }
            const inv = isJsonObject(r.json) ? r.json : {};
            const payIndex = jsonToBigInt(inv.pay_index);
            if (payIndex === null)
              throw new LightningBackendError('bad_response', 'waitanyinvoice: no pay_index');
            const hash = typeof inv.payment_hash === 'string' ? inv.payment_hash.toLowerCase() : '';
            const amount = jsonToBigInt(inv.amount_received_msat);
            if (inv.status === 'paid' && isPaymentHash(hash) && amount !== null) {
              await onSettled({
                paymentHash: hash,
                amountReceivedMsat: amount,
                settledAtSec: Number(jsonToBigInt(inv.paid_at) ?? 0n),
                cursor: payIndex.toString(),
              });
            }
            // Advanced only after delivery: a failed delivery asks for the same invoice again.
            lastPayIndex = payIndex;
            delay = baseDelay;
          } catch (e) {
            if (stop.aborted) break;
            opts.log?.warn(
              { error: e instanceof Error ? e.message : String(e) },
              'CLN settlement loop error',
            );
            await sleepUnlessAborted(delay, stop);
            delay = Math.min(delay * 2, MAX_RECONNECT_DELAY_MS);
          }
        }
      };
      run().catch((e: unknown) => {
        opts.log?.warn({ error: e instanceof Error ? e.message : String(e) }, 'CLN settlement loop stopped');
      });
    },

    async close() {
      closing.abort();
      rest.close();
    },
  };
  return backend;
}
