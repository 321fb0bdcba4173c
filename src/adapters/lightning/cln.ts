// Core Lightning through clnrest: every RPC method is `POST /v1/<method>` with its parameters as a
// JSON object and the rune in the `Rune` header (https://docs.corelightning.org/docs/rest).
// Amounts (`*_msat`) are JSON numbers in millisatoshi; they are parsed exactly, as bigint.
//
// An outgoing payment whose outcome is not known (no answer in time, connection lost, an error
// that does not say the payment is over) is reported pending, never failed.

import { createHash, randomBytes } from 'node:crypto';
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

export interface ClnOptions {
  /** clnrest endpoint, e.g. https://127.0.0.1:3010 */
  url: string;
  rune: string;
  /** A self-signed certificate of the node (PEM), pinned. Or a path to it. */
  tlsCertPem?: string;
  tlsCertPath?: string;
  /**
   * clnrest's `ca.pem` (PEM), the authority that signs its `server.pem`. Or a path to it. This is
   * the certificate to give for a default clnrest.
   */
  tlsCaPem?: string;
  tlsCaPath?: string;
  /** Unary calls. Default 15 s. */
  requestTimeoutMs?: number;
  /** How long past the payment's retry_for to wait for `xpay` to answer. Default 10 s. */
  payGraceMs?: number;
  /** Invoice labels are `<prefix>-<random>`, at most 128 bytes in all. Default "paytag". */
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

/**
 * `xpay` error codes that end the command without success (doc/schemas/xpay.json: 203, 205, 207,
 * 209; 215, 217, 220 from the askrene and injectpayment paths it reports through). xpay may answer
 * them while parts are still in flight, so listpays decides before a payment is called failed.
 */
const XPAY_ENDED_CODES = new Set([203, 205, 206, 207, 209, 210, 215, 217, 220]);
/** xpay: the invoice was already paid (by this node): the lookup tells how. */
const XPAY_ALREADY_PAID = 219;
/** Invalid parameters: refused before anything was sent. */
const INVALID_PARAMS = -32602;
const UNKNOWN_METHOD = -32601;
const WAIT_TIMED_OUT = 904;
const INVOICE_NOT_FOUND = 905;
const INVOICE_STATUS_UNEXPECTED = 906;
const NOT_AUTHORIZED_CODES = new Set([1501, 1502]);
/** Labels longer than this are refused; the random part takes 25 bytes. */
const MAX_LABEL_BYTES = 128;
const MAX_LABEL_PREFIX_BYTES = MAX_LABEL_BYTES - 25;
const LIST_PAGE = 1000;

/**
 * lightningd refuses strings whose JSON escapes carry control characters other than \b \t \n \f
 * \r (clnrest re-serialises them as \u00XX, which its parser does not accept).
 */
function refusedControlCharacter(v: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the check is about control characters
  return /[\u0000-\u0007\u000b\u000e-\u001f]/.test(v);
}

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

/** xpay's result (no `status`: an answer is a success): fee = amount_sent_msat − amount_msat. */
function xpayResultOf(p: { [key: string]: JsonValue }): PayResult {
  const sent = jsonToBigInt(p.amount_sent_msat);
  const amount = jsonToBigInt(p.amount_msat);
  const preimage = p.payment_preimage;
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

function invoiceStateOf(inv: { [key: string]: JsonValue }): InvoiceState {
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
}

export function createClnBackend(opts: ClnOptions): LightningBackend {
  if (opts.rune === '') throw new RangeError('rune must not be empty');
  const labelPrefix = opts.labelPrefix ?? 'paytag';
  if (Buffer.byteLength(labelPrefix, 'utf8') > MAX_LABEL_PREFIX_BYTES) {
    throw new RangeError(
      `labelPrefix must be at most ${MAX_LABEL_PREFIX_BYTES} bytes (labels are at most ${MAX_LABEL_BYTES})`,
    );
  }
  const rest = new RestClient(nodeRestOptions(opts, { Rune: opts.rune }));
  const timeoutMs = opts.requestTimeoutMs ?? 15_000;
  const payGraceMs = opts.payGraceMs ?? 10_000;
  const closing = new AbortController();
  /** Payment hashes with an xpay call of this process still running (listpays may not show them yet). */
  const paying = new Set<string>();

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

  /** The highest pay_index, reading listinvoices a page at a time (one answer could be too large). */
  async function highestPayIndex(): Promise<bigint> {
    let start = 0n;
    let max = 0n;
    for (;;) {
      const list = await callObject('listinvoices', { index: 'created', start, limit: LIST_PAGE });
      const page = Array.isArray(list.invoices) ? list.invoices.filter(isJsonObject) : [];
      let last = start;
      for (const inv of page) {
        const idx = jsonToBigInt(inv.pay_index);
        if (idx !== null && idx > max) max = idx;
        const created = jsonToBigInt(inv.created_index);
        if (created !== null && created >= last) last = created + 1n;
      }
      if (page.length < LIST_PAGE || last === start) return max;
      start = last;
    }
  }

  async function findInvoice(paymentHash: string): Promise<{ [key: string]: JsonValue } | null> {
    const json = await callObject('listinvoices', { payment_hash: paymentHash.toLowerCase() });
    return (Array.isArray(json.invoices) ? json.invoices.find(isJsonObject) : undefined) ?? null;
  }

  /** What listpays says about a payment; null when it shows nothing (not sent, or never made). */
  async function listedPayment(paymentHash: string): Promise<PayResult | null> {
    const r = await call('listpays', { payment_hash: paymentHash.toLowerCase() });
    if (!r.ok || !isJsonObject(r.json) || !Array.isArray(r.json.pays)) return { status: 'pending' };
    const pays = r.json.pays.filter(isJsonObject);
    if (pays.length === 0) return null;
    // A payment retried after a failure appears once per attempt: any success wins, then any
    // attempt still in flight.
    const results = pays.map((p) => payResultOf(p, 'preimage'));
    return (
      results.find((x) => x.status === 'succeeded') ??
      results.find((x) => x.status === 'pending') ??
      results[results.length - 1] ?? { status: 'pending' }
    );
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
      if (refusedControlCharacter(input.description)) {
        throw new RangeError(
          'Core Lightning refuses a description with a control character other than tab, newline, carriage return, backspace or form feed',
        );
      }
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
      if (input.preimage !== undefined) params.preimage = Buffer.from(input.preimage).toString('hex');
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
        invstring: inv.payreq,
        maxfee: input.maxFeeMsat,
        retry_for: retryFor,
      };
      if (inv.amountMsat === null) params.amount_msat = input.amountMsat;
      const hash = inv.paymentHash.toLowerCase();
      paying.add(hash);
      let r: Awaited<ReturnType<typeof call>>;
      try {
        r = await call('xpay', params, { timeoutMs: retryFor * 1000 + payGraceMs });
      } finally {
        paying.delete(hash);
      }
      if (r.ok) return isJsonObject(r.json) ? xpayResultOf(r.json) : { status: 'pending' };
      if (r.code === 'timeout' || r.code === 'unreachable') return { status: 'pending' };
      if (isUnauthorized(r)) {
        // The rune check happens before the command runs: nothing was sent.
        return {
          status: 'failed',
          reason: `node refused the rune: ${errorMessageOf(r.body) ?? 'not authorized'}`,
        };
      }
      const code = errorCodeOf(r.body);
      const message = errorMessageOf(r.body);
      if (code === UNKNOWN_METHOD) {
        return { status: 'failed', reason: 'the node has no xpay: Core Lightning v24.11 or later is needed' };
      }
      if (code === INVALID_PARAMS) return { status: 'failed', reason: message ?? 'invalid parameters' };
      if (code === XPAY_ALREADY_PAID) return (await listedPayment(hash)) ?? { status: 'pending' };
      if (code !== null && XPAY_ENDED_CODES.has(code)) {
        // xpay answers without waiting for parts still in flight: listpays decides.
        const listed = await listedPayment(hash);
        if (listed === null || listed.status === 'failed') {
          return { status: 'failed', reason: message ?? `xpay failed (${code})` };
        }
        return listed;
      }
      return { status: 'pending' };
    },

    async lookupPayment(paymentHash: string): Promise<PayResult> {
      if (!isPaymentHash(paymentHash)) throw new RangeError('paymentHash must be 64 hex characters');
      const hash = paymentHash.toLowerCase();
      const listed = await listedPayment(hash);
      if (listed !== null) return listed;
      // listpays shows only parts actually sent: while xpay still looks for routes it shows nothing.
      if (paying.has(hash)) return { status: 'pending' };
      return { status: 'failed', reason: 'payment not found at the node' };
    },

    async lookupInvoice(paymentHash: string): Promise<InvoiceState> {
      if (!isPaymentHash(paymentHash)) throw new RangeError('paymentHash must be 64 hex characters');
      const inv = await findInvoice(paymentHash);
      if (inv === null) return { state: 'not_found', amountReceivedMsat: null, settledAtSec: null };
      return invoiceStateOf(inv);
    },

    async cancelInvoice(paymentHash: string): Promise<CancelInvoiceResult> {
      if (!isPaymentHash(paymentHash)) throw new RangeError('paymentHash must be 64 hex characters');
      const settledOr = (inv: { [key: string]: JsonValue } | null): CancelInvoiceResult => {
        if (inv === null) return { status: 'not_found' };
        const state = invoiceStateOf(inv);
        if (state.state === 'settled') {
          return {
            status: 'settled',
            amountReceivedMsat: state.amountReceivedMsat ?? 0n,
            settledAtSec: state.settledAtSec ?? 0,
          };
        }
        if (state.state === 'canceled') return { status: 'canceled' };
        return { status: 'unknown', reason: 'the invoice is still open' };
      };
      try {
        const inv = await findInvoice(paymentHash);
        if (inv === null || inv.status !== 'unpaid') return settledOr(inv);
        const r = await call('delinvoice', { label: inv.label ?? '', status: 'unpaid' });
        if (r.ok) return { status: 'canceled' };
        const code = errorCodeOf(r.body);
        if (code === INVOICE_NOT_FOUND) return { status: 'not_found' };
        if (code === INVOICE_STATUS_UNEXPECTED) {
          // Its status changed meanwhile: paid from outside (or expired).
          return settledOr(await findInvoice(paymentHash));
        }
        return { status: 'unknown', reason: clnError(r, 'delinvoice').message };
      } catch (e) {
        return { status: 'unknown', reason: e instanceof Error ? e.message : String(e) };
      }
    },

    async nodeBalance(): Promise<NodeBalance> {
      const funds = await callObject('listfunds', {});
      let channelLocalMsat = 0n;
      for (const ch of Array.isArray(funds.channels) ? funds.channels.filter(isJsonObject) : []) {
        if (ch.state !== 'CHANNELD_NORMAL') continue;
        channelLocalMsat += jsonToBigInt(ch.our_amount_msat) ?? 0n;
      }
      let onchainConfirmedMsat = 0n;
      for (const o of Array.isArray(funds.outputs) ? funds.outputs.filter(isJsonObject) : []) {
        if (o.status !== 'confirmed') continue;
        onchainConfirmedMsat += jsonToBigInt(o.amount_msat) ?? 0n;
      }
      return { channelLocalMsat, onchainConfirmedMsat };
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
