import type { ReceiveCommand, SendCommand } from '../../app/payments/commands.ts';
import { optionalHttpUrl, type PaymentReferences, parseReferences } from '../../domain/fields.ts';
import { parseBtcToMsat } from '../../domain/money.ts';
import { EXPIRES_IN_DEFAULT_MIN, EXPIRES_IN_MAX_MIN } from '../../domain/payments/fees.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { normalizeUsertag } from '../../domain/usertag.ts';
import { btcAmountInput, optionalString } from '../schemas.ts';

// The /lapi contract of receive and send: what the body may hold (the route schemas below, for the
// OpenAPI document) and how it becomes a command (decode). Fields the decoder checks itself carry no
// JSON type in the schema, so the validator never coerces them: an array or a boolean is refused here
// with one message naming the field, never turned into an amount or a text.

type Body = Record<string, unknown>;

/** A field the decoder checks (no coercion by the schema validator). */
const decoded = (description: string) => ({ description });

/** Text fields of the standard family: a string, or a number as its decimal text (as clients send ids). */
const text = (value: unknown): unknown =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : value;

/** A positive BTC amount; `what` says when it is required. */
function amountOf(body: Body, required: string | null): Result<bigint | null> {
  const a = body['amount'];
  if (a === undefined || a === null || a === '') {
    return required === null ? ok(null) : err('invalid_request', required, 'amount');
  }
  if (typeof a !== 'string' && typeof a !== 'number') {
    return err('invalid_request', 'amount must be a BTC amount: a string like "0.001" or a number', 'amount');
  }
  const r = parseBtcToMsat(a);
  if (!r.ok) return r;
  if (r.value === 0n) return err('invalid_request', 'amount must be greater than zero', 'amount');
  return r;
}

function referencesOf(body: Body): Result<PaymentReferences> {
  return parseReferences({
    ...body,
    description: text(body['description']),
    customer_name: text(body['customer_name']),
    order_id: text(body['order_id']),
  });
}

// ------------------------------------------------------------------------------------------- send

export const sendBodySchema = {
  type: 'object',
  required: ['payment_mode'],
  properties: {
    payment_mode: { type: 'string', enum: ['usertag', 'lightning'] },
    usertag: optionalString('recipient (payment_mode usertag)'),
    lightning_invoice: optionalString(
      'BOLT11 invoice, bech32 LNURL or Lightning address name@host (payment_mode lightning)',
    ),
    lightning_invoice_type: { type: ['string', 'null'], enum: ['invoice', 'lnurl', null] },
    amount: decoded(
      `${btcAmountInput.description}; a string or a number. Required for usertag and lnurl; for an invoice it must match the invoice (or be left out)`,
    ),
    fiat_value: { type: ['string', 'number', 'null'] },
    fiat_currency: optionalString(),
    description: decoded('text (a string)'),
    customer_name: decoded('text (a string)'),
    order_id: decoded('text (a string or a number)'),
    extra: { type: ['object', 'null'], additionalProperties: true },
  },
};

/** POST /lapi/v1/send → SendCommand. */
export function decodeSend(body: Body, idempotencyKey: string | null): Result<SendCommand> {
  const mode = body['payment_mode'];
  if (mode === undefined || mode === null) {
    return err('invalid_request', 'payment_mode is required: usertag or lightning', 'payment_mode');
  }
  if (mode !== 'usertag' && mode !== 'lightning') {
    return err('invalid_request', 'payment_mode must be usertag or lightning', 'payment_mode');
  }
  const amount = amountOf(body, null);
  if (!amount.ok) return amount;
  const needAmount = (why: string): Result<bigint> =>
    amount.value === null ? err('invalid_request', why, 'amount') : ok(amount.value);
  let target: SendCommand['target'];
  if (mode === 'usertag') {
    if (body['usertag'] === undefined || body['usertag'] === null) {
      return err('invalid_request', 'usertag is required when payment_mode is usertag', 'usertag');
    }
    const tag = normalizeUsertag(body['usertag']);
    if (!tag.ok) return tag;
    const a = needAmount('amount is required when payment_mode is usertag');
    if (!a.ok) return a;
    target = { kind: 'usertag', usertag: tag.value, amountMsat: a.value };
  } else {
    const invoice = body['lightning_invoice'];
    if (typeof invoice !== 'string' || invoice.trim() === '') {
      return err(
        'invalid_request',
        'lightning_invoice is required when payment_mode is lightning',
        'lightning_invoice',
      );
    }
    if (invoice.length > 8000) {
      return err('invalid_request', 'lightning_invoice is too long', 'lightning_invoice');
    }
    const type = body['lightning_invoice_type'] ?? 'invoice';
    if (type !== 'invoice' && type !== 'lnurl') {
      return err(
        'invalid_request',
        'lightning_invoice_type must be invoice or lnurl',
        'lightning_invoice_type',
      );
    }
    if (type === 'lnurl') {
      const a = needAmount('amount is required when lightning_invoice_type is lnurl');
      if (!a.ok) return a;
      target = { kind: 'lnurl', target: invoice.trim(), amountMsat: a.value };
    } else {
      target = { kind: 'invoice', payreq: invoice.trim(), amountMsat: amount.value };
    }
  }
  const refs = referencesOf(body);
  if (!refs.ok) return refs;
  return ok({ target, refs: refs.value, idempotencyKey });
}

// ---------------------------------------------------------------------------------------- receive

export const receiveBodySchema = {
  type: 'object',
  required: ['amount'],
  properties: {
    amount: decoded(`${btcAmountInput.description}; a string or a number`),
    receiver_usertag: optionalString('put the request (and the credit) on this account'),
    fiat_value: { type: ['string', 'number', 'null'] },
    fiat_currency: optionalString('e.g. INR, USD, EUR'),
    description: decoded('text (a string): goes into the invoice; at most 639 bytes'),
    expires_in: decoded(
      `whole minutes until the invoice and the hosted checkout expire (1 to ${EXPIRES_IN_MAX_MIN}, default ${EXPIRES_IN_DEFAULT_MIN})`,
    ),
    callback_url: optionalString('webhook URL, called once when the request is paid'),
    success_url: optionalString('redirect after hosted checkout success'),
    customer_name: decoded('text (a string)'),
    order_id: decoded('text (a string or a number)'),
    extra: { type: ['object', 'null'], additionalProperties: true },
    wallet: optionalString('lbtc (the only wallet of this endpoint)'),
  },
};

function expiresInMinOf(body: Body): Result<number> {
  const e = body['expires_in'];
  if (e === undefined || e === null) return ok(EXPIRES_IN_DEFAULT_MIN);
  const n = typeof e === 'string' && /^\d{1,6}$/.test(e.trim()) ? Number(e.trim()) : e;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > EXPIRES_IN_MAX_MIN) {
    return err(
      'invalid_request',
      `expires_in must be a whole number of minutes from 1 to ${EXPIRES_IN_MAX_MIN}`,
      'expires_in',
    );
  }
  return ok(n);
}

/** The receive fields both wires share (everything but the amount, wallet and rail). */
export type ReceiveCommon = Omit<ReceiveCommand, 'amount' | 'rail' | 'chainNetwork'>;

/** Decodes the receive fields both wires share: /lapi's and /sapi's codecs build one ReceiveCommand. */
export function decodeReceiveCommon(body: Body, idempotencyKey: string | null): Result<ReceiveCommon> {
  let receiverUsertag: string | null = null;
  if (body['receiver_usertag'] !== undefined && body['receiver_usertag'] !== null) {
    const tag = normalizeUsertag(body['receiver_usertag'], 'receiver_usertag');
    if (!tag.ok) return tag;
    receiverUsertag = tag.value;
  }
  const expiresInMin = expiresInMinOf(body);
  if (!expiresInMin.ok) return expiresInMin;
  const refs = referencesOf(body);
  if (!refs.ok) return refs;
  const callbackUrl = optionalHttpUrl(body['callback_url'], 'callback_url');
  if (!callbackUrl.ok) return callbackUrl;
  const successUrl = optionalHttpUrl(body['success_url'], 'success_url');
  if (!successUrl.ok) return successUrl;
  return ok({
    receiverUsertag,
    expiresInSec: expiresInMin.value * 60,
    refs: refs.value,
    callbackUrl: callbackUrl.value,
    successUrl: successUrl.value,
    idempotencyKey,
  });
}

/** POST /lapi/v1/receive → ReceiveCommand: a Lightning request in lbtc. */
export function decodeReceive(body: Body, idempotencyKey: string | null): Result<ReceiveCommand> {
  const amount = amountOf(body, 'amount is required (BTC, e.g. 0.0001)');
  if (!amount.ok) return amount;
  const wallet = body['wallet'];
  if (wallet !== undefined && wallet !== null && wallet !== 'lbtc') {
    return err('invalid_request', 'wallet must be lbtc on this endpoint (Lightning)', 'wallet');
  }
  const common = decodeReceiveCommon(body, idempotencyKey);
  if (!common.ok) return common;
  return ok({
    amount: { asset: 'lbtc', units: amount.value! },
    rail: 'lightning',
    chainNetwork: null,
    ...common.value,
  });
}
