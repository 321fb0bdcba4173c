import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import {
  lightningAddressInvoice,
  lightningAddressPayRequest,
  verifyLnurlInvoice,
} from '../../app/payments/lightning-address.ts';
import { clientBucket } from '../client-address.ts';
import { HttpError } from '../errors.ts';
import { idText } from '../wire/text.ts';
import { answerAsLnurl, lnurlErrorSchema } from './lud.ts';

const lnurlErrors = {
  400: lnurlErrorSchema,
  403: lnurlErrorSchema,
  404: lnurlErrorSchema,
  422: lnurlErrorSchema,
  429: lnurlErrorSchema,
  503: lnurlErrorSchema,
};

const usertagParams = {
  type: 'object',
  required: ['usertag'],
  properties: { usertag: { type: 'string', maxLength: 64 } },
};

const CALLBACK_WINDOW_MS = 60_000;

/**
 * Each callback makes an invoice at the Lightning backend and a payment row, so callbacks are counted per
 * client address and per usertag (LNURL_PAY_PER_IP_PER_MINUTE, LNURL_PAY_PER_USERTAG_PER_MINUTE), in the
 * app's rate counter; the address first, so a client over its limit adds nothing to the usertag's count.
 */
function callbackLimiter(deps: AppDeps) {
  const { lnurlPayPerIpPerMinute, lnurlPayPerUsertagPerMinute } = deps.config.payments;
  const refuse = (reply: FastifyReply, w: { resetAtMs: number }, what: string): never => {
    const wait = Math.max(1, Math.ceil((w.resetAtMs - deps.clock.nowMs()) / 1000));
    reply.header('retry-after', String(wait));
    throw new HttpError({
      code: 'rate_limited',
      message: `too many invoice requests ${what}; retry in ${wait} s`,
    });
  };
  return async (request: FastifyRequest, reply: FastifyReply, usertag: string): Promise<void> => {
    if (!deps.config.rateLimit.enabled) return;
    const byIp = await deps.rateCounter.hit(
      `lnurlp-ip:${clientBucket(request.ip)}`,
      CALLBACK_WINDOW_MS,
      deps.clock.nowMs(),
    );
    if (byIp.count > lnurlPayPerIpPerMinute) refuse(reply, byIp, 'from your address');
    const byTag = await deps.rateCounter.hit(
      `lnurlp-tag:${usertag.trim().toLowerCase()}`,
      CALLBACK_WINDOW_MS,
      deps.clock.nowMs(),
    );
    if (byTag.count > lnurlPayPerUsertagPerMinute) refuse(reply, byTag, 'for this Lightning address');
  };
}

/**
 * The Lightning address of every account (LUD-16, LUD-06): `usertag@<PUBLIC_URL host>` lets any Lightning
 * wallet pay the account. No key: the payer is outside the service.
 */
export async function lnurlPayRoutes(scope: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  answerAsLnurl(scope);
  const limitCallback = callbackLimiter(deps);

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
              allowsNostr: {
                type: 'boolean',
                description: 'NIP-57: the callback takes a zap request (`nostr`); absent without a Nostr key',
              },
              nostrPubkey: {
                type: 'string',
                description: 'NIP-57: the key (x-only hex) signing zap receipts',
              },
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
        ...(r.value.nostrPubkey === null ? {} : { allowsNostr: true, nostrPubkey: r.value.nostrPubkey }),
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
          properties: {
            amount: { type: 'string', description: 'millisatoshis' },
            nostr: {
              type: 'string',
              description:
                'NIP-57: a zap request (kind 9734 event, JSON); the invoice then commits to it and a zap receipt is published once it is paid',
            },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              pr: { type: 'string', description: 'BOLT11 invoice' },
              routes: { type: 'array', maxItems: 0, items: {} },
              verify: { type: 'string', description: 'LUD-21: GET it to learn whether the invoice was paid' },
            },
          },
          ...lnurlErrors,
        },
      },
    },
    async (request, reply) => {
      const { usertag } = request.params as { usertag: string };
      await limitCallback(request, reply, usertag);
      const { amount, nostr } = request.query as { amount: string; nostr?: string };
      const r = await lightningAddressInvoice(deps, usertag, idText(amount), nostr ?? null);
      if (!r.ok) throw new HttpError(r.error);
      return { pr: r.value.payreq, routes: [], verify: r.value.verifyUrl };
    },
  );

  scope.get(
    '/lnurlp/:usertag/verify/:hash',
    {
      schema: {
        tags: ['lightning address'],
        summary:
          'LUD-21: whether an invoice of the Lightning address was paid, with its preimage once it was',
        params: {
          type: 'object',
          required: ['usertag', 'hash'],
          properties: {
            usertag: { type: 'string', maxLength: 64 },
            hash: { type: 'string', maxLength: 64, description: 'the invoice’s payment hash (hex)' },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              status: { type: 'string', enum: ['OK'] },
              settled: { type: 'boolean' },
              preimage: { type: ['string', 'null'], description: 'hex, once settled (null before)' },
              pr: { type: 'string', description: 'the BOLT11 invoice' },
            },
          },
          ...lnurlErrors,
        },
      },
    },
    async (request, reply) => {
      const { usertag, hash } = request.params as { usertag: string; hash: string };
      const r = await verifyLnurlInvoice(deps, usertag, hash);
      if (!r.ok) throw new HttpError(r.error);
      // The answer changes once paid: never cached.
      reply.header('cache-control', 'no-store');
      return { status: 'OK', ...r.value };
    },
  );
}
