import type {
  CreatePayoutsCommand,
  ListPayoutsCommand,
  PayoutItemCommand,
} from '../../app/payouts/commands.ts';
import type { PayoutItemView, PayoutSummary, PayoutView } from '../../app/payouts/view.ts';
import { PRICED_CURRENCIES } from '../../domain/fiat.ts';
import { formatMsatAsBtc } from '../../domain/money.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { optionalHttpUrl } from '../wire/fields.ts';
import { decoded } from '../wire/payment-fields.ts';
import { itemOf, MEMO_MAX, REFERENCE_MAX } from '../wire/payout-items.ts';
import { seconds } from '../wire/schemas.ts';

// The /lapi contract of payouts (docs/payouts.md): the body of POST /payouts and how each item becomes
// a PayoutItemCommand, and the record of a batch. Every refusal of an item names it: `items[3].amount`.

type Body = Record<string, unknown>;

/** Most batches one page of GET /payouts lists. */
export const PAYOUT_LIST_MAX = 100;

// No `type` or `required` here: the decoder refuses a missing field or a non-object item itself, naming
// it as `items[3].destination`, as it names every other refusal of an item.
const payoutItemSchema = {
  description: 'one payout (an object); destination is required',
  properties: {
    destination: decoded(
      'a usertag of this service, a BOLT11 invoice, a Lightning address name@host or a bech32 LNURL (a string)',
    ),
    amount: decoded(
      'BTC (not satoshis), at most 8 decimals; a string or a number. Required unless the item is priced in fiat or pays an invoice with an amount',
    ),
    fiat_value: decoded(
      `a decimal: the item's price in fiat_currency (${PRICED_CURRENCIES.join(', ')}), converted at the current published price (rounded up to the satoshi); instead of amount`,
    ),
    fiat_currency: decoded(`${PRICED_CURRENCIES.join(', ')}; with fiat_value`),
    memo: decoded(`text (a string, at most ${MEMO_MAX} characters): the payment's description`),
    reference: decoded(`your own reference (a string or a number, at most ${REFERENCE_MAX} characters)`),
  },
};

export const createPayoutsBodySchema = {
  type: 'object',
  required: ['items'],
  properties: {
    items: {
      type: 'array',
      items: payoutItemSchema,
      description: 'the payouts, at most PAYOUT_MAX_ITEMS (500)',
    },
    callback_url: decoded(
      'http(s) URL for the signed payout.item.paid, payout.item.failed and payout.done webhooks',
    ),
  },
};

/** POST /lapi/v1/payouts → CreatePayoutsCommand; the first refused item is named (index and field). */
export function decodeCreatePayouts(body: Body, idempotencyKey: string | null): Result<CreatePayoutsCommand> {
  const raw = body['items'];
  if (!Array.isArray(raw)) return err('invalid_request', 'items must be an array of payouts', 'items');
  const items: PayoutItemCommand[] = [];
  for (const [index, value] of raw.entries()) {
    const item = itemOf(index, value);
    if (!item.ok) return item;
    items.push(item.value);
  }
  const callbackUrl = optionalHttpUrl(body['callback_url'], 'callback_url');
  if (!callbackUrl.ok) return callbackUrl;
  return ok({ items, callbackUrl: callbackUrl.value, idempotencyKey });
}

/** GET /lapi/v1/payouts?limit=&before= → ListPayoutsCommand. */
export function decodeListPayouts(query: Body): Result<ListPayoutsCommand> {
  const l = query['limit'];
  let limit = 20;
  if (l !== undefined && l !== '') {
    const n =
      typeof l === 'number' ? l : typeof l === 'string' && /^\d{1,4}$/.test(l) ? Number(l) : Number.NaN;
    if (!Number.isInteger(n) || n < 1 || n > PAYOUT_LIST_MAX) {
      return err('invalid_request', `limit must be an integer from 1 to ${PAYOUT_LIST_MAX}`, 'limit');
    }
    limit = n;
  }
  const b = query['before'];
  if (b !== undefined && b !== '' && typeof b !== 'string') {
    return err('invalid_request', 'before must be a payout id', 'before');
  }
  return ok({ limit, before: typeof b === 'string' && b !== '' ? b : null });
}

// -------------------------------------------------------------------------------------------- record

const countsSchema = {
  type: 'object',
  properties: {
    queued: { type: 'integer' },
    paying: { type: 'integer' },
    paid: { type: 'integer' },
    failed: { type: 'integer' },
  },
};

const batchProperties = {
  id: { type: 'string', description: 'the payout id' },
  status: { type: 'string', enum: ['open', 'done'], description: 'done once every item has ended' },
  item_count: { type: 'integer' },
  reserved: {
    type: 'string',
    description: 'BTC moved out of the balance at creation: amounts, service fees and fee reserves',
  },
  reserved_msat: { type: 'string' },
  counts: countsSchema,
  callback_url: { type: ['string', 'null'] },
  created_at: { type: 'integer' },
  done_at: { type: ['integer', 'null'] },
};

export const payoutItemRecordSchema = {
  type: 'object',
  properties: {
    index: { type: 'integer' },
    destination: { type: 'string' },
    destination_type: { type: 'string', enum: ['usertag', 'invoice', 'lnurl'] },
    status: { type: 'string', enum: ['queued', 'paying', 'paid', 'failed'] },
    amount: { type: 'string', description: 'BTC, 8 decimals' },
    amount_msat: { type: 'string' },
    fiat_value: { type: ['string', 'null'] },
    fiat_currency: { type: ['string', 'null'] },
    fee: { type: 'string', description: 'routing fee paid, BTC' },
    fee_msat: { type: 'string' },
    service_fee: { type: 'string', description: 'service fee and GST, BTC' },
    fee_reserve: { type: 'string', description: 'the most routing fee the item may cost, BTC' },
    tid: { type: ['string', 'null'], description: "the item's payment (checkPayment), once it has one" },
    preimage: { type: ['string', 'null'] },
    error: { type: ['string', 'null'] },
    error_code: { type: ['string', 'null'] },
    memo: { type: ['string', 'null'] },
    reference: { type: ['string', 'null'] },
    ended_at: { type: ['integer', 'null'] },
  },
};

export const payoutRecordSchema = {
  type: 'object',
  properties: { ...batchProperties, items: { type: 'array', items: payoutItemRecordSchema } },
};

export const payoutSummarySchema = { type: 'object', properties: batchProperties };

const batchRecord = (s: PayoutSummary) => ({
  id: s.batch.public_id,
  status: s.batch.status,
  item_count: Number(s.batch.item_count),
  reserved: formatMsatAsBtc(s.batch.reserved_msat),
  reserved_msat: s.batch.reserved_msat.toString(),
  counts: s.counts,
  callback_url: s.batch.callback_url,
  created_at: seconds(s.batch.created_at_ms),
  done_at: seconds(s.batch.done_at_ms),
});

export const payoutItemRecord = (i: PayoutItemView) => {
  const paid = i.status === 'paid';
  const fee = paid ? (i.network_fee_msat ?? 0n) : 0n;
  return {
    index: Number(i.position),
    destination: i.destination,
    destination_type: i.destination_kind,
    status: i.status,
    amount: formatMsatAsBtc(i.amount_msat),
    amount_msat: i.amount_msat.toString(),
    fiat_value: i.fiat_value,
    fiat_currency: i.fiat_currency,
    fee: formatMsatAsBtc(fee),
    fee_msat: fee.toString(),
    service_fee: formatMsatAsBtc(i.service_fee_msat + i.gst_fee_msat),
    fee_reserve: formatMsatAsBtc(i.fee_reserve_msat),
    tid: i.payment_public_id,
    preimage: paid ? i.preimage : null,
    error: i.error,
    error_code: i.error_code,
    memo: i.memo,
    reference: i.reference,
    ended_at: seconds(i.ended_at_ms),
  };
};

export const payoutRecord = (v: PayoutView) => ({ ...batchRecord(v), items: v.items.map(payoutItemRecord) });
export const payoutSummaryRecord = batchRecord;
