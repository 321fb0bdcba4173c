import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import { checkPayment } from '../../app/payments/check-payment.ts';
import { decodeInvoiceInfo } from '../../app/payments/decode-invoice.ts';
import { paymentHistoryColumns } from '../../app/payments/history.ts';
import type { Payment } from '../../app/payments/payment.ts';
import { receive } from '../../app/payments/receive.ts';
import { send } from '../../app/payments/send.ts';
import { paymentRefunds } from '../../app/refunds/list-refunds.ts';
import { formatMsatAsBtc } from '../../domain/money.ts';
import { unwrap } from '../errors.ts';
import { callerOf, envelope } from '../family.ts';
import { historyLimit, idempotencyKey, paymentTid } from '../wire/fields.ts';
import {
  STANDARD_RECORD_COLUMNS,
  type StandardRecordSource,
  standardRecord,
  standardRecordSchema,
} from '../wire/payment-record.ts';
import { refundItem } from '../wire/refunds.contract.ts';
import {
  envelopeOf,
  historyLimitSchema,
  idempotencyHeader,
  standardErrors,
  standardSecurity,
} from '../wire/schemas.ts';
import { invoiceParam } from '../wire/text.ts';
import { decodeReceive, decodeSend, receiveBodySchema, sendBodySchema } from './payments.contract.ts';

function idempotencyKeyOf(request: FastifyRequest): string | null {
  return unwrap(idempotencyKey(request.headers['idempotency-key']));
}

const bodyOf = (request: FastifyRequest): Record<string, unknown> =>
  (request.body ?? {}) as Record<string, unknown>;

/** What `send` says on success: the spec's "Paid", or that the network has not decided yet. */
const sendMessage = (p: Payment): string =>
  p.status === 'paid' ? 'Paid' : 'Payment in progress: check its status with checkPayment';

/** Standard-variant payments: receive, checkPayment, history, send, decodeInvoice. Called by the lapi family. */
export function registerPaymentRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const publicUrl = deps.config.publicUrl;
  const record = (p: StandardRecordSource) => standardRecord(p, publicUrl);

  scope.post(
    '/receive',
    {
      config: {
        key: 'invoice',
        rateLimit: { max: deps.config.rateLimit.receivePerMinute, timeWindow: 60_000 },
      },
      schema: {
        tags: ['payments'],
        summary: 'Create a payment request (BOLT11 invoice, payment URI, hosted checkout URL)',
        security: standardSecurity,
        headers: idempotencyHeader('the first result'),
        body: receiveBodySchema,
        response: { 200: envelopeOf(standardRecordSchema), ...standardErrors },
      },
    },
    async (request) => {
      const cmd = unwrap(decodeReceive(bodyOf(request), idempotencyKeyOf(request)));
      return envelope(record(unwrap(await receive(deps, callerOf(request), cmd))));
    },
  );

  scope.get(
    '/checkPayment',
    {
      config: { key: 'invoice' },
      schema: {
        tags: ['payments'],
        summary: 'One payment of the caller (sent or received) by tid',
        security: standardSecurity,
        querystring: {
          type: 'object',
          required: ['tid'],
          properties: { tid: { type: 'string', description: 'transaction id' } },
        },
        response: { 200: envelopeOf(standardRecordSchema), ...standardErrors },
      },
    },
    async (request) => {
      const tid = unwrap(paymentTid((request.query as Record<string, unknown>)['tid']));
      const caller = callerOf(request);
      const p = unwrap(await checkPayment(deps, caller, tid));
      const refunds = (await paymentRefunds(deps, caller, p)).map((r) => refundItem(r, publicUrl));
      return envelope({ ...record(p), refunds });
    },
  );

  scope.get(
    '/history',
    {
      config: { key: 'invoice' },
      schema: {
        tags: ['payments'],
        summary: 'The caller’s payments, sent and received, newest first',
        security: standardSecurity,
        querystring: {
          type: 'object',
          required: ['limit'],
          properties: {
            limit: historyLimitSchema,
          },
        },
        response: { 200: envelopeOf({ type: 'array', items: standardRecordSchema }), ...standardErrors },
      },
    },
    async (request) => {
      const limit = unwrap(historyLimit((request.query as Record<string, unknown>)['limit']));
      // Only the columns the record shows are read.
      const rows = await paymentHistoryColumns(deps, callerOf(request), limit, STANDARD_RECORD_COLUMNS);
      return envelope(rows.map(record));
    },
  );

  scope.post(
    '/send',
    {
      config: { key: 'admin' },
      schema: {
        tags: ['payments'],
        summary: 'Send a payment to a usertag, a BOLT11 invoice, an LNURL or a Lightning address',
        security: standardSecurity,
        headers: idempotencyHeader('the first result'),
        body: sendBodySchema,
        response: {
          200: envelopeOf({ type: 'object', properties: { tid: { type: 'string' } } }),
          ...standardErrors,
        },
      },
    },
    async (request) => {
      const cmd = unwrap(decodeSend(bodyOf(request), idempotencyKeyOf(request)));
      const p = unwrap(await send(deps, callerOf(request), cmd));
      return envelope({ tid: p.public_id }, sendMessage(p));
    },
  );

  scope.get(
    '/decodeInvoice',
    {
      config: { key: 'invoice' },
      schema: {
        tags: ['payments'],
        summary: 'Decode and verify a BOLT11 invoice',
        security: standardSecurity,
        querystring: {
          type: 'object',
          required: ['invoice'],
          properties: { invoice: { type: 'string' } },
        },
        response: {
          200: envelopeOf({
            type: 'object',
            properties: {
              payreq: { type: 'string' },
              network: { type: 'string' },
              amount: {
                type: ['string', 'null'],
                description: 'BTC, 8 decimals; null for an amountless invoice',
              },
              amount_msat: { type: ['string', 'null'], description: 'exact amount in millisatoshis' },
              payment_hash: { type: 'string' },
              payment_secret: { type: ['string', 'null'] },
              description: { type: ['string', 'null'] },
              description_hash: { type: ['string', 'null'] },
              payee: { type: 'string', description: 'node public key (hex)' },
              created_at: { type: 'integer' },
              expires_at: { type: 'integer' },
              expired: { type: 'boolean' },
              min_final_cltv_expiry: { type: 'integer' },
            },
          }),
          ...standardErrors,
        },
      },
    },
    async (request) => {
      const { invoice } = request.query as { invoice: string };
      const d = unwrap(decodeInvoiceInfo(deps, unwrap(invoiceParam(invoice))));
      return envelope({
        payreq: d.payreq,
        network: d.network,
        amount: d.amountMsat === null ? null : formatMsatAsBtc(d.amountMsat),
        amount_msat: d.amountMsat === null ? null : d.amountMsat.toString(),
        payment_hash: d.paymentHash,
        payment_secret: d.paymentSecret,
        description: d.description,
        description_hash: d.descriptionHash,
        payee: d.payeePubkey,
        created_at: d.createdAtSec,
        expires_at: d.expiresAtSec,
        expired: d.expired,
        min_final_cltv_expiry: d.minFinalCltvExpiry,
      });
    },
  );
}
