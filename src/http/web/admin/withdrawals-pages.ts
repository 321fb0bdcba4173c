import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app/deps.ts';
import type { OperatorActor } from '../../../app/operator/actions.ts';
import { noteWithdrawalAction, openWithdrawals } from '../../../app/operator/withdrawals.ts';
import { confirmPassword } from '../../../app/sessions/sign-in.ts';
import { abandonWithdrawalBatch } from '../../../app/withdrawals/abandon-batch.ts';
import { withdrawalKeys } from '../../../app/withdrawals/batch-keys.ts';
import { getWithdrawalBatch, listWithdrawalBatches } from '../../../app/withdrawals/batches.ts';
import { buildWithdrawalBatch } from '../../../app/withdrawals/build-batch.ts';
import {
  MAX_SIGNED_TEXT_CHARS,
  signAndSubmitWithdrawalBatch,
  submitSignedWithdrawal,
} from '../../../app/withdrawals/submit-batch.ts';
import { recordUsdtWithdrawal } from '../../../app/withdrawals/usdt.ts';
import type { AppError } from '../../../domain/errors.ts';
import { formatUnitsTruncated, MSAT_PER_SAT, parseDecimal } from '../../../domain/money.ts';
import { formatWalletAmount } from '../../../domain/payments/amounts.ts';
import { err, ok, type Result } from '../../../domain/result.ts';
import { httpStatusOf } from '../../errors.ts';
import { csrfField, field, formOf, problem } from '../kit/forms.ts';
import { html, type Raw } from '../kit/html.ts';
import { operatorOf } from './guard.ts';
import { adminTexts, age, sendAdminError, sendAdminPage, table, td, when } from './layout.ts';

/**
 * On-chain withdrawals under /admin/withdrawals: what the service cannot do alone because it holds no
 * spending key. Bitcoin: build one PSBT of every queued withdrawal, download it for the operator's wallet,
 * paste the signed PSBT (or the raw transaction) back, or abandon the batch. USDT: record the hash of the
 * transfer the operator sent from their own wallet. Each action is the use case `paytag payouts` runs
 * (psbt, submit, abandon, record), asks for the operator's password again, and says why it refuses.
 */

const ID = /^[a-z0-9]{16}$/;
const btcText = (sat: bigint): string => `${formatWalletAmount('btc', sat * MSAT_PER_SAT)} BTC`;

/** A fee rate in sat/vB as typed (up to 3 decimals) → sat per 1000 vbytes; empty: the estimate. */
function feeRateOf(text: string | undefined): Result<bigint | undefined> {
  const t = (text ?? '').trim();
  if (t === '') return ok(undefined);
  const d = parseDecimal(t, 3, 3, 'fee_rate');
  if (!d.ok || d.value <= 0n || d.value > 100_000_000n)
    return err(
      'invalid_request',
      'give the fee rate in sat/vB, e.g. 2 or 1.5 (at most 3 decimals)',
      'fee_rate',
    );
  return ok(d.value);
}

export function withdrawalsPages(scope: FastifyInstance, deps: AppDeps): void {
  /** The overview: queued Bitcoin withdrawals and the build form, the batches, the USDT ones to record. */
  const overview = async (
    request: FastifyRequest,
    reply: FastifyReply,
    failed: { form: string; error: AppError; values: Record<string, string> } | null,
  ) => {
    const { session } = operatorOf(request);
    const m = adminTexts(request);
    const t = m.withdrawals;
    const [open, listed] = await Promise.all([
      openWithdrawals(deps),
      listWithdrawalBatches(deps, { limit: 20 }),
    ]);
    const batches = listed.ok ? listed.value : [];
    const errOf = (form: string, name: string) =>
      failed !== null && failed.form === form && failed.error.field === name ? failed.error.message : null;
    const formProblem = (form: string, fields: string[]) =>
      failed !== null && failed.form === form && !fields.includes(failed.error.field ?? '')
        ? problem(failed.error.message)
        : null;

    const queuedBtc = open.filter((w) => w.wallet === 'btc' && w.status === 'queued');
    const btcRows = queuedBtc.map(
      (w) =>
        html`<tr>${td(t.id, html`<code>${w.publicId}</code>`)}${td(t.account, html`<a href="/admin/accounts/${w.usertag}">${w.usertag}</a>`)}${td(t.address, html`<code class="dest">${w.address}</code>`)}${td(t.amount, w.amountText, 'num')}${td(t.waiting, age(Date.now() - w.createdAtMs))}</tr>`,
    );
    const batchRows = batches.map(
      (b) =>
        html`<tr>${td(t.batch, html`<a href="/admin/withdrawals/batches/${b.id}"><code>${b.id}</code></a>`)}${td(m.common.state, html`<span class="pill ${b.status}">${t.batchStatus(b.status)}</span>`)}${td(t.count, String(b.withdrawals.length), 'num')}${td(t.fee, btcText(b.feeSat), 'num')}${td(m.common.created, when(Number(b.createdAtMs)))}</tr>`,
    );
    const usdt = open.filter((w) => w.wallet === 'usdt');
    const usdtCards = usdt.map((w) => {
      const form = `usdt-${w.publicId}`;
      return html`<section class="card" aria-labelledby="${form}-h"><h3 id="${form}-h"><code>${w.publicId}</code> · ${w.amountText} · ${w.network ?? ''}</h3>
<p>${t.to} <code class="dest">${w.address}</code> · <a href="/admin/accounts/${w.usertag}">${w.usertag}</a> · <span class="pill ${w.status}">${t.status(w.status)}</span>${w.transactionHash === null ? null : html` · <code class="dest">${w.transactionHash}</code>`}</p>
${formProblem(form, ['tx_hash', 'password'])}
<form method="post" action="/admin/withdrawals/usdt/${w.publicId}/record" novalidate>${csrfField(session.csrfToken)}
${field({ name: 'tx_hash', id: `${form}-hash`, label: t.txHash, hint: t.txHashHint, value: failed?.form === form ? (failed.values['tx_hash'] ?? '') : (w.transactionHash ?? ''), error: errOf(form, 'tx_hash') })}
${field({ name: 'password', id: `${form}-pw`, label: m.common.passwordConfirm, type: 'password', autocomplete: 'current-password', required: true, error: errOf(form, 'password') })}
<button type="submit">${t.record(w.publicId)}</button></form></section>`;
    });
    return sendAdminPage(request, reply, session, {
      status: failed === null ? 200 : httpStatusOf(failed.error.code),
      title: t.title,
      active: 'withdrawals',
      body: html`<h1>${t.title}</h1><p class="muted">${t.intro}</p>
<section class="card" aria-labelledby="btc-h"><h2 id="btc-h">${t.btcTitle}</h2><p class="muted">${t.btcIntro}</p>
${table(t.btcCaption, [[t.id], [t.account], [t.address], [t.amount, 'num'], [t.waiting]], btcRows, t.noBtc)}
${
  queuedBtc.length === 0
    ? null
    : html`${formProblem('build', ['fee_rate', 'password'])}<form method="post" action="/admin/withdrawals/btc/build" novalidate>${csrfField(session.csrfToken)}
${field({ name: 'fee_rate', label: t.feeRate, hint: t.feeRateHint, inputmode: 'decimal', value: failed?.form === 'build' ? (failed.values['fee_rate'] ?? '') : '', error: errOf('build', 'fee_rate') })}
${field({ name: 'password', id: 'build-pw', label: m.common.passwordConfirm, type: 'password', autocomplete: 'current-password', required: true, error: errOf('build', 'password') })}
<button type="submit">${t.build(queuedBtc.length)}</button></form>`
}</section>
<section class="card" aria-labelledby="batches-h"><h2 id="batches-h">${t.batchesTitle}</h2>
${table(t.batchesTitle, [[t.batch], [m.common.state], [t.count, 'num'], [t.fee, 'num'], [m.common.created]], batchRows, t.noBatches)}</section>
<section aria-labelledby="usdt-h"><h2 id="usdt-h">${t.usdtTitle}</h2><p class="muted">${t.usdtIntro}</p>
${usdtCards.length === 0 ? html`<section class="card"><p data-empty>${t.noUsdt}</p></section>` : usdtCards}</section>`,
    });
  };

  /** One batch: its PSBT to download or copy, the form for the signed one, abandon, its withdrawals. */
  const batchPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    failed: { form: string; error: AppError; values: Record<string, string> } | null,
  ) => {
    const { session } = operatorOf(request);
    const m = adminTexts(request);
    const t = m.withdrawals;
    const found = ID.test(id) ? await getWithdrawalBatch(deps, id) : err('not_found', t.noBatch);
    if (!found.ok) return sendAdminError(request, reply, session, 404, t.noBatch);
    const b = found.value;
    const errOf = (form: string, name: string) =>
      failed !== null && failed.form === form && failed.error.field === name ? failed.error.message : null;
    const formProblem = (form: string, fields: string[]) =>
      failed !== null && failed.form === form && !fields.includes(failed.error.field ?? '')
        ? problem(failed.error.message)
        : null;
    const facts: Array<[string, string | Raw]> = [
      [m.common.state, html`<span class="pill ${b.status}">${t.batchStatus(b.status)}</span>`],
      [t.txid, html`<code class="dest">${b.txid}</code>`],
      [t.inputs, btcText(b.inputSat)],
      [t.paid, btcText(b.outputSat)],
      [
        t.change,
        b.changeAddress === null
          ? '—'
          : html`${btcText(b.changeSat)} → <code class="dest">${b.changeAddress}</code>`,
      ],
      [
        t.fee,
        `${btcText(b.feeSat)} (${formatUnitsTruncated(b.feeRateSatPerKvb, 3, 3).replace(/\.?0+$/, '')} sat/vB, ${b.vsize} vB)`,
      ],
      [t.confirmations, String(b.confirmations)],
      [m.common.created, when(Number(b.createdAtMs))],
    ];
    const rows = b.withdrawals.map(
      (w) =>
        html`<tr>${td(t.id, html`<code>${w.id}</code>`)}${td(t.address, html`<code class="dest">${w.address}</code>`)}${td(t.amount, btcText(w.amountSat), 'num')}${td(t.feeShare, w.feeShareSat === null ? '—' : btcText(w.feeShareSat), 'num')}${td(m.common.state, t.status(w.status))}</tr>`,
    );
    const signing = b.status === 'signing';
    const keys = withdrawalKeys(deps);
    const hotSeed = keys.ok && keys.value.master !== null;
    return sendAdminPage(request, reply, session, {
      status: failed === null ? 200 : httpStatusOf(failed.error.code),
      title: t.batchTitle(b.id),
      active: 'withdrawals',
      body: html`<p><a href="/admin/withdrawals">${t.back}</a></p><h1>${t.batchTitle(b.id)}</h1>
<section class="card"><dl class="facts">${facts.map(([k, v]) => html`<div><dt>${k}</dt><dd>${v}</dd></div>`)}</dl>
${b.broadcastError === null ? null : html`<p class="problem" role="alert">${t.refusedByChain} ${b.broadcastError}</p>`}</section>
${
  signing
    ? html`<section class="card" aria-labelledby="sign-h"><h2 id="sign-h">${t.signTitle}</h2><p>${t.signIntro}</p>
<p><a class="button" href="/admin/withdrawals/batches/${b.id}/psbt" download="paytag-${b.id}.psbt">${t.download}</a></p>
<div class="field"><label for="f-psbt">${t.psbtText}</label><textarea id="f-psbt" rows="4" readonly spellcheck="false">${b.psbtBase64}</textarea></div></section>
${
  hotSeed
    ? html`<section class="card" aria-labelledby="seed-h"><h2 id="seed-h">${t.seedTitle}</h2><p class="muted">${t.seedIntro}</p>
${formProblem('sign', ['password'])}<form method="post" action="/admin/withdrawals/batches/${b.id}/sign" novalidate>${csrfField(session.csrfToken)}
${field({ name: 'password', id: 'sign-pw', label: m.common.passwordConfirm, type: 'password', autocomplete: 'current-password', required: true, error: errOf('sign', 'password') })}
<button type="submit">${t.seedSign}</button></form></section>`
    : null
}
<section class="card" aria-labelledby="submit-h"><h2 id="submit-h">${t.submitTitle}</h2><p class="muted">${t.submitIntro}</p>
${formProblem('submit', ['signed', 'password'])}<form method="post" action="/admin/withdrawals/batches/${b.id}/submit" novalidate>${csrfField(session.csrfToken)}
<div class="field"><label for="f-signed">${t.signed}</label><span class="hint" id="f-signed-hint">${t.signedHint}</span><textarea id="f-signed" name="signed" rows="6" spellcheck="false" aria-describedby="f-signed-hint${errOf('submit', 'signed') === null ? '' : ' f-signed-err'}">${failed?.form === 'submit' ? (failed.values['signed'] ?? '') : ''}</textarea>${errOf('submit', 'signed') === null ? null : html`<span class="err" id="f-signed-err">${errOf('submit', 'signed') ?? ''}</span>`}</div>
${field({ name: 'password', id: 'submit-pw', label: m.common.passwordConfirm, type: 'password', autocomplete: 'current-password', required: true, error: errOf('submit', 'password') })}
<button type="submit">${t.submit}</button></form></section>
<section class="card" aria-labelledby="abandon-h"><h2 id="abandon-h">${t.abandonTitle}</h2><p class="muted">${t.abandonIntro}</p>
${formProblem('abandon', ['password'])}<form method="post" action="/admin/withdrawals/batches/${b.id}/abandon" novalidate>${csrfField(session.csrfToken)}
${field({ name: 'password', id: 'abandon-pw', label: m.common.passwordConfirm, type: 'password', autocomplete: 'current-password', required: true, error: errOf('abandon', 'password') })}
<button type="submit" class="danger">${t.abandon}</button></form></section>`
    : null
}
<section class="card" aria-labelledby="in-h"><h2 id="in-h">${t.inBatch}</h2>
${table(t.inBatch, [[t.id], [t.address], [t.amount, 'num'], [t.feeShare, 'num'], [m.common.state]], rows, t.noBtc)}</section>`,
    });
  };

  scope.get('/withdrawals', { schema: { hide: true } }, (request, reply) => overview(request, reply, null));

  /**
   * A console action: the operator's password again, then the use case; a refusal is shown on the page
   * the form is on, under the form; a success is noted in the operator log and redirects to `done`.
   */
  const act = <T>(
    path: string,
    a: {
      page: 'overview' | 'batch';
      form: (id: string) => string;
      bodyLimit?: number;
      run: (id: string, f: Record<string, string>, request: FastifyRequest) => Promise<Result<T>>;
      done: (value: T, actor: OperatorActor) => Promise<string>;
    },
  ) =>
    scope.post(
      path,
      { schema: { hide: true }, ...(a.bodyLimit === undefined ? {} : { bodyLimit: a.bodyLimit }) },
      async (request, reply) => {
        const { session, actor } = operatorOf(request);
        const id = (request.params as { id?: string }).id ?? '';
        const f = formOf(request);
        const refused = (error: AppError) => {
          const failed = { form: a.form(id), error, values: f };
          return a.page === 'batch'
            ? batchPage(request, reply, id, failed)
            : overview(request, reply, failed);
        };
        const confirmed = await confirmPassword(deps, session, f['password']);
        if (!confirmed.ok) return refused(confirmed.error);
        const r = await a.run(id, f, request);
        if (!r.ok) return refused(r.error);
        return reply.redirect(await a.done(r.value, actor), 303);
      },
    );

  act('/withdrawals/btc/build', {
    page: 'overview',
    form: () => 'build',
    run: async (_id, f) => {
      const rate = feeRateOf(f['fee_rate']);
      if (!rate.ok) return rate;
      return buildWithdrawalBatch(deps, rate.value === undefined ? {} : { feeRateSatPerKvb: rate.value });
    },
    done: async (b, actor) => {
      await noteWithdrawalAction(deps, actor, 'withdrawal_batch_build', b.id, {
        withdrawals: b.withdrawals.length,
        txid: b.txid,
        fee_sat: String(b.feeSat),
      });
      return `/admin/withdrawals/batches/${b.id}?done=batch_built`;
    },
  });

  scope.get('/withdrawals/batches/:id', { schema: { hide: true } }, (request, reply) =>
    batchPage(request, reply, (request.params as { id: string }).id, null),
  );

  // The unsigned PSBT as a file (BIP174's binary form, what Sparrow and Electrum open).
  scope.get('/withdrawals/batches/:id/psbt', { schema: { hide: true } }, async (request, reply) => {
    const { session } = operatorOf(request);
    const { id } = request.params as { id: string };
    const found = ID.test(id) ? await getWithdrawalBatch(deps, id) : null;
    if (found === null || !found.ok)
      return sendAdminError(request, reply, session, 404, adminTexts(request).withdrawals.noBatch);
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-disposition', `attachment; filename="paytag-${id}.psbt"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(found.value.psbtBase64, 'base64'));
  });

  act('/withdrawals/batches/:id/submit', {
    page: 'batch',
    form: () => 'submit',
    // Base64 is sent form-encoded (+, / and = take three characters each).
    bodyLimit: 3 * MAX_SIGNED_TEXT_CHARS + 4096,
    run: async (_id, f, request) => {
      const signed = (f['signed'] ?? '').trim();
      const r =
        signed === ''
          ? err('invalid_request', adminTexts(request).withdrawals.signedMissing, 'signed')
          : await submitSignedWithdrawal(deps, { text: signed });
      // What is wrong with the transaction is said under the field it was pasted in.
      return r.ok ? r : { ok: false, error: { ...r.error, field: 'signed' } };
    },
    done: async (b, actor) => {
      await noteWithdrawalAction(deps, actor, 'withdrawal_batch_submit', b.id, {
        txid: b.txid,
        signed_by: 'operator wallet',
      });
      return `/admin/withdrawals/batches/${b.id}?done=batch_submitted`;
    },
  });

  // Hot-seed mode only (the server holds the seed: sandbox, development): the server signs.
  act('/withdrawals/batches/:id/sign', {
    page: 'batch',
    form: () => 'sign',
    run: (id) => signAndSubmitWithdrawalBatch(deps, id),
    done: async (b, actor) => {
      await noteWithdrawalAction(deps, actor, 'withdrawal_batch_submit', b.id, {
        txid: b.txid,
        signed_by: 'server seed',
      });
      return `/admin/withdrawals/batches/${b.id}?done=batch_submitted`;
    },
  });

  act('/withdrawals/batches/:id/abandon', {
    page: 'batch',
    form: () => 'abandon',
    run: (id) => abandonWithdrawalBatch(deps, id),
    done: async (b, actor) => {
      await noteWithdrawalAction(deps, actor, 'withdrawal_batch_abandon', b.id, { txid: b.txid });
      return '/admin/withdrawals?done=batch_abandoned';
    },
  });

  act('/withdrawals/usdt/:id/record', {
    page: 'overview',
    form: (id) => `usdt-${id}`,
    run: (id, f) => recordUsdtWithdrawal(deps, { id, txHash: (f['tx_hash'] ?? '').trim() }),
    done: async (r, actor) => {
      await noteWithdrawalAction(deps, actor, 'withdrawal_usdt_record', r.withdrawal.public_id, {
        tx_hash: r.withdrawal.tx_hash,
        outcome: r.outcome,
      });
      return `/admin/withdrawals?done=${r.outcome === 'broadcast' ? 'usdt_pending' : 'usdt_confirmed'}`;
    },
  });
}
