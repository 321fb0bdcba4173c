import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionCaller } from '../../../app/dashboard/views.ts';
import type { AppDeps } from '../../../app/deps.ts';
import { confirmPassword } from '../../../app/sessions/sign-in.ts';
import { checkVoucher } from '../../../app/vouchers/check-voucher.ts';
import { listBatches } from '../../../app/vouchers/list-batches.ts';
import { requestVoucher } from '../../../app/vouchers/request-voucher.ts';
import { revokeVoucher } from '../../../app/vouchers/revoke-voucher.ts';
import { printUrl } from '../../../app/vouchers/urls.ts';
import { voucherStateOf } from '../../../app/vouchers/view-voucher.ts';
import type { AppError } from '../../../domain/errors.ts';
import { formatMsatAsBtc } from '../../../domain/money.ts';
import { batchState, VOUCHER_COUNT_MAX, VOUCHER_COUNT_MIN } from '../../../domain/vouchers.ts';
import { httpStatusOf } from '../../errors.ts';
import { decodeRequestVouchers } from '../../wire/vouchers.contract.ts';
import { csrfField, errorsFor, field, formOf, problem } from '../kit/forms.ts';
import { html } from '../kit/html.ts';
import { type SessionUser, signedInUser } from '../kit/session.ts';
import { formKeyOf, newFormKey } from './form-key.ts';
import { type PageCtx, pageCtx, sendDashboardError, sendDashboardPage } from './layout.ts';
import { areaFlash, confirmField } from './page-kit.ts';

/**
 * Vouchers under /dashboard/vouchers: the account's batches, a batch with every voucher's state and its
 * print sheet, creating a batch and revoking one. Creating and revoking run the same use cases as
 * requestVoucher and revokeVoucher, which need the admin key on the API: here they need the password
 * again (confirmPassword), checked after the form's own fields.
 */

const btc = (msat: bigint): string => `${formatMsatAsBtc(msat)} BTC`;

/** The form's fields, named as the API names them so the API's errors land on them. */
const CREATE_FIELDS = ['amount', 'voucher_count', 'title', 'from', 'expiry', 'receiver_email', 'password'];

export function vouchersPages(scope: FastifyInstance, deps: AppDeps): void {
  const publicUrl = deps.config.publicUrl;

  scope.get('/vouchers', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    const ctx = pageCtx(deps, request, reply, s);
    const v = ctx.m.vouchers;
    const after = (request.query as Record<string, unknown>)['after'];
    const page = await listBatches(
      deps,
      sessionCaller(s, 'invoice'),
      typeof after === 'string' ? after : null,
    );
    const rows = page.batches.map(
      (
        b,
      ) => html`<tr><td data-label="${v.created}">${ctx.m.date(b.batch.created_at_ms)}</td><td data-label="${v.titleCol}">${b.batch.title ?? '—'}</td>
<td class="num" data-label="${v.amountEach}">${btc(b.batch.amount_msat)}</td><td class="num" data-label="${v.redeemedOf}">${b.redeemed} / ${Number(b.batch.voucher_count)}</td>
<td data-label="${v.state}"><span class="pill ${b.state}">${v.batchStates[b.state] ?? b.state}</span></td>
<td data-label=""><a href="/dashboard/vouchers/${b.batch.id}">${v.open}<span class="visually-hidden"> ${b.batch.id}</span></a></td></tr>`,
    );
    const table =
      rows.length === 0
        ? html`<p class="muted">${typeof after === 'string' ? v.noMore : v.empty}</p>`
        : html`<div class="tablewrap"><table class="stack"><caption class="visually-hidden">${v.batches}</caption><thead><tr>
<th scope="col">${v.created}</th><th scope="col">${v.titleCol}</th><th scope="col" class="num">${v.amountEach}</th>
<th scope="col" class="num">${v.redeemedOf}</th><th scope="col">${v.state}</th><th scope="col"><span class="visually-hidden">${v.open}</span></th>
</tr></thead><tbody>${rows}</tbody></table></div>`;
    return sendDashboardPage(reply, ctx, {
      title: v.title,
      active: 'vouchers',
      body: html`${areaFlash(ctx, v.done)}<h1>${v.title}</h1><p>${v.intro}</p>
<p><a class="button" href="/dashboard/vouchers/new">${v.createLink}</a></p>
<section class="card" aria-labelledby="vb"><h2 id="vb">${v.batches}</h2>${table}
${
  page.next === null
    ? null
    : html`<nav class="pager" aria-label="${v.batches}"><a href="/dashboard/vouchers">${v.newest}</a> <a href="/dashboard/vouchers?after=${page.next}">${v.older}</a></nav>`
}</section>`,
    });
  });

  const createPage = (
    reply: FastifyReply,
    ctx: PageCtx,
    s: SessionUser,
    form: Record<string, string>,
    error: AppError | null,
  ) => {
    const v = ctx.m.vouchers;
    const e = errorsFor(error, CREATE_FIELDS);
    const err = (name: string) => e.byField[name] ?? null;
    const key = formKeyOf(form) ?? newFormKey();
    return sendDashboardPage(reply, ctx, {
      status: error ? httpStatusOf(error.code) : 200,
      title: v.createTitle,
      active: 'vouchers',
      body: html`<div class="card narrow"><h1>${v.createTitle}</h1><p>${v.createIntro}</p>${problem(e.form)}
<form method="post" action="/dashboard/vouchers/new" novalidate>${csrfField(s.csrfToken)}
<input type="hidden" name="form_key" value="${key}">
${field({ name: 'amount', label: v.amount, hint: v.amountHint, value: form['amount'] ?? '', inputmode: 'decimal', required: true, error: err('amount') })}
${field({ name: 'voucher_count', label: v.count, hint: v.countHint(VOUCHER_COUNT_MIN, VOUCHER_COUNT_MAX), value: form['voucher_count'] ?? '1', inputmode: 'numeric', required: true, error: err('voucher_count') })}
${field({ name: 'title', label: v.titleField, hint: v.titleHint, value: form['title'] ?? '', error: err('title') })}
${field({ name: 'from', label: v.from, value: form['from'] ?? '', error: err('from') })}
${field({ name: 'expiry', label: v.expiry, hint: v.expiryHint(deps.config.vouchers.expiryDefaultMin), value: form['expiry'] ?? '', inputmode: 'numeric', error: err('expiry') })}
${field({ name: 'receiver_email', label: v.receiverEmail, type: 'email', hint: v.receiverEmailHint, value: form['receiver_email'] ?? '', error: err('receiver_email') })}
${confirmField(v.password, v.passwordHint, err('password'))}
<button type="submit">${v.create}</button> <a href="/dashboard/vouchers">${v.cancel}</a></form></div>`,
    });
  };

  scope.get('/vouchers/new', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    return createPage(reply, pageCtx(deps, request, reply, s), s, {}, null);
  });

  scope.post('/vouchers/new', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    const ctx = pageCtx(deps, request, reply, s);
    const f = formOf(request);
    const again = (error: AppError) => {
      if (error.retryAfterSec !== undefined) reply.header('retry-after', String(error.retryAfterSec));
      return createPage(reply, ctx, s, f, error);
    };
    // The API's body: the same names; an empty optional field is an absent one.
    const body: Record<string, unknown> = {};
    for (const name of CREATE_FIELDS) {
      const value = (f[name] ?? '').trim();
      if (name !== 'password' && value !== '') body[name] = value;
    }
    const key = formKeyOf(f);
    const cmd = decodeRequestVouchers(body, key, deps.config.vouchers);
    if (!cmd.ok) return again(cmd.error);
    const confirmed = await confirmPassword(deps, s, f['password']);
    if (!confirmed.ok) return again({ ...confirmed.error, field: 'password' });
    const made = await requestVoucher(deps, sessionCaller(s, 'admin'), cmd.value);
    if (!made.ok) return again(made.error);
    return reply.redirect(`/dashboard/vouchers/${made.value.batch.id}?done=created`, 303);
  });

  const batchPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    s: SessionUser,
    tid: string,
    error: AppError | null,
  ) => {
    const ctx = pageCtx(deps, request, reply, s);
    const v = ctx.m.vouchers;
    const found = await checkVoucher(deps, sessionCaller(s, 'invoice'), tid);
    if (!found.ok) return sendDashboardError(reply, ctx, 404, v.notFound);
    const { batch, vouchers } = found.value;
    const nowMs = deps.clock.nowMs();
    const states = vouchers.map((x) => voucherStateOf(x, batch, nowMs));
    const redeemable = states.filter((x) => x === 'redeemable').length;
    const state = batchState(
      { expiresAtMs: batch.expires_at_ms, revokedAtMs: batch.revoked_at_ms },
      nowMs,
      redeemable,
    );
    const print = new URL(printUrl(publicUrl, batch.id, batch.print_token));
    const e = errorsFor(error, ['password']);
    const rows = vouchers.map(
      (
        x,
        i,
      ) => html`<tr><td class="num" data-label="#">${Number(x.position) + 1}</td><td data-label="${v.code}"><code>${x.code}</code></td>
<td data-label="${v.state}"><span class="pill ${states[i] ?? ''}">${v.voucherStates[states[i] ?? ''] ?? states[i] ?? ''}</span></td>
<td data-label="${v.redeemedAt}">${x.redeemed_at_ms === null ? '—' : ctx.m.date(x.redeemed_at_ms)}</td><td data-label="${v.redeemedBy}">${x.redeemed_by ?? '—'}</td></tr>`,
    );
    const canRevoke = batch.revoked_at_ms === null && state !== 'expired' && redeemable > 0;
    return sendDashboardPage(reply, ctx, {
      status: error ? httpStatusOf(error.code) : 200,
      title: v.batchTitle(batch.title ?? batch.id),
      active: 'vouchers',
      body: html`${areaFlash(ctx, v.done)}<p><a href="/dashboard/vouchers">${v.back}</a></p>
<h1>${v.batchTitle(batch.title ?? batch.id)}</h1>
<div class="grid"><section class="card" aria-labelledby="bf"><h2 id="bf">${v.facts}</h2><dl class="facts">
<div><dt>${v.tid}</dt><dd><code>${batch.id}</code></dd></div>
<div><dt>${v.state}</dt><dd><span class="pill ${state}">${v.batchStates[state] ?? state}</span></dd></div>
<div><dt>${v.amountEach}</dt><dd>${btc(batch.amount_msat)}</dd></div>
<div><dt>${v.feeReserve}</dt><dd>${btc(batch.fee_reserve_msat)}</dd></div>
<div><dt>${v.redeemedOf}</dt><dd>${found.value.redeemedCount} / ${vouchers.length}</dd></div>
<div><dt>${v.from}</dt><dd>${batch.from_name ?? '—'}</dd></div>
<div><dt>${v.created}</dt><dd>${ctx.m.date(batch.created_at_ms)}</dd></div>
<div><dt>${v.expires}</dt><dd>${ctx.m.date(batch.expires_at_ms)}</dd></div>
${batch.revoked_at_ms === null ? null : html`<div><dt>${v.revokedAt}</dt><dd>${ctx.m.date(batch.revoked_at_ms)}</dd></div>`}
</dl><p><a class="button secondary" href="${print.pathname}${print.search}">${v.print}</a></p></section>
<section class="card" aria-labelledby="rv"><h2 id="rv">${v.revokeTitle}</h2>${
        canRevoke
          ? html`<p>${v.revokeIntro}</p>${problem(e.form)}<form method="post" action="/dashboard/vouchers/${batch.id}/revoke" novalidate>${csrfField(s.csrfToken)}
${confirmField(v.password, v.revokePasswordHint, e.byField['password'] ?? null)}
<button type="submit" class="danger">${v.revoke}</button></form>`
          : html`<p class="muted">${batch.revoked_at_ms === null ? v.nothingToRevoke : v.revokedNote}</p>`
      }</section></div>
<section class="card" aria-labelledby="vl"><h2 id="vl">${v.vouchersTitle}</h2><div class="tablewrap"><table class="stack"><thead><tr>
<th scope="col" class="num">#</th><th scope="col">${v.code}</th><th scope="col">${v.state}</th><th scope="col">${v.redeemedAt}</th><th scope="col">${v.redeemedBy}</th>
</tr></thead><tbody>${rows}</tbody></table></div></section>`,
    });
  };

  const tidOf = (request: FastifyRequest): string =>
    String((request.params as { tid: string }).tid).slice(0, 64);

  scope.get('/vouchers/:tid', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    return batchPage(request, reply, s, tidOf(request), null);
  });

  scope.post('/vouchers/:tid/revoke', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    const tid = tidOf(request);
    // The batch must be the caller's before anything else is said about the request.
    const own = await checkVoucher(deps, sessionCaller(s, 'invoice'), tid);
    if (!own.ok) {
      const ctx = pageCtx(deps, request, reply, s);
      return sendDashboardError(reply, ctx, 404, ctx.m.vouchers.notFound);
    }
    const confirmed = await confirmPassword(deps, s, formOf(request)['password']);
    if (!confirmed.ok) {
      if (confirmed.error.retryAfterSec !== undefined)
        reply.header('retry-after', String(confirmed.error.retryAfterSec));
      return batchPage(request, reply, s, tid, { ...confirmed.error, field: 'password' });
    }
    const r = await revokeVoucher(deps, sessionCaller(s, 'admin'), tid);
    if (!r.ok) return batchPage(request, reply, s, tid, r.error);
    return reply.redirect(`/dashboard/vouchers/${r.value.id}?done=revoked`, 303);
  });
}
