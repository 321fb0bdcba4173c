import type { FastifyInstance, FastifyRequest } from 'fastify';
import { confirmEmail } from '../../app/accounts/email-confirmation.ts';
import type { AppDeps } from '../../app/deps.ts';
import { answerConsent, type ConsentView, viewConsent } from '../../app/verification/consent.ts';
import { errorPage, html, type Page, sendPage } from './html.ts';

/** What each shared field is, in words, as the consent page lists them. */
const FIELD_LABELS: Record<string, string> = {
  id_type: 'identity document type',
  'personal_kyc.id1': 'identity document 1 (link)',
  'personal_kyc.id2': 'identity document 2 (link)',
  'personal_kyc.id3': 'identity document 3 (link)',
  'company_kyc.company_name': 'company name',
  'company_kyc.email': 'company e-mail',
  'company_kyc.company_phone': 'company phone',
  'company_kyc.country': 'company country',
  'company_kyc.doc1': 'company document 1 (link)',
  'company_kyc.doc2': 'company document 2 (link)',
  'company_kyc.doc3': 'company document 3 (link)',
  'company_kyc.doc4': 'company document 4 (link)',
};

const TOKEN = /^[A-Za-z0-9_-]{32}$/;

const gone = (): Page =>
  errorPage(
    404,
    'Link not valid',
    'This link was used already, has expired, or does not exist. Nothing was shared.',
  );

function consentPage(v: ConsentView, action: string): Page {
  const items = v.fields.map((f) => html`<li>${FIELD_LABELS[f] ?? f} <code>${f}</code></li>`);
  return {
    status: 200,
    title: 'Share your KYC data?',
    body: html`<h1>Share your KYC data with ${v.appName}?</h1>
<p>${v.appName} is verifying that you control <strong>@${v.usertag}</strong> and asks for your KYC data.
If you approve, and then give it the code from the e-mail, ${v.appName} receives exactly these fields:</p>
<ul>${items}</ul>
<p>If you decline or do nothing, it receives none of them (it still learns your usertag, profile and KYC
status when you give it the code). This page works once and expires with the code.</p>
<form method="post" action="${action}">
<button type="submit" name="decision" value="approve">Approve sharing with ${v.appName}</button>
<button type="submit" name="decision" value="decline">Decline</button>
</form>`,
  };
}

function fieldsOf(request: FastifyRequest): Record<string, unknown> {
  const body: unknown = request.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/** The one-time KYC consent page of account verification, under /verify/consent/<token>. HTML errors. */
export async function verificationConsentPages(
  scope: FastifyInstance,
  { deps }: { deps: AppDeps },
): Promise<void> {
  scope.setErrorHandler((_error, _request, reply) =>
    sendPage(reply, errorPage(400, 'Bad request', 'The form could not be read. Nothing was shared.')),
  );
  scope.get('/consent/:token', { schema: { hide: true } }, async (request, reply) => {
    const { token } = request.params as { token: string };
    if (!TOKEN.test(token)) return sendPage(reply, gone());
    const v = await viewConsent(deps, token);
    if (!v.ok) return sendPage(reply, gone());
    return sendPage(reply, consentPage(v.value, `/verify/consent/${token}`));
  });

  scope.post('/consent/:token', { schema: { hide: true } }, async (request, reply) => {
    const { token } = request.params as { token: string };
    if (!TOKEN.test(token)) return sendPage(reply, gone());
    const d = fieldsOf(request)['decision'];
    if (d !== 'approve' && d !== 'decline') {
      const v = await viewConsent(deps, token);
      if (!v.ok) return sendPage(reply, gone());
      return sendPage(reply, { ...consentPage(v.value, `/verify/consent/${token}`), status: 400 });
    }
    const r = await answerConsent(deps, token, d === 'approve' ? 'approved' : 'declined');
    if (!r.ok) return sendPage(reply, gone());
    const { appName, decision } = r.value;
    return sendPage(reply, {
      status: 200,
      title: decision === 'approved' ? 'Sharing approved' : 'Sharing declined',
      body:
        decision === 'approved'
          ? html`<h1>Sharing approved</h1><p class="state ok">${appName} will receive your KYC data when you give it the code from the e-mail. You can revoke this approval later.</p>`
          : html`<h1>Sharing declined</h1><p class="state off">${appName} will not receive your KYC data.</p>`,
    });
  });

  // The e-mail confirmation link: GET shows a button (mail scanners that open links confirm nothing),
  // POST confirms.
  scope.get('/email/:token', { schema: { hide: true } }, async (request, reply) => {
    const { token } = request.params as { token: string };
    if (!TOKEN.test(token)) return sendPage(reply, gone());
    return sendPage(reply, {
      status: 200,
      title: 'Confirm your e-mail address',
      body: html`<h1>Confirm your e-mail address</h1>
<p>Confirm that this address belongs to your paytag account.</p>
<form method="post" action="/verify/email/${token}"><button type="submit">Confirm</button></form>`,
    });
  });

  scope.post('/email/:token', { schema: { hide: true } }, async (request, reply) => {
    const { token } = request.params as { token: string };
    if (!TOKEN.test(token)) return sendPage(reply, gone());
    const r = await confirmEmail(deps, token);
    if (!r.ok) return sendPage(reply, gone());
    return sendPage(reply, {
      status: 200,
      title: 'E-mail address confirmed',
      body: html`<h1>E-mail address confirmed</h1><p class="state ok">The e-mail address of @${r.value.usertag} is confirmed.</p>`,
    });
  });
}
