import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import { createPayouts } from '../../app/payouts/create-payouts.ts';
import { getPayout, listPayouts } from '../../app/payouts/view.ts';
import { unwrap } from '../errors.ts';
import { callerOf, envelope } from '../family.ts';
import { idempotencyKey } from '../wire/fields.ts';
import { envelopeOf, idempotencyHeader, standardErrors, standardSecurity } from '../wire/schemas.ts';
import {
  createPayoutsBodySchema,
  decodeCreatePayouts,
  decodeListPayouts,
  PAYOUT_LIST_MAX,
  payoutRecord,
  payoutRecordSchema,
  payoutSummaryRecord,
  payoutSummarySchema,
} from './payouts.contract.ts';

const bodyOf = (request: FastifyRequest): Record<string, unknown> =>
  (request.body ?? {}) as Record<string, unknown>;

/** Batch Lightning payouts (docs/payouts.md): create with the admin key, follow with either key. */
export function registerPayoutRoutes(scope: FastifyInstance, deps: AppDeps): void {
  scope.post(
    '/payouts',
    {
      config: { key: 'admin' },
      bodyLimit: deps.config.payouts.bodyLimitBytes,
      schema: {
        tags: ['payouts'],
        summary:
          'Pay up to 500 usertags, invoices, Lightning addresses or LNURLs: everything is reserved at once, each item is then paid exactly once',
        security: standardSecurity,
        headers: idempotencyHeader('the same payout'),
        body: createPayoutsBodySchema,
        response: { 200: envelopeOf(payoutRecordSchema), ...standardErrors },
      },
    },
    async (request) => {
      const key = unwrap(idempotencyKey(request.headers['idempotency-key']));
      const cmd = unwrap(decodeCreatePayouts(bodyOf(request), key));
      return envelope(
        payoutRecord(unwrap(await createPayouts(deps, callerOf(request), cmd))),
        'Payout queued',
      );
    },
  );

  scope.get(
    '/payouts/:id',
    {
      config: { key: 'invoice' },
      schema: {
        tags: ['payouts'],
        summary: 'One payout of the caller with every item: status, amount, fee, preimage, error',
        security: standardSecurity,
        params: { type: 'object', properties: { id: { type: 'string' } } },
        response: { 200: envelopeOf(payoutRecordSchema), ...standardErrors },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      return envelope(payoutRecord(unwrap(await getPayout(deps, callerOf(request), id))));
    },
  );

  scope.get(
    '/payouts',
    {
      config: { key: 'invoice' },
      schema: {
        tags: ['payouts'],
        summary: 'The caller’s payouts, newest first (items by GET /payouts/{id})',
        security: standardSecurity,
        querystring: {
          type: 'object',
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: PAYOUT_LIST_MAX, description: 'default 20' },
            before: { type: 'string', description: 'next page: the payout id of the previous page’s `next`' },
          },
        },
        response: {
          200: envelopeOf({
            type: 'object',
            properties: {
              payouts: { type: 'array', items: payoutSummarySchema },
              next: {
                type: ['string', 'null'],
                description: 'pass as `before` for the next page; null on the last',
              },
            },
          }),
          ...standardErrors,
        },
      },
    },
    async (request) => {
      const cmd = unwrap(decodeListPayouts(request.query as Record<string, unknown>));
      const page = unwrap(await listPayouts(deps, callerOf(request), cmd));
      return envelope({ payouts: page.batches.map(payoutSummaryRecord), next: page.next });
    },
  );
}
