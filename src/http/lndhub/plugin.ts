import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../../app/accounts/authenticate.ts';
import { getWallet } from '../../app/balances/get-balances.ts';
import type { AppDeps } from '../../app/deps.ts';
import { refreshLndhub, signInLndhub } from '../../app/lndhub/tokens.ts';
import { invoicePaid, receivedInvoices, sentPayments } from '../../app/lndhub/wallet.ts';
import { decodeInvoiceInfo } from '../../app/payments/decode-invoice.ts';
import { receive } from '../../app/payments/receive.ts';
import { send } from '../../app/payments/send.ts';
import { keyAllows } from '../../domain/api-keys.ts';
import type { ErrorCode } from '../../domain/errors.ts';
import { err, type Result } from '../../domain/result.ts';
import { HttpError, unwrap } from '../errors.ts';
import { type Problem, toProblem } from '../family.ts';
import { referencesOf } from '../wire/payment-fields.ts';
import { lndhubSecurity, presentedLndhubCaller } from './auth.ts';
import {
  addInvoiceBodySchema,
  authBodySchema,
  authQuerySchema,
  decodeAddInvoice,
  decodeAuth,
  decodeInvoiceQuery,
  decodeListPage,
  decodePayInvoice,
  decodePaymentHash,
  listQuerySchema,
  payInvoiceBodySchema,
} from './contract.ts';
import {
  addInvoiceRecord,
  addInvoiceSchema,
  decodedRecord,
  decodedSchema,
  paidInvoiceRecord,
  paidInvoiceSchema,
  paymentRecord,
  paymentSchema,
  tokensSchema,
  userInvoiceRecord,
  userInvoiceSchema,
} from './records.ts';

// The LNDhub facade under /lndhub/ext/, where LNbits' LNDhub extension serves it (ZEUS recognises the
// path: backends/LndHub.ts treats `/lndhub/ext/` as LNbits, login `invoice` as receive-only). The calls
// and their shapes follow BlueWallet/LndHub controllers/api.js @819518e and lnbits/lndhub views_api.py
// @faeab6e; every call runs the use cases, keys and rate limits of /lapi/v1.

/**
 * LndHub's error numbers (controllers/api.js, "HELPERS"): 1 bad auth, 2 not enough balance, 4 not a valid
 * invoice, 6 something went wrong (try again later), 7 the Lightning node failed, 8 bad arguments,
 * 9 payment in transit, 10 payment failed.
 */
export function lndhubCodeOf(code: Problem['code']): number {
  const table: Partial<Record<ErrorCode | 'internal_error' | 'unsupported_media_type', number>> = {
    unauthorized: 1,
    forbidden_key_kind: 1,
    account_disabled: 1,
    insufficient_balance: 2,
    balance_limit_exceeded: 2,
    invoice_invalid: 4,
    invoice_expired: 4,
    invoice_already_paid: 4,
    amount_mismatch: 4,
    internal_error: 6,
    storage_full: 6,
    shutting_down: 6,
    rate_limited: 6,
    lightning_unavailable: 7,
    payment_failed: 10,
  };
  return table[code] ?? 8;
}

/** LndHub's error body: `{error: true, code, message}` (LndHub's own wording "bad auth" for code 1). */
export function lndhubErrorBody(p: Problem): { error: true; code: number; message: string } {
  const code = lndhubCodeOf(p.code);
  return { error: true, code, message: p.code === 'unauthorized' ? 'bad auth' : p.message };
}

const errorSchema = {
  type: 'object',
  properties: {
    error: { type: 'boolean', const: true },
    code: {
      type: 'integer',
      description:
        'LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed',
    },
    message: { type: 'string' },
    payment_error: { type: 'string', description: 'payinvoice: why the payment failed' },
  },
};
const lndhubErrors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  413: errorSchema,
  422: errorSchema,
  429: errorSchema,
  503: errorSchema,
};

const bodyOf = (request: FastifyRequest): Record<string, unknown> =>
  (request.body ?? {}) as Record<string, unknown>;
const queryOf = (request: FastifyRequest): Record<string, unknown> =>
  (request.query ?? {}) as Record<string, unknown>;

function lndhubCaller(request: FastifyRequest): Caller {
  if (request.caller === null || request.caller === undefined) {
    throw new Error('LNDhub route without config.lndhubScope asked for its caller');
  }
  return request.caller;
}

const badAuth = (): Promise<Result<never>> => Promise.resolve(err('unauthorized', 'bad auth'));

/** /lndhub/ext: the LNDhub API. Errors as LndHub's `{error: true, code, message}`. */
export async function lndhubFamily(scope: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  // Added per route (after the rate limiter's own per-route hook), so floods are limited before any lookup.
  scope.addHook('onRoute', (route) => {
    const need = route.config?.lndhubScope;
    if (need === undefined) return;
    const check = async (request: FastifyRequest) => {
      const r = await (presentedLndhubCaller(deps, request) ?? badAuth());
      if (!r.ok) throw new HttpError(r.error);
      if (!keyAllows(r.value.kind, need)) {
        throw new HttpError({
          code: 'forbidden_key_kind',
          message: 'bad auth: this call needs a token of the admin login; the invoice login is receive-only',
        });
      }
      request.caller = r.value;
    };
    const existing = route.onRequest;
    route.onRequest =
      existing === undefined ? [check] : [...(Array.isArray(existing) ? existing : [existing]), check];
  });
  scope.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const p = toProblem(error, request);
    if (p.retryAfterSec !== undefined) reply.header('retry-after', String(p.retryAfterSec));
    return reply.status(p.status).send(lndhubErrorBody(p));
  });
  scope.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      error: true,
      code: 8,
      message: `no endpoint ${request.method} ${request.url.split('?')[0]}`,
    }),
  );

  const tags = ['lndhub'];

  scope.post(
    '/auth',
    {
      schema: {
        tags,
        summary:
          'Sign in (login invoice or admin, the API key as password) or refresh: access and refresh tokens',
        querystring: authQuerySchema,
        body: authBodySchema,
        response: { 200: tokensSchema, ...lndhubErrors },
      },
    },
    async (request) => {
      const asked = unwrap(decodeAuth(queryOf(request)['type'], bodyOf(request)));
      const tokens = unwrap(
        asked.kind === 'auth'
          ? await signInLndhub(deps, asked.login, asked.password)
          : await refreshLndhub(deps, asked.refreshToken),
      );
      return { access_token: tokens.accessToken, refresh_token: tokens.refreshToken };
    },
  );

  scope.get(
    '/getinfo',
    {
      config: { lndhubScope: 'invoice' },
      schema: {
        tags,
        summary: 'The node behind the service, in the shape of LND’s getinfo',
        security: lndhubSecurity,
        response: {
          200: {
            type: 'object',
            properties: {
              alias: { type: 'string' },
              identity_pubkey: { type: 'string' },
              num_active_channels: { type: 'integer' },
              num_peers: { type: 'integer' },
              block_height: { type: 'integer' },
              synced_to_chain: { type: 'boolean' },
              testnet: { type: 'boolean' },
              chains: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { chain: { type: 'string' }, network: { type: 'string' } },
                },
              },
              uris: { type: 'array', items: { type: 'string' } },
            },
          },
          ...lndhubErrors,
        },
      },
    },
    async () => {
      let info: { pubkey: string; network: string; alias: string };
      try {
        info = await deps.lightning.nodeInfo();
      } catch {
        throw new HttpError({ code: 'lightning_unavailable', message: 'the Lightning node did not answer' });
      }
      const network = info.network === 'bitcoin' ? 'mainnet' : info.network;
      return {
        alias: info.alias || new URL(deps.config.publicUrl).host,
        identity_pubkey: info.pubkey,
        num_active_channels: 0,
        num_peers: 0,
        block_height: 0,
        synced_to_chain: true,
        testnet: network !== 'mainnet',
        chains: [{ chain: 'bitcoin', network }],
        uris: [],
      };
    },
  );

  scope.post(
    '/addinvoice',
    {
      config: {
        lndhubScope: 'invoice',
        rateLimit: { max: deps.config.rateLimit.receivePerMinute, timeWindow: 60_000 },
      },
      schema: {
        tags,
        summary: 'Create an invoice (amt in satoshis, memo, description_hash)',
        security: lndhubSecurity,
        body: addInvoiceBodySchema,
        response: { 200: addInvoiceSchema, ...lndhubErrors },
      },
    },
    async (request) => {
      const cmd = unwrap(decodeAddInvoice(bodyOf(request)));
      return addInvoiceRecord(unwrap(await receive(deps, lndhubCaller(request), cmd)));
    },
  );

  scope.post(
    '/payinvoice',
    {
      config: { lndhubScope: 'admin' },
      schema: {
        tags,
        summary:
          'Pay an invoice and wait for the outcome (up to PAY_TIMEOUT_SEC): the preimage, or payment_error',
        security: lndhubSecurity,
        body: payInvoiceBodySchema,
        response: { 200: paymentSchema, 202: errorSchema, ...lndhubErrors },
      },
    },
    async (request, reply) => {
      const asked = unwrap(decodePayInvoice(bodyOf(request)));
      const decoded = unwrap(decodeInvoiceInfo(deps, asked.invoice));
      // As LndHub: the client's amount is for an invoice without one ("tip" invoices), else ignored.
      if (decoded.amountMsat === null && asked.amountMsat === null) {
        throw new HttpError({
          code: 'invalid_request',
          message: 'this invoice has no amount: give amount (satoshis)',
          field: 'amount',
        });
      }
      const refs = unwrap(referencesOf({}));
      const paid = await send(deps, lndhubCaller(request), {
        target: {
          kind: 'invoice',
          payreq: asked.invoice,
          amountMsat: decoded.amountMsat === null ? asked.amountMsat : null,
        },
        refs,
        idempotencyKey: null,
      });
      if (!paid.ok && paid.error.code === 'payment_failed') {
        // The network refused it and no money moved: LndHub's answer carries payment_error, and BlueWallet,
        // ZEUS and lightning-backends all read `error`/`payment_error` from a 200.
        return reply.status(200).send({
          error: true,
          code: 10,
          message: paid.error.message,
          payment_error: paid.error.message,
        });
      }
      const row = unwrap(paid);
      if (row.status !== 'paid') {
        // Still under way after the backend's timeout: the outcome comes later (gettxs shows it).
        return reply.status(202).send({
          error: true,
          code: 9,
          message: 'the payment is in transit: check gettxs for its outcome; do not pay the invoice again',
        });
      }
      return paymentRecord(row, decoded);
    },
  );

  scope.get(
    '/balance',
    {
      config: { lndhubScope: 'invoice' },
      schema: {
        tags,
        summary: 'Spendable Lightning balance in satoshis',
        security: lndhubSecurity,
        response: {
          200: {
            type: 'object',
            properties: {
              BTC: {
                type: 'object',
                properties: {
                  AvailableBalance: { type: 'integer', description: 'satoshis (msat rounded down)' },
                },
              },
            },
          },
          ...lndhubErrors,
        },
      },
    },
    async (request) => {
      const w = await getWallet(deps, lndhubCaller(request));
      return { BTC: { AvailableBalance: Number(w.balanceMsat / 1000n) } };
    },
  );

  scope.get(
    '/gettxs',
    {
      config: { lndhubScope: 'invoice' },
      schema: {
        tags,
        summary: 'Outgoing Lightning payments, paid or in transit, newest first',
        security: lndhubSecurity,
        querystring: listQuerySchema,
        response: { 200: { type: 'array', items: paidInvoiceSchema }, ...lndhubErrors },
      },
    },
    async (request) => {
      const page = unwrap(decodeListPage(queryOf(request)));
      return (await sentPayments(deps, lndhubCaller(request), page)).map(paidInvoiceRecord);
    },
  );

  scope.get(
    '/getuserinvoices',
    {
      config: { lndhubScope: 'invoice' },
      schema: {
        tags,
        summary: 'The account’s invoices, paid or not, newest first',
        security: lndhubSecurity,
        querystring: listQuerySchema,
        response: { 200: { type: 'array', items: userInvoiceSchema }, ...lndhubErrors },
      },
    },
    async (request) => {
      const page = unwrap(decodeListPage(queryOf(request)));
      return (await receivedInvoices(deps, lndhubCaller(request), page)).map(userInvoiceRecord);
    },
  );

  // No on-chain side through LNDhub (as LNbits' extension): no address, nothing pending on chain.
  for (const path of ['/getpending', '/getbtc']) {
    scope.get(
      path,
      {
        config: { lndhubScope: 'invoice' },
        schema: {
          tags,
          summary:
            path === '/getpending' ? 'Pending on-chain deposits: always empty' : 'On-chain address: none',
          security: lndhubSecurity,
          response: { 200: { type: 'array', items: {} }, ...lndhubErrors },
        },
      },
      async () => [],
    );
  }

  scope.get(
    '/checkpayment/:payment_hash',
    {
      config: { lndhubScope: 'invoice' },
      schema: {
        tags,
        summary: 'Whether the account’s invoice with that payment hash is paid',
        security: lndhubSecurity,
        params: { type: 'object', properties: { payment_hash: { type: 'string' } } },
        response: { 200: { type: 'object', properties: { paid: { type: 'boolean' } } }, ...lndhubErrors },
      },
    },
    async (request) => {
      const hash = unwrap(decodePaymentHash((request.params as Record<string, unknown>)['payment_hash']));
      return { paid: unwrap(await invoicePaid(deps, lndhubCaller(request), hash)) };
    },
  );

  scope.get(
    '/decodeinvoice',
    {
      config: { lndhubScope: 'invoice' },
      schema: {
        tags,
        summary: 'Decode and verify a BOLT11 invoice (LND’s decodepayreq shape)',
        security: lndhubSecurity,
        querystring: { type: 'object', properties: { invoice: { type: 'string' } } },
        response: { 200: decodedSchema, ...lndhubErrors },
      },
    },
    async (request) => {
      const invoice = unwrap(decodeInvoiceQuery(queryOf(request)['invoice']));
      return decodedRecord(unwrap(decodeInvoiceInfo(deps, invoice)));
    },
  );
}
