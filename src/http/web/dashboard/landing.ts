import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app/deps.ts';
import { html } from '../kit/html.ts';
import { pageCtx, sendDashboardPage } from './layout.ts';

/**
 * `GET /`: what this service is, with the way to the dashboard (sign in, sign up) and to the API
 * reference (/openapi.json), in the dashboard's look, languages and policy. Only for a client that asks
 * for HTML (a browser): any other (an API client, a monitor, `curl`) keeps the JSON "not found" it got
 * before there was a page here.
 */
export async function landingPage(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    if (!wantsHtml(request)) return reply.callNotFound();
    const ctx = pageCtx(deps, request, reply, null);
    const l = ctx.m.landing;
    const sandbox = deps.config.lightning.backend === 'sandbox';
    return sendDashboardPage(reply, ctx, {
      title: l.title,
      body: html`<div class="narrow"><section class="card" aria-labelledby="what"><h1 id="what">${l.title}</h1>
<p>${l.intro}</p>${sandbox ? html`<p class="warn" role="note">${l.sandbox}</p>` : null}</section>
<section class="card" aria-labelledby="acct"><h2 id="acct">${l.accountTitle}</h2>
<p><a class="button" href="/dashboard">${l.dashboard}</a><a class="button secondary" href="/dashboard/sign-up">${l.signUp}</a></p></section>
<section class="card" aria-labelledby="dev"><h2 id="dev">${l.developersTitle}</h2>
<p>${l.developersIntro} <a href="/openapi.json">${l.openapi}</a></p></section></div>`,
    });
  });
}

/** Whether the Accept header names text/html (browsers do; `*\/*` alone is not asking for a page). */
function wantsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.split(',').some((part) => {
    const [type = '', ...params] = part.trim().toLowerCase().split(';');
    if (type.trim() !== 'text/html') return false;
    // text/html;q=0 is a refusal.
    return !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
  });
}
