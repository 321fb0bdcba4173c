import type { ReceiveCommand, SendCommand } from '../../app/payments/commands.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { normalizeUsertag } from '../../domain/usertag.ts';
import { btcAmountOf, decoded, referencesOf } from '../wire/payment-fields.ts';
import {
  decodeReceiveCommon,
  lightningReceive,
  receiveAmountOf,
  receiveCommonProperties,
} from '../wire/receive-common.ts';
import { btcAmountInput, optionalString } from '../wire/schemas.ts';

// The /lapi contract of receive and send: what the body may hold (the route schemas below, for the
// OpenAPI document) and how it becomes a command (decode). Fields the decoder checks itself carry no
// JSON type in the schema, so the validator never coerces them: an array or a boolean is refused here
// with one message naming the field, never turned into an amount or a text.

type Body = Record<string, unknown>;

/** A positive BTC amount; `required` says why it may not be missing. */
const amountOf = (body: Body, required: string | null): Result<bigint | null> =>
  btcAmountOf(body['amount'], required);

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
    fiat_value: decoded('a decimal (a string or a number)'),
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
  properties: {
    amount: decoded(
      `${btcAmountInput.description}; a string or a number. Required unless fiat_value and fiat_currency price the request`,
    ),
    ...receiveCommonProperties,
    wallet: optionalString('lbtc (the only wallet of this endpoint)'),
  },
};

/** POST /lapi/v1/receive → ReceiveCommand: a Lightning request in lbtc. */
export function decodeReceive(body: Body, idempotencyKey: string | null): Result<ReceiveCommand> {
  const amount = amountOf(body, null);
  if (!amount.ok) return amount;
  const wallet = body['wallet'];
  if (wallet !== undefined && wallet !== null && wallet !== 'lbtc') {
    return err('invalid_request', 'wallet must be lbtc on this endpoint (Lightning)', 'wallet');
  }
  const common = decodeReceiveCommon(body, idempotencyKey);
  if (!common.ok) return common;
  const asked = receiveAmountOf(
    'lbtc',
    amount.value,
    common.value.refs,
    'amount is required (BTC, e.g. 0.0001)',
  );
  if (!asked.ok) return asked;
  return ok(lightningReceive(asked.value, common.value));
}
