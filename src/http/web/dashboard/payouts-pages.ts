import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionCaller } from '../../../app/dashboard/views.ts';
import type { AppDeps } from '../../../app/deps.ts';
import type { PayoutItemCommand } from '../../../app/payouts/commands.ts';
import { createPayouts, previewPayouts } from '../../../app/payouts/create-payouts.ts';
import { getPayout, listPayouts } from '../../../app/payouts/view.ts';
import { confirmPassword } from '../../../app/sessions/sign-in.ts';
import type { AppError } from '../../../domain/errors.ts';
import { formatMsatAsBtc } from '../../../domain/money.ts';
import { httpStatusOf } from '../../errors.ts';
import { csrfField, errorsFor, formOf, problem } from '../kit/forms.ts';
import { html, type Raw, raw } from '../kit/html.ts';
import { type SessionUser, signedInUser } from '../kit/session.ts';
import { formKeyOf, newFormKey } from './form-key.ts';
import { type PageCtx, pageCtx, sendDashboardError, sendDashboardPage } from './layout.ts';
import { areaFlash, confirmField } from './page-kit.ts';
import { type CsvItem, payoutItemsOfCsv, rowMessage } from './payouts.csv.ts';

/**
 * Batch payouts under /dashboard/payouts: the account's batches, a batch with every item's state (kept
 * current by dashboard.js polling `/dashboard/payouts/<id>/status`), and a new batch from a CSV
 * (`destination,amount,memo`, payouts.csv.ts). "Preview" checks every row with the checks of the API
 * (payouts.contract.ts itemOf, then previewPayouts: the use case's own checks, nothing created or moved)
 * and shows each row's validity and what the batch would reserve. "Pay" asks for the password again and
 * creates the batch through createPayouts, the form's key as its Idempotency-Key: the same form sent
 * twice creates one batch.
 */

const btc = (msat: bigint): string => `${formatMsatAsBtc(msat)} BTC`;

/** A checked row: its CSV text, and its item's fees or its refusal (from the contract or the use case). */
interface PreviewRow {
  csv: CsvItem;
  error: string | null;
  amountMsat: bigint;
  feesMsat: bigint;
  reserveMsat: bigint;
}

interface Preview {
  rows: PreviewRow[];
  /** The batch's own refusal (empty, too many rows, too large). */
  batchError: string | null;
  amountMsat: bigint;
  feesMsat: bigint;
  reserveMsat: bigint;
  items: PayoutItemCommand[] | null;
  balanceMsat: bigint;
}

export function payoutsPages(scope: FastifyInstance, deps: AppDeps): void {
  const max = deps.config.payouts.maxItems;

  /** Every row checked; `items` only when every row (and the batch) is valid. */
  const previewOf = async (s: SessionUser, text: string): Promise<Preview> => {
    const { items: decoded, tooMany } = payoutItemsOfCsv(text, max);
    const commands: PayoutItemCommand[] = [];
    const at: number[] = [];
    for (const [i, r] of decoded.entries()) {
      if (r.item.ok) {
        commands.push(r.item.value);
        at.push(i);
      }
    }
    const checked = await previewPayouts(deps, sessionCaller(s, 'invoice'), commands);
    const rows: PreviewRow[] = decoded.map((r) => ({
      csv: r,
      error: r.item.ok ? null : rowMessage(r.item.error.message),
      amountMsat: 0n,
      feesMsat: 0n,
      reserveMsat: 0n,
    }));
    for (const [k, result] of checked.items.entries()) {
      const row = rows[at[k]!]!;
      if (!result.ok) {
        // The use case numbers the valid rows it was given; the table names the row itself.
        row.error = rowMessage(result.error.message).replace(/items\[(\d+)\]/g, (_, j: string) => {
          const line = rows[at[Number(j)] ?? -1]?.csv.line;
          return line === undefined ? `items[${j}]` : `#${line}`;
        });
        continue;
      }
      row.amountMsat = result.value.amount_msat;
      row.feesMsat = result.value.service_fee_msat + result.value.gst_fee_msat;
      row.reserveMsat = result.value.fee_reserve_msat;
    }
    const sum = (f: (r: PreviewRow) => bigint) =>
      rows.reduce((t, r) => (r.error === null ? t + f(r) : t), 0n);
    const batchError =
      decoded.length === 0
        ? 'empty'
        : tooMany
          ? 'tooMany'
          : checked.batchError !== null && !checked.batchError.ok
            ? checked.batchError.error.message
            : null;
    const allValid = batchError === null && rows.every((r) => r.error === null);
    return {
      rows,
      batchError,
      amountMsat: sum((r) => r.amountMsat),
      feesMsat: sum((r) => r.feesMsat),
      reserveMsat: sum((r) => r.reserveMsat),
      items: allValid ? commands : null,
      balanceMsat: checked.balanceMsat,
    };
  };

  scope.get('/payouts', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    const ctx = pageCtx(deps, request, reply, s);
    const v = ctx.m.payouts;
    const before = (request.query as Record<string, unknown>)['before'];
    const page = await listPayouts(deps, sessionCaller(s, 'invoice'), {
      limit: 20,
      before: typeof before === 'string' ? before : null,
    });
    if (!page.ok) return sendDashboardError(reply, ctx, 400, page.error.message);
    const rows = page.value.batches.map(
      (b) => html`<tr><td data-label="${v.created}">${ctx.m.date(b.batch.created_at_ms)}</td>
<td data-label="${v.status}"><span class="pill ${b.batch.status}">${v.batchStatus[b.batch.status] ?? b.batch.status}</span></td>
<td class="num" data-label="${v.itemsCol}">${Number(b.batch.item_count)}</td>
<td class="num" data-label="${v.paidFailed}">${b.counts.paid} / ${b.counts.failed}</td>
<td class="num" data-label="${v.reserved}">${btc(b.batch.reserved_msat)}</td>
<td data-label=""><a href="/dashboard/payouts/${b.batch.public_id}">${v.open}<span class="visually-hidden"> ${b.batch.public_id}</span></a></td></tr>`,
    );
    const table =
      rows.length === 0
        ? html`<p class="muted">${v.empty}</p>`
        : html`<div class="tablewrap"><table class="stack"><caption class="visually-hidden">${v.batches}</caption><thead><tr>
<th scope="col">${v.created}</th><th scope="col">${v.status}</th><th scope="col" class="num">${v.itemsCol}</th>
<th scope="col" class="num">${v.paidFailed}</th><th scope="col" class="num">${v.reserved}</th><th scope="col"><span class="visually-hidden">${v.open}</span></th>
</tr></thead><tbody>${rows}</tbody></table></div>`;
    return sendDashboardPage(reply, ctx, {
      title: v.title,
      active: 'payouts',
      body: html`<h1>${v.title}</h1><p>${v.intro}</p>
<p><a class="button" href="/dashboard/payouts/new">${v.createLink}</a></p>
<section class="card" aria-labelledby="pb"><h2 id="pb">${v.batches}</h2>${table}
${
  page.value.next === null
    ? null
    : html`<nav class="pager" aria-label="${v.batches}"><a href="/dashboard/payouts">${v.newest}</a> <a href="/dashboard/payouts?before=${page.value.next}">${v.older}</a></nav>`
}</section>`,
    });
  });

  const previewTable = (ctx: PageCtx, p: Preview): Raw => {
    const v = ctx.m.payouts;
    const rows = p.rows.map(
      (
        r,
      ) => html`<tr data-line="${String(r.csv.line)}"><td class="num" data-label="${v.line}">${r.csv.line}</td>
<td data-label="${v.destination}"><code class="dest">${r.csv.destination}</code></td>
<td class="num" data-label="${v.amount}">${r.error === null ? btc(r.amountMsat) : r.csv.amount}</td>
<td data-label="${v.memo}">${r.csv.memo}</td>
<td class="num" data-label="${v.fees}">${r.error === null ? btc(r.feesMsat + r.reserveMsat) : '—'}</td>
<td data-label="${v.validity}">${
        r.error === null
          ? html`<span class="pill paid">${v.valid}</span>`
          : html`<span class="pill failed">${v.invalid}</span> <span class="err">${r.error}</span>`
      }</td></tr>`,
    );
    const bad = p.rows.filter((r) => r.error !== null).length;
    const total = p.amountMsat + p.feesMsat + p.reserveMsat;
    const batchProblem =
      p.batchError === 'empty' ? v.emptyCsv : p.batchError === 'tooMany' ? v.tooMany(max) : p.batchError;
    return html`<section class="card" aria-labelledby="pp"><h2 id="pp">${v.previewTitle}</h2>
${problem(batchProblem)}${bad > 0 ? html`<p class="problem" role="alert" data-bad-rows="${String(bad)}">${v.badRows(bad)}</p>` : null}
${
  p.rows.length === 0
    ? null
    : html`<div class="tablewrap"><table class="stack"><thead><tr><th scope="col" class="num">${v.line}</th><th scope="col">${v.destination}</th>
<th scope="col" class="num">${v.amount}</th><th scope="col">${v.memo}</th><th scope="col" class="num">${v.fees}</th><th scope="col">${v.validity}</th>
</tr></thead><tbody>${rows}</tbody></table></div>`
}
<dl class="facts"><div><dt>${v.totalAmount}</dt><dd data-total="amount">${btc(p.amountMsat)}</dd></div>
<div><dt>${v.totalFees}</dt><dd>${btc(p.feesMsat)}</dd></div>
<div><dt>${v.totalReserve}</dt><dd>${btc(p.reserveMsat)}</dd></div>
<div><dt>${v.total}</dt><dd data-total="reserved">${btc(total)}</dd></div>
<div><dt>${v.balance}</dt><dd data-balance-now>${btc(p.balanceMsat)}</dd></div></dl>
${total > p.balanceMsat ? html`<p class="problem" role="alert" data-short>${v.short}</p>` : null}
<p class="muted">${v.totalNote}</p></section>`;
  };

  const newPage = (
    reply: FastifyReply,
    ctx: PageCtx,
    s: SessionUser,
    form: Record<string, string>,
    preview: Preview | null,
    error: AppError | null,
  ) => {
    const v = ctx.m.payouts;
    const e = errorsFor(error, ['password']);
    const csv = form['csv'] ?? '';
    const key = formKeyOf(form) ?? newFormKey();
    const payForm =
      preview !== null && preview.items !== null
        ? html`<section class="card narrow" aria-labelledby="pay"><h2 id="pay">${v.payTitle}</h2><p>${v.payIntro(preview.rows.length, btc(preview.amountMsat + preview.feesMsat + preview.reserveMsat))}</p>
${problem(e.form)}<form method="post" action="/dashboard/payouts/new" novalidate>${csrfField(s.csrfToken)}
<input type="hidden" name="form_key" value="${key}"><input type="hidden" name="csv" value="${csv}"><input type="hidden" name="action" value="pay">
${confirmField(v.password, v.passwordHint, e.byField['password'] ?? null)}
<button type="submit">${v.pay}</button></form></section>`
        : problem(e.form);
    return sendDashboardPage(reply, ctx, {
      status: error ? httpStatusOf(error.code) : 200,
      title: v.createTitle,
      active: 'payouts',
      body: html`<p><a href="/dashboard/payouts">${v.back}</a></p><h1>${v.createTitle}</h1>
<div class="card"><p>${v.createIntro(max)}</p>
<form method="post" action="/dashboard/payouts/new" novalidate>${csrfField(s.csrfToken)}<input type="hidden" name="action" value="preview">
<div class="field"><label for="f-csv">${v.csvLabel}</label><span class="hint" id="f-csv-hint">${v.csvHint}</span>
<textarea id="f-csv" name="csv" rows="8" spellcheck="false" aria-describedby="f-csv-hint">${csv}</textarea></div>
<div class="field"><label for="f-csv-file">${v.fileLabel}</label><input id="f-csv-file" type="file" accept=".csv,text/csv,text/plain" data-csv-into="f-csv"></div>
<button type="submit" class="secondary">${v.preview}</button> <a href="/dashboard/payouts">${v.cancel}</a></form></div>
${preview === null ? null : previewTable(ctx, preview)}${payForm}`,
    });
  };

  scope.get('/payouts/new', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    return newPage(reply, pageCtx(deps, request, reply, s), s, {}, null, null);
  });

  scope.post(
    '/payouts/new',
    { schema: { hide: true }, bodyLimit: deps.config.payouts.bodyLimitBytes },
    async (request, reply) => {
      const s = signedInUser(request);
      const ctx = pageCtx(deps, request, reply, s);
      const f = formOf(request);
      const preview = await previewOf(s, f['csv'] ?? '');
      const again = (error: AppError | null) => {
        if (error?.retryAfterSec !== undefined) reply.header('retry-after', String(error.retryAfterSec));
        return newPage(reply, ctx, s, f, preview, error);
      };
      if (f['action'] !== 'pay') return again(null);
      if (preview.items === null) {
        // Rows changed since the preview (or never previewed): nothing is paid, the rows are shown.
        return again({ code: 'invalid_request', message: ctx.m.payouts.fixFirst });
      }
      const confirmed = await confirmPassword(deps, s, f['password']);
      if (!confirmed.ok) return again({ ...confirmed.error, field: 'password' });
      const made = await createPayouts(deps, sessionCaller(s, 'admin'), {
        items: preview.items,
        callbackUrl: null,
        idempotencyKey: formKeyOf(f),
      });
      if (!made.ok) return again(made.error);
      return reply.redirect(`/dashboard/payouts/${made.value.batch.public_id}?done=created`, 303);
    },
  );

  const idOf = (request: FastifyRequest): string =>
    String((request.params as { id: string }).id).slice(0, 64);

  scope.get('/payouts/:id/status', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    const ctx = pageCtx(deps, request, reply, s);
    const v = ctx.m.payouts;
    const found = await getPayout(deps, sessionCaller(s, 'invoice'), idOf(request));
    if (!found.ok) return reply.code(404).send({ error: 'not_found', message: v.notFound });
    const { batch, counts, items } = found.value;
    reply.header('cache-control', 'no-store');
    return {
      status: batch.status,
      status_text: v.batchStatus[batch.status] ?? batch.status,
      counts,
      items: items.map((i) => ({
        index: Number(i.position),
        status: i.status,
        status_text: v.itemStatus[i.status] ?? i.status,
        fee: i.status === 'paid' ? btc(i.network_fee_msat ?? 0n) : '—',
        error: i.error ?? '',
      })),
    };
  });

  scope.get('/payouts/:id', { schema: { hide: true } }, async (request, reply) => {
    const s = signedInUser(request);
    const ctx = pageCtx(deps, request, reply, s);
    const v = ctx.m.payouts;
    const found = await getPayout(deps, sessionCaller(s, 'invoice'), idOf(request));
    if (!found.ok) return sendDashboardError(reply, ctx, 404, v.notFound);
    const { batch, counts, items } = found.value;
    const rows = items.map(
      (i) => html`<tr><td class="num" data-label="#">${Number(i.position) + 1}</td>
<td data-label="${v.destination}"><code class="dest">${i.destination}</code></td>
<td class="num" data-label="${v.amount}">${btc(i.amount_msat)}</td><td data-label="${v.memo}">${i.memo ?? ''}</td>
<td data-label="${v.status}"><span class="pill ${i.status}" data-item="${String(i.position)}">${v.itemStatus[i.status] ?? i.status}</span></td>
<td class="num" data-label="${v.fee}" data-item-fee="${String(i.position)}">${i.status === 'paid' ? btc(i.network_fee_msat ?? 0n) : '—'}</td>
<td data-label="${v.error}" data-item-error="${String(i.position)}">${i.error ?? ''}</td></tr>`,
    );
    const count = (k: keyof typeof counts) =>
      html`<div><dt>${v.itemStatus[k] ?? k}</dt><dd data-count="${k}">${counts[k]}</dd></div>`;
    const poll =
      batch.status === 'done'
        ? null
        : raw(
            ` data-payout-poll="/dashboard/payouts/${batch.public_id}/status" data-poll-ms="${deps.config.dashboard.livePollMs}"`,
          );
    return sendDashboardPage(reply, ctx, {
      title: v.batchTitle(batch.public_id),
      active: 'payouts',
      body: html`${areaFlash(ctx, v.done)}<p><a href="/dashboard/payouts">${v.back}</a></p>
<h1>${v.batchTitle(batch.public_id)}</h1>
<section class="card" aria-labelledby="bf"${poll}><h2 id="bf">${v.facts}</h2><dl class="facts">
<div><dt>${v.status}</dt><dd><span class="pill ${batch.status}" data-batch-status>${v.batchStatus[batch.status] ?? batch.status}</span></dd></div>
<div><dt>${v.created}</dt><dd>${ctx.m.date(batch.created_at_ms)}</dd></div>
<div><dt>${v.reserved}</dt><dd>${btc(batch.reserved_msat)}</dd></div>
${count('queued')}${count('paying')}${count('paid')}${count('failed')}</dl></section>
<section class="card" aria-labelledby="il"><h2 id="il">${v.itemsTitle}</h2><div class="tablewrap"><table class="stack"><thead><tr>
<th scope="col" class="num">#</th><th scope="col">${v.destination}</th><th scope="col" class="num">${v.amount}</th><th scope="col">${v.memo}</th>
<th scope="col">${v.status}</th><th scope="col" class="num">${v.fee}</th><th scope="col">${v.error}</th>
</tr></thead><tbody>${rows}</tbody></table></div></section>`,
    });
  });
}
