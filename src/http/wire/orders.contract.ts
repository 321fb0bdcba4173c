import type { ListOrdersQuery, PlaceOrderCommand } from '../../app/trading/commands.ts';
import { type Asset, parseAssetAmount, parseDecimal } from '../../domain/money.ts';
import {
  assetOfSymbol,
  CLIENT_ORDER_ID_MAX,
  formatE8,
  ORDER_EXTRA_ITEMS_MAX,
  ORDER_EXTRA_JSON_MAX,
  ORDER_LIST_MAX,
  ORDER_NOTE_MAX,
  ORDER_PRICE_MAX_E8,
  ORDER_STATUSES,
  type OrderStatus,
} from '../../domain/orders.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { normalizeEmail } from '../../domain/usertag.ts';

/**
 * The trade API's order bodies → commands. The schema gives the decoded fields no JSON type, so the
 * validator never coerces an array or a boolean into an amount or a text; each field is checked here,
 * and a refusal names it.
 */

const absent = (v: unknown): boolean => v === undefined || v === null || v === '';
const lower = (v: unknown): unknown => (typeof v === 'string' ? v.trim().toLowerCase() : v);

const described = (description: string) => ({ description });

/** POST /trade/v1/orders: the body's fields (documentation; the codec checks them). */
export const placeOrderBodySchema = {
  type: 'object',
  required: ['side', 'asset', 'amount', 'type'],
  properties: {
    side: described('buy or sell'),
    asset: described('what is bought or sold: BTC, ETH, SOL, LTC or MATIC'),
    quote: described('what it is paid in: USDT (the default) or INR (BTC only)'),
    amount: described('in the asset, a decimal string or number, at most 8 decimals'),
    type: described('market or limit'),
    price: described(
      `limit orders only: the limit price in the quote, a multiple of the tick size, at most ${formatE8(ORDER_PRICE_MAX_E8)}`,
    ),
    note: described(`free text, at most ${ORDER_NOTE_MAX} characters, shown on the record and the receipt`),
    receiver_email: described('e-mail the receipt here when the order executes'),
    extra: described(
      `a JSON array of at most ${ORDER_EXTRA_ITEMS_MAX} items (${ORDER_EXTRA_JSON_MAX} characters), kept as given`,
    ),
    client_order_id: described(
      `your idempotency key, 1 to ${CLIENT_ORDER_ID_MAX} visible ASCII characters, unique per account: a retry with ` +
        'the same body answers the same order; another body is 409 idempotency_conflict',
    ),
  },
} as const;

function symbol(v: unknown, field: 'asset' | 'quote'): Result<Asset> {
  if (typeof v !== 'string' || v.trim() === '') {
    return err('invalid_request', `${field} must be an asset symbol such as BTC or USDT`, field);
  }
  const asset = assetOfSymbol(v);
  if (asset === null) {
    return err(
      'pair_unknown',
      `${v.trim().toUpperCase()} is not traded here; GET /trade/v1/instruments lists the pairs`,
      field,
    );
  }
  return ok(asset);
}

const CLIENT_ORDER_ID = new RegExp(`^[\\x21-\\x7e]{1,${CLIENT_ORDER_ID_MAX}}$`);

function decodeClientOrderId(v: unknown): Result<string | null> {
  if (absent(v)) return ok(null);
  if (typeof v !== 'string' || !CLIENT_ORDER_ID.test(v)) {
    return err(
      'invalid_request',
      `client_order_id must be 1 to ${CLIENT_ORDER_ID_MAX} visible ASCII characters`,
      'client_order_id',
    );
  }
  return ok(v);
}

function extraOf(v: unknown): Result<string> {
  if (v === undefined || v === null) return ok('[]');
  if (!Array.isArray(v)) return err('invalid_request', 'extra must be a JSON array', 'extra');
  if (v.length > ORDER_EXTRA_ITEMS_MAX) {
    return err('invalid_request', `extra must have at most ${ORDER_EXTRA_ITEMS_MAX} items`, 'extra');
  }
  const text = JSON.stringify(v);
  if (text.length > ORDER_EXTRA_JSON_MAX) {
    return err(
      'invalid_request',
      `extra must be at most ${ORDER_EXTRA_JSON_MAX} characters of JSON`,
      'extra',
    );
  }
  return ok(text);
}

/** The body of POST /trade/v1/orders → a PlaceOrderCommand, or the first field's refusal. */
export function decodePlaceOrder(body: Record<string, unknown>): Result<PlaceOrderCommand> {
  const side = lower(body['side']);
  if (side !== 'buy' && side !== 'sell') return err('invalid_request', 'side must be buy or sell', 'side');
  const type = lower(body['type']);
  if (type !== 'market' && type !== 'limit') {
    return err('invalid_request', 'type must be market or limit', 'type');
  }
  const asset = symbol(body['asset'], 'asset');
  if (!asset.ok) return asset;
  const quote = absent(body['quote']) ? ok<Asset>('usdt') : symbol(body['quote'], 'quote');
  if (!quote.ok) return quote;
  if (absent(body['amount'])) return err('invalid_request', 'amount is required', 'amount');
  const amount = parseAssetAmount(asset.value, body['amount']);
  if (!amount.ok) return amount;
  if (amount.value === 0n) return err('invalid_request', 'amount must be greater than zero', 'amount');
  let limitPriceE8: bigint | null = null;
  if (type === 'limit') {
    if (absent(body['price'])) return err('invalid_request', 'price is required for a limit order', 'price');
    const price = parseDecimal(body['price'], 8, 8, 'price');
    if (!price.ok) return price;
    if (price.value === 0n) return err('invalid_request', 'price must be greater than zero', 'price');
    if (price.value > ORDER_PRICE_MAX_E8) {
      return err('invalid_request', `price must be at most ${formatE8(ORDER_PRICE_MAX_E8)}`, 'price');
    }
    limitPriceE8 = price.value;
  } else if (!absent(body['price'])) {
    return err('invalid_request', 'a market order takes no price; send type limit to give one', 'price');
  }
  const note = body['note'];
  if (!absent(note) && (typeof note !== 'string' || note.length > ORDER_NOTE_MAX)) {
    return err('invalid_request', `note must be a string of at most ${ORDER_NOTE_MAX} characters`, 'note');
  }
  let receiverEmail: string | null = null;
  if (!absent(body['receiver_email'])) {
    const email = normalizeEmail(body['receiver_email'], 'receiver_email');
    if (!email.ok) return email;
    receiverEmail = email.value;
  }
  const extra = extraOf(body['extra']);
  if (!extra.ok) return extra;
  const clientOrderId = decodeClientOrderId(body['client_order_id']);
  if (!clientOrderId.ok) return clientOrderId;
  return ok({
    side,
    asset: asset.value,
    quote: quote.value,
    amountUnits: amount.value,
    type,
    limitPriceE8,
    note: absent(note) ? null : (note as string),
    receiverEmail,
    extra: extra.value,
    clientOrderId: clientOrderId.value,
  });
}

const ORDER_TID = /^[A-Za-z0-9]{1,64}$/;

/** An order's `tid` (path or parameter). */
export function decodeOrderTid(v: unknown): Result<string> {
  if (typeof v !== 'string' || v.trim() === '') return err('invalid_request', 'tid is required', 'tid');
  if (!ORDER_TID.test(v.trim())) return err('invalid_request', 'tid must be an order id', 'tid');
  return ok(v.trim());
}

export const orderTidParam = { type: 'string', description: 'the order id (tid)' } as const;

/** GET /trade/v1/orders: `status` (open, filled, cancelled; absent: all) and `limit` (1 to 100, default 50). */
export function decodeListOrders(q: Record<string, unknown>): Result<ListOrdersQuery> {
  let status: OrderStatus | null = null;
  const s = lower(q['status']);
  if (!absent(s) && s !== 'all') {
    const found = ORDER_STATUSES.find((x) => x === s);
    if (found === undefined) {
      return err('invalid_request', `status must be one of ${ORDER_STATUSES.join(', ')} or all`, 'status');
    }
    status = found;
  }
  let limit = 50;
  if (!absent(q['limit'])) {
    const l = q['limit'];
    const n =
      typeof l === 'number' ? l : typeof l === 'string' && /^\d{1,4}$/.test(l) ? Number(l) : Number.NaN;
    if (!Number.isInteger(n) || n < 1 || n > ORDER_LIST_MAX) {
      return err('invalid_request', `limit must be a whole number from 1 to ${ORDER_LIST_MAX}`, 'limit');
    }
    limit = n;
  }
  return ok({ status, limit });
}

export const listOrdersQuerySchema = {
  type: 'object',
  properties: {
    status: described('open, filled, cancelled or all (the default)'),
    limit: described(`how many orders, newest first: 1 to ${ORDER_LIST_MAX} (default 50)`),
  },
} as const;
