import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordChains } from '../../app/chain/deposit-hashes.ts';
import type { AppDeps } from '../../app/deps.ts';
import { checkPayment } from '../../app/payments/check-payment.ts';
import { paymentHistory } from '../../app/payments/history.ts';
import type { Payment } from '../../app/payments/payment.ts';
import { receive } from '../../app/payments/receive.ts';
import { updatePayeeStatus } from '../../app/payments/update-status.ts';
import { WALLETS, type Wallet } from '../../domain/payments/vocabulary.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { unwrap } from '../errors.ts';
import { callerOf } from '../family.ts';
import { historyLimit, idempotencyKey } from '../wire/fields.ts';
import { proRecord, proRecordSchema } from '../wire/pro-record.ts';
import { bareErrors, historyLimitSchema, idempotencyHeader, standardSecurity } from '../wire/schemas.ts';
import {
  decodeProReceive,
  decodeUpdateStatus,
  proReceiveBodySchema,
  updateStatusBodySchema,
} from './payments.contract.ts';

const bodyOf = (request: FastifyRequest): Record<string, unknown> =>
  (request.body ?? {}) as Record<string, unknown>;

/** The pro tid: an integer (a JSON number, or its digits in a query string). */
function proTid(value: unknown): Result<string> {
  if (value === undefined || value === null || value === '')
    return err('invalid_request', 'tid is required', 'tid');
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return ok(String(value));
  if (typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value.trim())) return ok(value.trim());
  return err('invalid_request', 'tid must be the integer transaction id', 'tid');
}

function walletFilter(value: unknown): Result<Wallet | null> {
  if (value === undefined || value === null || value === '') return ok(null);
  if (typeof value === 'string' && (WALLETS as readonly string[]).includes(value)) {
    return ok(value as Wallet);
  }
  return err('invalid_request', `wallet must be one of ${WALLETS.join(', ')}`, 'wallet');
}

/** Pro-variant payments: receive, checkPayment, history, updateStatus. Called by the sapi family. */
export function registerProPaymentRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const record = async (p: Payment) =>
    proRecord(p, deps.config, (await recordChains(deps, [p])).get(p.id) ?? null);

  scope.post(
    '/receive',
    {
      config: {
        key: 'invoice',
        rateLimit: { max: deps.config.rateLimit.receivePerMinute, timeWindow: 60_000 },
      },
      schema: {
        tags: ['pro'],
        summary:
          'Create a payment request: Lightning (lbtc), a Bitcoin address (btc) or a USDT address (usdt)',
        security: standardSecurity,
        headers: idempotencyHeader('the first result'),
        body: proReceiveBodySchema,
        response: { 200: proRecordSchema, ...bareErrors },
      },
    },
    async (request) => {
      const cmd = unwrap(
        decodeProReceive(bodyOf(request), unwrap(idempotencyKey(request.headers['idempotency-key']))),
      );
      return record(unwrap(await receive(deps, callerOf(request), cmd)));
    },
  );

  scope.get(
    '/checkPayment',
    {
      config: { key: 'invoice' },
      schema: {
        tags: ['pro'],
        summary: 'One payment of the caller by its integer tid (bare record)',
        security: standardSecurity,
        querystring: {
          type: 'object',
          required: ['tid'],
          properties: { tid: { description: 'integer transaction id' } },
        },
        response: { 200: proRecordSchema, ...bareErrors },
      },
    },
    async (request) => {
      const tid = unwrap(proTid((request.query as Record<string, unknown>)['tid']));
      return record(unwrap(await checkPayment(deps, callerOf(request), tid)));
    },
  );

  scope.get(
    '/history',
    {
      config: { key: 'invoice' },
      schema: {
        tags: ['pro'],
        summary: 'The caller’s payments, newest first, optionally of one wallet (bare array)',
        security: standardSecurity,
        querystring: {
          type: 'object',
          required: ['limit'],
          properties: {
            limit: historyLimitSchema,
            wallet: { description: `${WALLETS.join(' | ')}: only this wallet's payments` },
          },
        },
        response: { 200: { type: 'array', items: proRecordSchema }, ...bareErrors },
      },
    },
    async (request) => {
      const q = request.query as Record<string, unknown>;
      const wallet = unwrap(walletFilter(q['wallet']));
      const limit = unwrap(historyLimit(q['limit']));
      const rows = unwrap(await paymentHistory(deps, callerOf(request), limit, wallet));
      const chains = await recordChains(deps, rows);
      return rows.map((p) => proRecord(p, deps.config, chains.get(p.id) ?? null));
    },
  );

  scope.post(
    '/updateStatus',
    {
      config: { key: 'admin' },
      schema: {
        tags: ['pro'],
        summary: 'Set the payee’s status of a received payment (status_payee); moves no money',
        description:
          'Only the account the payment belongs to sets it: the account that made the request for it ' +
          '(receiver_usertag) gets 404 not_found, as for any payment it has no part in. See docs/pro.md.',
        security: standardSecurity,
        body: updateStatusBodySchema,
        response: { 200: proRecordSchema, ...bareErrors },
      },
    },
    async (request) => {
      const { tid, statusPayee } = unwrap(decodeUpdateStatus(bodyOf(request)));
      return record(unwrap(await updatePayeeStatus(deps, callerOf(request), tid, statusPayee)));
    },
  );
}
