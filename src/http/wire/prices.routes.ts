import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import { ENDPOINT_PAIRS, type PriceQuote, quotePrices } from '../../app/prices/quote-prices.ts';
import { priceE8ToNumber } from '../../domain/prices.ts';
import { unwrap } from '../errors.ts';
import { envelope, type Shape } from '../family.ts';
import { decodePricePair } from './price-pair.ts';
import { bareErrors, envelopeOf, standardErrors, standardSecurity } from './schemas.ts';

const pricesSchema = {
  type: 'object',
  description: 'the asked pair only when pricePair is given; every pair otherwise',
  properties: Object.fromEntries(
    ENDPOINT_PAIRS.map((p) => [
      p.key,
      {
        type: 'number',
        description: `${p.pair.replace('-', '/')}: the published price, exact to 10^-8 and at most 15 significant digits`,
      },
    ]),
  ),
};

const PAIR_NAMES = ENDPOINT_PAIRS.map((p) => p.param).join(', ');

/** The numbers, keyed as the spec names them: exact decimal text rendered as JSON numbers. */
function data(q: PriceQuote): Record<string, number> {
  return Object.fromEntries(q.prices.map((p) => [p.key, priceE8ToNumber(p.price.priceE8)]));
}

/** What the bare family has no message for, in headers (both families send them). */
function describeInHeaders(reply: FastifyReply, q: PriceQuote): void {
  const sources = [...new Set(q.prices.flatMap((p) => p.price.sources))].sort();
  reply.header('x-price-sources', sources.join(', '));
  reply.header('x-price-age', String(Math.max(...q.prices.map((p) => p.ageSec))));
  const stale = q.prices.filter((p) => p.price.stale).map((p) => p.key);
  if (stale.length > 0) reply.header('x-price-stale', stale.join(', '));
}

/**
 * GET /price of the standard family (/lapi/v1, envelope) and of the pro family (/sapi/v1, bare). Any
 * key may ask. `pricePair` comes from the query string or from a JSON body (query first).
 */
export function registerPriceRoutes(scope: FastifyInstance, deps: AppDeps, shape: Shape): void {
  scope.get(
    '/price',
    {
      config: { key: 'invoice' },
      schema: {
        tags: ['prices'],
        summary: 'BTC/USD, BTC/INR and USD/INR, or one of them',
        description:
          'The median of the fresh quotes of the configured sources, outliers (more than PRICE_OUTLIER_PERCENT, ' +
          '2% by default, from the median) dropped; BTC/INR is BTC/USD × USD/INR unless an INR market is configured. ' +
          (shape === 'envelope'
            ? "`message` names each price's sources and age, and says which prices are stale. "
            : 'The bare record carries the prices only; the headers say the rest. ') +
          'Headers: x-price-sources, x-price-age (seconds of the oldest quote), x-price-stale (the stale ' +
          'pairs, when any). A stale price is still given. The parameter may also come in a JSON body.',
        security: standardSecurity,
        querystring: {
          type: 'object',
          properties: {
            pricePair: { type: ['string', 'null'], description: `one of ${PAIR_NAMES}; absent: every pair` },
          },
        },
        response:
          shape === 'envelope'
            ? { 200: envelopeOf(pricesSchema), ...standardErrors }
            : { 200: pricesSchema, ...bareErrors },
      },
    },
    async (request, reply) => {
      const query = (request.query ?? {}) as Record<string, unknown>;
      const q = unwrap(quotePrices(deps, unwrap(decodePricePair(query['pricePair']))));
      describeInHeaders(reply, q);
      return shape === 'envelope' ? envelope(data(q), q.message) : data(q);
    },
  );
}
