import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import { payFromOutside } from '../../app/sandbox/pay-from-outside.ts';
import { formatMsatAsBtc } from '../../domain/money.ts';
import { PAYMENT_STATUSES } from '../../domain/payments/vocabulary.ts';
import { unwrap } from '../errors.ts';
import { envelope } from '../family.ts';
import { envelopeOf, standardErrors } from '../schemas.ts';

/** `POST /sandbox/v1/pay`: pay an invoice of this service as a wallet outside it would. No key. */
export function sandboxPayRoutes(scope: FastifyInstance, deps: AppDeps): void {
  scope.post(
    '/pay',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Pay an invoice of this service "from outside" (sandbox Lightning backend only)',
        body: {
          type: 'object',
          required: ['invoice'],
          properties: { invoice: { type: 'string', description: 'BOLT11 invoice issued by this service' } },
        },
        response: {
          200: envelopeOf({
            type: 'object',
            properties: {
              tid: { type: 'string' },
              status: { type: 'string', enum: [...PAYMENT_STATUSES] },
              amount: { type: 'string', description: 'BTC credited to the invoice' },
              payment_hash: { type: 'string' },
            },
          }),
          ...standardErrors,
        },
      },
    },
    async (request) => {
      const { invoice } = request.body as { invoice: string };
      const paid = unwrap(await payFromOutside(deps, invoice));
      // Only what a payer outside may know: not the receiver's callback, customer or order fields.
      return envelope(
        {
          tid: paid.public_id,
          status: paid.status,
          amount: formatMsatAsBtc(paid.amount_msat),
          payment_hash: paid.payment_hash,
        },
        'Paid',
      );
    },
  );
}
