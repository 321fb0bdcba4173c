import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import { getOrder } from '../../app/trading/view-orders.ts';
import { unwrap } from '../errors.ts';
import { callerOf, envelope } from '../family.ts';
import { orderRecord, orderRecordSchema } from '../wire/order-record.ts';
import { decodeOrderTid, orderTidParam } from '../wire/orders.contract.ts';
import { envelopeOf, standardErrors, standardSecurity } from '../wire/schemas.ts';

/** GET /tapi/v1/checkOrder (invoice key): one order of the caller as the spec's order record. */
export function registerCheckOrder(scope: FastifyInstance, deps: AppDeps): void {
  scope.get(
    '/checkOrder',
    {
      config: { key: 'invoice' },
      schema: {
        tags: ['orders'],
        summary: 'A spot order of the caller (the spec’s order record)',
        description:
          '`tid` in the query string or in the JSON body of the GET (the query first). Another account’s ' +
          'order is answered as an unknown one (404).',
        security: standardSecurity,
        querystring: { type: 'object', required: ['tid'], properties: { tid: orderTidParam } },
        response: { 200: envelopeOf(orderRecordSchema), ...standardErrors },
      },
    },
    async (request) => {
      const tid = unwrap(decodeOrderTid((request.query as { tid?: unknown }).tid));
      return envelope(orderRecord(unwrap(await getOrder(deps, callerOf(request).accountId, tid))));
    },
  );
}
