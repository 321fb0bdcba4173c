import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type KycSubmission, submitKyc, updateProfile } from '../../../app/accounts/kyc.ts';
import { viewProfile } from '../../../app/accounts/profile-view.ts';
import type { AppDeps } from '../../../app/deps.ts';
import { accountVerifications } from '../../../app/verification/account-verifications.ts';
import { accountConsents, revokeAccountConsent } from '../../../app/verification/consents.ts';
import { clearNostrIdentity, setNostrIdentity, showNostrIdentity } from '../../../app/zaps/nostr-identity.ts';
import type { AppError } from '../../../domain/errors.ts';
import { DOCUMENT_FIELDS as DOC_FIELDS } from '../../../domain/kyc.ts';
import { httpStatusOf } from '../../errors.ts';
import { csrfField, errorsFor, field, formOf, problem } from '../kit/forms.ts';
import { html, raw } from '../kit/html.ts';
import { type SessionUser, signedInUser } from '../kit/session.ts';
import { pageCtx, sendDashboardPage } from './layout.ts';
import { areaFlash } from './page-kit.ts';

/**
 * Profile and verification under /dashboard/profile: the profile (the use case of `paytag account
 * update`), KYC document URLs (that of `paytag kyc submit`) with the review status, the applications
 * that verified the account with whether each received the KYC data, and the sharing decisions with
 * withdrawal (that of `paytag account consents --revoke`), and the Nostr key published as the Lightning
 * address (NIP-05, that of `PUT /lapi/v1/nostr/pubkey`). Changes are recorded as the holder's.
 */

/** Who the KYC history names for a change made by the account holder. */
const HOLDER = 'holder';

const PROFILE_FIELDS = ['full_name', 'phone', 'country'];
const KYC_FIELDS = ['id_type', ...DOC_FIELDS];

const NOSTR_FIELDS = ['pubkey', 'relays'];

type Which = 'profile' | 'kyc' | 'consents' | 'nostr';

export function profilePages(scope: FastifyInstance, deps: AppDeps): void {
  const profilePage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    s: SessionUser,
    failed: { which: Which; error: AppError; form: Record<string, string> } | null = null,
  ) => {
    const ctx = pageCtx(deps, request, reply, s);
    const p = ctx.m.profile;
    const v = await viewProfile(deps, s.accountId);
    if (v === null) return reply.redirect('/dashboard/sign-in', 303);
    const errs = (which: Which, fields: string[]) =>
      errorsFor(failed?.which === which ? failed.error : null, fields);
    const kept = (which: Which, name: string, current: string) =>
      failed?.which === which ? (failed.form[name] ?? '') : current;
    const pe = errs('profile', PROFILE_FIELDS);
    const ke = errs('kyc', KYC_FIELDS);
    const ce = errs('consents', []);
    const ne = errs('nostr', NOSTR_FIELDS);
    const caller = { accountId: s.accountId, usertag: s.usertag, kind: 'admin' as const };
    const nostrId = await showNostrIdentity(deps, caller);
    const address = `${s.usertag}@${new URL(deps.config.publicUrl).host}`;

    const verifications = await accountVerifications(deps, s.accountId);
    const consents = await accountConsents(deps, s.usertag);
    const decisions = consents.ok ? [...consents.value].reverse() : [];
    const docLabel = (name: (typeof DOC_FIELDS)[number]) =>
      name.startsWith('id') ? p.idDoc(Number(name.slice(2))) : p.companyDoc(Number(name.slice(3)));
    const docField = (name: (typeof DOC_FIELDS)[number]) =>
      field({
        name,
        label: docLabel(name),
        value: kept('kyc', name, v.documents[name]),
        autocomplete: 'off',
        error: ke.byField[name] ?? null,
      });

    const verificationRows = verifications.map(
      (x) =>
        html`<tr><td data-label="${p.application}">@${x.application}</td><td data-label="${p.verifiedAt}">${ctx.m.date(x.verifiedAtMs)}</td><td data-label="${p.kycShared}">${p.shares[x.share] ?? x.share}</td></tr>`,
    );
    const decisionRows = decisions.map(
      (c) =>
        html`<tr><td data-label="${p.application}">@${c.application}</td><td data-label="${p.decision}">${c.decision === 'approved' ? p.approved : p.declined}${
          c.revoked_at === null
            ? null
            : html`<br><span class="muted">${p.withdrawn(ctx.m.date(Date.parse(c.revoked_at)))}</span>`
        }</td><td data-label="${p.fields}">${c.fields.join(', ')}</td><td data-label="${p.decided}">${ctx.m.date(Date.parse(c.decided_at))}</td><td data-label="">${
          c.decision === 'approved' && c.revoked_at === null
            ? html`<form method="post" action="/dashboard/profile/consents/revoke">${csrfField(s.csrfToken)}<input type="hidden" name="consent_id" value="${c.id}"><button type="submit" class="danger" aria-label="${p.revokeLabel(c.application)}">${p.revoke}</button></form>`
            : null
        }</td></tr>`,
    );

    return sendDashboardPage(reply, ctx, {
      status: failed ? httpStatusOf(failed.error.code) : 200,
      title: p.title,
      active: 'profile',
      body: html`${areaFlash(ctx, p.done)}<h1>${p.title}</h1>
<div class="grid"><section class="card" aria-labelledby="pf"><h2 id="pf">${p.profile}</h2>${problem(pe.form)}
<form method="post" action="/dashboard/profile" novalidate>${csrfField(s.csrfToken)}
${field({ name: 'full_name', label: p.fullName, value: kept('profile', 'full_name', v.fullName), autocomplete: 'name', error: pe.byField['full_name'] ?? null })}
${field({ name: 'phone', label: p.phone, hint: p.phoneHint, value: kept('profile', 'phone', v.phone), autocomplete: 'tel', error: pe.byField['phone'] ?? null })}
${field({ name: 'country', label: p.country, hint: p.countryHint, value: kept('profile', 'country', v.country), autocomplete: 'country', error: pe.byField['country'] ?? null })}
${v.kycStatus === 'verified' ? html`<p class="hint" id="identity-reviewed">${p.identityReviewed}</p>` : null}
<button type="submit"${v.kycStatus === 'verified' ? raw(' aria-describedby="identity-reviewed"') : null}>${p.save}</button></form></section>
<section class="card" aria-labelledby="kf"><h2 id="kf">${p.kyc}</h2><dl class="facts">
<div><dt>${p.status}</dt><dd><span class="pill ${v.kycStatus === 'verified' ? 'success' : v.kycStatus === 'rejected' ? 'failed' : 'pending'}" id="kyc-status">${p.statuses[v.kycStatus] ?? v.kycStatus}</span></dd></div>
<div><dt>${p.level}</dt><dd>${v.kycLevel}</dd></div></dl>
<p>${p.kycIntro}</p>${problem(ke.form)}
<form method="post" action="/dashboard/profile/kyc" novalidate>${csrfField(s.csrfToken)}
${field({ name: 'id_type', label: p.idType, hint: p.idTypeHint, value: kept('kyc', 'id_type', v.idType), error: ke.byField['id_type'] ?? null })}
${docField('id1')}${docField('id2')}${docField('id3')}
<h3>${p.companyDocs}</h3>${docField('doc1')}${docField('doc2')}${docField('doc3')}${docField('doc4')}
<button type="submit">${p.submit}</button></form></section></div>
<section class="card" aria-labelledby="ns"><h2 id="ns">${p.nostr}</h2><p>${p.nostrIntro(address)}</p>${problem(ne.form)}
<form method="post" action="/dashboard/profile/nostr" novalidate>${csrfField(s.csrfToken)}
${field({ name: 'pubkey', label: p.nostrPubkey, hint: p.nostrPubkeyHint, value: kept('nostr', 'pubkey', nostrId?.pubkey ?? ''), autocomplete: 'off', error: ne.byField['pubkey'] ?? null })}
${field({ name: 'relays', label: p.nostrRelays, hint: p.nostrRelaysHint, value: kept('nostr', 'relays', (nostrId?.relays ?? []).join(' ')), autocomplete: 'off', error: ne.byField['relays'] ?? null })}
<button type="submit">${p.nostrSave}</button></form></section>
<section class="card" aria-labelledby="va"><h2 id="va">${p.apps}</h2><p>${p.appsIntro}</p>${
        verificationRows.length === 0
          ? html`<p class="muted">${p.noApps}</p>`
          : html`<div class="tablewrap"><table class="stack"><thead><tr><th scope="col">${p.application}</th><th scope="col">${p.verifiedAt}</th><th scope="col">${p.kycShared}</th></tr></thead><tbody>${verificationRows}</tbody></table></div>`
      }</section>
<section class="card" aria-labelledby="kc"><h2 id="kc">${p.consents}</h2><p>${p.consentsIntro}</p>${problem(ce.form)}${
        decisionRows.length === 0
          ? html`<p class="muted">${p.noConsents}</p>`
          : html`<div class="tablewrap"><table class="stack"><thead><tr><th scope="col">${p.application}</th><th scope="col">${p.decision}</th><th scope="col">${p.fields}</th><th scope="col">${p.decided}</th><th scope="col"><span class="visually-hidden">${p.revoke}</span></th></tr></thead><tbody>${decisionRows}</tbody></table></div>`
      }</section>`,
    });
  };

  scope.get('/profile', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    return profilePage(request, reply, s);
  });

  scope.post('/profile', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    const f = formOf(request);
    const r = await updateProfile(
      deps,
      s.usertag,
      { fullName: f['full_name'] ?? '', phone: f['phone'] ?? '', country: f['country'] ?? '' },
      HOLDER,
    );
    if (!r.ok) return profilePage(request, reply, s, { which: 'profile', error: r.error, form: f });
    const done =
      r.value.changed.length === 0
        ? 'unchanged'
        : r.value.kycBackToReview
          ? 'profile_saved_review'
          : 'profile_saved';
    return reply.redirect(`/dashboard/profile?done=${done}`, 303);
  });

  scope.post('/profile/kyc', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    const f = formOf(request);
    const submission: KycSubmission = {
      idType: f['id_type'] ?? '',
      id1: f['id1'] ?? '',
      id2: f['id2'] ?? '',
      id3: f['id3'] ?? '',
      doc1: f['doc1'] ?? '',
      doc2: f['doc2'] ?? '',
      doc3: f['doc3'] ?? '',
      doc4: f['doc4'] ?? '',
    };
    const r = await submitKyc(deps, s.usertag, submission, HOLDER);
    if (!r.ok) return profilePage(request, reply, s, { which: 'kyc', error: r.error, form: f });
    return reply.redirect(
      `/dashboard/profile?done=${r.value.changed.length === 0 ? 'unchanged' : 'kyc_submitted'}`,
      303,
    );
  });

  scope.post('/profile/nostr', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    const f = formOf(request);
    const caller = { accountId: s.accountId, usertag: s.usertag, kind: 'admin' as const };
    const pubkey = (f['pubkey'] ?? '').trim();
    if (pubkey === '') {
      const r = await clearNostrIdentity(deps, caller);
      if (!r.ok) return profilePage(request, reply, s, { which: 'nostr', error: r.error, form: f });
      return reply.redirect(
        `/dashboard/profile?done=${r.value.removed ? 'nostr_cleared' : 'unchanged'}`,
        303,
      );
    }
    const relays = (f['relays'] ?? '').split(/[\s,]+/).filter((x) => x !== '');
    const r = await setNostrIdentity(deps, caller, { pubkey, relays });
    if (!r.ok) return profilePage(request, reply, s, { which: 'nostr', error: r.error, form: f });
    return reply.redirect('/dashboard/profile?done=nostr_saved', 303);
  });

  scope.post('/profile/consents/revoke', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    const f = formOf(request);
    const r = await revokeAccountConsent(deps, s.usertag, (f['consent_id'] ?? '').slice(0, 40));
    if (!r.ok) {
      const ctx = pageCtx(deps, request, reply, s);
      const error: AppError = {
        ...r.error,
        message: r.error.code === 'not_found' ? ctx.m.profile.notFound : r.error.message,
        field: undefined,
      };
      return profilePage(request, reply, s, { which: 'consents', error, form: f });
    }
    return reply.redirect('/dashboard/profile?done=consent_revoked', 303);
  });
}
