import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import { cancelRefund } from '../../app/refunds/cancel-refund.ts';
import { refundPayment } from '../../app/refunds/refund-payment.ts';
import { unwrap } from '../errors.ts';
import { callerOf, envelope } from '../family.ts';
import { idempotencyKey } from '../wire/fields.ts';
import {
  cancelRefundBodySchema,
  decodeRefund,
  decodeRefundTid,
  refundBodySchema,
  refundRecord,
  refundRecordSchema,
} from '../wire/refunds.contract.ts';
import { envelopeOf, idempotencyHeader, standardErrors, standardSecurity } from '../wire/schemas.ts';

const bodyOf = (request: FastifyRequest): Record<string, unknown> =>
  (request.body ?? {}) as Record<string, unknown>;

/** Refunds of received payments: refund, cancelRefund. Called by the lapi family. */
export function registerRefundRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const publicUrl = deps.config.publicUrl;

  scope.post(
    '/refund',
    {
      config: { key: 'admin' },
      schema: {
        tags: ['payments'],
        summary: 'Refund a received payment, fully or in part, as a one-voucher batch the payer claims',
        description:
          'The amount (the payment’s, or what it received when less; the given BTC amount; fiat_value at the ' +
          'current price; or excess: what was received beyond the amount) plus the ' +
          'voucher fee reserve moves from the Lightning balance into escrow at once, or nothing happens. ' +
          'Refunds of one payment never add up to more than it received (422 amount_out_of_range). ' +
          'A sent or USDT payment is 422 payment_not_refundable; one not received yet 409 state_conflict; ' +
          'a stale or missing price for fiat_value 503 price_unavailable.',
        security: standardSecurity,
        headers: idempotencyHeader('the refund the first request made'),
        body: refundBodySchema,
        response: { 200: envelopeOf(refundRecordSchema), ...standardErrors },
      },
    },
    async (request) => {
      const key = unwrap(idempotencyKey(request.headers['idempotency-key']));
      const cmd = unwrap(decodeRefund(bodyOf(request), key));
      const r = unwrap(await refundPayment(deps, callerOf(request), cmd));
      return envelope(refundRecord(r, publicUrl));
    },
  );

  scope.post(
    '/cancelRefund',
    {
      config: { key: 'admin' },
      schema: {
        tags: ['payments'],
        summary: 'Cancel an unclaimed refund: its escrow returns to the Lightning balance',
        description:
          'Cancelling again answers the same; a claimed refund is 409 state_conflict; another account’s ' +
          'or an unknown tid 404 not_found.',
        security: standardSecurity,
        body: cancelRefundBodySchema,
        response: { 200: envelopeOf(refundRecordSchema), ...standardErrors },
      },
    },
    async (request) => {
      const tid = unwrap(decodeRefundTid(bodyOf(request)));
      return envelope(refundRecord(unwrap(await cancelRefund(deps, callerOf(request), tid)), publicUrl));
    },
  );
}
