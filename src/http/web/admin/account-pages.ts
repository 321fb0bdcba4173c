import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app/deps.ts';
import { type AccountDetail, accountDetail, searchAccounts } from '../../../app/operator/accounts.ts';
import { DISABLE_REASON_MAX, disableAccount, enableAccount } from '../../../app/operator/disable-account.ts';
import { confirmPassword } from '../../../app/sessions/sign-in.ts';
import type { AppError } from '../../../domain/errors.ts';
import { ASSET_CODES, ASSETS, formatUnitsTruncated, INT64_MAX } from '../../../domain/money.ts';
import { httpStatusOf } from '../../errors.ts';
import { csrfField, field, formOf, problem } from '../kit/forms.ts';
import { html, type Raw } from '../kit/html.ts';
import { operatorOf } from './guard.ts';
import type { AdminCatalogue } from './i18n/index.ts';
import { adminTexts, sendAdminError, sendAdminPage, table, td, when } from './layout.ts';

const USERTAG_PATH = /^[a-z0-9_]{3,32}$/;

/** A keyset cursor from the query string: a row id (digits, at most INT64_MAX), else none. */
export function cursorOf(value: unknown): bigint | undefined {
  if (typeof value !== 'string' || !/^\d{1,19}$/.test(value)) return undefined;
  const id = BigInt(value);
  return id <= INT64_MAX ? id : undefined;
}

const roleText = (m: AdminCatalogue, a: { role: string; disabledAtMs: number | null }): Raw =>
  html`${a.role === 'operator' ? html`<span class="pill">${m.common.pillOperator}</span> ` : null}${
    a.disabledAtMs === null
      ? html`<span class="pill success">${m.common.pillEnabled}</span>`
      : html`<span class="pill failed">${m.common.pillDisabled}</span>`
  }`;

/** Which form an error belongs to, and the error. */
interface FormError {
  form: 'disable' | 'enable';
  error: AppError;
}

function detailPage(
  request: FastifyRequest,
  reply: FastifyReply,
  a: AccountDetail,
  e: FormError | null,
  values: Record<string, string> = {},
) {
  const { session } = operatorOf(request);
  const m = adminTexts(request);
  const t = m.account;
  const c = m.common;
  const err = (form: FormError['form'], name: string): string | null =>
    e !== null && e.form === form && e.error.field === name ? e.error.message : null;
  const formProblem = (form: FormError['form']): Raw | null =>
    e !== null && e.form === form && e.error.field !== 'reason' && e.error.field !== 'password'
      ? problem(e.error.message)
      : null;
  // An error of the form not shown now (enable on an enabled account, say) is told at the top.
  const shownForm: FormError['form'] = a.disabledAtMs === null ? 'disable' : 'enable';
  const orphan = e !== null && e.form !== shownForm ? problem(e.error.message) : null;
  const facts: Array<[string, string | Raw]> = [
    [m.accounts.usertag, a.usertag],
    [m.accounts.email, `${a.email}${a.emailConfirmed ? t.confirmed : t.notConfirmed}`],
    [t.name, a.fullName || '—'],
    [t.phone, a.phone || '—'],
    [t.country, a.country || '—'],
    [c.state, roleText(m, a)],
    ...(a.disabledAtMs === null
      ? []
      : ([[t.disabled, `${when(a.disabledAtMs)}: ${a.disabledReason ?? ''}`]] as Array<[string, string]>)),
    [m.accounts.kyc, t.kycCell(a.kycLevel, a.kycStatus, a.isVerified)],
    [t.password, a.hasPassword ? t.passwordSet : t.passwordNotSet],
    [c.created, when(a.createdAtMs)],
  ];
  const balances = ASSET_CODES.map(
    (asset) =>
      html`<tr>${td(c.asset, ASSETS[asset].label)}${td(t.spendable, formatUnitsTruncated(a.balances[asset], ASSETS[asset].decimals, ASSETS[asset].apiDecimals), 'num')}</tr>`,
  );
  const keys = a.keys.map(
    (k) =>
      html`<tr>${td(t.kind, k.kind)}${td(t.startsWith, html`<code>${k.hint}…</code>`)}${td(c.created, when(k.createdAtMs))}${td(t.revoked, when(k.revokedAtMs))}</tr>`,
  );
  const actions = a.actions.map(
    (x) =>
      html`<tr>${td(c.when, when(x.atMs))}${td(c.operator, x.actor)}${td(c.action, x.action)}${td(c.detail, JSON.stringify(x.detail))}</tr>`,
  );
  const history = a.kycHistory
    .slice()
    .reverse()
    .map(
      (h) =>
        html`<tr>${td(c.when, h.at.slice(0, 19).replace('T', ' '))}${td(t.by, h.actor)}${td(
          t.changes,
          Object.entries(h.changes)
            .map(([k, [from, to]]) => `${k}: ${from || '∅'} → ${to || '∅'}`)
            .join('; '),
        )}${td(t.reason, h.reason ?? '')}</tr>`,
    );
  const switchForm =
    a.disabledAtMs === null
      ? html`<section class="card" aria-labelledby="disable-h"><h2 id="disable-h">${t.disableTitle}</h2>
<p>${t.disableText}</p>
${formProblem('disable')}<form method="post" action="/admin/accounts/${a.usertag}/disable" novalidate>${csrfField(session.csrfToken)}
${field({ name: 'reason', label: t.disableReason, value: values['reason'] ?? '', required: true, error: err('disable', 'reason'), hint: t.disableReasonHint(DISABLE_REASON_MAX) })}
${field({ name: 'password', label: c.passwordConfirm, type: 'password', autocomplete: 'current-password', required: true, error: err('disable', 'password') })}
<button type="submit" class="danger">${t.disable(a.usertag)}</button></form></section>`
      : html`<section class="card" aria-labelledby="enable-h"><h2 id="enable-h">${t.enableTitle}</h2>
<p>${t.enableText}</p>
${formProblem('enable')}<form method="post" action="/admin/accounts/${a.usertag}/enable" novalidate>${csrfField(session.csrfToken)}
${field({ name: 'password', label: c.passwordConfirm, type: 'password', autocomplete: 'current-password', required: true, error: err('enable', 'password') })}
<button type="submit">${t.enable(a.usertag)}</button></form></section>`;
  return sendAdminPage(request, reply, session, {
    status: e === null ? 200 : httpStatusOf(e.error.code),
    title: t.title(a.usertag),
    active: 'accounts',
    body: html`<p><a href="/admin/accounts">${t.back}</a></p><h1>${t.title(a.usertag)}</h1>${orphan}
<div class="grid"><div>
<section class="card" aria-labelledby="facts-h"><h2 id="facts-h">${t.profile}</h2><dl class="facts">${facts.map(
      ([k, v]) => html`<div><dt>${k}</dt><dd>${v}</dd></div>`,
    )}</dl></section>
<section class="card" aria-labelledby="kyc-h"><h2 id="kyc-h">${t.documents}</h2><dl class="facts">${[
      [c.idType, a.idType || '—'] as [string, string],
      ...Object.entries(a.personalKyc),
      ...Object.entries(a.companyKyc).map(([k, v]) => [c.company(k), v] as [string, string]),
    ].map(([k, v]) => html`<div><dt>${k}</dt><dd>${v || '—'}</dd></div>`)}</dl></section>
<section class="card" aria-labelledby="hist-h"><h2 id="hist-h">${t.history}</h2>${table(t.history, [[c.when], [t.by], [t.changes], [t.reason]], history, t.noHistory)}</section>
<section class="card" aria-labelledby="act-h"><h2 id="act-h">${t.actions}</h2>${table(t.actionsCaption, [[c.when], [c.operator], [c.action], [c.detail]], actions, t.noActions)}</section>
</div><div>
${switchForm}
<section class="card" aria-labelledby="bal-h"><h2 id="bal-h">${t.balances}</h2>${table(t.balances, [[c.asset], [t.spendable, 'num']], balances, '')}</section>
<section class="card" aria-labelledby="keys-h"><h2 id="keys-h">${t.keys}</h2>${table(t.keys, [[t.kind], [t.startsWith], [c.created], [t.revoked]], keys, t.noKeys)}</section>
</div></div>`,
  });
}

/** Accounts: search by usertag or e-mail prefix, each account's page, disable and enable. */
export function accountPages(scope: FastifyInstance, deps: AppDeps): void {
  scope.get('/accounts', { schema: { hide: true } }, async (request, reply) => {
    const { session } = operatorOf(request);
    const m = adminTexts(request);
    const t = m.accounts;
    const q = request.query as Record<string, unknown>;
    const text = typeof q['q'] === 'string' ? q['q'] : '';
    const r = await searchAccounts(deps, { query: text, afterId: cursorOf(q['after']), limit: 50 });
    const rows = r.ok
      ? r.value.accounts.map(
          (a) =>
            html`<tr>${td(t.usertag, html`<a href="/admin/accounts/${a.usertag}">${a.usertag}</a>`)}${td(t.email, a.email)}${td(t.kyc, t.kycCell(a.kycStatus, a.kycLevel))}${td(m.common.state, roleText(m, a))}${td(m.common.created, when(a.createdAtMs))}</tr>`,
        )
      : [];
    const next =
      r.ok && r.value.nextAfterId !== null
        ? html`<div class="pager"><a class="button secondary" href="/admin/accounts?${new URLSearchParams({ q: text, after: String(r.value.nextAfterId) }).toString()}">${m.common.nextPage}</a></div>`
        : null;
    return sendAdminPage(request, reply, session, {
      status: r.ok ? 200 : 400,
      title: t.title,
      active: 'accounts',
      body: html`<h1>${t.title}</h1><section class="card"><form method="get" action="/admin/accounts" role="search">
${field({ name: 'q', label: m.common.searchLabel, type: 'search', value: text, error: r.ok ? null : r.error.message })}
<button type="submit">${m.common.search}</button></form></section>
<section class="card" aria-labelledby="res-h"><h2 id="res-h">${text === '' ? t.all : t.startingWith(text)}</h2>${table(
        t.title,
        [[t.usertag], [t.email], [t.kyc], [m.common.state], [m.common.created]],
        rows,
        text === '' ? t.none : t.noMatch,
      )}${next}</section>`,
    });
  });

  const load = async (request: FastifyRequest, reply: FastifyReply): Promise<AccountDetail | null> => {
    const { usertag } = request.params as { usertag: string };
    const d = USERTAG_PATH.test(usertag) ? await accountDetail(deps, usertag) : null;
    if (d === null || !d.ok) {
      await sendAdminError(
        request,
        reply,
        operatorOf(request).session,
        404,
        adminTexts(request).errors.noAccount(usertag),
      );
      return null;
    }
    return d.value;
  };

  scope.get('/accounts/:usertag', { schema: { hide: true } }, async (request, reply) => {
    const a = await load(request, reply);
    return a === null ? reply : detailPage(request, reply, a, null);
  });

  scope.post('/accounts/:usertag/disable', { schema: { hide: true } }, async (request, reply) => {
    const { session, actor } = operatorOf(request);
    const a = await load(request, reply);
    if (a === null) return reply;
    const f = formOf(request);
    const confirmed = await confirmPassword(deps, session, f['password']);
    if (!confirmed.ok) return detailPage(request, reply, a, { form: 'disable', error: confirmed.error }, f);
    const r = await disableAccount(deps, actor, a.usertag, f['reason'] ?? '');
    if (!r.ok) return detailPage(request, reply, a, { form: 'disable', error: r.error }, f);
    return reply.redirect(`/admin/accounts/${a.usertag}?done=disabled`, 303);
  });

  scope.post('/accounts/:usertag/enable', { schema: { hide: true } }, async (request, reply) => {
    const { session, actor } = operatorOf(request);
    const a = await load(request, reply);
    if (a === null) return reply;
    const f = formOf(request);
    const confirmed = await confirmPassword(deps, session, f['password']);
    if (!confirmed.ok) return detailPage(request, reply, a, { form: 'enable', error: confirmed.error }, f);
    const r = await enableAccount(deps, actor, a.usertag);
    if (!r.ok) return detailPage(request, reply, a, { form: 'enable', error: r.error }, f);
    return reply.redirect(`/admin/accounts/${a.usertag}?done=enabled`, 303);
  });
}
