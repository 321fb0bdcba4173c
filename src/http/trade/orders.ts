import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import { cancelOrder } from '../../app/trading/cancel-order.ts';
import { listInstruments } from '../../app/trading/instruments.ts';
import { placeOrder } from '../../app/trading/place-order.ts';
import { getPortfolio } from '../../app/trading/portfolio.ts';
import { getOrder, listOrders } from '../../app/trading/view-orders.ts';
import { ppmAsPercentNumber } from '../../domain/orders.ts';
import { unwrap } from '../errors.ts';
import {
  instrumentRecord,
  instrumentSchema,
  portfolioRecord,
  portfolioSchema,
  tradeOrderRecord,
  tradeOrderSchema,
} from '../wire/order-record.ts';
import {
  decodeListOrders,
  decodeOrderTid,
  decodePlaceOrder,
  listOrdersQuerySchema,
  orderTidParam,
  placeOrderBodySchema,
} from '../wire/orders.contract.ts';
import { bareErrors } from '../wire/schemas.ts';
import { traderOf, tradeSecurity } from './auth.ts';

const tidParams = { type: 'object', required: ['tid'], properties: { tid: orderTidParam } } as const;

/**
 * The trade API's spot orders (bare bodies, bearer token): instruments, place, list, show, cancel, and
 * the portfolio. Called by the trade family.
 */
export function registerOrderRoutes(scope: FastifyInstance, deps: AppDeps): void {
  scope.get(
    '/instruments',
    {
      config: { tradeToken: true },
      schema: {
        tags: ['trade'],
        summary: 'The spot pairs: tick size, minimum amount, fee, and whether each takes orders',
        security: tradeSecurity,
        response: {
          200: {
            type: 'object',
            required: ['instruments', 'spread_percent'],
            properties: {
              instruments: { type: 'array', items: instrumentSchema },
              spread_percent: {
                type: 'number',
                description: 'added to the feed’s price for a market buy, taken off it for a sell',
              },
            },
          },
          ...bareErrors,
        },
      },
    },
    async () => ({
      instruments: listInstruments(deps).map(instrumentRecord),
      spread_percent: ppmAsPercentNumber(deps.config.trading.spreadPpm),
    }),
  );

  scope.post(
    '/orders',
    {
      config: { tradeToken: true },
      schema: {
        tags: ['trade'],
        summary: 'Place a spot order (market or limit)',
        description:
          'A market order executes at once at the published price plus the spread (a sell: minus), on the tick ' +
          'in the house’s favour. A limit order the market already crosses executes at once at that (better) ' +
          'price; otherwise it rests, its funds reserved, until the price crosses it, and then executes at its ' +
          'limit price. The fee is taken from the amount, in the asset. Refusals: 400 pair_unknown or a bad ' +
          'field, 422 insufficient_balance, amount_below_minimum, price_off_tick, price_stale, pair_closed, ' +
          '409 idempotency_conflict (client_order_id reused for another order), 503 price_unavailable. ' +
          'See docs/trading.md.',
        security: tradeSecurity,
        body: placeOrderBodySchema,
        response: { 200: tradeOrderSchema, ...bareErrors },
      },
    },
    async (request) => {
      const cmd = unwrap(decodePlaceOrder((request.body ?? {}) as Record<string, unknown>));
      return tradeOrderRecord(unwrap(await placeOrder(deps, traderOf(request).accountId, cmd)));
    },
  );

  scope.get(
    '/orders',
    {
      config: { tradeToken: true },
      schema: {
        tags: ['trade'],
        summary: 'The caller’s orders, newest first',
        security: tradeSecurity,
        querystring: listOrdersQuerySchema,
        response: {
          200: {
            type: 'object',
            required: ['orders'],
            properties: { orders: { type: 'array', items: tradeOrderSchema } },
          },
          ...bareErrors,
        },
      },
    },
    async (request) => {
      const q = unwrap(decodeListOrders((request.query ?? {}) as Record<string, unknown>));
      const rows = await listOrders(deps, traderOf(request).accountId, q);
      return { orders: rows.map(tradeOrderRecord) };
    },
  );

  scope.get(
    '/orders/:tid',
    {
      config: { tradeToken: true },
      schema: {
        tags: ['trade'],
        summary: 'One order of the caller',
        description: 'Another account’s order is answered as an unknown one (404).',
        security: tradeSecurity,
        params: tidParams,
        response: { 200: tradeOrderSchema, ...bareErrors },
      },
    },
    async (request) => {
      const tid = unwrap(decodeOrderTid((request.params as { tid?: unknown }).tid));
      return tradeOrderRecord(unwrap(await getOrder(deps, traderOf(request).accountId, tid)));
    },
  );

  scope.delete(
    '/orders/:tid',
    {
      config: { tradeToken: true },
      schema: {
        tags: ['trade'],
        summary: 'Cancel a resting order: revoked, its reservation released',
        description:
          'Idempotent: cancelling a cancelled order answers it as it is. An executed order is 409 order_not_open.',
        security: tradeSecurity,
        params: tidParams,
        response: { 200: tradeOrderSchema, ...bareErrors },
      },
    },
    async (request) => {
      const tid = unwrap(decodeOrderTid((request.params as { tid?: unknown }).tid));
      return tradeOrderRecord(unwrap(await cancelOrder(deps, traderOf(request).accountId, tid)));
    },
  );

  scope.get(
    '/portfolio',
    {
      config: { tradeToken: true },
      schema: {
        tags: ['trade'],
        summary: 'The caller’s balances with their value in USDT',
        description:
          'Each asset’s available and reserved balance and their value in USDT at the published prices ' +
          '(BTC and Lightning BTC by BTC-USDT, the other coins by their USDT pairs, INR by USD-INR with a dollar ' +
          'taken as one USDT), rounded down; an asset without a fresh price has value_usdt null.',
        security: tradeSecurity,
        response: { 200: portfolioSchema, ...bareErrors },
      },
    },
    async (request) => portfolioRecord(await getPortfolio(deps, traderOf(request).accountId)),
  );
}
