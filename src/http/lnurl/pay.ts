import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import { lightningAddressInvoice, lightningAddressPayRequest } from '../../app/payments/lightning-address.ts';
import { HttpError } from '../errors.ts';
import { answerAsLnurl, lnurlErrorSchema } from './lud.ts';

const lnurlErrors = {
  400: lnurlErrorSchema,
  404: lnurlErrorSchema,
  422: lnurlErrorSchema,
  503: lnurlErrorSchema,
};

const usertagParams = {
  type: 'object',
  required: ['usertag'],
  properties: { usertag: { type: 'string', maxLength: 64 } },
};

/**
 * The Lightning address of every account (LUD-16, LUD-06): `usertag@<PUBLIC_URL host>` lets any Lightning
 * wallet pay the account. No key: the payer is outside the service.
 */
export async function lnurlPayRoutes(scope: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  answerAsLnurl(scope);

  scope.get(
    '/.well-known/lnurlp/:usertag',
    {
      schema: {
        tags: ['lightning address'],
        summary: 'LUD-16 payRequest of an account’s Lightning address',
        params: usertagParams,
        response: {
          200: {
            type: 'object',
            properties: {
              tag: { type: 'string', enum: ['payRequest'] },
              callback: { type: 'string', description: 'the LUD-06 callback URL' },
              minSendable: { type: 'integer', description: 'millisatoshis' },
              maxSendable: { type: 'integer', description: 'millisatoshis' },
              metadata: { type: 'string', description: 'JSON text; the invoice commits to its SHA-256' },
            },
          },
          ...lnurlErrors,
        },
      },
    },
    async (request) => {
      const { usertag } = request.params as { usertag: string };
      const r = await lightningAddressPayRequest(deps, usertag);
      if (!r.ok) throw new HttpError(r.error);
      return {
        tag: 'payRequest',
        callback: r.value.callback,
        // msat as JSON numbers (LUD-06); the configured bounds stay far below 2^53.
        minSendable: Number(r.value.minSendableMsat),
        maxSendable: Number(r.value.maxSendableMsat),
        metadata: r.value.metadata,
      };
    },
  );

  scope.get(
    '/lnurlp/:usertag/callback',
    {
      schema: {
        tags: ['lightning address'],
        summary: 'LUD-06 callback: an invoice of `amount` millisatoshis for the account',
        params: usertagParams,
        querystring: {
          type: 'object',
          required: ['amount'],
          properties: { amount: { type: 'string', description: 'millisatoshis' } },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              pr: { type: 'string', description: 'BOLT11 invoice' },
              routes: { type: 'array', maxItems: 0, items: {} },
            },
          },
          ...lnurlErrors,
        },
      },
    },
    async (request) => {
      const { usertag } = request.params as { usertag: string };
      const { amount } = request.query as { amount: string };
      const r = await lightningAddressInvoice(deps, usertag, amount);
      if (!r.ok) throw new HttpError(r.error);
      return { pr: r.value.payreq, routes: [] };
    },
  );
}
