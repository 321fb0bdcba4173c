import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app/deps.ts';
import { listOperatorActions } from '../../../app/operator/actions.ts';
import { kycQueue } from '../../../app/operator/kyc-queue.ts';
import { backendsState, ledgerState, outboxState, pricesState } from '../../../app/operator/system.ts';
import { ASSETS, formatMsatAsBtc, formatUnitsTruncated } from '../../../domain/money.ts';
import { html } from '../kit/html.ts';
import { cursorOf } from './account-pages.ts';
import { operatorOf } from './guard.ts';
import { adminTexts, age, sendAdminPage, table, td, when } from './layout.ts';

/** A price × 10^8 as its exact decimal text. */
const priceText = (e8: bigint): string => formatUnitsTruncated(e8, 8, 8).replace(/\.?0+$/, '');

/** The overview, the ledger, the backends, the deliveries, the prices and the operator log. */
export function systemPages(scope: FastifyInstance, deps: AppDeps): void {
  scope.get('/', { schema: { hide: true } }, async (request, reply) => {
    const { session } = operatorOf(request);
    const m = adminTexts(request);
    const t = m.home;
    const [queue, outbox] = await Promise.all([
      kycQueue(deps, { limit: 100 }),
      outboxState(deps, { limit: 1 }),
    ]);
    const prices = pricesState(deps);
    const stale = prices.prices.filter((p) => p.stale).length;
    const pending = outbox.counts.filter((c) => c.state === 'pending').reduce((n, c) => n + c.count, 0);
    const failed = outbox.counts.filter((c) => c.state === 'failed').reduce((n, c) => n + c.count, 0);
    const tiles: Array<[string, string, string]> = [
      ['/admin/kyc', t.kycWaiting, `${queue.submissions.length}${queue.nextAfterId === null ? '' : '+'}`],
      ['/admin/outbox', t.deliveries, `${pending} / ${failed}`],
      ['/admin/prices', t.stale, t.staleOf(stale, prices.prices.length)],
      ['/admin/ledger', t.audit, t.runNow],
    ];
    return sendAdminPage(request, reply, session, {
      title: t.title,
      active: 'home',
      body: html`<h1>${t.title}</h1><div class="filters">${tiles.map(
        ([href, label, value]) =>
          html`<a class="card" href="${href}"><span class="muted">${label}</span><br><strong>${value}</strong></a>`,
      )}</div><section class="card"><h2>${t.find}</h2><form method="get" action="/admin/accounts" role="search"><div class="field"><label for="f-q">${m.common.searchLabel}</label><input id="f-q" name="q" type="search"></div><button type="submit">${m.common.search}</button></form></section>`,
    });
  });

  scope.get('/ledger', { schema: { hide: true } }, async (request, reply) => {
    const { session } = operatorOf(request);
    const m = adminTexts(request);
    const t = m.ledger;
    const s = await ledgerState(deps);
    const ok = s.audit.violations.length === 0;
    const groups = s.audit.groups.map(
      (g) =>
        html`<tr>${td(t.check, g.name)}${td(t.checked, g.checked < 0 ? '—' : String(g.checked), 'num')}${td(t.violationsHead, String(g.violations), 'num')}</tr>`,
    );
    const balances = s.systemAccounts
      .filter((a) => a.postedUnits !== 0n || a.pendingUnits !== 0n || a.asset === 'lbtc')
      .map((a) => {
        const d = ASSETS[a.asset].decimals;
        return html`<tr>${td(t.account, html`<code>${a.code}</code>`)}${td(m.common.asset, a.asset)}${td(t.posted, formatUnitsTruncated(a.postedUnits, d, d), 'num')}${td(t.pending, formatUnitsTruncated(a.pendingUnits, d, d), 'num')}${td(t.purpose, a.purpose)}</tr>`;
      });
    return sendAdminPage(request, reply, session, {
      title: t.title,
      active: 'ledger',
      body: html`<h1>${t.title}</h1>
<section class="card" aria-labelledby="audit-h"><h2 id="audit-h">${t.audit}</h2>
${ok ? html`<p class="flash" role="status">${t.holds(String(s.audit.checkedAccounts), String(s.audit.checkedTransfers), when(s.readAtMs))}</p>` : html`<p class="problem" role="alert">${t.violations(String(s.audit.violations.length), when(s.readAtMs))}</p><ul>${s.audit.violations.slice(0, 100).map((v) => html`<li>${v}</li>`)}</ul>`}
${table(t.checksCaption, [[t.check], [t.checked, 'num'], [t.violationsHead, 'num']], groups, t.noChecks)}
${s.audit.notes.length === 0 ? null : html`<h3>${t.notes}</h3><ul>${s.audit.notes.slice(0, 100).map((n) => html`<li>${n}</li>`)}</ul>`}</section>
<section class="card" aria-labelledby="sys-h"><h2 id="sys-h">${t.system}</h2><p class="muted">${t.systemNote}</p>
${table(t.system, [[t.account], [m.common.asset], [t.posted, 'num'], [t.pending, 'num'], [t.purpose]], balances, t.noSystem)}</section>`,
    });
  });

  scope.get('/system', { schema: { hide: true } }, async (request, reply) => {
    const { session } = operatorOf(request);
    const m = adminTexts(request);
    const t = m.system;
    const s = await backendsState(deps);
    const ln = s.lightning;
    const lnFacts: Array<[string, string]> = [
      [t.backend, ln.kind],
      [t.node, ln.node.ok ? `${ln.node.alias || '—'} (${ln.node.network})` : t.notAnswering(ln.node.reason)],
      [t.pubkey, ln.node.ok ? ln.node.pubkey : '—'],
      [
        t.balance,
        !ln.balance.ok
          ? t.notAnswering(ln.balance.reason)
          : ln.balance.value === null
            ? t.balanceUntold
            : t.balanceText(
                formatMsatAsBtc(ln.balance.value.channelLocalMsat),
                formatMsatAsBtc(ln.balance.value.onchainConfirmedMsat),
              ),
      ],
    ];
    const up = ln.node.ok;
    const chain = s.chain.map(
      (c) =>
        html`<tr>${td(t.network, c.network)}${td(t.watcher, c.kind)}${td(t.nextScan, c.cursor ?? t.notScanned)}</tr>`,
    );
    const jobs = s.jobs.map(
      (j) =>
        html`<tr>${td(t.job, j.name)}${td(t.rounds, String(j.runs), 'num')}${td(t.errors, String(j.errors), 'num')}${td(t.lastSuccess, j.lastSuccessMs === null ? m.common.never : `${when(j.lastSuccessMs)} (${m.common.ago(age(s.readAtMs - j.lastSuccessMs))})`)}</tr>`,
    );
    return sendAdminPage(request, reply, session, {
      title: t.title,
      active: 'system',
      body: html`<h1>${t.title}</h1>
<section class="card" aria-labelledby="ln-h"><h2 id="ln-h">${t.backendTitle}</h2>${up ? html`<p class="flash" role="status">${t.up}</p>` : html`<p class="problem" role="alert">${t.down}</p>`}
<dl class="facts">${lnFacts.map(([k, v]) => html`<div><dt>${k}</dt><dd>${v}</dd></div>`)}</dl></section>
<section class="card" aria-labelledby="ch-h"><h2 id="ch-h">${t.chains}</h2>${table(t.chains, [[t.network], [t.watcher], [t.nextScan]], chain, t.noChain)}</section>
<section class="card" aria-labelledby="jobs-h"><h2 id="jobs-h">${t.jobsTitle}</h2>${table(t.jobsCaption, [[t.job], [t.rounds, 'num'], [t.errors, 'num'], [t.lastSuccess]], jobs, t.noJobs)}</section>`,
    });
  });

  scope.get('/outbox', { schema: { hide: true } }, async (request, reply) => {
    const { session } = operatorOf(request);
    const q = request.query as Record<string, unknown>;
    const m = adminTexts(request);
    const t = m.outbox;
    const s = await outboxState(deps, { beforeId: cursorOf(q['before']), limit: 50 });
    const counts = s.counts.map(
      (c) =>
        html`<tr>${td(m.common.channel, c.kind)}${td(m.common.state, c.state)}${td(t.rows, String(c.count), 'num')}</tr>`,
    );
    const failed = s.failed.map(
      (f) =>
        html`<tr>${td(m.common.created, when(f.createdAtMs))}${td(m.common.channel, f.kind)}${td(t.event, f.eventType)}${td(t.to, f.destination)}${td(t.attempts, String(f.attempts), 'num')}${td(t.lastAnswer, `${f.lastStatus ?? '—'} ${f.lastError ?? ''}`)}</tr>`,
    );
    const next =
      s.nextBeforeId === null
        ? null
        : html`<div class="pager"><a class="button secondary" href="/admin/outbox?before=${String(s.nextBeforeId)}">${t.older}</a></div>`;
    return sendAdminPage(request, reply, session, {
      title: t.title,
      active: 'outbox',
      body: html`<h1>${t.heading}</h1>
<section class="card" aria-labelledby="bl-h"><h2 id="bl-h">${t.backlog}</h2><p>${t.due(String(s.dueNow), s.oldestPendingAtMs === null ? null : age(s.readAtMs - s.oldestPendingAtMs))}</p>
${table(t.byState, [[m.common.channel], [m.common.state], [t.rows, 'num']], counts, t.neverQueued)}</section>
<section class="card" aria-labelledby="fd-h"><h2 id="fd-h">${t.failed}</h2>${table(t.failed, [[m.common.created], [m.common.channel], [t.event], [t.to], [t.attempts, 'num'], [t.lastAnswer]], failed, t.noFailed)}${next}</section>`,
    });
  });

  scope.get('/prices', { schema: { hide: true } }, async (request, reply) => {
    const { session } = operatorOf(request);
    const m = adminTexts(request);
    const t = m.prices;
    const s = pricesState(deps);
    const sources = s.sources.map(
      (x) =>
        html`<tr>${td(t.source, x.name)}${td(t.lastAnswer, x.lastOkMs === null ? m.common.never : `${when(x.lastOkMs)} (${m.common.ago(age(x.ageMs))})`)}${td(t.lastError, x.lastError ?? '—')}</tr>`,
    );
    const prices = s.prices.map(
      (p) =>
        html`<tr>${td(t.pair, p.pair)}${td(t.price, priceText(p.priceE8), 'num')}${td(t.age, age(p.ageMs))}${td(t.from, p.derivedFrom === null ? p.sources.join(', ') : `${p.derivedFrom.join(p.derivedBy === 'divide' ? ' ÷ ' : ' × ')}`)}${td(m.common.state, p.stale ? html`<span class="pill failed">${t.stale}</span>` : html`<span class="pill success">${t.fresh}</span>`)}</tr>`,
    );
    return sendAdminPage(request, reply, session, {
      title: t.title,
      active: 'prices',
      body: html`<h1>${t.heading}</h1><p class="muted">${t.asSeen(when(s.readAtMs))}</p>
<section class="card" aria-labelledby="src-h"><h2 id="src-h">${t.sources}</h2>${table(t.sourcesCaption, [[t.source], [t.lastAnswer], [t.lastError]], sources, t.noSources)}</section>
<section class="card" aria-labelledby="pr-h"><h2 id="pr-h">${t.published}</h2>${table(t.published, [[t.pair], [t.price, 'num'], [t.age], [t.from], [m.common.state]], prices, t.none)}</section>`,
    });
  });

  scope.get('/actions', { schema: { hide: true } }, async (request, reply) => {
    const { session } = operatorOf(request);
    const q = request.query as Record<string, unknown>;
    const m = adminTexts(request);
    const t = m.actions;
    const before = cursorOf(q['before']);
    const list = await listOperatorActions(deps, {
      ...(before === undefined ? {} : { beforeId: before }),
      limit: 51,
    });
    const page = list.slice(0, 50);
    const rows = page.map(
      (x) =>
        html`<tr>${td(m.common.when, when(x.atMs))}${td(m.common.operator, x.actor)}${td(m.common.action, x.action)}${td(t.account, html`<a href="/admin/accounts/${x.target}">${x.target}</a>`)}${td(m.common.detail, JSON.stringify(x.detail))}</tr>`,
    );
    const last = page[page.length - 1];
    const next =
      list.length > 50 && last !== undefined
        ? html`<div class="pager"><a class="button secondary" href="/admin/actions?before=${String(last.id)}">${t.older}</a></div>`
        : null;
    return sendAdminPage(request, reply, session, {
      title: t.title,
      active: 'actions',
      body: html`<h1>${t.title}</h1><section class="card">${table(t.caption, [[m.common.when], [m.common.operator], [m.common.action], [t.account], [m.common.detail]], rows, t.none)}${next}</section>`,
    });
  });
}
