import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Caller } from '../../app/accounts/authenticate.ts';
import { getWallet } from '../../app/balances/get-balances.ts';
import type { AppDeps } from '../../app/deps.ts';
import { describedOnly } from '../../app/payments/commands.ts';
import { decodeInvoiceInfo } from '../../app/payments/decode-invoice.ts';
import { lightningPaymentsPage } from '../../app/payments/history.ts';
import { type Payment, revealedPreimage } from '../../app/payments/payment.ts';
import { findPaymentByHash } from '../../app/payments/payment-by-hash.ts';
import { receive } from '../../app/payments/receive.ts';
import { send } from '../../app/payments/send.ts';
import { payLnurlPayRequest } from '../../app/payments/send-to-lnurl.ts';
import { decodeLnurl } from '../../domain/lnurl.ts';
import type { Result } from '../../domain/result.ts';
import { idempotencyKey } from '../wire/fields.ts';
import { LnbitsError, lnbitsErrorOf, paymentErrorOf } from './errors.ts';
import { lnbitsPayment, lnbitsPaymentSchema, lnbitsStatusOf } from './payment.record.ts';
import {
  createBodySchema,
  decodeCreateInvoice,
  decodeLnurlPay,
  decodePayInvoice,
  lnurlBodySchema,
  outOf,
} from './payments.contract.ts';

/** LNbits' error body, `{detail}` (and `status` on a payment that could not be made: 520). */
const detailSchema = {
  type: 'object',
  properties: {
    detail: { type: 'string' },
    status: { type: 'string', enum: ['failed', 'pending', 'success'] },
  },
} as const;
export const lnbitsErrors = {
  400: detailSchema,
  401: detailSchema,
  403: detailSchema,
  404: detailSchema,
  413: detailSchema,
  429: detailSchema,
  503: detailSchema,
} as const;
/** The key in X-Api-Key (the native header) or ?api-key= (LNbits' query parameter). */
export const lnbitsSecurity: Array<Record<string, string[]>> = [
  { apiKeyHeader: [] },
  { lnbitsApiKeyQuery: [] },
];

const bodyOf = (request: FastifyRequest): Record<string, unknown> => {
  const b = request.body;
  return b !== null && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, unknown>) : {};
};

function unwrapOr<T>(
  r: Result<T>,
  asError: (e: Extract<Result<T>, { ok: false }>['error']) => LnbitsError,
): T {
  if (!r.ok) throw asError(r.error);
  return r.value;
}

const callerOf = (request: FastifyRequest): Caller => {
  if (request.caller === null || request.caller === undefined) throw new Error('route without lnbitsKey');
  return request.caller;
};

/** Network prefixes of BOLT11 (the `currency` LNbits' decoder shows). */
const CURRENCY = { bitcoin: 'bc', testnet: 'tb', signet: 'tbs', regtest: 'bcrt' } as const;

/** LNbits' payments and wallet calls (lnbits/lnbits `lnbits/core/views/payment_api.py`, `wallet_api.py`). */
export function registerLnbitsPaymentRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const cfg = deps.config.lnbits;
  const record = (p: Payment, caller: Caller) => lnbitsPayment(p, caller.usertag);
  const idempotencyOf = (request: FastifyRequest) =>
    unwrapOr(idempotencyKey(request.headers['idempotency-key']), lnbitsErrorOf);

  scope.get(
    '/wallet',
    {
      config: { lnbitsKey: 'invoice' },
      schema: {
        tags: ['lnbits'],
        summary: 'LNbits: the wallet (the account’s Lightning balance in msat; id for the admin key only)',
        security: lnbitsSecurity,
        response: {
          200: {
            type: 'object',
            properties: {
              id: { type: 'string', description: 'the usertag; admin key only' },
              name: { type: 'string' },
              balance: { type: 'integer', description: 'spendable Lightning balance, msat' },
            },
          },
          ...lnbitsErrors,
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const w = await getWallet(deps, caller);
      return {
        name: caller.usertag,
        balance: w.balanceMsat,
        ...(caller.kind === 'admin' ? { id: caller.usertag } : {}),
      };
    },
  );

  scope.post(
    '/payments',
    {
      config: {
        lnbitsKey: 'invoice',
        rateLimit: { max: deps.config.rateLimit.receivePerMinute, timeWindow: 60_000 },
      },
      schema: {
        tags: ['lnbits'],
        summary:
          'LNbits: create an invoice (out: false, amount in sat) or pay one (out: true, bolt11; admin key)',
        security: lnbitsSecurity,
        body: createBodySchema,
        response: {
          201: lnbitsPaymentSchema,
          ...lnbitsErrors,
          520: {
            ...detailSchema,
            description: 'the invoice or the payment could not be made (status failed)',
          },
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = bodyOf(request);
      const out = unwrapOr(outOf(body), lnbitsErrorOf);
      const key = idempotencyOf(request);
      if (!out) {
        const cmd = unwrapOr(decodeCreateInvoice(body, key), lnbitsErrorOf);
        const p = unwrapOr(await receive(deps, caller, cmd), paymentErrorOf);
        return reply.status(201).send(record(p, caller));
      }
      if (caller.kind !== 'admin') throw new LnbitsError(403, 'Invoice (or Admin) key required.');
      const cmd = unwrapOr(decodePayInvoice(body, key), lnbitsErrorOf);
      const p = unwrapOr(await send(deps, caller, cmd), paymentErrorOf);
      if (p.status === 'declined') {
        throw new LnbitsError(
          520,
          `Payment failed: ${p.failure_reason ?? 'without an error message.'}`,
          'failed',
        );
      }
      return reply.status(201).send(record(p, caller));
    },
  );

  scope.get(
    '/payments',
    {
      config: { lnbitsKey: 'invoice' },
      schema: {
        tags: ['lnbits'],
        summary: 'LNbits: the wallet’s payments, newest first',
        security: lnbitsSecurity,
        querystring: {
          type: 'object',
          properties: {
            limit: { description: `how many (1 to ${cfg.listMax}; more is read as ${cfg.listMax})` },
            offset: { description: `how many of the newest to skip (at most ${cfg.listMaxOffset})` },
          },
        },
        response: { 200: { type: 'array', items: lnbitsPaymentSchema }, ...lnbitsErrors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const q = (request.query ?? {}) as Record<string, unknown>;
      const count = (v: unknown, field: string, max: number, fallback: number): number => {
        if (v === undefined || v === null || v === '') return fallback;
        const n = typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v;
        if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > max) {
          throw new LnbitsError(400, `${field} must be a whole number from 0 to ${max}`);
        }
        return n;
      };
      const limit = Math.min(count(q['limit'], 'limit', 1_000_000_000, cfg.listMax), cfg.listMax);
      const offset = count(q['offset'], 'offset', cfg.listMaxOffset, 0);
      if (limit === 0) return [];
      const rows = await lightningPaymentsPage(deps, caller, limit, offset);
      return rows.map((p) => record(p, caller));
    },
  );

  scope.get(
    '/payments/:payment_hash',
    {
      config: { lnbitsKey: 'optional' },
      schema: {
        tags: ['lnbits'],
        summary:
          'LNbits: whether a payment is paid; with the key of its wallet also its status, preimage and details',
        description:
          'Without a key (or with another wallet’s) LNbits answers any payment of the service: here only ' +
          '`paid` (and `status` "failed"), never the preimage. With a key, only that wallet’s payments.',
        security: [...lnbitsSecurity, {}],
        params: {
          type: 'object',
          properties: { payment_hash: { type: 'string', description: 'payment hash, or checking_id' } },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              paid: { type: 'boolean' },
              status: { type: 'string', enum: ['pending', 'success', 'failed'] },
              preimage: { type: ['string', 'null'] },
              details: lnbitsPaymentSchema,
            },
          },
          ...lnbitsErrors,
        },
      },
    },
    async (request) => {
      const caller = request.caller ?? null;
      const ref = (request.params as { payment_hash: string }).payment_hash;
      const p = unwrapOr(await findPaymentByHash(deps, caller, ref), lnbitsErrorOf);
      const status = lnbitsStatusOf(p.status);
      const paid = status === 'success';
      if (caller === null) return status === 'failed' ? { paid, status } : { paid };
      return { paid, status, preimage: revealedPreimage(p), details: record(p, caller) };
    },
  );

  scope.post(
    '/payments/decode',
    {
      schema: {
        tags: ['lnbits'],
        summary: 'LNbits: decode a BOLT11 invoice (or an LNURL: its URL as `domain`)',
        body: {
          type: 'object',
          properties: {
            data: { description: 'a BOLT11 invoice or a bech32 LNURL' },
            filter_fields: { description: 'only these fields of the decoded invoice' },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              domain: { type: 'string' },
              currency: { type: 'string' },
              amount_msat: { type: 'integer' },
              date: { type: 'integer' },
              signature: { type: 'string' },
              payment_hash: { type: 'string' },
              payment_secret: { type: 'string' },
              description: { type: 'string' },
              description_hash: { type: 'string' },
              payee: { type: 'string' },
              expiry: { type: 'integer' },
              min_final_cltv_expiry: { type: 'integer' },
            },
          },
          ...lnbitsErrors,
          400: {
            type: 'object',
            properties: { message: { type: 'string' }, detail: { type: 'string' } },
          },
        },
      },
    },
    async (request, reply) => {
      const body = bodyOf(request);
      const data = body['data'];
      const failed = (why: string) => {
        const message = `Failed to decode: ${why}`;
        return reply.status(400).send({ message, detail: message });
      };
      if (typeof data !== 'string' || data.trim() === '') return failed('data must be a string');
      const text = data.trim();
      if (text.slice(0, 5).toUpperCase() === 'LNURL') {
        const url = decodeLnurl(text);
        return url.ok ? { domain: url.url.toString() } : failed(url.message);
      }
      const d = decodeInvoiceInfo(deps, text);
      if (!d.ok) return failed(d.error.message);
      const i = d.value;
      const all: Record<string, unknown> = {
        currency: CURRENCY[i.network],
        amount_msat: i.amountMsat ?? 0n,
        date: i.createdAtSec,
        payment_hash: i.paymentHash,
        ...(i.paymentSecret === null ? {} : { payment_secret: i.paymentSecret }),
        ...(i.description === null ? {} : { description: i.description }),
        ...(i.descriptionHash === null ? {} : { description_hash: i.descriptionHash }),
        payee: i.payeePubkey,
        expiry: i.expiresAtSec - i.createdAtSec,
        min_final_cltv_expiry: i.minFinalCltvExpiry,
      };
      const filter = body['filter_fields'];
      if (Array.isArray(filter) && filter.length > 0) {
        const wanted = new Set(filter.filter((f): f is string => typeof f === 'string'));
        return Object.fromEntries(Object.entries(all).filter(([k]) => wanted.has(k)));
      }
      return all;
    },
  );

  scope.post(
    '/payments/lnurl',
    {
      config: {
        lnbitsKey: 'admin',
        rateLimit: { max: deps.config.rateLimit.receivePerMinute, timeWindow: 60_000 },
      },
      schema: {
        tags: ['lnbits'],
        summary:
          'LNbits: pay an LNURL-pay (an LNURL or Lightning address, or the payRequest already fetched)',
        security: lnbitsSecurity,
        body: lnurlBodySchema,
        response: {
          200: lnbitsPaymentSchema,
          ...lnbitsErrors,
          520: { ...detailSchema, description: 'the payment could not be made (status failed)' },
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const ask = unwrapOr(decodeLnurlPay(bodyOf(request)), lnbitsErrorOf);
      const key = idempotencyOf(request);
      const refs = describedOnly(null);
      const paid =
        ask.kind === 'lnurl'
          ? await send(deps, caller, {
              target: { kind: 'lnurl', target: ask.target, amountMsat: ask.amountMsat },
              refs,
              idempotencyKey: key,
            })
          : await payLnurlPayRequest(deps, caller, {
              params: {
                callback: ask.callback,
                metadata: ask.metadata,
                minSendableMsat: ask.minSendableMsat,
                maxSendableMsat: ask.maxSendableMsat,
              },
              amountMsat: ask.amountMsat,
              details: { ...refs, idempotencyKey: null, requestHash: null },
            });
      const p = unwrapOr(paid, paymentErrorOf);
      if (p.status === 'declined') {
        throw new LnbitsError(
          520,
          `Payment failed: ${p.failure_reason ?? 'without an error message.'}`,
          'failed',
        );
      }
      return record(p, caller);
    },
  );
}
