import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import type { RedeemTarget } from '../../app/vouchers/commands.ts';
import { withdrawCallback, withdrawRequest } from '../../app/vouchers/lnurl-withdraw.ts';
import { HttpError } from '../errors.ts';
import { redeemLimiterFor } from '../redeem-limits.ts';
import { decodeWithdrawCallback, withdrawCallbackQuery } from '../wire/vouchers.contract.ts';
import { answerAsLnurl, lnurlError, lnurlErrorSchema } from './lud.ts';

const codeParams = {
  type: 'object',
  required: ['code'],
  properties: { code: { type: 'string', maxLength: 64 } },
};
const batchParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 64 } },
};
const withdrawRequestSchema = {
  200: {
    type: 'object',
    properties: {
      tag: { type: 'string', enum: ['withdrawRequest'] },
      callback: { type: 'string' },
      k1: { type: 'string' },
      defaultDescription: { type: 'string' },
      minWithdrawable: { type: 'integer', description: 'msat; equal to maxWithdrawable, the voucher amount' },
      maxWithdrawable: { type: 'integer', description: 'msat' },
    },
  },
  '4xx': lnurlErrorSchema,
};
const callbackSchema = {
  200: {
    type: 'object',
    description: 'the invoice is paid or its payment is under way',
    properties: { status: { type: 'string', enum: ['OK'] } },
  },
  '4xx': lnurlErrorSchema,
};

/**
 * LNURL-withdraw (LUD-03) of every one-time voucher (`/lnurlw/<code>`) and every batch's static URL
 * (`/lnurlw/s/<batch>`): the QR codes of the voucher pages carry these. No key: the wallet is the redeemer.
 */
export async function lnurlWithdrawRoutes(
  scope: FastifyInstance,
  { deps }: { deps: AppDeps },
): Promise<void> {
  const limiter = redeemLimiterFor(deps);
  answerAsLnurl(scope, { noStore: true });
  scope.setNotFoundHandler((_request, reply) => reply.status(404).send(lnurlError('no such voucher')));

  async function offer(target: RedeemTarget) {
    const r = await withdrawRequest(deps, target);
    if (!r.ok) throw new HttpError(r.error);
    return {
      tag: 'withdrawRequest',
      callback: r.value.callback,
      k1: r.value.k1,
      defaultDescription: r.value.defaultDescription,
      // msat as JSON numbers (LUD-03); VOUCHER_MAX_AMOUNT_MSAT keeps them below 2^53.
      minWithdrawable: Number(r.value.amountMsat),
      maxWithdrawable: Number(r.value.amountMsat),
    };
  }

  async function callback(request: FastifyRequest, reply: FastifyReply, target: RedeemTarget) {
    await limiter.check(request, reply, 'code' in target ? target.code : null);
    const cmd = decodeWithdrawCallback(target, (request.query ?? {}) as Record<string, unknown>);
    if (!cmd.ok) throw new HttpError(cmd.error);
    const r = await withdrawCallback(deps, cmd.value);
    if (!r.ok) throw new HttpError(r.error);
    // Paid, or under way: the wallet learns the outcome from its invoice.
    return { status: 'OK' };
  }

  const summary = (what: string) => ({ tags: ['vouchers'], summary: what });

  scope.get(
    '/:code',
    {
      schema: {
        ...summary('LUD-03 withdrawRequest of a one-time voucher'),
        params: codeParams,
        response: withdrawRequestSchema,
      },
    },
    async (request, reply) => {
      // Whether a code exists must not be learnt faster than redeeming would allow.
      await limiter.check(request, reply, null);
      return offer({ code: (request.params as { code: string }).code });
    },
  );
  scope.get(
    '/:code/callback',
    {
      schema: {
        ...summary('LUD-03 callback: the wallet’s invoice redeems the voucher'),
        params: codeParams,
        querystring: withdrawCallbackQuery,
        response: callbackSchema,
      },
    },
    async (request, reply) => callback(request, reply, { code: (request.params as { code: string }).code }),
  );
  scope.get(
    '/s/:id',
    {
      schema: {
        ...summary('LUD-03 withdrawRequest of a batch’s static URL'),
        params: batchParams,
        response: withdrawRequestSchema,
      },
    },
    async (request) => offer({ batchId: (request.params as { id: string }).id }),
  );
  scope.get(
    '/s/:id/callback',
    {
      schema: {
        ...summary('LUD-03 callback of a static URL: the invoice redeems any voucher left'),
        params: batchParams,
        querystring: withdrawCallbackQuery,
        response: callbackSchema,
      },
    },
    async (request, reply) => callback(request, reply, { batchId: (request.params as { id: string }).id }),
  );
}
