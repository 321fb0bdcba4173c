import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app/deps.ts';
import { decideKyc, kycQueue } from '../../../app/operator/kyc-queue.ts';
import { confirmPassword } from '../../../app/sessions/sign-in.ts';
import type { AppError } from '../../../domain/errors.ts';
import { httpStatusOf } from '../../errors.ts';
import { decodeKycDecision } from '../../wire/kyc-decision.ts';
import { csrfField, field, formOf, problem, selectField } from '../kit/forms.ts';
import { html, type Raw } from '../kit/html.ts';
import { cursorOf } from './account-pages.ts';
import { operatorOf } from './guard.ts';
import { adminTexts, sendAdminPage } from './layout.ts';

const LEVELS = ['1', '2', '3', '0'];

/** A document URL as a link only when it is http(s); anything else is shown as text. */
const docLink = (url: string): Raw | string =>
  /^https?:\/\//i.test(url)
    ? html`<a href="${url}" rel="noopener noreferrer" target="_blank">${url}</a>`
    : url;

async function queuePage(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  failed: { usertag: string; error: AppError; values: Record<string, string> } | null,
) {
  const { session } = operatorOf(request);
  const m = adminTexts(request);
  const t = m.kyc;
  const q = request.query as Record<string, unknown>;
  const page = await kycQueue(deps, { afterId: cursorOf(q['after']), limit: 20 });
  const cards = page.submissions.map((s) => {
    const mine = failed !== null && failed.usertag === s.usertag ? failed : null;
    const errOf = (name: string) => (mine !== null && mine.error.field === name ? mine.error.message : null);
    const id = `kyc-${s.usertag}`;
    const docs = [
      [m.common.idType, s.idType || '—'] as [string, string],
      ...Object.entries(s.personalKyc),
      ...Object.entries(s.companyKyc).map(([k, v]) => [m.common.company(k), v] as [string, string]),
    ];
    return html`<section class="card" aria-labelledby="${id}-h"><h2 id="${id}-h"><a href="/admin/accounts/${s.usertag}">${s.usertag}</a></h2>
<p>${s.fullName || t.noName} · ${s.email}${s.emailConfirmed ? '' : t.emailUnconfirmed}${s.disabled ? t.disabled : ''}${t.nowLevel(s.kycLevel)}</p>
<dl class="facts">${docs.map(([k, v]) => html`<div><dt>${k}</dt><dd>${v ? docLink(v) : '—'}</dd></div>`)}</dl>
${mine !== null && !['level', 'reason', 'password', 'decision'].includes(mine.error.field ?? '') ? problem(mine.error.message) : null}
<form method="post" action="/admin/kyc/${s.usertag}" novalidate>${csrfField(session.csrfToken)}<input type="hidden" name="version" value="${s.version}">
<div class="filters">${selectField({ name: 'level', label: t.levelLabel, options: LEVELS.map((n): [string, string] => [n, t.level(n)]), value: mine?.values['level'] ?? '1', error: errOf('level') })}</div>
${field({ name: 'reason', label: t.reason, value: mine?.values['reason'] ?? '', error: errOf('reason') })}
${field({ name: 'password', label: m.common.passwordConfirm, type: 'password', autocomplete: 'current-password', required: true, error: errOf('password') })}
<button type="submit" name="decision" value="approve">${t.approve(s.usertag)}</button>
<button type="submit" name="decision" value="reject" class="danger">${t.reject(s.usertag)}</button>
${errOf('decision') === null ? null : html`<span class="err">${errOf('decision') ?? ''}</span>`}</form></section>`;
  });
  const shown = failed !== null && page.submissions.some((s) => s.usertag === failed.usertag);
  const orphan = failed !== null && !shown ? problem(`${failed.usertag}: ${failed.error.message}`) : null;
  const next =
    page.nextAfterId === null
      ? null
      : html`<div class="pager"><a class="button secondary" href="/admin/kyc?after=${String(page.nextAfterId)}">${m.common.nextPage}</a></div>`;
  return sendAdminPage(request, reply, session, {
    status: failed === null ? 200 : httpStatusOf(failed.error.code),
    title: t.title,
    active: 'kyc',
    body: html`<h1>${t.title}</h1><p class="muted">${t.intro} <code>paytag kyc review</code> ${t.introEnd}</p>
${orphan}${cards.length === 0 ? html`<section class="card"><p data-empty>${t.empty}</p></section>` : cards}${next}`,
  });
}

/** The KYC review queue with approve and reject. */
export function kycPages(scope: FastifyInstance, deps: AppDeps): void {
  scope.get('/kyc', { schema: { hide: true } }, (request, reply) => queuePage(deps, request, reply, null));

  scope.post('/kyc/:usertag', { schema: { hide: true } }, async (request, reply) => {
    const { session, actor } = operatorOf(request);
    const { usertag } = request.params as { usertag: string };
    const f = formOf(request);
    const confirmed = await confirmPassword(deps, session, f['password']);
    if (!confirmed.ok) return queuePage(deps, request, reply, { usertag, error: confirmed.error, values: f });
    const decided = decodeKycDecision({
      decision: f['decision'],
      level: f['level'],
      reason: f['reason'],
      version: f['version'],
    });
    const r = decided.ok ? await decideKyc(deps, actor, usertag, decided.value) : decided;
    if (!r.ok) return queuePage(deps, request, reply, { usertag, error: r.error, values: f });
    return reply.redirect(
      `/admin/kyc?done=${r.value.kycStatus === 'verified' ? 'kyc_approved' : 'kyc_rejected'}`,
      303,
    );
  });
}
