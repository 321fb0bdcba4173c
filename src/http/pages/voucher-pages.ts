import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import { type RedeemTarget, redeemVoucher } from '../../app/vouchers/redeem-voucher.ts';
import {
  type StaticView,
  type VoucherView,
  viewPrintSheet,
  viewStaticBatch,
  viewVoucher,
} from '../../app/vouchers/view-voucher.ts';
import type { AppError } from '../../domain/errors.ts';
import { formatMsatAsBtc } from '../../domain/money.ts';
import { type BatchState, maskRedeemer, type VoucherState, wholeSats } from '../../domain/vouchers.ts';
import { HttpError, httpStatusOf } from '../errors.ts';
import { toProblem } from '../family.ts';
import { redeemLimiterFor } from '../vouchers/limits.ts';
import {
  cspSourceOf,
  errorPage,
  formatDate,
  html,
  type Page,
  qrSvg,
  type Raw,
  raw,
  sendPage,
} from './html.ts';

type Batch = VoucherView['batch'];

/** What the redeem form sent back, to show it again with the error. */
interface FormState {
  mode: 'usertag' | 'invoice';
  to: string;
  error: string | null;
  notice: string | null;
}

const emptyForm: FormState = { mode: 'usertag', to: '', error: null, notice: null };

const amountBlock = (b: Batch): Raw =>
  html`<p class="amount">${formatMsatAsBtc(b.amount_msat)} BTC</p>
<p class="sats">${wholeSats(b.amount_msat).toLocaleString('en-US')} sats</p>`;

function heading(b: Batch): Raw {
  return html`<h1>${b.title ?? 'Bitcoin voucher'}</h1>${b.from_name === null ? null : html`<p class="from">from ${b.from_name}</p>`}`;
}

function design(b: Batch): Raw | null {
  if (b.unique_design !== 1n || b.unique_design_url === null) return null;
  return html`<img class="design" src="${b.unique_design_url}" width="640" height="360" alt="Voucher design">`;
}

/** The design's origin, which the page's policy must allow images from (none if it is not plain). */
function imageOrigins(b: Batch): string[] {
  if (b.unique_design !== 1n || b.unique_design_url === null) return [];
  const source = cspSourceOf(b.unique_design_url);
  return source === null ? [] : [source];
}

function form(action: string, f: FormState): Raw {
  const checked = (m: FormState['mode']) => (f.mode === m ? raw(' checked') : null);
  return html`<form method="post" action="${action}">
<fieldset><legend>Redeem to</legend>
<label class="choice"><input type="radio" name="redeem_mode" value="usertag"${checked('usertag')}> my paytag account (usertag)</label>
<label class="choice"><input type="radio" name="redeem_mode" value="invoice"${checked('invoice')}> a Lightning invoice</label>
</fieldset>
<label class="field" for="redeem_to">Usertag or invoice</label>
<input type="text" id="redeem_to" name="redeem_to" value="${f.to}" required maxlength="8000" autocomplete="off" autocapitalize="none" spellcheck="false">
<button type="submit">Redeem</button>
</form>`;
}

async function qrBlock(lnurl: string): Promise<Raw> {
  return html`<div><div class="qr">${await qrSvg(lnurl, 'LNURL-withdraw QR code')}</div>
<p class="qrnote">Scan with any Lightning wallet to withdraw</p>
<a class="wallet" href="lightning:${lnurl}">Open in a wallet on this device</a></div>`;
}

const messages = (f: FormState): Raw =>
  html`${f.error === null ? null : html`<p class="error" role="alert">${f.error}</p>`}${
    f.notice === null ? null : html`<p class="state wait" role="status">${f.notice}</p>`
  }`;

function voucherStateBlock(v: VoucherView): Raw | null {
  const b = v.batch;
  const states: Record<Exclude<VoucherState, 'redeemable'>, () => Raw> = {
    redeemed: () =>
      html`<p class="state ok" role="status">Redeemed on ${formatDate(v.voucher.redeemed_at_ms ?? 0n)} to ${maskRedeemer(
        v.voucher.redeemed_mode,
        v.voucher.redeemed_by,
      )}</p>`,
    in_progress: () =>
      html`<p class="state wait" role="status">A payment of this voucher is under way. Reload this page in a moment.</p>`,
    revoked: () => html`<p class="state off" role="status">This voucher was revoked by its issuer.</p>`,
    expired: () =>
      html`<p class="state off" role="status">This voucher expired on ${formatDate(b.expires_at_ms)}.</p>`,
  };
  return v.state === 'redeemable' ? null : states[v.state]();
}

async function voucherPage(v: VoucherView, f: FormState, status: number): Promise<Page> {
  const b = v.batch;
  const body =
    v.state === 'redeemable'
      ? html`${heading(b)}${design(b)}${amountBlock(b)}${messages(f)}
<div class="grid">${await qrBlock(v.lnurl)}<div>${form(`/voucher/redeem/${v.voucher.code}`, f)}</div></div>
<p class="meta">Valid until ${formatDate(b.expires_at_ms)}. Anyone with this page’s address can redeem the voucher once.</p>`
      : html`${heading(b)}${design(b)}${amountBlock(b)}${messages(f)}${voucherStateBlock(v)}`;
  return { status, title: b.title ?? 'Bitcoin voucher', body, imageOrigins: imageOrigins(b) };
}

const batchStateText: Record<Exclude<BatchState, 'redeemable'>, (s: StaticView) => string> = {
  all_redeemed: () => 'All vouchers of this link have been redeemed.',
  revoked: () => 'These vouchers were revoked by their issuer.',
  expired: (s) => `These vouchers expired on ${formatDate(s.batch.expires_at_ms)}.`,
};

async function staticPage(s: StaticView, f: FormState, status: number): Promise<Page> {
  const b = s.batch;
  const left = html`<p class="meta">${s.remaining} of ${Number(b.voucher_count)} vouchers left. Each account can redeem one.</p>`;
  const body =
    s.state === 'redeemable'
      ? html`${heading(b)}${design(b)}${amountBlock(b)}${messages(f)}
<div class="grid">${await qrBlock(s.lnurl)}<div>${form(`/voucher/${b.id}`, f)}</div></div>
${left}<p class="meta">Valid until ${formatDate(b.expires_at_ms)}.</p>`
      : html`${heading(b)}${design(b)}${amountBlock(b)}${messages(f)}<p class="state off" role="status">${batchStateText[s.state](s)}</p>`;
  return { status, title: b.title ?? 'Bitcoin vouchers', body, imageOrigins: imageOrigins(b) };
}

async function printPage(deps: AppDeps, batchId: string, token: unknown): Promise<Page | AppError> {
  const r = await viewPrintSheet(deps, batchId, token);
  if (!r.ok) return r.error;
  const { batch: b, items } = r.value;
  const tickets: Raw[] = [];
  for (const it of items) {
    const used = it.state !== 'redeemable';
    tickets.push(html`<section class="ticket${used ? ' used' : ''}">
${heading(b)}<p class="amount">${formatMsatAsBtc(b.amount_msat)} BTC</p>
<div class="qr">${await qrSvg(it.lnurl, 'LNURL-withdraw QR code')}</div>
<p class="qrnote">Scan with a Lightning wallet, or open:</p><code>${it.voucherUrl}</code>
${used ? html`<p class="state off">${it.state.replace('_', ' ')}</p>` : null}</section>`);
  }
  const body = html`<main class="printhead"><h1>${b.title ?? 'Bitcoin vouchers'}</h1>
<p>${items.length} vouchers of ${formatMsatAsBtc(b.amount_msat)} BTC, valid until ${formatDate(b.expires_at_ms)}.
Print this page with your browser; each voucher can be redeemed once, by whoever holds it.</p></main>
<div class="sheet">${tickets}</div>`;
  return { status: 200, title: 'Voucher sheet', body, bare: true };
}

/** The form's fields: urlencoded by browsers; anything else is read as empty. */
function formOf(request: FastifyRequest): { mode: string; to: string } {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return { mode: text(body['redeem_mode']), to: text(body['redeem_to']).trim() };
}

const statusOf = (e: AppError): number => httpStatusOf(e.code);

/** The public voucher pages under /voucher: one-time, static, print sheet. HTML errors. */
export async function voucherPageRoutes(scope: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const limiter = redeemLimiterFor(deps);

  scope.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const p = toProblem(error, request);
    const headline =
      p.status === 404 ? 'Not found' : p.status >= 500 ? 'Something went wrong' : 'Request refused';
    return sendPage(reply, errorPage(p.status, headline, p.message));
  });
  scope.setNotFoundHandler((_request, reply) =>
    sendPage(reply, errorPage(404, 'Not found', 'There is no voucher page at this address.')),
  );

  const unknownVoucher = (reply: FastifyReply) =>
    sendPage(
      reply,
      errorPage(404, 'Voucher not found', 'No voucher has this code. Check that the whole link was copied.'),
    );

  scope.get('/redeem/:code', { schema: { hide: true } }, async (request, reply) => {
    const { code } = request.params as { code: string };
    // Whether a code exists must not be learnt faster than redeeming would allow.
    await limiter.check(request, reply, null);
    const v = await viewVoucher(deps, code);
    if (!v.ok) return unknownVoucher(reply);
    return sendPage(reply, await voucherPage(v.value, emptyForm, 200));
  });

  /**
   * Redeems through a page form. Success redirects to the voucher's own page (post/redirect/get), which
   * then shows it redeemed; a refusal shows the page again with the reason and what was typed.
   */
  async function redeemFromForm(request: FastifyRequest, reply: FastifyReply, target: RedeemTarget) {
    const f = formOf(request);
    const mode = f.mode === 'invoice' ? 'invoice' : 'usertag';
    const again = async (status: number, state: Partial<FormState>) => {
      const fs: FormState = { ...emptyForm, mode, to: f.to, ...state };
      if ('code' in target) {
        const v = await viewVoucher(deps, target.code);
        return v.ok ? sendPage(reply, await voucherPage(v.value, fs, status)) : unknownVoucher(reply);
      }
      const s = await viewStaticBatch(deps, target.batchId);
      return s.ok ? sendPage(reply, await staticPage(s.value, fs, status)) : unknownVoucher(reply);
    };
    try {
      await limiter.check(request, reply, 'code' in target ? target.code : null);
    } catch (e) {
      if (e instanceof HttpError) return again(e.status, { error: e.error.message });
      throw e;
    }
    const r = await redeemVoucher(deps, { target, mode: f.mode === '' ? null : f.mode, to: f.to });
    if (!r.ok) return again(statusOf(r.error), { error: r.error.message });
    if (!r.value.redeemed) {
      return again(202, {
        to: '',
        notice: 'The payment is under way. Reload this page in a moment to see it.',
      });
    }
    return reply.redirect(`/voucher/redeem/${r.value.voucher.code}`, 303);
  }

  scope.post('/redeem/:code', { schema: { hide: true } }, async (request, reply) => {
    const { code } = request.params as { code: string };
    return redeemFromForm(request, reply, { code });
  });

  scope.get('/:id', { schema: { hide: true } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const s = await viewStaticBatch(deps, id);
    if (!s.ok) return unknownVoucher(reply);
    return sendPage(reply, await staticPage(s.value, emptyForm, 200));
  });

  scope.post('/:id', { schema: { hide: true } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    return redeemFromForm(request, reply, { batchId: id });
  });

  scope.get('/:id/print', { schema: { hide: true } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const { token } = request.query as { token?: unknown };
    const p = await printPage(deps, id, token);
    if ('code' in p)
      return sendPage(reply, errorPage(404, 'Not found', 'There is no voucher sheet at this address.'));
    return sendPage(reply, p);
  });
}
