import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordChains } from '../../../app/chain/deposit-hashes.ts';
import {
  type HistoryFilter,
  historyPage,
  homeView,
  sessionCaller,
  VALUE_CURRENCIES,
  type ValueCurrency,
} from '../../../app/dashboard/views.ts';
import type { AppDeps } from '../../../app/deps.ts';
import { checkPayment } from '../../../app/payments/check-payment.ts';
import type { Payment } from '../../../app/payments/payment.ts';
import { updatePayeeStatus } from '../../../app/payments/update-status.ts';
import { paymentRefunds } from '../../../app/refunds/list-refunds.ts';
import { refundPayment } from '../../../app/refunds/refund-payment.ts';
import { viewAccount } from '../../../app/sessions/account-view.ts';
import { confirmPassword } from '../../../app/sessions/sign-in.ts';
import { CHAIN_NETWORK_NAMES } from '../../../domain/chain-uri.ts';
import type { AppError } from '../../../domain/errors.ts';
import { formatMsatAsBtc, MSAT_PER_SAT, parseBtcToMsat } from '../../../domain/money.ts';
import { formatWalletAmount, requestedUnits } from '../../../domain/payments/amounts.ts';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../../domain/payments/vocabulary.ts';
import { formatPriceE8 } from '../../../domain/prices.ts';
import { excessMsat, receivedMsat } from '../../../domain/refunds.ts';
import { err, ok, type Result } from '../../../domain/result.ts';
import { httpStatusOf } from '../../errors.ts';
import { decodeCursor } from '../../wire/history-cursor.ts';
import { proRecord } from '../../wire/pro-record.ts';
import { fiatText } from '../kit/fiat-text.ts';
import { csrfField, errorsFor, field, formOf, problem, selectField } from '../kit/forms.ts';
import { html, qrSvg, type Raw, raw } from '../kit/html.ts';
import { signedInUser } from '../kit/session.ts';
import { unconfirmedBanner } from './auth-pages.ts';
import { formKeyOf, newFormKey } from './form-key.ts';
import type { DashboardCatalogue } from './i18n/index.ts';
import { type PageCtx, pageCtx, sendDashboardError, sendDashboardPage } from './layout.ts';

/** A payment's amount in its wallet's unit, signed by direction. */
export function amountText(p: Payment): string {
  const asset = p.wallet;
  const text = formatWalletAmount(asset, p.amount_units);
  return `${p.direction === 'in' ? '+' : '−'}${text} ${asset === 'usdt' ? 'USDT' : 'BTC'}`;
}

/** Who the payment is with, as far as its record says. */
export const counterpartyText = (p: Payment): string =>
  p.direction === 'out' && p.receiver_usertag !== null
    ? `@${p.receiver_usertag}`
    : p.route === 'internal'
      ? 'paytag'
      : p.payment_mode;

const statusPill = (m: DashboardCatalogue, p: Payment, link = false): Raw => {
  const inner = html`class="pill ${p.status}" data-status="${p.public_id}"`;
  return link
    ? html`<a href="/dashboard/payments/${p.public_id}" ${inner}>${m.payments.statusName(p.status)}</a>`
    : html`<span ${inner}>${m.payments.statusName(p.status)}</span>`;
};

/** The payments table (history, recent activity); new payments are added to it live. */
function paymentsTable(m: DashboardCatalogue, rows: Payment[], addNew: boolean): Raw {
  const p = m.payments;
  const labels = [p.when, p.counterparty, p.memo, p.amount, p.status];
  const body = rows.map(
    (r) =>
      html`<tr data-row="${r.public_id}"><td data-label="${p.when}">${m.date(r.created_at_ms)}</td><td data-label="${p.counterparty}">${counterpartyText(r)}</td><td data-label="${p.memo}">${r.description ?? ''}</td><td class="num ${r.direction === 'in' ? 'in' : 'out'}" data-label="${p.amount}">${amountText(r)}</td><td data-label="${p.status}">${statusPill(m, r, true)}</td></tr>`,
  );
  return html`<div class="tablewrap"><table class="stack"><thead><tr>${labels.map(
    (l, i) => html`<th scope="col"${i === 3 ? raw(' class="num"') : null}>${l}</th>`,
  )}</tr></thead><tbody${addNew ? raw(' data-live-list') : null} ${raw(
    labels.map((l, i) => html`data-label${String(i)}="${l}"`.html).join(' '),
  )}>${body}</tbody></table></div>`;
}

/** The currency balances are valued in: INR for Hindi pages, else USD (or `?currency=`). */
function currencyOf(request: FastifyRequest, ctx: PageCtx): ValueCurrency {
  const q = (request.query as Record<string, unknown>)['currency'];
  if (typeof q === 'string' && (VALUE_CURRENCIES as readonly string[]).includes(q.toUpperCase()))
    return q.toUpperCase() as ValueCurrency;
  return ctx.lang === 'hi' ? 'INR' : 'USD';
}

/** The page's heading: a payment received, sent, or a request still waiting to be paid. */
const headingOf = (m: DashboardCatalogue, p: Payment): string =>
  p.direction === 'out'
    ? m.payments.detailOut
    : p.status === 'paid'
      ? m.payments.detailIn
      : m.payments.requestIn;

/** An amount of the payment's asset: BTC with its sats ("0.00100000 BTC (100,000 sats)"), or USDT. */
function amountWithSats(m: DashboardCatalogue, p: Payment, units: bigint): string {
  const text = formatWalletAmount(p.wallet, units);
  if (p.wallet === 'usdt')
    return `${text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text} USDT`;
  const sats = (units / MSAT_PER_SAT).toLocaleString(m.locale);
  return `${text} BTC (${m.payments.sats(sats)})`;
}

/** Who the payment is with, in words: a usertag, or the kind of counterparty. */
function withText(m: DashboardCatalogue, p: Payment): string {
  const w = m.payments.with;
  if (p.purpose === 'voucher_claim') return w.voucher;
  if (p.direction === 'out') {
    if (p.receiver_usertag !== null) return `@${p.receiver_usertag}`;
    if (p.route === 'internal') return w.internal;
    return p.invoice_type === 'lnurl' ? w.lnurl : w.invoice;
  }
  if (p.payment_mode === 'onchain') return w.onchain;
  return p.route === 'internal' ? w.internal : w.lightning;
}

/** A long code shortened for reading ("lnbcrt10u1p…x7k2"); the whole of it is in the API record. */
const shortCode = (s: string): string => (s.length > 28 ? `${s.slice(0, 16)}…${s.slice(-8)}` : s);

/**
 * What a person reads of a payment: direction, amount in BTC and sats, the price given, fees, dates,
 * state in words, counterparty, description; on-chain details only for an on-chain payment, the
 * invoice only for a Lightning one. Empty facts are left out.
 */
function readableFacts(m: DashboardCatalogue, p: Payment, network: string | null): Raw[] {
  const f = m.payments.facts;
  const rows: Raw[] = [];
  const add = (label: string, value: string | Raw | null, id?: string) => {
    if (value === null || value === '') return;
    rows.push(
      html`<div${id === undefined ? null : html` id="${id}"`}><dt>${label}</dt><dd>${value}</dd></div>`,
    );
  };
  const requested = requestedUnits(p);
  add(f.direction, p.direction === 'in' ? m.payments.incoming : m.payments.outgoing);
  add(f.amount, amountWithSats(m, p, requested), 'fact-amount');
  if (p.fiat_value !== null && p.fiat_currency !== null) add(f.fiat, `${p.fiat_value} ${p.fiat_currency}`);
  if (p.fiat_rate_e8 !== null && p.fiat_rate_pair !== null) {
    const [base, currency] = p.fiat_rate_pair.split('-') as [string, string];
    add(f.rate, `1 ${base} = ${fiatText(formatPriceE8(p.fiat_rate_e8), currency, m.locale)}`, 'fact-rate');
  }
  if (p.direction === 'in' && p.payment_mode === 'onchain' && p.received_units > 0n)
    add(f.received, amountWithSats(m, p, p.received_units));
  if (p.exception !== null) {
    const excess = p.received_units > requested ? p.received_units - requested : 0n;
    add(f.outcome, m.payments.outcome(p.exception, amountWithSats(m, p, excess)), 'fact-outcome');
  }
  const fees = p.network_fee_msat + p.service_fee_msat + p.gst_fee_msat;
  if (p.direction === 'out' || fees > 0n)
    add(
      f.fee,
      fees === 0n ? m.payments.noFee : amountWithSats(m, { ...p, wallet: 'lbtc' }, fees),
      'fact-fee',
    );
  add(f.status, m.payments.stateWords(p.status, p.direction), 'fact-state');
  add(f.counterparty, withText(m, p), 'fact-with');
  add(f.description, p.description);
  add(f.orderId, p.order_id);
  add(f.customer, p.customer_name);
  add(f.created, m.date(p.created_at_ms), 'fact-created');
  if (p.paid_at_ms !== null) add(f.paid, m.date(p.paid_at_ms));
  if (p.direction === 'in' && p.status === 'pending' && p.hosted_checkout_expiry_ms !== null)
    add(f.checkoutExpiry, m.date(p.hosted_checkout_expiry_ms));
  if (p.payment_mode === 'onchain') {
    if (network !== null) add(f.network, network);
    if (p.chain_address !== null) add(f.address, html`<code>${p.chain_address}</code>`);
    if (p.transaction_hash !== null) add(f.transaction, html`<code>${p.transaction_hash}</code>`);
  } else if (p.payreq !== null) {
    add(f.invoice, html`<code title="${p.payreq}">${shortCode(p.payreq)}</code>`);
  }
  if (p.status === 'declined' && p.failure_reason !== null) add(f.reason, p.failure_reason);
  if (p.direction === 'in' && p.status_payee !== 'undefined')
    add(f.payeeStatus, m.payments.statusName(p.status_payee));
  add(f.tid, html`<code>${p.public_id}</code>`);
  return rows;
}

export function paymentPages(scope: FastifyInstance, deps: AppDeps): void {
  scope.get('/', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    const ctx = pageCtx(deps, request, reply, s);
    const m = ctx.m;
    const account = await viewAccount(deps, s.accountId);
    if (account === null) return reply.redirect('/dashboard/sign-in', 303);
    const currency = currencyOf(request, ctx);
    const v = await homeView(deps, sessionCaller(s, 'invoice'), currency, account);
    const rows = v.balances.map(
      (b) =>
        html`<tr><th scope="row">${b.label} <span class="muted">(${b.asset})</span></th><td class="num" data-balance="${b.asset}">${b.text}</td><td class="num" data-value="${b.asset}">${b.value === null ? m.home.noPrice : `${b.value} ${currency}`}</td></tr>`,
    );
    return sendDashboardPage(reply, ctx, {
      title: m.home.title,
      active: 'home',
      live: true,
      body: html`<h1>${m.home.title}</h1>${unconfirmedBanner(ctx, v.emailConfirmed, v.email)}
<div class="grid"><section class="card" aria-labelledby="bal"><h2 id="bal">${m.home.balances}</h2>
<div class="tablewrap"><table><thead><tr><th scope="col">${m.home.asset}</th><th scope="col" class="num">${m.home.balance}</th><th scope="col" class="num">${m.home.value(currency)}</th></tr></thead><tbody>${rows}</tbody></table></div>
<p class="muted">${m.home.valueNote}</p></section>
<section class="card" aria-labelledby="addr"><h2 id="addr">${m.home.address}</h2><p><code id="lightning-address">${v.lightningAddress}</code></p>
<a class="qr" href="${v.lightningUri}">${await qrSvg(v.lightningUri, m.home.addressQr)}</a></section></div>
<section class="card" aria-labelledby="recent"><h2 id="recent">${m.home.recent}</h2>
<p data-empty${v.recent.length === 0 ? null : raw(' hidden')}>${m.home.noActivity}</p>
${paymentsTable(m, v.recent, true)}<p><a href="/dashboard/payments">${m.home.all}</a></p></section>`,
    });
  });

  scope.get('/payments', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    const ctx = pageCtx(deps, request, reply, s);
    const m = ctx.m;
    const q = (request.query ?? {}) as Record<string, unknown>;
    const text = (k: string) => (typeof q[k] === 'string' ? (q[k] as string) : '');
    const filter = decodeHistoryFilter(q);
    const cursor = decodeCursor(q['after']);
    const error: AppError | null = !filter.ok ? filter.error : !cursor.ok ? cursor.error : null;
    const e = errorsFor(error, ['direction', 'status', 'wallet', 'from', 'to']);
    const page =
      filter.ok && cursor.ok
        ? await historyPage(deps, sessionCaller(s, 'invoice'), filter.value, cursor.value)
        : { rows: [], next: null, searchedToMs: null };
    const keep = new URLSearchParams();
    for (const k of ['direction', 'status', 'wallet', 'from', 'to']) if (text(k) !== '') keep.set(k, text(k));
    const nextLink =
      page.next === null
        ? null
        : html`<a class="button secondary" href="/dashboard/payments?${`${keep.toString()}${keep.size > 0 ? '&' : ''}after=${page.next}`}">${m.payments.older}</a>`;
    const p = m.payments;
    return sendDashboardPage(reply, ctx, {
      status: error ? httpStatusOf(error.code) : 200,
      title: p.title,
      active: 'payments',
      live: true,
      body: html`<h1>${p.title}</h1><p class="muted">${p.liveNote}</p>
<section class="card" aria-labelledby="flt"><h2 id="flt">${p.filters}</h2>${problem(e.form)}
<form method="get" action="/dashboard/payments" class="filters">
${selectField({
  name: 'direction',
  label: p.direction,
  value: text('direction'),
  error: e.byField['direction'] ?? null,
  options: [
    ['', p.any],
    ['in', p.incoming],
    ['out', p.outgoing],
  ],
})}
${selectField({ name: 'status', label: p.status, value: text('status'), error: e.byField['status'] ?? null, options: [['', p.any], ...PAYMENT_STATUSES.map((st) => [st, p.statusName(st)] as [string, string])] })}
${selectField({
  name: 'wallet',
  label: p.wallet,
  value: text('wallet'),
  error: e.byField['wallet'] ?? null,
  options: [
    ['', p.any],
    ['lbtc', 'Lightning BTC'],
    ['btc', 'BTC'],
    ['usdt', 'USDT'],
  ],
})}
${field({ name: 'from', label: p.from, type: 'date', value: text('from'), error: e.byField['from'] ?? null })}
${field({ name: 'to', label: p.to, type: 'date', value: text('to'), error: e.byField['to'] ?? null })}
<div><button type="submit">${p.apply}</button><a class="button secondary" href="/dashboard/payments">${p.reset}</a></div></form></section>
<section class="card" aria-label="${p.title}"><p data-empty${page.rows.length === 0 && page.searchedToMs === null ? null : raw(' hidden')}>${p.none}</p>
${page.searchedToMs === null ? null : html`<p class="muted" id="searched-to">${p.searchedTo(m.date(page.searchedToMs))}</p>`}
${paymentsTable(m, page.rows, keep.size === 0 && cursor.ok && cursor.value === null)}<nav class="pager" aria-label="${p.title}">${
        cursor.ok && cursor.value !== null
          ? html`<a class="button secondary" href="/dashboard/payments${keep.size > 0 ? `?${keep.toString()}` : ''}">${p.newest}</a>`
          : null
      }${nextLink}</nav></section>`,
    });
  });

  const detailPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    error: AppError | null,
    form: 'status' | 'refund' = 'status',
  ) => {
    const s = signedInUser(request);
    const ctx = pageCtx(deps, request, reply, s);
    const m = ctx.m;
    const tid = (request.params as { tid: string }).tid.toLowerCase();
    const found = await checkPayment(deps, sessionCaller(s, 'invoice'), tid);
    if (!found.ok || !/^[a-z0-9]{16}$/.test(tid))
      return sendDashboardError(reply, ctx, 404, found.ok ? m.errors.notFound : found.error.message);
    const row = found.value;
    const record: Record<string, unknown> = {
      ...proRecord(row, deps.config, (await recordChains(deps, [row])).get(row.id) ?? null),
      tid: row.public_id,
      id: Number(row.id),
      direction: row.direction,
      route: row.route,
    };
    const facts: Raw[] = [];
    const walk = (prefix: string, v: unknown) => {
      if (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0) {
        for (const [k, x] of Object.entries(v)) walk(prefix === '' ? k : `${prefix}.${k}`, x);
      } else {
        facts.push(
          html`<div><dt><code>${prefix}</code></dt><dd>${v === null ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v)}</dd></div>`,
        );
      }
    };
    walk('', record);
    const readable = readableFacts(
      m,
      row,
      row.chain_network === null ? null : CHAIN_NETWORK_NAMES[row.chain_network],
    );
    const e = errorsFor(form === 'status' ? error : null, ['status_payee', 'password']);
    const re = errorsFor(form === 'refund' ? error : null, ['amount', 'password']);
    const refunds = await paymentRefunds(deps, s, row);
    // Only the payee refunds what a payment received, from its Lightning balance (as POST /lapi/v1/refund).
    const refundable = row.account_id === s.accountId && receivedMsat(row) > 0n;
    const excess = excessMsat(row);
    // A refused refund shows the amount as typed; its fields have ids of their own (the status form
    // above has a password field too).
    const refundAmount = form === 'refund' ? (formOf(request)['amount'] ?? '').trim() : '';
    // Sent twice (a double click, a reload), the form refunds once: its key is the refund's
    // Idempotency-Key. A refused form keeps its key.
    const refundKey = (form === 'refund' ? formKeyOf(formOf(request)) : null) ?? newFormKey();
    const refundForm = refundable
      ? html`<section class="card" aria-labelledby="rf"><h2 id="rf">${m.payments.refundTitle}</h2>${problem(re.form)}
<p class="muted">${m.payments.refundNote}</p>${excess > 0n ? html`<p id="refund-excess">${m.payments.refundExcess(`${formatMsatAsBtc(excess)} BTC`)}</p>` : null}
<form method="post" action="/dashboard/payments/${row.public_id}/refund" id="refund-form">${csrfField(s.csrfToken)}
<input type="hidden" name="form_key" value="${refundKey}">
${field({ name: 'amount', id: 'f-refund-amount', label: m.payments.refundAmount, value: refundAmount, inputmode: 'decimal', error: re.byField['amount'] ?? null })}
${field({ name: 'password', id: 'f-refund-password', label: m.send.password, type: 'password', hint: m.payments.refundPasswordHint, autocomplete: 'current-password', required: true, error: re.byField['password'] ?? null })}
<button type="submit">${m.payments.refundButton}</button></form></section>`
      : null;
    const refundList =
      refunds.length === 0
        ? null
        : html`<section class="card" aria-labelledby="rl"><h2 id="rl">${m.payments.refundsTitle}</h2><ul id="refunds">${refunds.map(
            (r) =>
              html`<li data-refund="${r.row.batchId}"><a href="/refund/${r.row.code}">${formatMsatAsBtc(r.row.amountMsat)} BTC</a> · <span class="refund-status">${m.payments.refundStatusName(r.status)}</span>${
                // An open refund is cancelled as the voucher batch it is (revoked there, the password
                // asked again): its escrow returns.
                r.status === 'open'
                  ? html` · <a href="/dashboard/vouchers/${r.row.batchId}">${m.payments.refundCancel}</a>`
                  : null
              }</li>`,
          )}</ul></section>`;
    // Only the payee sets status_payee: not the account that made the request for it.
    const statusForm =
      row.direction === 'in' && row.account_id === s.accountId
        ? html`<section class="card" aria-labelledby="sp"><h2 id="sp">${m.payments.statusPayee}</h2>${problem(e.form)}
<form method="post" action="/dashboard/payments/${row.public_id}/status">${csrfField(s.csrfToken)}
${selectField({ name: 'status_payee', label: m.payments.statusPayee, value: row.status_payee, error: e.byField['status_payee'] ?? null, options: PAYMENT_STATUSES.map((st) => [st, m.payments.statusName(st)] as [string, string]) })}
${field({ name: 'password', label: m.send.password, type: 'password', hint: m.payments.passwordHint, autocomplete: 'current-password', required: true, error: e.byField['password'] ?? null })}
<button type="submit">${m.payments.setStatus}</button></form></section>`
        : null;
    const checkout =
      row.direction === 'in' && row.hosted_checkout_expiry_ms !== null
        ? `${deps.config.publicUrl}/checkout/${row.public_id}`
        : null;
    return sendDashboardPage(reply, ctx, {
      status: error ? httpStatusOf(error.code) : 200,
      title: `${headingOf(m, row)} ${row.public_id}`,
      active: 'payments',
      live: true,
      body: html`<h1>${headingOf(m, row)}</h1>
<p class="amount"><strong class="${row.direction === 'in' ? 'in' : 'out'}">${amountText(row)}</strong> ${statusPill(m, row)}</p>
<section class="card" aria-label="${headingOf(m, row)}"><dl class="facts" id="payment-facts">${readable}</dl></section>
${checkout === null ? null : html`<div class="card"><h2>${m.receive.checkout}</h2><p><a href="${checkout}" id="checkout-link">${checkout}</a></p><a class="qr" href="${checkout}">${await qrSvg(checkout, m.receive.qr)}</a></div>`}
${statusForm}
${refundList}${refundForm}
<details class="card api-record"><summary>${m.payments.apiRecord}</summary><p class="muted">${m.payments.apiRecordNote}</p><dl class="facts">${facts}</dl></details>`,
    });
  };

  scope.get('/payments/:tid', { schema: { hide: true } }, (request, reply) =>
    detailPage(request, reply, null),
  );

  scope.post('/payments/:tid/status', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    const tid = (request.params as { tid: string }).tid.toLowerCase();
    const status = formOf(request)['status_payee'] ?? '';
    if (!(PAYMENT_STATUSES as readonly string[]).includes(status)) {
      return detailPage(request, reply, {
        code: 'invalid_request',
        message: `status_payee is one of ${PAYMENT_STATUSES.join(', ')}`,
        field: 'status_payee',
      });
    }
    // The API asks for the admin key here: the page asks for the password again.
    const confirmed = await confirmPassword(deps, s, formOf(request)['password']);
    if (!confirmed.ok) {
      if (confirmed.error.retryAfterSec !== undefined)
        reply.header('retry-after', String(confirmed.error.retryAfterSec));
      return detailPage(request, reply, confirmed.error);
    }
    // The same use case as POST /sapi/v1/updateStatus.
    const r = await updatePayeeStatus(deps, sessionCaller(s, 'admin'), tid, status as PaymentStatus);
    // A payment the account may read but not change (a request it made for another account) is not
    // found here, as it is for every other account.
    if (!r.ok && r.error.code === 'not_found')
      return sendDashboardError(reply, pageCtx(deps, request, reply, s), 404, r.error.message);
    if (!r.ok) return detailPage(request, reply, r.error);
    return reply.redirect(`/dashboard/payments/${r.value.public_id}?done=status_changed`, 303);
  });

  scope.post('/payments/:tid/refund', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    const tid = (request.params as { tid: string }).tid.toLowerCase();
    const fields = formOf(request);
    const amountText = (fields['amount'] ?? '').trim();
    const amount = amountText === '' ? null : parseBtcToMsat(amountText, 'amount');
    if (amount !== null && !amount.ok) return detailPage(request, reply, amount.error, 'refund');
    // The API asks for the admin key here: the page asks for the password again.
    const confirmed = await confirmPassword(deps, s, fields['password']);
    if (!confirmed.ok) {
      if (confirmed.error.retryAfterSec !== undefined)
        reply.header('retry-after', String(confirmed.error.retryAfterSec));
      return detailPage(request, reply, confirmed.error, 'refund');
    }
    // The same use case as POST /lapi/v1/refund.
    const r = await refundPayment(deps, sessionCaller(s, 'admin'), {
      tid,
      amount: amount === null ? { kind: 'original' } : { kind: 'btc', msat: amount.value },
      description: null,
      receiverEmail: null,
      idempotencyKey: formKeyOf(fields),
    });
    if (!r.ok && r.error.code === 'not_found')
      return sendDashboardError(reply, pageCtx(deps, request, reply, s), 404, r.error.message);
    if (!r.ok) return detailPage(request, reply, r.error, 'refund');
    return reply.redirect(`/dashboard/payments/${r.value.row.paymentTid}?done=refunded`, 303);
  });
}

/** The filters of the history page as typed into its form; bad values are refused by field. */
export function decodeHistoryFilter(q: Record<string, unknown>): Result<HistoryFilter> {
  const s = (k: string) => (typeof q[k] === 'string' ? (q[k] as string).trim() : '');
  const direction = s('direction');
  if (direction !== '' && direction !== 'in' && direction !== 'out')
    return err('invalid_request', 'direction is in or out', 'direction');
  const status = s('status');
  if (status !== '' && !(PAYMENT_STATUSES as readonly string[]).includes(status))
    return err('invalid_request', `status is one of ${PAYMENT_STATUSES.join(', ')}`, 'status');
  const wallet = s('wallet');
  if (wallet !== '' && wallet !== 'lbtc' && wallet !== 'btc' && wallet !== 'usdt')
    return err('invalid_request', 'wallet is lbtc, btc or usdt', 'wallet');
  const day = (k: string): Result<number | null> => {
    const v = s(k);
    if (v === '') return ok(null);
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Number.NaN;
    if (!m || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== v)
      return err('invalid_request', 'a date is written YYYY-MM-DD', k);
    return ok(ms);
  };
  const from = day('from');
  if (!from.ok) return from;
  const to = day('to');
  if (!to.ok) return to;
  return ok({
    direction: direction === '' ? null : direction,
    status: status === '' ? null : (status as PaymentStatus),
    wallet: wallet === '' ? null : wallet,
    fromMs: from.value,
    // "To" a day includes that day.
    toMs: to.value === null ? null : to.value + 86_400_000,
  });
}
