import type { Order as OrderRow } from '../../app/trading/commands.ts';
import type { Portfolio } from '../../app/trading/portfolio.ts';
import { type Asset, formatAssetBalance } from '../../domain/money.ts';
import type { Instrument } from '../../domain/orders.ts';
import { formatE8, ppmAsPercentNumber, symbolOf } from '../../domain/orders.ts';
import { formatFee } from '../../domain/trading.ts';
import { seconds } from './schemas.ts';

/** The order record of the interface spec ("Order record"), field for field, as checkOrder answers it. */
export function orderRecord(o: OrderRow) {
  const asset = o.asset as Asset;
  const quote = o.quote as Asset;
  const filled = o.status === 'filled';
  const [received, paid] = o.side === 'buy' ? [asset, quote] : [quote, asset];
  return {
    tid: o.id,
    created_at: seconds(o.created_at_ms),
    executed_at: seconds(o.executed_at_ms),
    type: o.side,
    asset: symbolOf(asset),
    amount: formatAssetBalance(asset, o.amount_units),
    price: formatE8(o.price_e8),
    executed_price: formatE8(o.executed_price_e8 ?? 0n),
    fee: formatFee(asset, o.fee_units),
    fee_percent: ppmAsPercentNumber(o.fee_ppm),
    filled_amount: formatAssetBalance(asset, filled ? o.amount_units : 0n),
    filled_percent: filled ? 100 : 0,
    total_received: formatAssetBalance(received, o.received_units),
    reveived_asset: symbolOf(received),
    total_paid: formatAssetBalance(paid, o.paid_units),
    paid_asset: symbolOf(paid),
    note: o.note ?? '',
    receiver_email: o.receiver_email ?? '',
    email_status: o.email_status,
    revoked: o.status === 'cancelled',
    revoked_at: seconds(o.revoked_at_ms),
    extra: JSON.parse(o.extra) as unknown[],
  };
}

const str = (description: string) => ({ type: 'string', description });
const decimal8 = (description: string) => ({ type: 'string', pattern: '^\\d+\\.\\d{8}$', description });

/** JSON schema of orderRecord (the response schema; also the OpenAPI document's). */
export const orderRecordSchema = {
  type: 'object',
  required: [
    'tid',
    'created_at',
    'executed_at',
    'type',
    'asset',
    'amount',
    'price',
    'executed_price',
    'fee',
    'fee_percent',
    'filled_amount',
    'filled_percent',
    'total_received',
    'reveived_asset',
    'total_paid',
    'paid_asset',
    'note',
    'receiver_email',
    'email_status',
    'revoked',
    'revoked_at',
    'extra',
  ],
  properties: {
    tid: str('the order id'),
    created_at: { type: 'integer', description: 'unix seconds' },
    executed_at: { type: ['integer', 'null'], description: 'unix seconds; null until executed' },
    type: { type: 'string', enum: ['buy', 'sell'] },
    asset: str('the traded asset, e.g. BTC'),
    amount: decimal8('placed amount, in the asset'),
    price: decimal8('the limit price, or a market order’s execution price, in the quote per asset'),
    executed_price: decimal8('the price it executed at ("0.00000000" until then)'),
    fee: str('in the asset, at least 2 decimals ("0.10")'),
    fee_percent: { type: 'number', description: 'e.g. 0.1' },
    filled_amount: decimal8('in the asset'),
    filled_percent: { type: 'number', description: '0 or 100 (orders fill whole)' },
    total_received: decimal8('buy: the amount less the fee, in the asset; sell: the proceeds in the quote'),
    reveived_asset: str('spelled so: the asset received'),
    total_paid: decimal8('buy: in the quote; sell: the amount, in the asset'),
    paid_asset: str('the asset paid'),
    note: str('the caller’s note ("" when none)'),
    receiver_email: str('where the receipt goes ("" when none)'),
    email_status: { type: 'string', enum: ['success', 'pending', 'undefined'] },
    revoked: { type: 'boolean', description: 'true once cancelled' },
    revoked_at: { type: ['integer', 'null'], description: 'unix seconds of the cancel' },
    extra: { type: 'array', description: 'the caller’s extra, as given' },
  },
} as const;

/** The trade API's order: the spec's record plus the order's state and its own identifiers. */
export function tradeOrderRecord(o: OrderRow) {
  const reservedAsset = (o.side === 'buy' ? o.quote : o.asset) as Asset;
  return {
    ...orderRecord(o),
    status: o.status,
    order_type: o.order_type,
    quote: symbolOf(o.quote as Asset),
    pair: `${symbolOf(o.asset as Asset)}-${symbolOf(o.quote as Asset)}`,
    reserved: formatAssetBalance(reservedAsset, o.status === 'open' ? o.reserved_units : 0n),
    client_order_id: o.client_order_id,
  };
}

export const tradeOrderSchema = {
  type: 'object',
  required: [
    ...orderRecordSchema.required,
    'status',
    'order_type',
    'quote',
    'pair',
    'reserved',
    'client_order_id',
  ],
  properties: {
    ...orderRecordSchema.properties,
    status: { type: 'string', enum: ['open', 'filled', 'cancelled'] },
    order_type: { type: 'string', enum: ['market', 'limit'] },
    quote: str('the asset the price is in, e.g. USDT'),
    pair: str('e.g. BTC-USDT'),
    reserved: decimal8('what a resting order holds (buy: in the quote; sell: in the asset)'),
    client_order_id: { type: ['string', 'null'] },
  },
} as const;

export function instrumentRecord(i: Instrument) {
  return {
    pair: i.pair,
    asset: symbolOf(i.asset),
    quote: symbolOf(i.quote),
    tick_size: formatE8(i.tickE8),
    min_amount: formatAssetBalance(i.asset, i.minAmountUnits),
    fee_percent: ppmAsPercentNumber(i.feePpm),
    open: i.open,
  };
}

export const instrumentSchema = {
  type: 'object',
  required: ['pair', 'asset', 'quote', 'tick_size', 'min_amount', 'fee_percent', 'open'],
  properties: {
    pair: str('e.g. BTC-USDT'),
    asset: str('e.g. BTC'),
    quote: str('e.g. USDT'),
    tick_size: decimal8('a limit price must be a multiple of it'),
    min_amount: decimal8('the smallest amount of an order, in the asset'),
    fee_percent: { type: 'number', description: 'taken from the amount, in the asset' },
    open: { type: 'boolean', description: 'false: new orders are refused' },
  },
} as const;

export function portfolioRecord(p: Portfolio) {
  return {
    balances: p.lines.map((l) => ({
      asset: symbolOf(l.asset),
      available: formatAssetBalance(l.asset, l.availableUnits),
      reserved: formatAssetBalance(l.asset, l.reservedUnits),
      value_usdt: l.valueUsdtUnits === null ? null : formatAssetBalance('usdt', l.valueUsdtUnits),
      priced_by: l.pricedBy,
    })),
    total_usdt: formatAssetBalance('usdt', p.totalUsdtUnits),
    unpriced: p.unpriced.map(symbolOf),
    as_of: Math.floor(p.atMs / 1000),
  };
}

export const portfolioSchema = {
  type: 'object',
  required: ['balances', 'total_usdt', 'unpriced', 'as_of'],
  properties: {
    balances: {
      type: 'array',
      items: {
        type: 'object',
        required: ['asset', 'available', 'reserved', 'value_usdt', 'priced_by'],
        properties: {
          asset: str('e.g. BTC, LBTC (Lightning), USDT, INR'),
          available: decimal8('spendable now'),
          reserved: decimal8('held by resting orders and payments under way'),
          value_usdt: {
            type: ['string', 'null'],
            description: 'available + reserved in USDT, rounded down; null without a fresh price',
          },
          priced_by: { type: 'array', items: { type: 'string' }, description: 'the price pairs used' },
        },
      },
    },
    total_usdt: decimal8('the sum of the values shown'),
    unpriced: { type: 'array', items: { type: 'string' }, description: 'assets held with no fresh price' },
    as_of: { type: 'integer', description: 'unix seconds' },
  },
} as const;
