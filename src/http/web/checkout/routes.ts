import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { claimCheckoutTransaction } from '../../../app/checkout/claim-transaction.ts';
import { createCheckoutWatch } from '../../../app/checkout/live-status.ts';
import { depositCheckoutInSandbox, payCheckoutInSandbox } from '../../../app/checkout/pay-in-sandbox.ts';
import { FINAL_STATES } from '../../../app/checkout/state.ts';
import { viewCheckout } from '../../../app/checkout/view-checkout.ts';
import type { AppDeps } from '../../../app/deps.ts';
import { CHAIN_NETWORKS, PAYMENT_EXCEPTIONS } from '../../../domain/payments/vocabulary.ts';
import { HttpError, httpStatusOf } from '../../errors.ts';
import { errorBody, toProblem } from '../../family.ts';
import { DEVANAGARI_FONT, ICON } from '../kit/brand-assets.ts';
import { serveHashedAssets } from '../kit/hashed-assets.ts';
import { chooseLang } from '../kit/i18n/index.ts';
import { SCRIPT, STYLESHEET } from './assets.ts';
import { type PageContext, sendCheckoutError, sendCheckoutPage } from './page.ts';
import { checkoutStreamRoute } from './stream.ts';

const tidParams = {
  type: 'object',
  required: ['tid'],
  properties: { tid: { type: 'string', description: 'the payment’s tid (16 characters)' } },
};

const statusSchema = {
  type: 'object',
  required: ['tid', 'state', 'event_id', 'amount', 'expires_at', 'paid_at', 'redirect_url', 'chain'],
  properties: {
    tid: { type: 'string' },
    state: {
      type: 'string',
      enum: ['pending', 'confirming', 'paid', 'expired', 'declined'],
      description:
        'pending: payable; confirming: an on-chain request past hosted_checkout_expiry whose payment was seen on chain before it (on time) and waits for confirmations; paid: settled (also when it arrived after expiry); expired: unpaid at hosted_checkout_expiry; declined: given up before it',
    },
    event_id: {
      type: 'integer',
      description:
        'the state’s id in the event stream: pending 1, confirming 2, declined and expired 3, paid 4',
    },
    amount: {
      type: 'string',
      description: 'BTC with 8 decimals (USDT with 6 for a usdt request); once paid, the amount received',
    },
    expires_at: { type: 'integer', description: 'hosted_checkout_expiry, unix seconds' },
    paid_at: { type: ['integer', 'null'], description: 'unix seconds' },
    redirect_url: {
      type: ['string', 'null'],
      description: 'once paid: the request’s success_url with tid added; null otherwise',
    },
    chain: {
      type: ['object', 'null'],
      description:
        'an on-chain request’s progress on its chain (pro variant, wallet btc or usdt); null for a Lightning request',
      required: ['network', 'received', 'unconfirmed', 'confirmations', 'confirmations_needed'],
      properties: {
        network: { type: 'string', enum: [...CHAIN_NETWORKS] },
        received: {
          type: 'string',
          description:
            'what deposits credited so far, in the request’s asset like amount (an underpaid request stays pending and shows it)',
        },
        unconfirmed: {
          type: ['string', 'null'],
          description: 'deposits seen on chain but not yet deep enough, together; null when there are none',
        },
        confirmations: {
          type: ['integer', 'null'],
          description: 'the fewest confirmations among those deposits; null when there are none',
        },
        confirmations_needed: {
          type: ['integer', 'null'],
          description:
            'confirmations a deposit needs before it is credited; null where the EVM node’s finalized block decides',
        },
        remaining: {
          type: ['string', 'null'],
          description:
            'while pending with part of the amount arrived (credited or seen): what is still to be sent, like amount; null otherwise',
        },
        uri: {
          type: ['string', 'null'],
          description:
            'the payment URI the page’s QR code holds: BIP21 or EIP-681 for remaining when there is one (BIP21 without the Lightning invoice), else for the amount',
        },
      },
    },
    exception: {
      type: ['string', 'null'],
      enum: [...PAYMENT_EXCEPTIONS, null],
      description:
        'paid_late, paid_over (state paid) or paid_partial (state expired: part of the amount was received and credited to the merchant); null otherwise',
    },
  },
};

const problemSchema = {
  type: 'object',
  properties: { success: { type: 'boolean' }, message: { type: 'string' }, code: { type: 'string' } },
};

/**
 * The sandbox deposit form's confirmations: absent or blank is the default (undefined); anything else is
 * passed on as a number, NaN when it is not one, which the deposit refuses with the field named.
 */
function sandboxConfirmationsOf(v: unknown): number | undefined {
  if (v === undefined || (typeof v === 'string' && v.trim() === '')) return undefined;
  return typeof v === 'string' && /^\s*\d{1,4}\s*$/.test(v) ? Number(v) : Number.NaN;
}

/**
 * The hosted checkout page under /checkout (no key: the tid is the only credential): the page, its
 * script and stylesheet, its live status (JSON and Server-Sent Events) and, with the sandbox backend,
 * its "Pay with sandbox wallet" form. The page and its refusals are HTML; the status feeds answer JSON.
 */
export async function checkoutPages(scope: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const sandbox = deps.config.lightning.backend === 'sandbox';
  const watch = createCheckoutWatch(deps);
  scope.addHook('onClose', async () => watch.close());

  const contextOf = (request: FastifyRequest, tid?: string): PageContext => ({
    lang: chooseLang(
      (request.query as { lang?: unknown } | undefined)?.lang,
      request.headers['accept-language'],
    ),
    path: tid === undefined ? '/checkout' : `/checkout/${tid}`,
    sandbox,
  });

  scope.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const p = toProblem(error, request);
    if (p.retryAfterSec !== undefined) reply.header('retry-after', String(p.retryAfterSec));
    return sendCheckoutError(reply, p.status, contextOf(request), p.message);
  });
  scope.setNotFoundHandler((request, reply) => sendCheckoutError(reply, 404, contextOf(request)));

  serveHashedAssets(scope, [SCRIPT, STYLESHEET, ICON, DEVANAGARI_FONT]);

  scope.get('/:tid', { schema: { hide: true } }, async (request, reply) => {
    const tid = (request.params as { tid: string }).tid.toLowerCase();
    const v = await viewCheckout(deps, tid);
    if (!v.ok) return sendCheckoutError(reply, 404, contextOf(request));
    return sendCheckoutPage(reply, v.value, contextOf(request, v.value.status.tid), deps.clock.nowMs());
  });

  // The payer names the on-chain transaction they sent (pro requests): post/redirect/get; a refusal shows
  // the page with the reason.
  scope.post('/:tid/transaction', { schema: { hide: true } }, async (request, reply) => {
    const tid = (request.params as { tid: string }).tid.toLowerCase();
    const ctx = contextOf(request, tid);
    const body = (request.body ?? {}) as Record<string, unknown>;
    // The form's field as typed; anything else (absent, repeated) is an empty, refused hash.
    const hash = typeof body['transaction_hash'] === 'string' ? body['transaction_hash'] : '';
    const claimed = await claimCheckoutTransaction(deps, tid, hash);
    if (claimed.ok) return reply.redirect(`/checkout/${tid}?lang=${ctx.lang}`, 303);
    const v = await viewCheckout(deps, tid);
    if (!v.ok) return sendCheckoutError(reply, 404, ctx);
    return sendCheckoutPage(reply, v.value, ctx, deps.clock.nowMs(), {
      notice: claimed.error.message,
      status: httpStatusOf(claimed.error.code),
    });
  });

  if (sandbox) {
    // The sandbox's chain: a deposit of what the on-chain request still misses, with the form's
    // confirmations (default SANDBOX_CHAIN_CONFIRMATIONS: credited at once; fewer: seen, not yet credited).
    scope.post('/:tid/deposit', { schema: { hide: true } }, async (request, reply) => {
      const tid = (request.params as { tid: string }).tid.toLowerCase();
      const ctx = contextOf(request, tid);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const confirmations = sandboxConfirmationsOf(body['confirmations']);
      const made = await depositCheckoutInSandbox(deps, tid, confirmations);
      if (made.ok || made.error.code === 'invoice_expired') {
        return reply.redirect(`/checkout/${tid}?lang=${ctx.lang}`, 303);
      }
      const v = await viewCheckout(deps, tid);
      if (!v.ok) return sendCheckoutError(reply, 404, ctx);
      return sendCheckoutPage(reply, v.value, ctx, deps.clock.nowMs(), {
        notice: made.error.message,
        status: httpStatusOf(made.error.code),
      });
    });
    // Post/redirect/get: the page then shows the payment. A refusal shows the page with the reason.
    scope.post('/:tid/pay', { schema: { hide: true } }, async (request, reply) => {
      const tid = (request.params as { tid: string }).tid.toLowerCase();
      const ctx = contextOf(request, tid);
      const paid = await payCheckoutInSandbox(deps, tid);
      if (paid.ok || paid.error.code === 'invoice_expired') {
        return reply.redirect(`/checkout/${tid}?lang=${ctx.lang}`, 303);
      }
      const v = await viewCheckout(deps, tid);
      if (!v.ok) return sendCheckoutError(reply, 404, ctx);
      return sendCheckoutPage(reply, v.value, ctx, deps.clock.nowMs(), {
        notice: paid.error.message,
        status: FINAL_STATES.has(v.value.status.state) ? 200 : httpStatusOf(paid.error.code),
      });
    });
  }

  await scope.register(async (feeds) => {
    // JSON refusals here (unknown paths stay with the page's 404).
    feeds.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const p = toProblem(error, request);
      if (p.retryAfterSec !== undefined) reply.header('retry-after', String(p.retryAfterSec));
      return reply.status(p.status).send(errorBody('bare', p));
    });
    feeds.get(
      '/:tid/status',
      {
        schema: {
          tags: ['checkout'],
          summary: 'Live status of a hosted checkout page',
          description:
            'What the checkout page polls when it cannot keep an event stream (GET /checkout/{tid}/events, Server-Sent Events of the same objects) open. No key: the tid is the credential, and nothing private is in the answer. 404 for a tid without a checkout page.',
          params: tidParams,
          response: { 200: statusSchema, 404: problemSchema },
        },
      },
      async (request) => {
        const v = await viewCheckout(deps, (request.params as { tid: string }).tid.toLowerCase());
        if (!v.ok) throw new HttpError(v.error);
        return v.value.status;
      },
    );
    checkoutStreamRoute(feeds, deps, watch);
  });
}
