import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import { listOperatorActions } from '../../app/operator/actions.ts';
import { kycQueue } from '../../app/operator/kyc-queue.ts';
import { backendsState, ledgerState, outboxState, pricesState } from '../../app/operator/system.ts';
import { ASSETS, formatUnitsTruncated } from '../../domain/money.ts';
import { html } from '../pages/html.ts';
import { cursorOf } from './account-pages.ts';
import { operatorOf } from './guard.ts';
import { age, sendAdminPage, table, td, when } from './layout.ts';

/** A price × 10^8 as its exact decimal text. */
const priceText = (e8: bigint): string => formatUnitsTruncated(e8, 8, 8).replace(/\.?0+$/, '');

/** The overview, the ledger, the backends, the deliveries, the prices and the operator log. */
export function systemPages(scope: FastifyInstance, deps: AppDeps): void {
  scope.get('/', { schema: { hide: true } }, async (request, reply) => {
    const { session } = operatorOf(request);
    const [queue, outbox] = await Promise.all([
      kycQueue(deps, { limit: 100 }),
      outboxState(deps, { limit: 1 }),
    ]);
    const prices = pricesState(deps);
    const stale = prices.prices.filter((p) => p.stale).length;
    const pending = outbox.counts.filter((c) => c.state === 'pending').reduce((n, c) => n + c.count, 0);
    const failed = outbox.counts.filter((c) => c.state === 'failed').reduce((n, c) => n + c.count, 0);
    const tiles: Array<[string, string, string]> = [
      [
        '/admin/kyc',
        'KYC submissions waiting',
        `${queue.submissions.length}${queue.nextAfterId === null ? '' : '+'}`,
      ],
      ['/admin/outbox', 'Deliveries pending / failed', `${pending} / ${failed}`],
      ['/admin/prices', 'Stale prices', `${stale} of ${prices.prices.length}`],
      ['/admin/ledger', 'Ledger audit', 'run now'],
    ];
    return sendAdminPage(request, reply, session, {
      title: 'Operator console',
      active: 'home',
      body: html`<h1>Operator console</h1><div class="filters">${tiles.map(
        ([href, label, value]) =>
          html`<a class="card" href="${href}"><span class="muted">${label}</span><br><strong>${value}</strong></a>`,
      )}</div><section class="card"><h2>Find an account</h2><form method="get" action="/admin/accounts" role="search"><div class="field"><label for="f-q">Usertag or e-mail starts with</label><input id="f-q" name="q" type="search"></div><button type="submit">Search</button></form></section>`,
    });
  });

  scope.get('/ledger', { schema: { hide: true } }, async (request, reply) => {
    const { session } = operatorOf(request);
    const s = await ledgerState(deps);
    const ok = s.audit.violations.length === 0;
    const groups = s.audit.groups.map(
      (g) =>
        html`<tr>${td('Check', g.name)}${td('Checked', g.checked < 0 ? '—' : String(g.checked), 'num')}${td('Violations', String(g.violations), 'num')}</tr>`,
    );
    const balances = s.systemAccounts
      .filter((a) => a.postedUnits !== 0n || a.pendingUnits !== 0n || a.asset === 'lbtc')
      .map((a) => {
        const d = ASSETS[a.asset].decimals;
        return html`<tr>${td('Account', html`<code>${a.code}</code>`)}${td('Asset', a.asset)}${td('Posted', formatUnitsTruncated(a.postedUnits, d, d), 'num')}${td('Pending', formatUnitsTruncated(a.pendingUnits, d, d), 'num')}${td('Purpose', a.purpose)}</tr>`;
      });
    return sendAdminPage(request, reply, session, {
      title: 'Ledger',
      active: 'ledger',
      body: html`<h1>Ledger</h1>
<section class="card" aria-labelledby="audit-h"><h2 id="audit-h">Audit</h2>
${ok ? html`<p class="flash" role="status">Every invariant holds: ${String(s.audit.checkedAccounts)} ledger accounts and ${String(s.audit.checkedTransfers)} transfers checked at ${when(s.readAtMs)}.</p>` : html`<p class="problem" role="alert">${String(s.audit.violations.length)} violations found at ${when(s.readAtMs)}.</p><ul>${s.audit.violations.slice(0, 100).map((v) => html`<li>${v}</li>`)}</ul>`}
${table('Audit checks', [['Check'], ['Checked', 'num'], ['Violations', 'num']], groups, 'No checks ran.')}
${s.audit.notes.length === 0 ? null : html`<h3>Notes</h3><ul>${s.audit.notes.slice(0, 100).map((n) => html`<li>${n}</li>`)}</ul>`}</section>
<section class="card" aria-labelledby="sys-h"><h2 id="sys-h">System accounts</h2><p class="muted">credits − debits in whole units of the asset, every stripe summed; assets other than Lightning BTC are listed when they hold something. A negative node balance is the money that came in by Lightning.</p>
${table('System accounts', [['Account'], ['Asset'], ['Posted', 'num'], ['Pending', 'num'], ['Purpose']], balances, 'No system accounts.')}</section>`,
    });
  });

  scope.get('/system', { schema: { hide: true } }, async (request, reply) => {
    const { session } = operatorOf(request);
    const s = await backendsState(deps);
    const ln = s.lightning;
    const lnFacts: Array<[string, string]> = !ln.configured
      ? [['Backend', 'none configured (LIGHTNING_BACKEND)']]
      : [
          ['Backend', ln.kind],
          [
            'Node',
            ln.node.ok ? `${ln.node.alias || '—'} (${ln.node.network})` : `not answering: ${ln.node.reason}`,
          ],
          ['Public key', ln.node.ok ? ln.node.pubkey : '—'],
          [
            'Node balance',
            !ln.balance.ok
              ? `not answering: ${ln.balance.reason}`
              : ln.balance.value === null
                ? 'the backend does not tell'
                : `channels ${formatUnitsTruncated(ln.balance.value.channelLocalMsat, 11, 8)} BTC, on-chain ${formatUnitsTruncated(ln.balance.value.onchainConfirmedMsat, 11, 8)} BTC`,
          ],
        ];
    const up = ln.configured && ln.node.ok;
    const chain = s.chain.map(
      (c) =>
        html`<tr>${td('Network', c.network)}${td('Watcher', c.kind)}${td('Next scan from', c.cursor ?? 'not scanned yet')}</tr>`,
    );
    const jobs = s.jobs.map(
      (j) =>
        html`<tr>${td('Job', j.name)}${td('Rounds', String(j.runs), 'num')}${td('Errors', String(j.errors), 'num')}${td('Last success', j.lastSuccessMs === null ? 'never' : `${when(j.lastSuccessMs)} (${age(s.readAtMs - j.lastSuccessMs)} ago)`)}</tr>`,
    );
    return sendAdminPage(request, reply, session, {
      title: 'Lightning and chains',
      active: 'system',
      body: html`<h1>Lightning and chains</h1>
<section class="card" aria-labelledby="ln-h"><h2 id="ln-h">Lightning backend</h2>${up ? html`<p class="flash" role="status">The node answers.</p>` : html`<p class="problem" role="alert">The Lightning node is not answering or not configured.</p>`}
<dl class="facts">${lnFacts.map(([k, v]) => html`<div><dt>${k}</dt><dd>${v}</dd></div>`)}</dl></section>
<section class="card" aria-labelledby="ch-h"><h2 id="ch-h">Chain watchers</h2>${table('Chain watchers', [['Network'], ['Watcher'], ['Next scan from']], chain, 'No chain is watched.')}</section>
<section class="card" aria-labelledby="jobs-h"><h2 id="jobs-h">Background jobs of this instance</h2>${table('Background jobs', [['Job'], ['Rounds', 'num'], ['Errors', 'num'], ['Last success']], jobs, 'No background job has run in this instance yet.')}</section>`,
    });
  });

  scope.get('/outbox', { schema: { hide: true } }, async (request, reply) => {
    const { session } = operatorOf(request);
    const q = request.query as Record<string, unknown>;
    const s = await outboxState(deps, { beforeId: cursorOf(q['before']), limit: 50 });
    const counts = s.counts.map(
      (c) =>
        html`<tr>${td('Channel', c.kind)}${td('State', c.state)}${td('Rows', String(c.count), 'num')}</tr>`,
    );
    const failed = s.failed.map(
      (f) =>
        html`<tr>${td('Created', when(f.createdAtMs))}${td('Channel', f.kind)}${td('Event', f.eventType)}${td('To', f.destination)}${td('Attempts', String(f.attempts), 'num')}${td('Last answer', `${f.lastStatus ?? '—'} ${f.lastError ?? ''}`)}</tr>`,
    );
    const next =
      s.nextBeforeId === null
        ? null
        : html`<div class="pager"><a class="button secondary" href="/admin/outbox?before=${String(s.nextBeforeId)}">Older failures</a></div>`;
    return sendAdminPage(request, reply, session, {
      title: 'Deliveries',
      active: 'outbox',
      body: html`<h1>Webhook and e-mail deliveries</h1>
<section class="card" aria-labelledby="bl-h"><h2 id="bl-h">Backlog</h2><p>${String(s.dueNow)} deliveries are due now; the oldest pending one was queued ${s.oldestPendingAtMs === null ? '— none is pending' : `${age(s.readAtMs - s.oldestPendingAtMs)} ago`}.</p>
${table('Deliveries by state', [['Channel'], ['State'], ['Rows', 'num']], counts, 'Nothing was ever queued.')}</section>
<section class="card" aria-labelledby="fd-h"><h2 id="fd-h">Failed deliveries</h2>${table('Failed deliveries', [['Created'], ['Channel'], ['Event'], ['To'], ['Attempts', 'num'], ['Last answer']], failed, 'No delivery has failed.')}${next}</section>`,
    });
  });

  scope.get('/prices', { schema: { hide: true } }, async (request, reply) => {
    const { session } = operatorOf(request);
    const s = pricesState(deps);
    const sources = s.sources.map(
      (x) =>
        html`<tr>${td('Source', x.name)}${td('Last answer', x.lastOkMs === null ? 'never' : `${when(x.lastOkMs)} (${age(x.ageMs)} ago)`)}${td('Last error', x.lastError ?? '—')}</tr>`,
    );
    const prices = s.prices.map(
      (p) =>
        html`<tr>${td('Pair', p.pair)}${td('Price', priceText(p.priceE8), 'num')}${td('Age', age(p.ageMs))}${td('From', p.derivedFrom === null ? p.sources.join(', ') : `${p.derivedFrom.join(' × ')}`)}${td('State', p.stale ? html`<span class="pill failed">stale</span>` : html`<span class="pill success">fresh</span>`)}</tr>`,
    );
    return sendAdminPage(request, reply, session, {
      title: 'Prices',
      active: 'prices',
      body: html`<h1>Price feed</h1><p class="muted">As this instance sees it at ${when(s.readAtMs)}.</p>
<section class="card" aria-labelledby="src-h"><h2 id="src-h">Sources</h2>${table('Price sources', [['Source'], ['Last answer'], ['Last error']], sources, 'No price source is configured.')}</section>
<section class="card" aria-labelledby="pr-h"><h2 id="pr-h">Published prices</h2>${table('Published prices', [['Pair'], ['Price', 'num'], ['Age'], ['From'], ['State']], prices, 'No price is published yet.')}</section>`,
    });
  });

  scope.get('/actions', { schema: { hide: true } }, async (request, reply) => {
    const { session } = operatorOf(request);
    const q = request.query as Record<string, unknown>;
    const before = cursorOf(q['before']);
    const list = await listOperatorActions(deps, {
      ...(before === undefined ? {} : { beforeId: before }),
      limit: 51,
    });
    const page = list.slice(0, 50);
    const rows = page.map(
      (x) =>
        html`<tr>${td('When', when(x.atMs))}${td('Operator', x.actor)}${td('Action', x.action)}${td('Account', html`<a href="/admin/accounts/${x.target}">${x.target}</a>`)}${td('Detail', JSON.stringify(x.detail))}</tr>`,
    );
    const last = page[page.length - 1];
    const next =
      list.length > 50 && last !== undefined
        ? html`<div class="pager"><a class="button secondary" href="/admin/actions?before=${String(last.id)}">Older actions</a></div>`
        : null;
    return sendAdminPage(request, reply, session, {
      title: 'Operator log',
      active: 'actions',
      body: html`<h1>Operator log</h1><section class="card">${table('Operator actions', [['When'], ['Operator'], ['Action'], ['Account'], ['Detail']], rows, 'No operator action is recorded yet.')}${next}</section>`,
    });
  });
}
