import type { Asset } from '../../domain/money.ts';
import type { OrderSide, OrderStatus, OrderType } from '../../domain/orders.ts';

/** A spot order as the trade API's codec decoded it: ledger assets, minor units, price × 10^8. */
export interface PlaceOrderCommand {
  side: OrderSide;
  asset: Asset;
  quote: Asset;
  /** In the asset's ledger units. */
  amountUnits: bigint;
  type: OrderType;
  /** A limit order's price × 10^8; null for a market order. */
  limitPriceE8: bigint | null;
  note: string | null;
  receiverEmail: string | null;
  /** `extra` as JSON text of an array. */
  extra: string;
  /** The caller's idempotency key for this order (unique per account). */
  clientOrderId: string | null;
}

export interface ListOrdersQuery {
  status: OrderStatus | null;
  limit: number;
}

/** An order as the use cases answer it (its stored row). */
export type { OrderRow as Order } from '../../db/repos/orders.ts';
