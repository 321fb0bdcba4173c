import type { Payment } from '../../app/payments/payment.ts';
import { formatMsatAsBtc } from '../../domain/money.ts';
import { formatWalletAmount, requestedUnits } from '../../domain/payments/amounts.ts';
import { ppmAsPercentText, roundUpToSat } from '../../domain/payments/fees.ts';
import { PAYMENT_STATUSES, RAILS, WALLETS } from '../../domain/payments/vocabulary.ts';
import { formatPriceE8, priceE8ToNumber } from '../../domain/prices.ts';
import { refundItemSchema } from './refunds.contract.ts';
import { seconds } from './schemas.ts';

/**
 * The standard variant's payment record (spec "Payment record", compatibility.md): string tid, amount and
 * fiat_value; negative amount for sent payments; unix-second timestamps; fee strings with a unit.
 */

/** Minutes a client should keep polling a pending payment (the spec's pending-payment polling timeout). */
export const PAYMENT_TTL = 10;

/**
 * The payment columns the record shows: the history route reads only these (a page of 100 rows costs
 * about a third less in SQLite than reading every column). The compiler holds standardRecord to them.
 */
export const STANDARD_RECORD_COLUMNS = [
  'public_id',
  'payment_mode',
  'wallet',
  'direction',
  'amount_msat',
  'amount_units',
  'receiver_usertag',
  'description',
  'created_at_ms',
  'status',
  'callback_url',
  'callback_status',
  'success_url',
  'hosted_checkout_expiry_ms',
  'customer_name',
  'order_id',
  'fiat_currency',
  'fiat_value',
  'fiat_rate_e8',
  'fiat_rate_pair',
  'fiat_rate_sources',
  'fiat_rate_at_ms',
  'invoice_expires_at_ms',
  'extra',
  'payreq',
  'invoice_type',
  'network_fee_msat',
  'service_fee_msat',
  'service_fee_ppm',
  'gst_fee_msat',
] as const satisfies ReadonlyArray<keyof Payment>;

/** What standardRecord reads of a payment. */
export type StandardRecordSource = Pick<Payment, (typeof STANDARD_RECORD_COLUMNS)[number]>;

/** `"<btc> btc"`, or null when zero. Routing fees (msat-exact) are shown rounded up to the satoshi. */
const feeText = (msat: bigint): string | null =>
  msat > 0n ? `${formatMsatAsBtc(roundUpToSat(msat))} btc` : null;

function totalFee(p: StandardRecordSource) {
  return {
    network_fee: feeText(p.network_fee_msat),
    service_fee:
      p.service_fee_msat > 0n
        ? `${formatMsatAsBtc(p.service_fee_msat)} btc (${ppmAsPercentText(p.service_fee_ppm)}%)`
        : null,
    gst_fee: feeText(p.gst_fee_msat),
  };
}

function parseExtra(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The rate a fiat-priced request was converted at and keeps (null for a request priced in BTC or USDT):
 * the pair, the rate (fiat per one BTC or USDT; exact decimal text, or a JSON number for the pro family),
 * its sources, the price's time and until when the rate holds (the request's expiry), in unix seconds.
 */
export function fiatRateOf<R>(
  p: Pick<
    Payment,
    | 'fiat_rate_e8'
    | 'fiat_rate_pair'
    | 'fiat_rate_sources'
    | 'fiat_rate_at_ms'
    | 'hosted_checkout_expiry_ms'
    | 'invoice_expires_at_ms'
  >,
  rate: (e8: bigint) => R,
) {
  if (p.fiat_rate_e8 === null) return null;
  return {
    pair: p.fiat_rate_pair,
    rate: rate(p.fiat_rate_e8),
    sources: p.fiat_rate_sources === null ? [] : p.fiat_rate_sources.split(','),
    price_time: seconds(p.fiat_rate_at_ms),
    locked_until: seconds(p.hosted_checkout_expiry_ms ?? p.invoice_expires_at_ms),
  };
}

export const fiatRateSchema = (rate: object) => ({
  type: ['object', 'null'],
  description:
    'a request priced in fiat (amount left out): the rate it was converted at, locked for its life; null otherwise',
  properties: {
    pair: { type: 'string', description: 'BTC-INR, BTC-USD, BTC-EUR (USDT-… for a usdt request)' },
    rate,
    sources: { type: 'array', items: { type: 'string' }, description: 'the price sources' },
    price_time: { type: 'integer', description: 'unix seconds: the oldest quote of the price' },
    locked_until: { type: 'integer', description: 'unix seconds: the request’s expiry' },
  },
});

export const fiatRateText = (e8: bigint): string => formatPriceE8(e8);
export const fiatRateNumber = (e8: bigint): number => priceE8ToNumber(e8);

export function standardRecord(p: StandardRecordSource, publicUrl: string) {
  const incoming = p.direction === 'in';
  // Only requests made with receive have a hosted checkout page (they alone carry its expiry).
  const checkout = incoming && p.hosted_checkout_expiry_ms !== null;
  return {
    tid: p.public_id,
    payment_mode: p.payment_mode,
    wallet: p.wallet,
    // A usdt request (made on /sapi) in USDT; everything else in BTC.
    amount: `${incoming ? '' : '-'}${formatWalletAmount(p.wallet, requestedUnits(p))}`,
    receiver_usertag: p.receiver_usertag,
    description: p.description,
    created_at: seconds(p.created_at_ms),
    status: p.status,
    callback_url: p.callback_url,
    callback_status: p.callback_status === null ? null : Number(p.callback_status),
    success_url: p.success_url,
    hosted_checkout_url: checkout ? `${publicUrl}/checkout/${p.public_id}` : null,
    hosted_checkout_expiry: checkout ? seconds(p.hosted_checkout_expiry_ms) : null,
    customer_name: p.customer_name,
    order_id: p.order_id,
    fiat_currency: p.fiat_currency,
    fiat_value: p.fiat_value,
    fiat_rate: fiatRateOf(p, fiatRateText),
    extra: parseExtra(p.extra),
    uri: incoming && p.payreq !== null ? `lightning:${p.payreq}` : null,
    ttl: PAYMENT_TTL,
    lightning_invoice: {
      lightning_invoice_type: p.invoice_type,
      expires_at: seconds(p.invoice_expires_at_ms),
      payreq: p.payreq,
    },
    total_fee: totalFee(p),
  };
}

const str = { type: ['string', 'null'] };
const int = { type: ['integer', 'null'] };
const feeString = {
  type: ['string', 'null'],
  description: '"<amount> btc", null when zero; routing fees are shown rounded up to the satoshi',
};

/** JSON schema of the record (response serialisation and the OpenAPI document). */
export const standardRecordSchema = {
  type: 'object',
  properties: {
    tid: { type: 'string', description: 'transaction id (16 characters)' },
    payment_mode: {
      type: 'string',
      enum: [...RAILS],
      description: 'lightning; onchain only for requests made on /sapi',
    },
    wallet: {
      type: 'string',
      enum: [...WALLETS],
      description: 'lbtc; btc and usdt only for requests made on /sapi',
    },
    amount: {
      type: 'string',
      description: 'BTC, 8 decimals (USDT, 6 decimals, for a usdt request); negative for sent payments',
    },
    receiver_usertag: str,
    description: str,
    created_at: { type: 'integer', description: 'unix seconds' },
    status: { type: 'string', enum: [...PAYMENT_STATUSES] },
    callback_url: str,
    callback_status: { ...int, description: 'HTTP status of the webhook delivery, once delivered' },
    success_url: str,
    hosted_checkout_url: str,
    hosted_checkout_expiry: { ...int, description: 'unix seconds' },
    customer_name: str,
    order_id: str,
    fiat_currency: str,
    fiat_value: str,
    fiat_rate: fiatRateSchema({
      type: 'string',
      description: 'fiat per one BTC (or USDT), exact decimal text, e.g. "8203450.5"',
    }),
    extra: { type: 'object', additionalProperties: true },
    uri: { ...str, description: 'lightning:<invoice> for payment requests' },
    ttl: {
      type: 'integer',
      description: 'minutes a client should keep polling a pending payment before giving up (always 10)',
    },
    lightning_invoice: {
      type: 'object',
      properties: {
        lightning_invoice_type: { type: ['string', 'null'], enum: ['invoice', 'lnurl', null] },
        expires_at: { ...int, description: 'unix seconds' },
        payreq: str,
      },
    },
    total_fee: {
      type: 'object',
      properties: {
        network_fee: feeString,
        service_fee: { type: ['string', 'null'], description: '"<amount> btc (<percent>%)", null when zero' },
        gst_fee: feeString,
      },
    },
    refunds: {
      type: 'array',
      items: refundItemSchema,
      description: 'checkPayment only: the refunds of a received payment, oldest first',
    },
  },
};
