import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionCaller } from '../../../app/dashboard/views.ts';
import type { AppDeps } from '../../../app/deps.ts';
import {
  createNwcConnection,
  listNwcConnectionsWithUsage,
  type NwcConnectionUsage,
  nwcAvailable,
  revokeNwcConnection,
} from '../../../app/nwc/connections.ts';
import { databaseRateCounter } from '../../../app/rate-limits/counters.ts';
import { confirmPassword } from '../../../app/sessions/sign-in.ts';
import type { AppError } from '../../../domain/errors.ts';
import { NWC_CAPABILITIES } from '../../../domain/nostr/nwc.ts';
import { httpStatusOf } from '../../errors.ts';
import { csrfField, errorsFor, field, formOf, problem, selectField } from '../kit/forms.ts';
import { html, qrSvg, type Raw, raw } from '../kit/html.ts';
import { type SessionUser, signedInUser } from '../kit/session.ts';
import { formKeyOf, newFormKey } from './form-key.ts';
import { type PageCtx, pageCtx, sendDashboardPage } from './layout.ts';
import { decodeNwcForm } from './nwc.form.ts';
import { areaFlash, confirmField } from './page-kit.ts';

/**
 * Nostr Wallet Connect under /dashboard/nwc: the account's connections (what each may do, its most
 * per payment, its budget with the renewal and what the current period used, expiry, made, revoked),
 * a new one, and revocation, through the use cases of POST/GET/DELETE /lapi/v1/nwc/connections and
 * `paytag nwc` (app/nwc/connections.ts). A new connection's link (`nostr+walletconnect://…`, holding the
 * client's secret) is written on the answer to the form only, as text and QR code, and never kept:
 * no later view can show it. Making a connection asks for the password again (it can spend); revoking
 * does not. With Nostr off the page says so.
 */

/** How long a form's key is remembered: the same form sent again within it makes nothing. */
const FORM_ONCE_MS = 24 * 3600 * 1000;

const FIELDS = ['name', 'methods', 'max_amount', 'budget', 'budget_renewal', 'expires_at', 'password'];

/** msat as sats in the page's locale, with the msat as up to 3 decimals: 21000500n → "21,000.5". */
export function satsText(locale: string, msat: bigint): string {
  const whole = (msat / 1000n).toLocaleString(locale);
  const frac = (msat % 1000n).toString().padStart(3, '0').replace(/0+$/, '');
  return frac === '' ? whole : `${whole}.${frac}`;
}

export function nwcPages(scope: FastifyInstance, deps: AppDeps): void {
  const page = async (
    request: FastifyRequest,
    reply: FastifyReply,
    s: SessionUser,
    opts: { error?: AppError; form?: Record<string, string>; uri?: string } = {},
  ) => {
    const ctx = pageCtx(deps, request, reply, s);
    const v = ctx.m.nwc;
    if (!nwcAvailable(deps)) {
      return sendDashboardPage(reply, ctx, {
        title: v.title,
        active: 'nwc',
        body: html`<h1>${v.title}</h1><section class="card narrow"><p id="nwc-off">${v.off}</p><p class="muted">${v.offHint}</p></section>`,
      });
    }
    const list = await listNwcConnectionsWithUsage(deps, sessionCaller(s, 'admin'), true);
    return sendDashboardPage(reply, ctx, {
      status: opts.error ? httpStatusOf(opts.error.code) : 200,
      title: v.title,
      active: 'nwc',
      body: html`${areaFlash(ctx, v.done)}<h1>${v.title}</h1><p>${v.intro}</p>
${opts.uri === undefined ? null : await created(ctx, opts.uri)}
${newForm(ctx, s, opts.error ?? null, opts.uri === undefined ? (opts.form ?? null) : null)}
<section class="card" aria-labelledby="nwc-list"><h2 id="nwc-list">${v.list}</h2>${connectionsTable(ctx, s, list)}</section>`,
    });
  };

  scope.get('/nwc', { schema: { hide: true } }, async (request, reply) =>
    page(request, reply, signedInUser(request)),
  );

  scope.post('/nwc', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    const form = formOf(request);
    const v = pageCtx(deps, request, reply, s).m.nwc;
    // The form's own fields first, then the password (docs/dashboard.md, fresh confirmation).
    const cmd = decodeNwcForm(form, v);
    if (!cmd.ok) return page(request, reply, s, { error: cmd.error, form });
    const c = await confirmPassword(deps, s, form['password']);
    if (!c.ok) {
      if (c.error.retryAfterSec !== undefined) reply.header('retry-after', String(c.error.retryAfterSec));
      return page(request, reply, s, { error: c.error, form });
    }
    // Once per form: the answer holds the secret, and the same form sent again (a double click, the
    // browser's resend) must not make a second connection. A refused form is drawn with a new key.
    const key = formKeyOf(form);
    if (key === null) {
      return page(request, reply, s, { error: { code: 'invalid_request', message: v.incomplete }, form });
    }
    const once = await databaseRateCounter(deps.db).hit(
      `dash:nwc:${s.sessionId}:${key}`,
      FORM_ONCE_MS,
      deps.clock.nowMs(),
    );
    if (once.count > 1) return reply.redirect('/dashboard/nwc?done=nwc_resent', 303);
    // The same use case as POST /lapi/v1/nwc/connections and `paytag nwc create`.
    const r = await createNwcConnection(deps, sessionCaller(s, 'admin'), cmd.value);
    if (!r.ok) {
      // The use case speaks of msat and unix seconds; the form of sats and days.
      const e = r.error;
      const message =
        e.field === 'expires_at'
          ? v.expiresPast
          : e.field === 'max_amount' || e.field === 'budget'
            ? v.amountInvalid
            : e.field === 'budget_renewal' && cmd.value.budgetMsat === null
              ? v.renewalNeedsBudget
              : e.message;
      return page(request, reply, s, { error: { ...e, message }, form });
    }
    return page(request, reply, s, { uri: r.value.uri });
  });

  scope.post('/nwc/revoke', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    const id = (formOf(request)['id'] ?? '').slice(0, 64);
    // The same use case as DELETE /lapi/v1/nwc/connections/<id> and `paytag nwc revoke`.
    const r = await revokeNwcConnection(deps, sessionCaller(s, 'admin'), id);
    if (!r.ok) {
      const v = pageCtx(deps, request, reply, s).m.nwc;
      return page(request, reply, s, { error: { ...r.error, message: v.notFound, field: undefined } });
    }
    return reply.redirect('/dashboard/nwc?done=nwc_revoked', 303);
  });
}

/** The new connection's link as text with a copy button and as QR code: this answer only. */
async function created(ctx: PageCtx, uri: string): Promise<Raw> {
  const v = ctx.m.nwc;
  return html`<section class="card warn" aria-labelledby="nwc-new" role="status"><h2 id="nwc-new">${v.createdTitle}</h2><p>${v.createdIntro}</p>
<div class="qr" data-nwc-qr>${await qrSvg(uri, v.qr)}</div>
<div class="field"><label for="nwc-uri">${v.uri}</label><textarea id="nwc-uri" class="uri" rows="5" readonly spellcheck="false" autocomplete="off">${uri}</textarea></div>
<p><button type="button" data-copy="nwc-uri" data-copy-status="nwc-copy-status" data-copied="${v.copied}" data-copy-failed="${v.copyFailed}" hidden>${v.copy}</button></p>
<p id="nwc-copy-status" class="muted" role="status" aria-live="polite"></p></section>`;
}

function newForm(
  ctx: PageCtx,
  s: SessionUser,
  error: AppError | null,
  form: Record<string, string> | null,
): Raw {
  const v = ctx.m.nwc;
  const e = errorsFor(error, FIELDS);
  const kept = (name: string) => (form === null ? '' : (form[name] ?? ''));
  // Every method is offered ticked; a refused form keeps what was ticked.
  const checked = (m: string) => form === null || form[`m_${m}`] !== undefined;
  const methodsErr = e.byField['methods'] ?? null;
  const boxes = NWC_CAPABILITIES.map(
    (m) =>
      html`<label class="choice"><input type="checkbox" name="m_${m}" value="1"${checked(m) ? raw(' checked') : null}> ${v.methodNames[m] ?? m}</label>`,
  );
  return html`<section class="card narrow" aria-labelledby="nwc-form"><h2 id="nwc-form">${v.newTitle}</h2>${problem(e.form)}
<form method="post" action="/dashboard/nwc" novalidate>${csrfField(s.csrfToken)}<input type="hidden" name="form_key" value="${newFormKey()}">
${field({ name: 'name', label: v.name, hint: v.nameHint, value: kept('name'), autocomplete: 'off', required: true, error: e.byField['name'] ?? null })}
<fieldset${methodsErr ? raw(' aria-invalid="true" aria-describedby="f-methods-err"') : null}><legend>${v.methods}</legend>${boxes}${
    methodsErr ? html`<span class="err" id="f-methods-err">${methodsErr}</span>` : null
  }</fieldset>
${field({ name: 'max_amount', label: v.maxAmount, hint: v.maxAmountHint, value: kept('max_amount'), inputmode: 'decimal', autocomplete: 'off', error: e.byField['max_amount'] ?? null })}
${field({ name: 'budget', label: v.budget, hint: v.budgetHint, value: kept('budget'), inputmode: 'decimal', autocomplete: 'off', error: e.byField['budget'] ?? null })}
${selectField({ name: 'budget_renewal', label: v.renewal, value: kept('budget_renewal') || 'monthly', options: Object.entries(v.renewals), error: e.byField['budget_renewal'] ?? null })}
<p class="hint">${v.renewalHint}</p>
${field({ name: 'expires_at', label: v.expires, hint: v.expiresHint, type: 'date', value: kept('expires_at'), error: e.byField['expires_at'] ?? null })}
${confirmField(v.password, v.passwordHint, e.byField['password'] ?? null)}
<button type="submit">${v.create}</button></form></section>`;
}

function connectionsTable(ctx: PageCtx, s: SessionUser, list: NwcConnectionUsage[]): Raw {
  const v = ctx.m.nwc;
  if (list.length === 0) return html`<p class="muted">${v.none}</p>`;
  const sats = (msat: bigint | null) => (msat === null ? v.noLimit : v.sats(satsText(ctx.m.locale, msat)));
  const nowMs = ctx.deps.clock.nowMs();
  const rows = list.map((c) => {
    const expired = c.expiresAtMs !== null && c.expiresAtMs <= nowMs;
    const state =
      c.revokedAtMs !== null
        ? html`<span class="pill failed">${v.revoked}</span><br><span class="muted">${ctx.m.date(c.revokedAtMs)}</span>`
        : expired
          ? html`<span class="pill expired">${v.expired}</span>`
          : html`<span class="pill paid">${v.live}</span>`;
    // One method a line: the names are long words a narrow column would otherwise break.
    const methods =
      c.methods.length === NWC_CAPABILITIES.length
        ? v.allMethods
        : c.methods.map((m, i) => html`${i === 0 ? null : raw('<br>')}${m}`);
    const budget =
      c.budgetMsat === null
        ? v.noLimit
        : html`${sats(c.budgetMsat)}<br><span class="muted">${v.renewals[c.budgetRenewal] ?? c.budgetRenewal}</span>${
            c.renewsAtMs === null || c.revokedAtMs !== null
              ? null
              : html`<br><span class="muted">${v.renewsAt(ctx.m.date(c.renewsAtMs))}</span>`
          }`;
    return html`<tr data-connection="${c.id}"><td data-label="${v.name}"><span data-col="name">${c.name}</span><br><span class="muted" data-col="created">${v.created} ${ctx.m.date(c.createdAtMs)}</span></td>
<td data-label="${v.allowed}" data-col="methods">${methods}</td>
<td class="num" data-label="${v.max}" data-col="max">${sats(c.maxAmountMsat)}</td>
<td class="num" data-label="${v.budgetCol}" data-col="budget">${budget}</td>
<td class="num" data-label="${v.used}" data-col="used">${c.budgetMsat === null ? '—' : sats(c.usedMsat)}</td>
<td data-label="${v.expiresCol}" data-col="expires">${c.expiresAtMs === null ? v.never : ctx.m.date(c.expiresAtMs)}</td>
<td data-label="${v.state}" data-col="state">${state}</td>
<td data-label="">${
      c.revokedAtMs === null
        ? html`<form method="post" action="/dashboard/nwc/revoke">${csrfField(s.csrfToken)}<input type="hidden" name="id" value="${c.id}"><button type="submit" class="danger" aria-label="${v.revokeLabel(c.name)}">${v.revoke}</button></form>`
        : null
    }</td></tr>`;
  });
  return html`<div class="tablewrap"><table class="stack"><caption class="visually-hidden">${v.list}</caption><thead><tr>
<th scope="col">${v.name}</th><th scope="col">${v.allowed}</th><th scope="col" class="num">${v.max}</th><th scope="col" class="num">${v.budgetCol}</th>
<th scope="col" class="num">${v.used}</th><th scope="col">${v.expiresCol}</th><th scope="col">${v.state}</th><th scope="col"><span class="visually-hidden">${v.revoke}</span></th>
</tr></thead><tbody>${rows}</tbody></table></div>`;
}
