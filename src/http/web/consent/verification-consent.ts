import type { FastifyInstance, FastifyRequest } from 'fastify';
import { confirmEmail } from '../../../app/accounts/email-confirmation.ts';
import type { AppDeps } from '../../../app/deps.ts';
import { answerConsent, type ConsentView, viewConsent } from '../../../app/verification/consent.ts';
import { viewEmailConfirmation } from '../../../app/verification/view-email-confirmation.ts';
import { errorPage, html, type Page, type Raw, sendPage } from '../kit/html.ts';
import { type Catalogue, catalogueOf, chooseLang } from '../kit/i18n/index.ts';

const TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** The page's texts: the language from ?lang= or Accept-Language (see i18n/). */
const textsOf = (request: FastifyRequest): Catalogue =>
  catalogueOf(
    chooseLang((request.query as { lang?: unknown } | undefined)?.lang, request.headers['accept-language']),
  );

const gone = (m: Catalogue, url: string): Page => ({
  ...errorPage(404, m.consent.goneTitle, m.consent.goneText),
  lang: m.lang,
  url,
});

/**
 * A document link as the consent page shows it: its host and the end of its path, never its query (a
 * signed URL's signature is a key to the document). The application receives the link in full.
 */
export function shortDocumentUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return url.length > 24 ? `${url.slice(0, 20)}…` : url;
  }
  const parts = u.pathname.split('/').filter((p) => p !== '');
  const last = parts.at(-1) ?? '';
  const file = last.length > 32 ? `${last.slice(0, 28)}…` : last;
  return parts.length === 0 ? u.host : `${u.host}/${parts.length > 1 ? '…/' : ''}${file}`;
}

/** A country code with its name in the page's language ("India (IN)"). */
function countryText(code: string, m: Catalogue): string {
  try {
    const name = new Intl.DisplayNames([m.locale], { type: 'region' }).of(code);
    return name === undefined || name === code ? code : `${name} (${code})`;
  } catch {
    return code;
  }
}

/** One row of a list of shared values; null (left out) when the value is empty. */
function fact(
  m: Catalogue,
  key: string,
  value: string,
  kind: 'text' | 'document' | 'country' = 'text',
): Raw | null {
  if (value.trim() === '') return null;
  const shown =
    kind === 'document' ? shortDocumentUrl(value) : kind === 'country' ? countryText(value, m) : value;
  return html`<div><dt>${m.consent.labels[key] ?? key}</dt><dd>${shown}</dd></div>`;
}

/** The values an approval shares, as the verification record will hold them, without the empty ones. */
function kycFacts(v: ConsentView, m: Catalogue): Raw[] {
  const r = v.record;
  const rows: Array<Raw | null> = [fact(m, 'id_type', r.id_type)];
  for (const [k, value] of Object.entries(r.personal_kyc ?? {}))
    rows.push(fact(m, `personal_kyc.${k}`, value, 'document'));
  for (const [k, value] of Object.entries(r.company_kyc ?? {})) {
    const kind = /^doc\d$/.test(k) ? 'document' : k === 'country' ? 'country' : 'text';
    rows.push(fact(m, `company_kyc.${k}`, value, kind));
  }
  return rows.filter((x) => x !== null);
}

/** What the application learns with the code whatever the answer: the profile and the KYC status. */
function alwaysFacts(v: ConsentView, m: Catalogue): Raw[] {
  const r = v.record;
  const rows = [
    fact(m, 'full_name', r.profile.full_name),
    fact(m, 'email', r.profile.email),
    fact(m, 'phone', r.profile.phone),
    fact(m, 'country', r.profile.country, 'country'),
    fact(m, 'kyc_status', m.consent.kycStatus[r.kyc_status] ?? r.kyc_status),
    fact(m, 'kyc_level', String(r.kyc_level)),
  ];
  return rows.filter((x) => x !== null);
}

function consentPage(v: ConsentView, action: string, m: Catalogue, url: string): Page {
  const c = m.consent;
  const kyc = kycFacts(v, m);
  const documents = [
    ...Object.values(v.record.personal_kyc ?? {}),
    ...Object.entries(v.record.company_kyc ?? {}).flatMap(([k, x]) => (/^doc\d$/.test(k) ? [x] : [])),
  ].some((x) => x.trim() !== '');
  return {
    status: 200,
    title: c.title,
    lang: m.lang,
    url,
    body: html`<h1>${c.heading(v.appName)}</h1>
<p>${c.intro(v.appName, v.usertag)}</p>
<h2>${c.kycHeading}</h2>
${
  kyc.length === 0
    ? html`<p id="consent-kyc-none">${c.noKyc}</p>`
    : html`<p>${c.kycIntro(v.appName)}</p><dl class="facts" id="consent-kyc">${kyc}</dl>${
        documents ? html`<p class="meta">${c.documentNote}</p>` : null
      }`
}
<h2>${c.alwaysHeading}</h2>
<p>${c.alwaysIntro(v.appName)}</p>
<dl class="facts" id="consent-always">${alwaysFacts(v, m)}</dl>
<p>${c.declineNote}</p>
<form method="post" action="${action}" class="actions">
<button type="submit" name="decision" value="approve" class="primary">${c.approve}</button>
<button type="submit" name="decision" value="decline" class="secondary">${c.decline}</button>
</form>
<p class="meta">${c.expires(m.date(v.expiresAtMs))}</p>`,
  };
}

function fieldsOf(request: FastifyRequest): Record<string, unknown> {
  const body: unknown = request.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/** "a***e@example.com": enough for its owner to recognise the address, not for a passer-by to learn it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? `${local.slice(0, 1)}***` : `${local.slice(0, 1)}***${local.slice(-1)}`;
  return `${shown}${email.slice(at)}`;
}

/** The one-time KYC consent page of account verification, under /verify/consent/<token>. HTML errors. */
export async function verificationConsentPages(
  scope: FastifyInstance,
  { deps }: { deps: AppDeps },
): Promise<void> {
  scope.setErrorHandler((_error, request, reply) => {
    const m = textsOf(request);
    return sendPage(reply, {
      ...errorPage(400, m.consent.badRequest, m.consent.badForm),
      lang: m.lang,
      url: request.url,
    });
  });
  scope.get('/consent/:token', { schema: { hide: true } }, async (request, reply) => {
    const { token } = request.params as { token: string };
    const m = textsOf(request);
    if (!TOKEN.test(token)) return sendPage(reply, gone(m, request.url));
    const v = await viewConsent(deps, token);
    if (!v.ok) return sendPage(reply, gone(m, request.url));
    return sendPage(reply, consentPage(v.value, `/verify/consent/${token}?lang=${m.lang}`, m, request.url));
  });

  scope.post('/consent/:token', { schema: { hide: true } }, async (request, reply) => {
    const { token } = request.params as { token: string };
    const m = textsOf(request);
    if (!TOKEN.test(token)) return sendPage(reply, gone(m, request.url));
    const d = fieldsOf(request)['decision'];
    if (d !== 'approve' && d !== 'decline') {
      const v = await viewConsent(deps, token);
      if (!v.ok) return sendPage(reply, gone(m, request.url));
      return sendPage(reply, {
        ...consentPage(v.value, `/verify/consent/${token}?lang=${m.lang}`, m, request.url),
        status: 400,
      });
    }
    const r = await answerConsent(deps, token, d === 'approve' ? 'approved' : 'declined');
    if (!r.ok) return sendPage(reply, gone(m, request.url));
    const { appName, decision } = r.value;
    const c = m.consent;
    return sendPage(reply, {
      status: 200,
      lang: m.lang,
      url: request.url,
      title: decision === 'approved' ? c.approvedTitle : c.declinedTitle,
      body:
        decision === 'approved'
          ? html`<h1>${c.approvedTitle}</h1><p class="state ok">${c.approvedText(appName)}</p>`
          : html`<h1>${c.declinedTitle}</h1><p class="state off">${c.declinedText(appName)}</p>`,
    });
  });

  // The e-mail confirmation link: GET shows which address of which account it confirms, with a button
  // (mail scanners that open links confirm nothing); POST confirms.
  scope.get('/email/:token', { schema: { hide: true } }, async (request, reply) => {
    const { token } = request.params as { token: string };
    const m = textsOf(request);
    if (!TOKEN.test(token)) return sendPage(reply, gone(m, request.url));
    const v = await viewEmailConfirmation(deps, token);
    if (!v.ok) return sendPage(reply, gone(m, request.url));
    return sendPage(reply, {
      status: 200,
      lang: m.lang,
      url: request.url,
      title: m.email.title,
      body: html`<h1>${m.email.title}</h1>
<p id="email-confirm-text">${m.email.text(maskEmail(v.value.email), v.value.usertag)}</p>
<form method="post" action="/verify/email/${token}?lang=${m.lang}"><button type="submit">${m.email.confirm}</button></form>`,
    });
  });

  scope.post('/email/:token', { schema: { hide: true } }, async (request, reply) => {
    const { token } = request.params as { token: string };
    const m = textsOf(request);
    if (!TOKEN.test(token)) return sendPage(reply, gone(m, request.url));
    const seen = await viewEmailConfirmation(deps, token);
    const r = await confirmEmail(deps, token);
    if (!r.ok) return sendPage(reply, gone(m, request.url));
    const email = seen.ok ? maskEmail(seen.value.email) : '';
    return sendPage(reply, {
      status: 200,
      lang: m.lang,
      url: request.url,
      title: m.email.doneTitle,
      body: html`<h1>${m.email.doneTitle}</h1><p class="state ok">${m.email.doneText(email, r.value.usertag)}</p>`,
    });
  });
}
