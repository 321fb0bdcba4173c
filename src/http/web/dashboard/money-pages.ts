import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { quoteSend } from '../../../app/dashboard/send-quote.ts';
import { sessionCaller } from '../../../app/dashboard/views.ts';
import type { AppDeps } from '../../../app/deps.ts';
import { receive } from '../../../app/payments/receive.ts';
import { send } from '../../../app/payments/send.ts';
import { confirmPassword } from '../../../app/sessions/sign-in.ts';
import type { AppError } from '../../../domain/errors.ts';
import { formatMsatAsBtc } from '../../../domain/money.ts';
import { httpStatusOf } from '../../errors.ts';
import { csrfField, errorsFor, field, formOf, problem } from '../kit/forms.ts';
import { html } from '../kit/html.ts';
import { signedInUser } from '../kit/session.ts';
import { pageCtx, sendDashboardPage } from './layout.ts';
import { decodeReceiveForm, RECEIVE_FIELDS } from './receive.form.ts';
import { decodeSendForm, SEND_FIELDS, sendFormErrors } from './send.form.ts';

const btc = (msat: bigint) => `${formatMsatAsBtc(msat)} BTC`;

/** A page with its form, drawn again with the refusal of a submit. */
type FormPage = (
  request: FastifyRequest,
  reply: FastifyReply,
  error: AppError | null,
) => Promise<FastifyReply>;

export function moneyPages(scope: FastifyInstance, deps: AppDeps): void {
  const receivePage: FormPage = async (request, reply, error) => {
    const s = signedInUser(request);
    const ctx = pageCtx(deps, request, reply, s);
    const r = ctx.m.receive;
    const f = formOf(request);
    const e = errorsFor(error, RECEIVE_FIELDS);
    return sendDashboardPage(reply, ctx, {
      status: error ? httpStatusOf(error.code) : 200,
      title: r.title,
      active: 'receive',
      body: html`<h1>${r.title}</h1><section class="card narrow">${problem(e.form)}
<form method="post" action="/dashboard/receive" novalidate>${csrfField(s.csrfToken)}
${field({ name: 'amount', label: `${r.amount} (BTC)`, hint: r.amountHint, value: f['amount'] ?? '', inputmode: 'decimal', required: true, error: e.byField['amount'] ?? null })}
${field({ name: 'description', label: r.memo, hint: r.memoHint, value: f['description'] ?? '', error: e.byField['description'] ?? null })}
<button type="submit">${r.create}</button></form></section>`,
    });
  };

  scope.get('/receive', { schema: { hide: true } }, (request, reply) => receivePage(request, reply, null));

  scope.post('/receive', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    // The command of POST /lapi/v1/receive and its use case (the invoice key may receive).
    const cmd = decodeReceiveForm(formOf(request));
    const made = cmd.ok ? await receive(deps, sessionCaller(s, 'invoice'), cmd.value) : cmd;
    if (!made.ok) return receivePage(request, reply, made.error);
    return reply.redirect(`/dashboard/payments/${made.value.public_id}?done=request_created`, 303);
  });

  const sendForm: FormPage = async (request, reply, error) => {
    const s = signedInUser(request);
    const ctx = pageCtx(deps, request, reply, s);
    const t = ctx.m.send;
    const f = formOf(request);
    const e = sendFormErrors(error);
    return sendDashboardPage(reply, ctx, {
      status: error ? httpStatusOf(error.code) : 200,
      title: t.title,
      active: 'send',
      body: html`<h1>${t.title}</h1><section class="card narrow">${problem(e.form)}
<form method="post" action="/dashboard/send/review" novalidate>${csrfField(s.csrfToken)}
${field({ name: 'to', label: t.to, hint: t.toHint, value: f['to'] ?? '', required: true, error: e.byField['to'] ?? null })}
${field({ name: 'amount', label: `${t.amount} (BTC)`, hint: t.amountHint, value: f['amount'] ?? '', inputmode: 'decimal', error: e.byField['amount'] ?? null })}
${field({ name: 'description', label: t.memo, value: f['description'] ?? '', error: e.byField['description'] ?? null })}
<button type="submit">${t.review}</button></form></section>`,
    });
  };

  const reviewPage: FormPage = async (request, reply, error) => {
    const s = signedInUser(request);
    const f = formOf(request);
    const cmd = decodeSendForm(f, null);
    if (!cmd.ok) return sendForm(request, reply, cmd.error);
    const quote = quoteSend(deps, cmd.value);
    if (!quote.ok) return sendForm(request, reply, quote.error);
    const ctx = pageCtx(deps, request, reply, s);
    const t = ctx.m.send;
    const q = quote.value;
    const e = errorsFor(error, ['password']);
    // One key per confirmation page: a second click, or a resent form, answers as the first did.
    const idem = /^[0-9a-f]{32}$/.test(f['idempotency_key'] ?? '')
      ? (f['idempotency_key'] as string)
      : randomBytes(16).toString('hex');
    const hidden = SEND_FIELDS.map((k) => html`<input type="hidden" name="${k}" value="${f[k] ?? ''}">`);
    return sendDashboardPage(reply, ctx, {
      status: error ? httpStatusOf(error.code) : 200,
      title: t.confirmTitle,
      active: 'send',
      body: html`<h1>${t.confirmTitle}</h1><section class="card narrow">${problem(e.form)}
<dl class="facts"><div><dt>${t.recipient}</dt><dd id="send-to">${f['to'] ?? ''}</dd></div>
<div><dt>${t.amount}</dt><dd id="send-amount">${btc(q.amountMsat)}</dd></div>
<div><dt>${t.fee}</dt><dd id="send-fee">${btc(q.serviceFeeMsat + q.routingFeeMaxMsat)}</dd></div>
<div><dt>${t.total}</dt><dd id="send-total"><strong>${btc(q.totalMaxMsat)}</strong></dd></div></dl>
<form method="post" action="/dashboard/send" novalidate>${csrfField(s.csrfToken)}${hidden}
<input type="hidden" name="idempotency_key" value="${idem}">
${field({ name: 'password', label: t.password, type: 'password', hint: t.passwordHint, autocomplete: 'current-password', required: true, error: e.byField['password'] ?? null })}
<button type="submit">${t.confirm}</button><a class="button secondary" href="/dashboard/send">${t.cancel}</a></form></section>`,
    });
  };

  scope.get('/send', { schema: { hide: true } }, (request, reply) => sendForm(request, reply, null));

  scope.post('/send/review', { schema: { hide: true } }, (request, reply) =>
    reviewPage(request, reply, null),
  );

  scope.post('/send', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    const f = formOf(request);
    // Sending needs the admin key on the API: here, the password again.
    const confirmed = await confirmPassword(deps, s, f['password']);
    if (!confirmed.ok) {
      if (confirmed.error.retryAfterSec !== undefined)
        reply.header('retry-after', String(confirmed.error.retryAfterSec));
      return reviewPage(request, reply, confirmed.error);
    }
    const idem = /^[0-9a-f]{32}$/.test(f['idempotency_key'] ?? '')
      ? `dashboard-${f['idempotency_key']}`
      : null;
    const cmd = decodeSendForm(f, idem);
    if (!cmd.ok) return sendForm(request, reply, cmd.error);
    const sent = await send(deps, sessionCaller(s, 'admin'), cmd.value);
    if (!sent.ok) return reviewPage(request, reply, sent.error);
    return reply.redirect(`/dashboard/payments/${sent.value.public_id}?done=sent`, 303);
  });
}
