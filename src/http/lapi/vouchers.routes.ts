import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import { checkVoucher } from '../../app/vouchers/check-voucher.ts';
import { redeemVoucher } from '../../app/vouchers/redeem-voucher.ts';
import { refusedRequest, requestVoucher } from '../../app/vouchers/request-voucher.ts';
import { revokeVoucher } from '../../app/vouchers/revoke-voucher.ts';
import { badRequest, HttpError, unwrap } from '../errors.ts';
import { callerOf, envelope } from '../family.ts';
import { redeemLimiterFor } from '../redeem-limits.ts';
import { idempotencyKey } from '../wire/fields.ts';
import { envelopeOf, idempotencyHeader, standardErrors, standardSecurity } from '../wire/schemas.ts';
import {
  batchTidParam,
  decodeBatchTid,
  decodeRedeem,
  decodeRequestVouchers,
  decodeVoucherCode,
  redeemParams,
  requestVoucherBodySchema,
} from '../wire/vouchers.contract.ts';
import {
  createdBatchRecord,
  createdBatchSchema,
  fullBatchRecord,
  fullBatchSchema,
  redeemRecord,
  redeemSchema,
  revokeRecord,
  revokeSchema,
} from './vouchers.record.ts';

/** GET reads the query (a JSON body merged in, query first); POST its body, with the query filling gaps. */
function paramsOf(request: FastifyRequest): Record<string, unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (request.method === 'GET') return query;
  return { ...query, ...((request.body ?? {}) as Record<string, unknown>) };
}

const present = (v: unknown): boolean => v !== undefined && v !== null && v !== '';

const decoded = (description: string) => ({ description });

/** Standard-variant vouchers: requestVoucher, checkVoucher, redeemVoucher, revokeVoucher. Called by the lapi family. */
export function registerVoucherRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const publicUrl = deps.config.publicUrl;
  const limiter = redeemLimiterFor(deps);

  async function redeem(request: FastifyRequest, reply: FastifyReply, params: Record<string, unknown>) {
    // An attempt counts once its code is readable, whatever else the request got wrong.
    await limiter.check(request, reply, unwrap(decodeVoucherCode(params)));
    const cmd = unwrap(decodeRedeem(params, callerOf(request).usertag));
    const r = unwrap(await redeemVoucher(deps, cmd));
    return envelope(
      redeemRecord(r),
      r.redeemed ? 'Redeemed' : 'Payment in progress: check the voucher with checkVoucher',
    );
  }

  scope.post(
    '/requestVoucher',
    {
      config: { key: 'admin' },
      schema: {
        tags: ['vouchers'],
        summary: 'Create a batch of withdraw vouchers funded from the Lightning balance',
        description:
          'count × (amount + fee reserve) moves into escrow at once, or nothing happens. The fee reserve pays ' +
          'routing fees of invoice redemptions; what they do not use returns to the issuer.',
        security: standardSecurity,
        headers: idempotencyHeader('the batch the first request created'),
        body: requestVoucherBodySchema,
        response: { 200: envelopeOf(createdBatchSchema), ...standardErrors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const key = unwrap(idempotencyKey(request.headers['idempotency-key']));
      const cmd = decodeRequestVouchers(
        (request.body ?? {}) as Record<string, unknown>,
        key,
        deps.config.vouchers,
      );
      if (!cmd.ok) unwrap(await refusedRequest(deps, caller, key, cmd));
      const r = await requestVoucher(deps, caller, unwrap(cmd));
      return envelope(createdBatchRecord(unwrap(r), publicUrl));
    },
  );

  scope.get(
    '/checkVoucher',
    {
      config: { key: 'invoice' },
      schema: {
        tags: ['vouchers'],
        summary: 'A voucher batch of the caller with every voucher’s state',
        security: standardSecurity,
        querystring: {
          type: 'object',
          required: ['tid'],
          properties: { tid: batchTidParam },
        },
        response: { 200: envelopeOf(fullBatchSchema), ...standardErrors },
      },
    },
    async (request) => {
      const tid = unwrap(decodeBatchTid((request.query as { tid?: unknown }).tid));
      return envelope(fullBatchRecord(unwrap(await checkVoucher(deps, callerOf(request), tid)), publicUrl));
    },
  );

  const redeemSchemaOf = (method: 'GET' | 'POST') => ({
    tags: ['vouchers'],
    summary: 'Redeem a voucher to a usertag or a Lightning invoice',
    description:
      'Any valid key. Exactly one redemption per voucher; redeem attempts are rate-limited per IP and code. ' +
      'With voucher_code alone (no redeem_mode, no redeem_to) the voucher goes to the caller’s own account ' +
      '(the key’s usertag). Redeeming a redeemed voucher again to the same target answers that redemption.',
    security: standardSecurity,
    ...(method === 'GET'
      ? { querystring: { type: 'object', properties: redeemParams } }
      : { body: { type: 'object', properties: redeemParams } }),
    response: { 200: envelopeOf(redeemSchema), ...standardErrors },
  });
  for (const method of ['GET', 'POST'] as const) {
    scope.route({
      method,
      url: '/redeemVoucher',
      config: { key: 'invoice' },
      schema: redeemSchemaOf(method),
      handler: (request, reply) => redeem(request, reply, paramsOf(request)),
    });
  }

  const revokeParams = {
    tid: decoded('batch to revoke (admin key): a string'),
    ...redeemParams,
  };
  for (const method of ['GET', 'POST'] as const) {
    scope.route({
      method,
      url: '/revokeVoucher',
      config: { key: 'invoice' },
      schema: {
        tags: ['vouchers'],
        summary: 'Revoke a voucher batch (tid, admin key); with voucher_code instead, redeem a voucher',
        description:
          'With tid: every unredeemed voucher of the batch becomes unredeemable and its escrow returns to the ' +
          'issuer; idempotent. With voucher_code, redeem_mode and redeem_to and no tid: the same as redeemVoucher ' +
          '(the reference names this path for redeeming). Both or neither is an error.',
        security: standardSecurity,
        ...(method === 'GET'
          ? { querystring: { type: 'object', properties: revokeParams } }
          : { body: { type: 'object', properties: revokeParams } }),
        response: {
          200: envelopeOf({
            type: 'object',
            properties: { ...revokeSchema.properties, ...redeemSchema.properties },
          }),
          ...standardErrors,
        },
      },
      handler: async (request, reply) => {
        const params = paramsOf(request);
        const hasTid = present(params['tid']);
        const hasCode = present(params['voucher_code']);
        if (hasTid && hasCode) {
          throw badRequest('give either tid (revoke a batch) or voucher_code (redeem a voucher), not both');
        }
        if (!hasTid && !hasCode) {
          throw badRequest(
            'tid is required to revoke a batch (or voucher_code, redeem_mode, redeem_to to redeem)',
            'tid',
          );
        }
        if (hasCode) return redeem(request, reply, params);
        const caller = callerOf(request);
        if (caller.kind !== 'admin') {
          throw new HttpError({
            code: 'forbidden_key_kind',
            message: `revoking a voucher batch needs the admin key; the ${caller.kind} key was sent`,
          });
        }
        const tid = unwrap(decodeBatchTid(params['tid']));
        return envelope(revokeRecord(unwrap(await revokeVoucher(deps, caller, tid))));
      },
    });
  }
}
