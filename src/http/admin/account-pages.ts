import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import { type AccountDetail, accountDetail, searchAccounts } from '../../app/operator/accounts.ts';
import { DISABLE_REASON_MAX, disableAccount, enableAccount } from '../../app/operator/disable-account.ts';
import { confirmPassword } from '../../app/sessions/sign-in.ts';
import type { AppError } from '../../domain/errors.ts';
import { ASSET_CODES, ASSETS, formatUnitsTruncated } from '../../domain/money.ts';
import { formOf } from '../dashboard/auth-pages.ts';
import { csrfField, field, problem } from '../dashboard/layout.ts';
import { httpStatusOf } from '../errors.ts';
import { html, type Raw } from '../pages/html.ts';
import { operatorOf } from './guard.ts';
import { sendAdminError, sendAdminPage, table, td, when } from './layout.ts';

const USERTAG_PATH = /^[a-z0-9_]{3,32}$/;

/** A keyset cursor from the query string: digits only, else none. */
export function cursorOf(value: unknown): bigint | undefined {
  return typeof value === 'string' && /^\d{1,19}$/.test(value) ? BigInt(value) : undefined;
}

const roleText = (a: { role: string; disabledAtMs: number | null }): Raw =>
  html`${a.role === 'operator' ? html`<span class="pill">operator</span> ` : null}${
    a.disabledAtMs === null
      ? html`<span class="pill success">enabled</span>`
      : html`<span class="pill failed">disabled</span>`
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
    ['Usertag', a.usertag],
    ['E-mail', `${a.email}${a.emailConfirmed ? ' (confirmed)' : ' (not confirmed)'}`],
    ['Name', a.fullName || '—'],
    ['Phone', a.phone || '—'],
    ['Country', a.country || '—'],
    ['State', roleText(a)],
    ...(a.disabledAtMs === null
      ? []
      : ([['Disabled', `${when(a.disabledAtMs)}: ${a.disabledReason ?? ''}`]] as Array<[string, string]>)),
    ['KYC', `level ${a.kycLevel}, ${a.kycStatus}${a.isVerified ? ', verified' : ''}`],
    ['Dashboard password', a.hasPassword ? 'set' : 'not set'],
    ['Created', when(a.createdAtMs)],
  ];
  const balances = ASSET_CODES.map(
    (asset) =>
      html`<tr>${td('Asset', ASSETS[asset].label)}${td('Spendable', formatUnitsTruncated(a.balances[asset], ASSETS[asset].decimals, ASSETS[asset].apiDecimals), 'num')}</tr>`,
  );
  const keys = a.keys.map(
    (k) =>
      html`<tr>${td('Kind', k.kind)}${td('Starts with', html`<code>${k.hint}…</code>`)}${td('Created', when(k.createdAtMs))}${td('Revoked', when(k.revokedAtMs))}</tr>`,
  );
  const actions = a.actions.map(
    (x) =>
      html`<tr>${td('When', when(x.atMs))}${td('Operator', x.actor)}${td('Action', x.action)}${td('Detail', JSON.stringify(x.detail))}</tr>`,
  );
  const history = a.kycHistory
    .slice()
    .reverse()
    .map(
      (h) =>
        html`<tr>${td('When', h.at.slice(0, 19).replace('T', ' '))}${td('By', h.actor)}${td(
          'Changes',
          Object.entries(h.changes)
            .map(([k, [from, to]]) => `${k}: ${from || '∅'} → ${to || '∅'}`)
            .join('; '),
        )}${td('Reason', h.reason ?? '')}</tr>`,
    );
  const switchForm =
    a.disabledAtMs === null
      ? html`<section class="card" aria-labelledby="disable-h"><h2 id="disable-h">Disable this account</h2>
<p>Its invoice and admin keys are refused at once on every instance, its dashboard sessions end, and its Lightning address and usertag take no payment. Nothing is deleted; you can enable it again.</p>
${formProblem('disable')}<form method="post" action="/admin/accounts/${a.usertag}/disable" novalidate>${csrfField(session.csrfToken)}
${field({ name: 'reason', label: 'Reason (kept in the operator log)', value: values['reason'] ?? '', required: true, error: err('disable', 'reason'), hint: `At most ${DISABLE_REASON_MAX} characters.` })}
${field({ name: 'password', label: 'Your password, to confirm', type: 'password', autocomplete: 'current-password', required: true, error: err('disable', 'password') })}
<button type="submit" class="danger">Disable ${a.usertag}</button></form></section>`
      : html`<section class="card" aria-labelledby="enable-h"><h2 id="enable-h">Enable this account</h2>
<p>Its keys, Lightning address and usertag work again. Sessions that were ended stay ended.</p>
${formProblem('enable')}<form method="post" action="/admin/accounts/${a.usertag}/enable" novalidate>${csrfField(session.csrfToken)}
${field({ name: 'password', label: 'Your password, to confirm', type: 'password', autocomplete: 'current-password', required: true, error: err('enable', 'password') })}
<button type="submit">Enable ${a.usertag}</button></form></section>`;
  return sendAdminPage(request, reply, session, {
    status: e === null ? 200 : httpStatusOf(e.error.code),
    title: `Account ${a.usertag}`,
    active: 'accounts',
    body: html`<p><a href="/admin/accounts">← Accounts</a></p><h1>Account ${a.usertag}</h1>${orphan}
<div class="grid"><div>
<section class="card" aria-labelledby="facts-h"><h2 id="facts-h">Profile</h2><dl class="facts">${facts.map(
      ([k, v]) => html`<div><dt>${k}</dt><dd>${v}</dd></div>`,
    )}</dl></section>
<section class="card" aria-labelledby="kyc-h"><h2 id="kyc-h">KYC documents</h2><dl class="facts">${[
      ['ID type', a.idType || '—'] as [string, string],
      ...Object.entries(a.personalKyc),
      ...Object.entries(a.companyKyc).map(([k, v]) => [`company ${k}`, v] as [string, string]),
    ].map(([k, v]) => html`<div><dt>${k}</dt><dd>${v || '—'}</dd></div>`)}</dl></section>
<section class="card" aria-labelledby="hist-h"><h2 id="hist-h">Profile and KYC history</h2>${table('Profile and KYC history', [['When'], ['By'], ['Changes'], ['Reason']], history, 'No changes recorded.')}</section>
<section class="card" aria-labelledby="act-h"><h2 id="act-h">Operator actions on this account</h2>${table('Operator actions', [['When'], ['Operator'], ['Action'], ['Detail']], actions, 'No operator action on this account yet.')}</section>
</div><div>
${switchForm}
<section class="card" aria-labelledby="bal-h"><h2 id="bal-h">Balances</h2>${table('Balances', [['Asset'], ['Spendable', 'num']], balances, '')}</section>
<section class="card" aria-labelledby="keys-h"><h2 id="keys-h">API keys</h2>${table('API keys', [['Kind'], ['Starts with'], ['Created'], ['Revoked']], keys, 'No keys.')}</section>
</div></div>`,
  });
}

/** Accounts: search by usertag or e-mail prefix, each account's page, disable and enable. */
export function accountPages(scope: FastifyInstance, deps: AppDeps): void {
  scope.get('/accounts', { schema: { hide: true } }, async (request, reply) => {
    const { session } = operatorOf(request);
    const q = request.query as Record<string, unknown>;
    const text = typeof q['q'] === 'string' ? q['q'] : '';
    const r = await searchAccounts(deps, { query: text, afterId: cursorOf(q['after']), limit: 50 });
    const rows = r.ok
      ? r.value.accounts.map(
          (a) =>
            html`<tr>${td('Usertag', html`<a href="/admin/accounts/${a.usertag}">${a.usertag}</a>`)}${td('E-mail', a.email)}${td('KYC', `${a.kycStatus} (level ${a.kycLevel})`)}${td('State', roleText(a))}${td('Created', when(a.createdAtMs))}</tr>`,
        )
      : [];
    const next =
      r.ok && r.value.nextAfterId !== null
        ? html`<div class="pager"><a class="button secondary" href="/admin/accounts?${new URLSearchParams({ q: text, after: String(r.value.nextAfterId) }).toString()}">Next page</a></div>`
        : null;
    return sendAdminPage(request, reply, session, {
      status: r.ok ? 200 : 400,
      title: 'Accounts',
      active: 'accounts',
      body: html`<h1>Accounts</h1><section class="card"><form method="get" action="/admin/accounts" role="search">
${field({ name: 'q', label: 'Usertag or e-mail starts with', type: 'search', value: text, error: r.ok ? null : r.error.message })}
<button type="submit">Search</button></form></section>
<section class="card" aria-labelledby="res-h"><h2 id="res-h">${text === '' ? 'All accounts' : `Accounts starting with “${text}”`}</h2>${table(
        'Accounts',
        [['Usertag'], ['E-mail'], ['KYC'], ['State'], ['Created']],
        rows,
        text === '' ? 'No accounts yet.' : 'No account’s usertag or e-mail starts with this.',
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
        `There is no account “${usertag}”.`,
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
