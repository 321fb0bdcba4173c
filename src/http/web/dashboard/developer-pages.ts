import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { rotateKey } from '../../../app/accounts/rotate-key.ts';
import type { AppDeps } from '../../../app/deps.ts';
import { confirmPassword } from '../../../app/sessions/sign-in.ts';
import { listDeliveries } from '../../../app/webhooks/list-deliveries.ts';
import { redeliver } from '../../../app/webhooks/redeliver.ts';
import { rotateWebhookSecret } from '../../../app/webhooks/rotate-webhook-secret.ts';
import type { AppError } from '../../../domain/errors.ts';
import { httpStatusOf } from '../../errors.ts';
import { csrfField, errorsFor, field, formOf, problem, selectField } from '../kit/forms.ts';
import { html, type Raw } from '../kit/html.ts';
import { type SessionUser, signedInUser } from '../kit/session.ts';
import { pageCtx, sendDashboardPage } from './layout.ts';

type Shown = { what: 'invoice' | 'admin' | 'webhook'; secret: string } | null;

/**
 * The developers page: API keys and the webhook secret replaced (the same use cases as `paytag keys
 * rotate` and the webhook secret rotation; the new value is shown once, on the answer to the form, and
 * never stored), and the account's webhook and e-mail deliveries with redelivery. Everything that
 * changes something asks for the password again (the API asks for the admin key).
 */
export function developerPages(scope: FastifyInstance, deps: AppDeps): void {
  const page = async (
    request: FastifyRequest,
    reply: FastifyReply,
    s: SessionUser,
    opts: { shown?: Shown; error?: { form: string; e: AppError } | null; done?: string },
  ) => {
    const ctx = pageCtx(deps, request, reply, s);
    const d = ctx.m.developers;
    const err = (form: string) =>
      opts.error?.form === form
        ? errorsFor(opts.error.e, ['password', 'delivery_id'])
        : { byField: {}, form: null };
    const pw = (form: string) =>
      field({
        name: 'password',
        id: `f-password-${form}`,
        label: d.password,
        type: 'password',
        hint: d.passwordHint,
        autocomplete: 'current-password',
        required: true,
        error: err(form).byField['password'] ?? null,
      });
    const idOf = (form: string) => `pw-${form}`;
    const rotateForm = (kind: 'invoice' | 'admin', label: string): Raw =>
      html`<form method="post" action="/dashboard/developers/keys/${kind}" id="${idOf(kind)}">${csrfField(s.csrfToken)}${problem(err(kind).form)}${pw(kind)}<button type="submit">${d.rotate(label)}</button></form>`;
    const shown = opts.shown ?? null;
    const secretBox = (what: string, text: string, value: string) =>
      shown !== null && shown.what === what
        ? html`<div class="warn" role="status"><p>${text}</p><p class="secret" id="new-${what}">${value}</p></div>`
        : null;
    const deliveries = await listDeliveries(deps, s.accountId, 20);
    const list = deliveries.ok ? deliveries.value : [];
    const rows = list.map(
      (x) =>
        html`<tr><td data-label="${d.channel}">${x.channel}</td><td data-label="${d.event}">${x.eventType}<br><code>${x.deliveryId}</code></td><td data-label="${d.state}"><span class="pill ${x.state === 'delivered' ? 'paid' : x.state}">${x.state}</span></td><td data-label="${d.attempts}" class="num">${String(x.attempts)}${x.lastStatus === null ? '' : ` (${x.lastStatus})`}</td><td data-label="${d.last}">${x.attemptLog[0] ? ctx.m.date(x.attemptLog[0].startedAtMs) : '—'}${x.lastError ? html`<br><span class="muted">${x.lastError}</span>` : null}</td></tr>`,
    );
    const re = err('redeliver');
    return sendDashboardPage(
      reply,
      { ...ctx, done: opts.done ?? ctx.done },
      {
        status: opts.error ? httpStatusOf(opts.error.e.code) : 200,
        title: d.title,
        active: 'developers',
        body: html`<h1>${d.title}</h1>
<p><a href="/openapi.json">${d.openapi}</a></p>
<div class="grid"><section class="card" aria-labelledby="keys"><h2 id="keys">${d.keys}</h2><p>${d.keysIntro}</p>
${secretBox('invoice', d.newKey(d.invoiceKey), shown?.secret ?? '')}${secretBox('admin', d.newKey(d.adminKey), shown?.secret ?? '')}
<h3>${d.invoiceKey}</h3>${rotateForm('invoice', d.invoiceKey)}
<h3>${d.adminKey}</h3>${rotateForm('admin', d.adminKey)}</section>
<section class="card" aria-labelledby="wh"><h2 id="wh">${d.webhook}</h2><p>${d.webhookIntro}</p>
${secretBox('webhook', d.newSecret, shown?.secret ?? '')}
<form method="post" action="/dashboard/developers/webhook-secret">${csrfField(s.csrfToken)}${problem(err('webhook').form)}${pw('webhook')}<button type="submit">${d.rotate(d.webhook)}</button></form></section></div>
<section class="card" aria-labelledby="dl"><h2 id="dl">${d.deliveries}</h2>
${
  list.length === 0
    ? html`<p>${d.noDeliveries}</p>`
    : html`<div class="tablewrap"><table class="stack"><thead><tr><th scope="col">${d.channel}</th><th scope="col">${d.event}</th><th scope="col">${d.state}</th><th scope="col" class="num">${d.attempts}</th><th scope="col">${d.last}</th></tr></thead><tbody>${rows}</tbody></table></div>
<form method="post" action="/dashboard/developers/redeliver">${csrfField(s.csrfToken)}${problem(re.form)}
${selectField({ name: 'delivery_id', label: d.redeliver, options: list.map((x) => [x.deliveryId, `${x.eventType} · ${x.deliveryId}`] as [string, string]), error: re.byField['delivery_id'] ?? null })}
${pw('redeliver')}<button type="submit">${d.redeliver}</button></form>`
}</section>`,
      },
    );
  };

  scope.get('/developers', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    return page(request, reply, s, {});
  });

  /** Checks the password; answers the page with the error on `form` when it is wrong. */
  const confirmed = async (request: FastifyRequest, reply: FastifyReply, s: SessionUser, form: string) => {
    const c = await confirmPassword(deps, s, formOf(request)['password']);
    if (c.ok) return true;
    if (c.error.retryAfterSec !== undefined) reply.header('retry-after', String(c.error.retryAfterSec));
    await page(request, reply, s, { error: { form, e: c.error } });
    return false;
  };

  for (const kind of ['invoice', 'admin'] as const) {
    scope.post(`/developers/keys/${kind}`, { schema: { hide: true } }, async (request, reply) => {
      const s = signedInUser(request);
      if (!(await confirmed(request, reply, s, kind))) return reply;
      // The same use case as `paytag keys rotate`: the old key stops working at once.
      const r = await rotateKey(deps, s.usertag, kind);
      if (!r.ok) return page(request, reply, s, { error: { form: kind, e: r.error } });
      return page(request, reply, s, { shown: { what: kind, secret: r.value }, done: 'key_rotated' });
    });
  }

  scope.post('/developers/webhook-secret', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    if (!(await confirmed(request, reply, s, 'webhook'))) return reply;
    const r = await rotateWebhookSecret(deps, s.usertag);
    if (!r.ok) return page(request, reply, s, { error: { form: 'webhook', e: r.error } });
    return page(request, reply, s, {
      shown: { what: 'webhook', secret: r.value.secret },
      done: 'secret_rotated',
    });
  });

  scope.post('/developers/redeliver', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    if (!(await confirmed(request, reply, s, 'redeliver'))) return reply;
    // The same use case as POST /lapi/v1/webhooks/redeliver.
    const r = await redeliver(deps, s.accountId, formOf(request)['delivery_id'] ?? '');
    if (!r.ok) return page(request, reply, s, { error: { form: 'redeliver', e: r.error } });
    return reply.redirect('/dashboard/developers?done=redelivery_queued', 303);
  });
}
