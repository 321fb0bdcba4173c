import type { InvoiceInfo } from '../../app/payments/decode-invoice.ts';
import type { Payment as PaymentRow } from '../../app/payments/payment.ts';

// What LNDhub clients read, in the shapes LndHub answers them (BlueWallet/LndHub @819518e:
// controllers/api.js, class/User.js getUserInvoices and getTxs, class/Paym.js; lnbits/lndhub @faeab6e
// views_api.py, utils.py). Amounts are whole satoshis (msat rounded down), times Unix seconds.
// LndHub sends LND's gRPC bytes through JSON as Node Buffers, `{type: 'Buffer', data: [bytes]}`: r_hash
// keeps that form (ZEUS's Invoice.getFormattedRhash and BlueWallet read it); the other hashes are hex.

/** Bytes of a hex string as Node's Buffer#toJSON writes them. */
export const bufferJson = (hex: string): { type: 'Buffer'; data: number[] } => ({
  type: 'Buffer',
  data: [...Buffer.from(hex, 'hex')],
});

const bufferSchema = {
  type: 'object',
  properties: {
    type: { type: 'string', const: 'Buffer' },
    data: { type: 'array', items: { type: 'integer' } },
  },
};

const sats = (msat: bigint): number => Number(msat / 1000n);
const secondsOf = (ms: bigint): number => Number(ms / 1000n);

/** What the sender paid on top of the amount: routing fee and service fees. */
const feeMsatOf = (p: PaymentRow): bigint => p.network_fee_msat + p.service_fee_msat + p.gst_fee_msat;

export const tokensSchema = {
  type: 'object',
  properties: { access_token: { type: 'string' }, refresh_token: { type: 'string' } },
};

/** POST /addinvoice: LND's AddInvoiceResponse as LndHub passes it on, with `pay_req` and LNbits' `hash`. */
export function addInvoiceRecord(p: PaymentRow) {
  const hash = p.payment_hash ?? '';
  return {
    r_hash: bufferJson(hash),
    payment_request: p.payreq ?? '',
    pay_req: p.payreq ?? '',
    add_index: String(p.id),
    payment_hash: hash,
    hash,
  };
}

export const addInvoiceSchema = {
  type: 'object',
  properties: {
    r_hash: bufferSchema,
    payment_request: { type: 'string' },
    pay_req: { type: 'string', description: 'the same invoice (LndHub keeps it for older clients)' },
    add_index: { type: 'string' },
    payment_hash: { type: 'string', description: 'hex' },
    hash: { type: 'string', description: 'hex (LNbits’ name)' },
  },
};

/** A row of GET /getuserinvoices. `expire_time` is seconds from `timestamp`, as LndHub sends it. */
export function userInvoiceRecord(p: PaymentRow) {
  const hash = p.payment_hash ?? '';
  const created = secondsOf(p.created_at_ms);
  const expires = p.invoice_expires_at_ms === null ? created : secondsOf(p.invoice_expires_at_ms);
  return {
    r_hash: bufferJson(hash),
    payment_request: p.payreq ?? '',
    add_index: String(p.id),
    description: p.description ?? '',
    payment_hash: hash,
    ispaid: p.status === 'paid',
    amt: sats(p.amount_msat),
    expire_time: Math.max(0, expires - created),
    timestamp: created,
    type: 'user_invoice' as const,
    keysend: false,
  };
}

export const userInvoiceSchema = {
  type: 'object',
  properties: {
    r_hash: bufferSchema,
    payment_request: { type: 'string' },
    add_index: { type: 'string' },
    description: { type: 'string' },
    payment_hash: { type: 'string', description: 'hex' },
    ispaid: { type: 'boolean' },
    amt: { type: 'integer', description: 'satoshis' },
    expire_time: { type: 'integer', description: 'seconds after timestamp' },
    timestamp: { type: 'integer', description: 'Unix seconds' },
    type: { type: 'string', const: 'user_invoice' },
    keysend: { type: 'boolean' },
  },
};

/** A row of GET /gettxs: `value` is what left the balance (amount and fees), as LndHub's getTxs sums it. */
export function paidInvoiceRecord(p: PaymentRow) {
  const feeMsat = feeMsatOf(p);
  return {
    payment_preimage: p.preimage ?? '',
    payment_hash: p.payment_hash ?? '',
    fee_msat: Number(feeMsat),
    type: 'paid_invoice' as const,
    fee: sats(feeMsat),
    value: sats(p.amount_msat + feeMsat),
    timestamp: secondsOf(p.paid_at_ms ?? p.created_at_ms),
    memo: p.status === 'pending' ? 'Payment in transition' : (p.description ?? ''),
  };
}

export const paidInvoiceSchema = {
  type: 'object',
  properties: {
    payment_preimage: {
      type: 'string',
      description: 'hex; empty while pending or when paid inside the service',
    },
    payment_hash: { type: 'string', description: 'hex' },
    fee_msat: { type: 'integer' },
    type: { type: 'string', const: 'paid_invoice' },
    fee: { type: 'integer', description: 'satoshis' },
    value: { type: 'integer', description: 'satoshis: amount and fees' },
    timestamp: { type: 'integer' },
    memo: { type: 'string' },
  },
};

/** GET /decodeinvoice: LND's PayReq (decodepayreq), int64 fields as strings as LND's REST writes them. */
export function decodedRecord(d: InvoiceInfo) {
  return {
    destination: d.payeePubkey,
    payment_hash: d.paymentHash,
    num_satoshis: d.amountMsat === null ? '0' : String(d.amountMsat / 1000n),
    num_msat: d.amountMsat === null ? '0' : String(d.amountMsat),
    timestamp: String(d.createdAtSec),
    expiry: String(d.expiresAtSec - d.createdAtSec),
    description: d.description ?? '',
    description_hash: d.descriptionHash ?? '',
    fallback_addr: '',
    cltv_expiry: String(d.minFinalCltvExpiry),
    route_hints: [] as never[],
    payment_addr: d.paymentSecret ?? '',
    features: {},
  };
}

export const decodedSchema = {
  type: 'object',
  properties: {
    destination: { type: 'string' },
    payment_hash: { type: 'string' },
    num_satoshis: { type: 'string' },
    num_msat: { type: 'string' },
    timestamp: { type: 'string' },
    expiry: { type: 'string' },
    description: { type: 'string' },
    description_hash: { type: 'string' },
    fallback_addr: { type: 'string' },
    cltv_expiry: { type: 'string' },
    route_hints: { type: 'array', items: {} },
    payment_addr: { type: 'string', description: 'hex' },
    features: { type: 'object' },
  },
};

/** POST /payinvoice, paid: LND's SendResponse as LndHub answers it, with the real preimage (hex). */
export function paymentRecord(p: PaymentRow, decoded: InvoiceInfo) {
  const feeMsat = feeMsatOf(p);
  return {
    payment_error: '',
    payment_preimage: p.preimage ?? '',
    payment_hash: p.payment_hash ?? '',
    payment_route: {
      total_amt: sats(p.amount_msat + feeMsat),
      total_fees: sats(feeMsat),
      total_amt_msat: Number(p.amount_msat + feeMsat),
      total_fees_msat: Number(feeMsat),
    },
    pay_req: p.payreq ?? '',
    decoded: decodedRecord(decoded),
    type: 'paid_invoice' as const,
    fee_msat: Number(feeMsat),
    fee: sats(feeMsat),
    value: sats(p.amount_msat + feeMsat),
    timestamp: secondsOf(p.paid_at_ms ?? p.created_at_ms),
    memo: decoded.description ?? '',
  };
}

export const paymentSchema = {
  type: 'object',
  properties: {
    error: { type: 'boolean', description: 'true when the network refused the payment (LndHub code 10)' },
    code: { type: 'integer', description: '10 when the network refused the payment' },
    message: { type: 'string' },
    payment_error: { type: 'string', description: 'empty when paid; why the payment failed otherwise' },
    payment_preimage: {
      type: 'string',
      description: 'hex; its SHA-256 is payment_hash. Empty for an invoice of this service paid inside it',
    },
    payment_hash: { type: 'string' },
    payment_route: {
      type: 'object',
      properties: {
        total_amt: { type: 'integer' },
        total_fees: { type: 'integer' },
        total_amt_msat: { type: 'integer' },
        total_fees_msat: { type: 'integer' },
      },
    },
    pay_req: { type: 'string' },
    decoded: decodedSchema,
    type: { type: 'string' },
    fee_msat: { type: 'integer' },
    fee: { type: 'integer' },
    value: { type: 'integer' },
    timestamp: { type: 'integer' },
    memo: { type: 'string' },
  },
};
