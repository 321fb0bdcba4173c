import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import {
  DELIVERIES_LIST_DEFAULT,
  DELIVERIES_LIST_MAX,
  type DeliveryView,
  listDeliveries,
} from '../../app/webhooks/list-deliveries.ts';
import { redeliver } from '../../app/webhooks/redeliver.ts';
import { unwrap } from '../errors.ts';
import { callerOf, envelope } from '../family.ts';
import { envelopeOf, standardErrors, standardSecurity } from '../wire/schemas.ts';
import { idText } from '../wire/text.ts';

const sec = (ms: number | null): number | null => (ms === null ? null : Math.floor(ms / 1000));
const nullable = (type: string, description?: string) => ({
  type: [type, 'null'],
  ...(description === undefined ? {} : { description }),
});

const deliverySchema = {
  type: 'object',
  properties: {
    delivery_id: {
      type: 'string',
      description:
        'the event id: the webhook-id header of a webhook; the Message-ID of an e-mail derives from it',
    },
    channel: { type: 'string', enum: ['webhook', 'email'] },
    event_type: { type: 'string' },
    url: {
      type: 'string',
      description: 'webhook: the callback URL without credentials; email: mailto: and the recipient address',
    },
    state: { type: 'string', enum: ['pending', 'delivered', 'failed'] },
    attempts: {
      type: 'integer',
      description: 'attempts of the current round (a redelivery starts a new one)',
    },
    last_status: nullable(
      'integer',
      'of the latest attempt: HTTP status (webhook) or SMTP reply code (email); null when no answer came',
    ),
    last_error: nullable('string'),
    next_attempt_at: nullable('integer', 'unix seconds; null once delivered or failed'),
    created_at: { type: 'integer' },
    delivered_at: nullable('integer'),
    attempt_log: {
      type: 'array',
      description: 'latest attempts, newest first',
      items: {
        type: 'object',
        properties: {
          at: { type: 'integer', description: 'unix seconds' },
          duration_ms: { type: 'integer' },
          outcome: { type: 'string', enum: ['delivered', 'retry', 'failed'] },
          status: nullable('integer'),
          error: nullable('string'),
          response_excerpt: nullable('string'),
        },
      },
    },
  },
};

function present(d: DeliveryView) {
  return {
    delivery_id: d.deliveryId,
    channel: d.channel,
    event_type: d.eventType,
    url: d.url,
    state: d.state,
    attempts: d.attempts,
    last_status: d.lastStatus,
    last_error: d.lastError,
    next_attempt_at: sec(d.nextAttemptAtMs),
    created_at: sec(d.createdAtMs),
    delivered_at: sec(d.deliveredAtMs),
    attempt_log: d.attemptLog.map((a) => ({
      at: sec(a.startedAtMs),
      duration_ms: a.durationMs,
      outcome: a.outcome,
      status: a.status,
      error: a.error,
      response_excerpt: a.responseExcerpt,
    })),
  };
}

/** /lapi/v1/webhooks/*: the account's delivery log (webhooks and e-mails) and redelivery (admin key). */
export function webhookRoutes(scope: FastifyInstance, deps: AppDeps): void {
  scope.get(
    '/webhooks/deliveries',
    {
      config: { key: 'admin' },
      schema: {
        tags: ['webhooks'],
        summary: 'Deliveries of the account (webhooks and e-mails), newest first, with their latest attempts',
        security: standardSecurity,
        querystring: {
          type: 'object',
          properties: {
            limit: {
              type: 'integer',
              minimum: 1,
              maximum: DELIVERIES_LIST_MAX,
              default: DELIVERIES_LIST_DEFAULT,
            },
          },
        },
        response: { 200: envelopeOf({ type: 'array', items: deliverySchema }), ...standardErrors },
      },
    },
    async (request) => {
      const { limit } = request.query as { limit: number };
      const list = unwrap(await listDeliveries(deps, callerOf(request).accountId, limit));
      return envelope(list.map(present));
    },
  );

  scope.post(
    '/webhooks/redeliver',
    {
      config: { key: 'admin' },
      schema: {
        tags: ['webhooks'],
        summary:
          'Send a webhook or an e-mail again now (same webhook-id or Message-ID, a fresh retry schedule)',
        security: standardSecurity,
        body: {
          type: 'object',
          required: ['delivery_id'],
          properties: {
            delivery_id: { type: 'string', description: 'from the deliveries list' },
          },
        },
        response: {
          200: envelopeOf({
            type: 'object',
            properties: {
              delivery_id: { type: 'string' },
              state: { type: 'string', const: 'pending' },
              next_attempt_at: { type: 'integer', description: 'unix seconds' },
            },
          }),
          ...standardErrors,
        },
      },
    },
    async (request) => {
      const { delivery_id } = request.body as { delivery_id: unknown };
      const r = unwrap(await redeliver(deps, callerOf(request).accountId, idText(delivery_id)));
      return envelope(
        { delivery_id: r.deliveryId, state: 'pending', next_attempt_at: sec(r.nextAttemptAtMs) },
        'redelivery scheduled',
      );
    },
  );
}
