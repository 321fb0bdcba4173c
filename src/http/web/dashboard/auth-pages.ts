import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendEmailConfirmation } from '../../../app/accounts/email-confirmation.ts';
import type { AppDeps } from '../../../app/deps.ts';
import { changePassword, signUp, signUpProblems } from '../../../app/sessions/account-password.ts';
import { viewAccount } from '../../../app/sessions/account-view.ts';
import { endAllSessions, endOneSession } from '../../../app/sessions/sessions.ts';
import { signIn } from '../../../app/sessions/sign-in.ts';
import type { AppError } from '../../../domain/errors.ts';
import { httpStatusOf } from '../../errors.ts';
import { csrfField, errorsFor, field, formOf, problem } from '../kit/forms.ts';
import { html } from '../kit/html.ts';
import {
  addressOf,
  clearSessionCookie,
  preSessionToken,
  sessionOf,
  setSessionCookie,
  signedInUser,
} from '../kit/session.ts';
import { type PageCtx, pageCtx, sendDashboardPage } from './layout.ts';

/** Where to go after sign-in: a dashboard or operator console path only (no open redirect). */
function nextPath(value: unknown): string {
  return typeof value === 'string' && /^\/(?:dashboard|admin)(?:\/[A-Za-z0-9/_-]*)?$/.test(value)
    ? value
    : '/dashboard';
}

function signInPage(
  reply: FastifyReply,
  ctx: PageCtx,
  token: string,
  opts: { login?: string; next: string; error?: AppError | null },
) {
  const a = ctx.m.auth;
  const e = errorsFor(opts.error ?? null, ['login', 'password']);
  return sendDashboardPage(reply, ctx, {
    status: opts.error ? httpStatusOf(opts.error.code) : 200,
    title: a.signInTitle,
    body: html`<div class="card narrow"><h1>${a.signInTitle}</h1><p>${a.signInIntro}</p>${problem(e.form)}
<form method="post" action="/dashboard/sign-in" novalidate>${csrfField(token)}
<input type="hidden" name="next" value="${opts.next}">
${field({ name: 'login', label: a.login, value: opts.login ?? '', autocomplete: 'username', required: true, error: e.byField['login'] ?? null })}
${field({ name: 'password', label: a.password, type: 'password', autocomplete: 'current-password', required: true, error: e.byField['password'] ?? null })}
<button type="submit">${a.signIn}</button></form>
<p>${a.noAccount} <a href="/dashboard/sign-up">${a.signUpLink}</a></p></div>`,
  });
}

/** Several errors of one form: each under its field (the first per field), the others for the form. */
function errorsForAll(
  errors: readonly AppError[],
  fields: string[],
): { byField: Record<string, string>; form: string | null } {
  const byField: Record<string, string> = {};
  const form: string[] = [];
  for (const e of errors) {
    const one = errorsFor(e, fields);
    for (const [k, v] of Object.entries(one.byField)) byField[k] ??= v;
    if (one.form !== null) form.push(one.form);
  }
  return { byField, form: form.length === 0 ? null : form.join('; ') };
}

function signUpPage(
  reply: FastifyReply,
  ctx: PageCtx,
  token: string,
  opts: { usertag?: string; email?: string; errors?: readonly AppError[] },
) {
  const a = ctx.m.auth;
  const fields = ['usertag', 'email', 'password', 'repeat_password'];
  const errors = opts.errors ?? [];
  const e = errorsForAll(errors, fields);
  const first = errors[0];
  return sendDashboardPage(reply, ctx, {
    status: first === undefined ? 200 : httpStatusOf(first.code),
    title: a.signUpTitle,
    body: html`<div class="card narrow"><h1>${a.signUpTitle}</h1><p>${a.signUpIntro}</p>${problem(e.form)}
<form method="post" action="/dashboard/sign-up" novalidate>${csrfField(token)}
${field({ name: 'usertag', label: a.usertag, hint: a.usertagHint, value: opts.usertag ?? '', autocomplete: 'username', required: true, error: e.byField['usertag'] ?? null })}
${field({ name: 'email', label: a.email, type: 'email', hint: a.emailHint, value: opts.email ?? '', autocomplete: 'email', required: true, error: e.byField['email'] ?? null })}
${field({ name: 'password', label: a.newPassword, type: 'password', hint: a.passwordHint, autocomplete: 'new-password', required: true, error: e.byField['password'] ?? null })}
${field({ name: 'repeat_password', label: a.repeatPassword, type: 'password', autocomplete: 'new-password', required: true, error: e.byField['repeat_password'] ?? null })}
<button type="submit">${a.signUp}</button></form>
<p>${a.haveAccount} <a href="/dashboard/sign-in">${a.signInLink}</a></p></div>`,
  });
}

/** Sign-in, sign-up and sign-out: the pages outside the session guard. */
export function authPages(scope: FastifyInstance, deps: AppDeps): void {
  const userAgentOf = (request: FastifyRequest) => String(request.headers['user-agent'] ?? '');

  scope.get('/sign-in', { schema: { hide: true } }, async (request, reply) => {
    if ((await sessionOf(deps, request)) !== null) return reply.redirect('/dashboard', 303);
    const ctx = pageCtx(deps, request, reply, null);
    const next = nextPath((request.query as Record<string, unknown>)['next']);
    return signInPage(reply, ctx, await preSessionToken(deps, request, reply), { next });
  });

  scope.post('/sign-in', { schema: { hide: true } }, async (request, reply) => {
    const f = formOf(request);
    const r = await signIn(deps, {
      login: f['login'],
      password: f['password'],
      address: addressOf(request),
      userAgent: userAgentOf(request),
    });
    if (r.ok) {
      setSessionCookie(deps, reply, r.value.token);
      const next = nextPath(f['next']);
      return reply.redirect(`${next}?done=signed_in`, 303);
    }
    if (r.error.retryAfterSec !== undefined) reply.header('retry-after', String(r.error.retryAfterSec));
    const ctx = pageCtx(deps, request, reply, null);
    return signInPage(reply, ctx, await preSessionToken(deps, request, reply), {
      login: f['login'] ?? '',
      next: nextPath(f['next']),
      error: r.error,
    });
  });

  scope.get('/sign-up', { schema: { hide: true } }, async (request, reply) => {
    if ((await sessionOf(deps, request)) !== null) return reply.redirect('/dashboard', 303);
    const ctx = pageCtx(deps, request, reply, null);
    return signUpPage(reply, ctx, await preSessionToken(deps, request, reply), {});
  });

  scope.post('/sign-up', { schema: { hide: true } }, async (request, reply) => {
    const f = formOf(request);
    const ctx = pageCtx(deps, request, reply, null);
    const again = async (errors: readonly AppError[]) => {
      for (const e of errors)
        if (e.retryAfterSec !== undefined) reply.header('retry-after', String(e.retryAfterSec));
      return signUpPage(reply, ctx, await preSessionToken(deps, request, reply), {
        usertag: f['usertag'] ?? '',
        email: f['email'] ?? '',
        errors,
      });
    };
    // Every field's problem at once, before anything is counted or created.
    const problems = signUpProblems({
      usertag: f['usertag'],
      email: f['email'],
      password: f['password'],
      repeat: f['repeat_password'],
    });
    if (problems.length > 0) return again(problems);
    const r = await signUp(deps, {
      usertag: f['usertag'],
      email: f['email'],
      password: f['password'],
      address: addressOf(request),
      userAgent: userAgentOf(request),
    });
    if (!r.ok) return again([r.error]);
    setSessionCookie(deps, reply, r.value.token);
    return reply.redirect('/dashboard?done=signed_up', 303);
  });

  scope.post('/sign-out', { schema: { hide: true } }, async (request, reply) => {
    const s = await sessionOf(deps, request);
    if (s !== null) await endOneSession(deps, s.sessionId);
    clearSessionCookie(deps, reply);
    return reply.redirect('/dashboard/sign-in?done=signed_out', 303);
  });
}

/**
 * The signed-in account's own pages: sign-out everywhere, the e-mail confirmation again, the account
 * page and password change. Registered on the dashboard's guarded scope (routes.ts).
 */
export function accountPages(scope: FastifyInstance, deps: AppDeps): void {
  scope.post('/sign-out-everywhere', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    await endAllSessions(deps, s.accountId);
    clearSessionCookie(deps, reply);
    return reply.redirect('/dashboard/sign-in?done=signed_out_everywhere', 303);
  });

  scope.post('/confirm-email', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    const sent = await sendEmailConfirmation(deps, s.usertag);
    if (sent.ok) return reply.redirect('/dashboard/account?done=confirmation_sent', 303);
    // The address had its hourly share of e-mails: the account page says so, and when to ask again.
    if (sent.error.retryAfterSec !== undefined) reply.header('retry-after', String(sent.error.retryAfterSec));
    return accountPage(request, reply, sent.error);
  });

  const accountPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    error: AppError | null,
  ): Promise<FastifyReply> => {
    const s = signedInUser(request);
    const ctx = pageCtx(deps, request, reply, s);
    const v = await viewAccount(deps, s.accountId);
    if (v === null) return reply.redirect('/dashboard/sign-in', 303);
    const a = ctx.m.account;
    const e = errorsFor(error, ['current_password', 'new_password', 'repeat_password']);
    const sessions = v.sessions.map(
      (x) =>
        html`<li>${a.sessionFrom(x.from || '?', ctx.m.date(x.createdAtMs))}${
          x.id === s.sessionId ? html` <strong>(${a.thisSession})</strong>` : null
        }<br><span class="muted">${x.userAgent}</span></li>`,
    );
    return sendDashboardPage(reply, ctx, {
      status: error ? httpStatusOf(error.code) : 200,
      title: a.title,
      active: 'account',
      body: html`<h1>${a.title}</h1>${unconfirmedBanner(ctx, v.emailConfirmed, v.email)}
<div class="grid"><section class="card" aria-labelledby="pw"><h2 id="pw">${a.changePassword}</h2>${problem(e.form)}
<form method="post" action="/dashboard/account/password" novalidate>${csrfField(s.csrfToken)}
${field({ name: 'current_password', label: a.currentPassword, type: 'password', autocomplete: 'current-password', required: true, error: e.byField['current_password'] ?? null })}
${field({ name: 'new_password', label: a.newPassword, type: 'password', hint: ctx.m.auth.passwordHint, autocomplete: 'new-password', required: true, error: e.byField['new_password'] ?? null })}
${field({ name: 'repeat_password', label: a.repeatPassword, type: 'password', autocomplete: 'new-password', required: true, error: e.byField['repeat_password'] ?? null })}
<button type="submit">${a.save}</button></form></section>
<div><section class="card" aria-labelledby="me"><h2 id="me">${a.usertag}</h2><dl class="facts">
<div><dt>${a.usertag}</dt><dd>@${v.usertag}</dd></div>
<div><dt>${a.email}</dt><dd>${v.email} (${v.emailConfirmed ? a.emailConfirmed : a.emailUnconfirmed})</dd></div></dl></section>
<section class="card" aria-labelledby="ss"><h2 id="ss">${a.sessions}</h2><ul>${sessions}</ul>
<form method="post" action="/dashboard/sign-out-everywhere">${csrfField(s.csrfToken)}<p class="hint">${a.signOutEverywhereHint}</p><button type="submit" class="danger">${a.signOutEverywhere}</button></form></section></div></div>`,
    });
  };

  scope.get('/account', { schema: { hide: true } }, (request, reply) => accountPage(request, reply, null));

  scope.post('/account/password', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    const f = formOf(request);
    const r = await changePassword(deps, s, {
      current: f['current_password'],
      next: f['new_password'],
      repeat: f['repeat_password'],
    });
    if (r.ok) return reply.redirect('/dashboard/account?done=password_changed', 303);
    if (r.error.retryAfterSec !== undefined) reply.header('retry-after', String(r.error.retryAfterSec));
    return accountPage(request, reply, r.error);
  });
}

/** The notice of an e-mail address not yet confirmed, with the form that sends the link again. */
export function unconfirmedBanner(ctx: PageCtx, confirmed: boolean, email: string) {
  if (confirmed || ctx.session === null) return null;
  return html`<div class="warn" role="note">${ctx.m.auth.unconfirmed(email)}
<form method="post" action="/dashboard/confirm-email">${csrfField(ctx.session.csrfToken)}<button type="submit" class="secondary">${ctx.m.auth.resend}</button></form></div>`;
}
