import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app/deps.ts';
import { databaseRateCounter } from '../../../app/rate-limits/counters.ts';
import { confirmPassword } from '../../../app/sessions/sign-in.ts';
import { cancelOrder } from '../../../app/trading/cancel-order.ts';
import {
  createTradeCredential,
  listTradeCredentials,
  revokeTradeCredential,
} from '../../../app/trading/credentials.ts';
import { listInstruments } from '../../../app/trading/instruments.ts';
import { placeOrder } from '../../../app/trading/place-order.ts';
import { listOrders } from '../../../app/trading/view-orders.ts';
import type { AppError } from '../../../domain/errors.ts';
import { httpStatusOf } from '../../errors.ts';
import { tradeOrderRecord } from '../../wire/order-record.ts';
import { decodeListOrders, decodeOrderTid, decodePlaceOrder } from '../../wire/orders.contract.ts';
import { csrfField, errorsFor, field, formOf, problem, selectField } from '../kit/forms.ts';
import { html } from '../kit/html.ts';
import { type SessionUser, signedInUser } from '../kit/session.ts';
import { pageCtx, sendDashboardError, sendDashboardPage } from './layout.ts';
import { areaFlash, confirmField } from './page-kit.ts';

/**
 * Trading under /dashboard/trading: trade API credentials (create: the secret shown once on the answer
 * to the form and never again; list; revoke), through the same use cases as `paytag trade-keys`; spot
 * orders (place market or limit, cancel, history) through the trade API's codec and use cases.
 */

/** The order form's fields, named as the trade API names them (`pair` stands for asset and quote). */
const ORDER_FIELDS = ['pair', 'side', 'type', 'amount', 'price'];
const newOrderKey = (): string => `dash-${randomBytes(18).toString('base64url')}`;
const ORDER_KEY = /^dash-[A-Za-z0-9_-]{24}$/;
const ORDER_STATUS_FILTERS = ['open', 'filled', 'cancelled'] as const;

/** A form of the credential page is answered once: a reload (the form sent again) makes no second one. */
const FORM_ONCE_MS = 24 * 3600 * 1000;
const newNonce = (): string => randomBytes(18).toString('base64url');
const NONCE = /^[A-Za-z0-9_-]{24}$/;

export function tradingPages(scope: FastifyInstance, deps: AppDeps): void {
  const tradingPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    s: SessionUser,
    opts: { error?: AppError | null; label?: string; order?: Record<string, string> } = {},
  ) => {
    const ctx = pageCtx(deps, request, reply, s);
    const t = ctx.m.trading;
    const error = opts.error ?? null;
    const forOrder = opts.order !== undefined;
    const e = errorsFor(forOrder ? null : error, ['label', 'password']);
    const oe = errorsFor(forOrder ? error : null, ORDER_FIELDS);
    const o = opts.order ?? {};
    const list = await listTradeCredentials(deps, s.usertag);
    const creds = list.ok ? list.value : [];
    const rows = creds.map(
      (
        c,
      ) => html`<tr><td data-label="${t.apiKey}"><code>${c.apiKey}</code></td><td data-label="${t.label}">${c.label || '—'}</td><td data-label="${t.created}">${ctx.m.date(c.createdAtMs)}</td>
<td data-label="${t.lastUsed}">${c.lastUsedAtMs === null ? t.never : ctx.m.date(c.lastUsedAtMs)}</td>
<td data-label="${t.state}"><span class="pill ${c.revokedAtMs === null ? 'success' : 'expired'}">${c.revokedAtMs === null ? t.live : t.revoked}</span></td>
<td data-label="">${
        c.revokedAtMs === null
          ? html`<form method="post" action="/dashboard/trading/credentials/revoke">${csrfField(s.csrfToken)}<input type="hidden" name="api_key" value="${c.apiKey}"><button type="submit" class="danger" aria-label="${t.revokeLabel(c.apiKey)}">${t.revoke}</button></form>`
          : null
      }</td></tr>`,
    );
    const asked = (request.query as Record<string, unknown>)['status'];
    const filter = decodeListOrders({ status: typeof asked === 'string' ? asked : undefined, limit: '50' });
    const q = filter.ok ? filter.value : { status: null, limit: 50 };
    const orders = (await listOrders(deps, s.accountId, q)).map((row) => ({ row, r: tradeOrderRecord(row) }));
    const instruments = listInstruments(deps).filter((i) => i.open);
    const orderRows = orders.map(
      ({
        row,
        r,
      }) => html`<tr><td data-label="${t.created}">${ctx.m.date(row.created_at_ms)}<br><code class="muted">${r.tid}</code></td><td data-label="${t.pair}">${r.pair}</td>
<td data-label="${t.side}">${r.type === 'buy' ? t.buy : t.sell}</td><td data-label="${t.type}">${r.order_type === 'limit' ? t.limit : t.market}</td>
<td class="num" data-label="${t.amount}">${r.amount} ${r.asset}</td><td class="num" data-label="${t.price}">${r.order_type === 'limit' ? `${r.price} ${r.quote}` : '—'}</td>
<td class="num" data-label="${t.executedPrice}">${r.executed_at === null ? '—' : `${r.executed_price} ${r.quote}`}</td>
<td class="num" data-label="${t.received}">${r.executed_at === null ? '—' : `${r.total_received} ${r.reveived_asset}`}</td>
<td data-label="${t.state}"><span class="pill ${r.status === 'filled' ? 'success' : r.status === 'open' ? 'pending' : 'expired'}">${t.statuses[r.status] ?? r.status}</span></td>
<td data-label="">${
        r.status === 'open'
          ? html`<form method="post" action="/dashboard/trading/orders/${r.tid}/cancel">${csrfField(s.csrfToken)}<button type="submit" class="danger" aria-label="${t.cancelLabel(r.tid)}">${t.cancel}</button></form>`
          : null
      }</td></tr>`,
    );
    const filterLinks = [null, ...ORDER_STATUS_FILTERS].map(
      (st) =>
        html`<a href="/dashboard/trading${st === null ? '' : `?status=${st}`}#oh"${(q.status ?? null) === st ? html` aria-current="true"` : null}>${st === null ? t.all : (t.statuses[st] ?? st)}</a> `,
    );
    const ordersSection = html`<section class="card" aria-labelledby="po"><h2 id="po">${t.orders}</h2><p>${t.ordersIntro}</p>${problem(oe.form)}
<form method="post" action="/dashboard/trading/orders" novalidate>${csrfField(s.csrfToken)}
<input type="hidden" name="client_order_id" value="${ORDER_KEY.test(o['client_order_id'] ?? '') ? (o['client_order_id'] ?? '') : newOrderKey()}">
${selectField({ name: 'pair', label: t.pair, options: instruments.map((i) => [i.pair, i.pair]), value: o['pair'] ?? instruments[0]?.pair ?? '', error: oe.byField['pair'] ?? null })}
${selectField({
  name: 'side',
  label: t.side,
  options: [
    ['buy', t.buy],
    ['sell', t.sell],
  ],
  value: o['side'] ?? 'buy',
  error: oe.byField['side'] ?? null,
})}
${selectField({
  name: 'type',
  label: t.type,
  options: [
    ['market', t.market],
    ['limit', t.limit],
  ],
  value: o['type'] ?? 'market',
  error: oe.byField['type'] ?? null,
})}
${field({ name: 'amount', label: t.amount, hint: t.amountHint, value: o['amount'] ?? '', inputmode: 'decimal', required: true, error: oe.byField['amount'] ?? null })}
${field({ name: 'price', label: t.price, hint: t.priceHint, value: o['price'] ?? '', inputmode: 'decimal', error: oe.byField['price'] ?? null })}
<button type="submit">${t.place}</button></form></section>
<section class="card" aria-labelledby="oh"><h2 id="oh">${t.history}</h2><nav class="pager" aria-label="${t.filter}"><span>${t.filter}:</span> ${filterLinks}</nav>${
      orderRows.length === 0
        ? html`<p class="muted">${t.noOrders}</p>`
        : html`<div class="tablewrap"><table class="stack"><caption class="visually-hidden">${t.history}</caption><thead><tr>
<th scope="col">${t.created}</th><th scope="col">${t.pair}</th><th scope="col">${t.side}</th><th scope="col">${t.type}</th><th scope="col" class="num">${t.amount}</th><th scope="col" class="num">${t.price}</th><th scope="col" class="num">${t.executedPrice}</th><th scope="col" class="num">${t.received}</th><th scope="col">${t.state}</th><th scope="col"><span class="visually-hidden">${t.cancel}</span></th>
</tr></thead><tbody>${orderRows}</tbody></table></div>`
    }</section>`;
    return sendDashboardPage(reply, ctx, {
      status: error ? httpStatusOf(error.code) : 200,
      title: t.title,
      active: 'trading',
      body: html`${areaFlash(ctx, t.done)}<h1>${t.title}</h1>
<section class="card" aria-labelledby="tc"><h2 id="tc">${t.credentials}</h2><p>${t.credentialsIntro}</p>${problem(e.form)}
<form method="post" action="/dashboard/trading/credentials" novalidate>${csrfField(s.csrfToken)}
<input type="hidden" name="form_nonce" value="${newNonce()}">
${field({ name: 'label', label: t.label, hint: t.labelHint, value: opts.label ?? '', error: e.byField['label'] ?? null })}
${confirmField(t.password, t.passwordHint, e.byField['password'] ?? null)}
<button type="submit">${t.create}</button></form>
${
  rows.length === 0
    ? html`<p class="muted">${t.none}</p>`
    : html`<div class="tablewrap"><table class="stack"><caption class="visually-hidden">${t.credentials}</caption><thead><tr>
<th scope="col">${t.apiKey}</th><th scope="col">${t.label}</th><th scope="col">${t.created}</th><th scope="col">${t.lastUsed}</th><th scope="col">${t.state}</th><th scope="col"><span class="visually-hidden">${t.revoke}</span></th>
</tr></thead><tbody>${rows}</tbody></table></div>`
}</section>${ordersSection}`,
    });
  };

  scope.get('/trading', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    return tradingPage(request, reply, s);
  });

  scope.post('/trading/credentials', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    const f = formOf(request);
    const label = f['label'] ?? '';
    const nonce = f['form_nonce'] ?? '';
    if (!NONCE.test(nonce)) {
      return tradingPage(request, reply, s, {
        label,
        error: { code: 'invalid_request', message: 'the form is incomplete; send it again' },
      });
    }
    // Once per form: the answer holds the secret, and sending the form again must not make another.
    const once = await databaseRateCounter(deps.db).hit(
      `dash:trade-credential:${s.sessionId}:${nonce}`,
      FORM_ONCE_MS,
      deps.clock.nowMs(),
    );
    if (once.count > 1) return reply.redirect('/dashboard/trading?done=resent', 303);
    const confirmed = await confirmPassword(deps, s, f['password']);
    if (!confirmed.ok) {
      if (confirmed.error.retryAfterSec !== undefined)
        reply.header('retry-after', String(confirmed.error.retryAfterSec));
      return tradingPage(request, reply, s, { label, error: { ...confirmed.error, field: 'password' } });
    }
    const made = await createTradeCredential(deps, { usertag: s.usertag, label });
    if (!made.ok) return tradingPage(request, reply, s, { label, error: made.error });
    const ctx = pageCtx(deps, request, reply, s);
    const t = ctx.m.trading;
    // Shown here once: the answer is not stored by the browser (no-store) and the secret is kept nowhere.
    return sendDashboardPage(reply, ctx, {
      title: t.newTitle,
      active: 'trading',
      body: html`<div class="card narrow"><h1>${t.newTitle}</h1><p class="warn" role="alert">${t.newNote}</p><dl class="facts">
<div><dt>${t.label}</dt><dd>${made.value.label || '—'}</dd></div>
<div><dt>${t.apiKey}</dt><dd><div class="secret" id="api-key">${made.value.apiKey}</div></dd></div>
<div><dt>${t.apiSecret}</dt><dd><div class="secret" id="api-secret">${made.value.apiSecret}</div></dd></div></dl>
<p><a class="button" href="/dashboard/trading">${t.backToList}</a></p></div>`,
    });
  });

  scope.post('/trading/credentials/revoke', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    const apiKey = (formOf(request)['api_key'] ?? '').slice(0, 64);
    const r = await revokeTradeCredential(deps, { usertag: s.usertag, apiKey });
    if (!r.ok) return tradingPage(request, reply, s, { error: { ...r.error, field: undefined } });
    return reply.redirect('/dashboard/trading?done=revoked', 303);
  });

  scope.post('/trading/orders', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    const f = formOf(request);
    const again = (error: AppError) => {
      const field = error.field === 'asset' || error.field === 'quote' ? 'pair' : error.field;
      return tradingPage(request, reply, s, { order: f, error: { ...error, field } });
    };
    const [asset = '', quote = ''] = (f['pair'] ?? '').split('-');
    const body: Record<string, unknown> = {
      side: f['side'],
      type: f['type'],
      asset,
      quote,
      amount: (f['amount'] ?? '').trim(),
      client_order_id: ORDER_KEY.test(f['client_order_id'] ?? '') ? f['client_order_id'] : undefined,
    };
    // A market order takes no price: a price left in the form's field is ignored, not refused.
    if (f['type'] === 'limit') body['price'] = (f['price'] ?? '').trim();
    const cmd = decodePlaceOrder(body);
    if (!cmd.ok) return again(cmd.error);
    const placed = await placeOrder(deps, s.accountId, cmd.value);
    if (!placed.ok) return again(placed.error);
    const done = placed.value.status === 'filled' ? 'order_filled' : 'order_placed';
    return reply.redirect(`/dashboard/trading?done=${done}#oh`, 303);
  });

  scope.post('/trading/orders/:tid/cancel', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    const ctx = pageCtx(deps, request, reply, s);
    const tid = decodeOrderTid((request.params as { tid?: unknown }).tid);
    const r = tid.ok ? await cancelOrder(deps, s.accountId, tid.value) : tid;
    if (!r.ok) {
      if (r.error.code === 'not_found' || r.error.code === 'invalid_request')
        return sendDashboardError(reply, ctx, 404, ctx.m.trading.orderNotFound);
      return sendDashboardError(reply, ctx, httpStatusOf(r.error.code), r.error.message);
    }
    return reply.redirect('/dashboard/trading?done=order_cancelled#oh', 303);
  });
}
