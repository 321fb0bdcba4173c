import type { RefundAmount, RefundCommand } from '../../app/refunds/commands.ts';
import type { RefundView } from '../../app/refunds/view.ts';
import { formatMsatAsBtc, parseBtcToMsat } from '../../domain/money.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { normalizeEmail } from '../../domain/usertag.ts';
import { optionalText, paymentTid } from './fields.ts';
import { seconds } from './schemas.ts';

// The contract of POST /lapi/v1/refund and /cancelRefund: what the body may hold, how it becomes a
// command, and the refund record. Fields the decoder checks carry no JSON type in the schema, so the
// validator never coerces them.

type Body = Record<string, unknown>;

/** A refund's description: it lands in the voucher's title after "Refund of payment <tid>: ". */
export const REFUND_DESCRIPTION_MAX = 240;

const given = (v: unknown): boolean => v !== undefined && v !== null && v !== '';
const decoded = (description: string) => ({ description });

export const refundBodySchema = {
  type: 'object',
  required: ['tid'],
  properties: {
    tid: decoded('the received payment to refund: its tid (or integer id)'),
    amount: decoded(
      'BTC to refund (not satoshis), at most 8 decimals; without it, fiat_value and excess: the payment’s amount, or what it received when less (paid_partial)',
    ),
    excess: decoded(
      'true: refund what the payment received beyond its amount (paid_over); not with amount or fiat_value',
    ),
    fiat_value: decoded(
      "the refund in the payment's fiat_currency, at most 2 decimals, converted at the current published price",
    ),
    description: decoded(`shown to the payer with the refund: at most ${REFUND_DESCRIPTION_MAX} characters`),
    receiver_email: decoded('e-mail the refund (its link and QR code) to this address'),
  },
};

export const cancelRefundBodySchema = {
  type: 'object',
  required: ['tid'],
  properties: { tid: decoded('the refund’s tid (as /refund answered it)') },
};

function amountOf(body: Body): Result<RefundAmount> {
  const amount = body['amount'];
  const fiat = body['fiat_value'];
  const excess = body['excess'];
  if (given(excess)) {
    if (excess !== true && excess !== false) {
      return err('invalid_request', 'excess must be true or false', 'excess');
    }
    if (excess && (given(amount) || given(fiat))) {
      return err('invalid_request', 'give excess, amount or fiat_value, only one of them', 'excess');
    }
    if (excess) return ok({ kind: 'excess' });
  }
  if (given(amount) && given(fiat)) {
    return err('invalid_request', 'give amount or fiat_value, not both', 'fiat_value');
  }
  if (given(fiat)) {
    if (typeof fiat !== 'string' && typeof fiat !== 'number') {
      return err('invalid_request', 'fiat_value must be a decimal number or string', 'fiat_value');
    }
    return ok({ kind: 'fiat', value: String(fiat) });
  }
  if (!given(amount)) return ok({ kind: 'original' });
  const msat = parseBtcToMsat(amount, 'amount');
  if (!msat.ok) return msat;
  if (msat.value <= 0n) return err('invalid_request', 'amount must be more than zero', 'amount');
  return ok({ kind: 'btc', msat: msat.value });
}

/** POST /lapi/v1/refund (with its Idempotency-Key, or null) → RefundCommand. */
export function decodeRefund(body: Body, idempotencyKey: string | null): Result<RefundCommand> {
  const tid = paymentTid(body['tid']);
  if (!tid.ok) return tid;
  const amount = amountOf(body);
  if (!amount.ok) return amount;
  const text = optionalText(body['description'], 'description', REFUND_DESCRIPTION_MAX);
  if (!text.ok) return text;
  const description = text.value?.trim() ?? null;
  if (description !== null && Array.from(description).some((c) => c.charCodeAt(0) < 0x20 || c === '\x7f')) {
    return err('invalid_request', 'description must not contain control characters', 'description');
  }
  let receiverEmail: string | null = null;
  if (given(body['receiver_email'])) {
    const email = normalizeEmail(body['receiver_email'], 'receiver_email');
    if (!email.ok) return email;
    receiverEmail = email.value;
  }
  return ok({
    tid: tid.value,
    amount: amount.value,
    description: description === '' ? null : description,
    receiverEmail,
    idempotencyKey,
  });
}

/** POST /lapi/v1/cancelRefund → the refund's tid. */
export function decodeRefundTid(body: Body): Result<string> {
  const tid = body['tid'];
  if (typeof tid !== 'string' || tid.trim() === '') return err('invalid_request', 'tid is required', 'tid');
  return ok(tid.trim().toLowerCase());
}

/** One refund as a payment record lists it. */
export function refundItem(v: RefundView, publicUrl: string) {
  return {
    tid: v.row.batchId,
    amount: formatMsatAsBtc(v.row.amountMsat),
    status: v.status,
    claimed_at: v.row.redeemedAtMs === null ? null : seconds(v.row.redeemedAtMs),
    refund_url: `${publicUrl}/refund/${v.row.code}`,
  };
}

/** The answer of /refund and /cancelRefund. */
export function refundRecord(v: RefundView, publicUrl: string) {
  return {
    ...refundItem(v, publicUrl),
    payment_tid: v.row.paymentTid,
    created_at: seconds(v.row.createdAtMs),
    expires_at: seconds(v.row.expiresAtMs),
  };
}

const nullableInt = { type: ['integer', 'null'], description: 'unix seconds, once claimed' };

export const refundItemSchema = {
  type: 'object',
  properties: {
    tid: { type: 'string', description: 'the refund’s tid (its voucher batch)' },
    amount: { type: 'string', description: 'BTC, 8 decimals' },
    status: {
      type: 'string',
      enum: ['open', 'claiming', 'claimed', 'cancelled', 'expired'],
      description:
        'open: the payer can claim it; claiming: an invoice payment of it is under way; cancelled and ' +
        'expired: its escrow went back to the merchant',
    },
    claimed_at: nullableInt,
    refund_url: { type: 'string', description: 'the page where the payer claims it; keep it private' },
  },
};

export const refundRecordSchema = {
  type: 'object',
  properties: {
    ...refundItemSchema.properties,
    payment_tid: { type: 'string', description: 'the refunded payment' },
    created_at: { type: 'integer', description: 'unix seconds' },
    expires_at: { type: 'integer', description: 'unix seconds' },
  },
};
