import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import { databaseRateCounter } from '../../app/rate-limits/counters.ts';
import { confirmPassword } from '../../app/sessions/sign-in.ts';
import {
  createTradeCredential,
  listTradeCredentials,
  revokeTradeCredential,
} from '../../app/trading/credentials.ts';
import type { AppError } from '../../domain/errors.ts';
import { httpStatusOf } from '../errors.ts';
import { html } from '../pages/html.ts';
import { errorsFor, formOf } from './auth-pages.ts';
import { csrfField, field, pageCtx, problem, sendDashboardPage } from './layout.ts';
import { areaFlash, confirmField } from './page-kit.ts';
import { requireSession, type SessionUser } from './session.ts';

/**
 * Trading under /dashboard/trading: trade API credentials (create: the secret shown once on the answer
 * to the form and never again; list; revoke), through the same use cases as `paytag trade-keys`.
 */

/** A form of the credential page is answered once: a reload (the form sent again) makes no second one. */
const FORM_ONCE_MS = 24 * 3600 * 1000;
const newNonce = (): string => randomBytes(18).toString('base64url');
const NONCE = /^[A-Za-z0-9_-]{24}$/;

export function tradingPages(scope: FastifyInstance, deps: AppDeps): void {
  const tradingPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    s: SessionUser,
    opts: { error?: AppError | null; label?: string } = {},
  ) => {
    const ctx = pageCtx(deps, request, reply, s);
    const t = ctx.m.trading;
    const error = opts.error ?? null;
    const e = errorsFor(error, ['label', 'password']);
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
}</section>`,
    });
  };

  scope.get('/trading', { schema: { hide: true } }, async (request, reply) => {
    const s = await requireSession(deps, request, reply);
    if (s === null) return reply;
    return tradingPage(request, reply, s);
  });

  scope.post('/trading/credentials', { schema: { hide: true } }, async (request, reply) => {
    const s = await requireSession(deps, request, reply);
    if (s === null) return reply;
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
    const s = await requireSession(deps, request, reply);
    if (s === null) return reply;
    const apiKey = (formOf(request)['api_key'] ?? '').slice(0, 64);
    const r = await revokeTradeCredential(deps, { usertag: s.usertag, apiKey });
    if (!r.ok) return tradingPage(request, reply, s, { error: { ...r.error, field: undefined } });
    return reply.redirect('/dashboard/trading?done=revoked', 303);
  });
}
