import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app/deps.ts';
import type { RedeemTarget } from '../../../app/vouchers/commands.ts';
import { redeemVoucher } from '../../../app/vouchers/redeem-voucher.ts';
import {
  type StaticView,
  type VoucherView,
  viewPrintSheet,
  viewStaticBatch,
  viewVoucher,
} from '../../../app/vouchers/view-voucher.ts';
import type { AppError } from '../../../domain/errors.ts';
import { formatMsatAsBtc } from '../../../domain/money.ts';
import { type BatchState, maskRedeemer, type VoucherState, wholeSats } from '../../../domain/vouchers.ts';
import { HttpError, httpStatusOf } from '../../errors.ts';
import { toProblem } from '../../family.ts';
import { redeemLimiterFor } from '../../redeem-limits.ts';
import { decodeRedeemTo } from '../../wire/vouchers.contract.ts';
import { cspSourceOf, errorPage, html, type Page, qrSvg, type Raw, raw, sendPage } from '../kit/html.ts';
import { type Catalogue, catalogueOf, chooseLang } from '../kit/i18n/index.ts';

type Batch = VoucherView['batch'];

/** What the redeem form sent back, to show it again with the error. */
export interface FormState {
  mode: 'usertag' | 'invoice';
  to: string;
  error: string | null;
  notice: string | null;
}

const emptyForm: FormState = { mode: 'usertag', to: '', error: null, notice: null };

/** The page's texts: the language from ?lang= or Accept-Language (see i18n/). */
export const textsOf = (request: FastifyRequest): Catalogue =>
  catalogueOf(
    chooseLang((request.query as { lang?: unknown } | undefined)?.lang, request.headers['accept-language']),
  );

export const amountBlock = (b: Batch, m: Catalogue): Raw =>
  html`<p class="amount">${formatMsatAsBtc(b.amount_msat)} BTC</p>
<p class="sats">${m.voucher.sats(wholeSats(b.amount_msat).toLocaleString(m.locale))}</p>`;

function heading(b: Batch, m: Catalogue): Raw {
  return html`<h1>${b.title ?? m.voucher.title}</h1>${b.from_name === null ? null : html`<p class="from">${m.voucher.from(b.from_name)}</p>`}`;
}

function design(b: Batch, m: Catalogue): Raw | null {
  if (b.unique_design !== 1n || b.unique_design_url === null) return null;
  return html`<img class="design" src="${b.unique_design_url}" width="640" height="360" alt="${m.voucher.design}">`;
}

/** The design's origin, which the page's policy must allow images from (none if it is not plain). */
function imageOrigins(b: Batch): string[] {
  if (b.unique_design !== 1n || b.unique_design_url === null) return [];
  const source = cspSourceOf(b.unique_design_url);
  return source === null ? [] : [source];
}

/** A page of a batch: its title (else `fallbackTitle`), and its design image's origin allowed. */
const batchPage = (
  b: Batch,
  fallbackTitle: string,
  body: Raw,
  status: number,
  m: Catalogue,
  url: string,
): Page => ({
  status,
  title: b.title ?? fallbackTitle,
  body,
  imageOrigins: imageOrigins(b),
  lang: m.lang,
  url,
});

function form(action: string, f: FormState, m: Catalogue): Raw {
  const checked = (mode: FormState['mode']) => (f.mode === mode ? raw(' checked') : null);
  return html`<form method="post" action="${action}">
<fieldset><legend>${m.voucher.redeemTo}</legend>
<label class="choice"><input type="radio" name="redeem_mode" value="usertag"${checked('usertag')}> ${m.voucher.modeUsertag}</label>
<label class="choice"><input type="radio" name="redeem_mode" value="invoice"${checked('invoice')}> ${m.voucher.modeInvoice}</label>
</fieldset>
<label class="field" for="redeem_to">${m.voucher.target}</label>
<input type="text" id="redeem_to" name="redeem_to" value="${f.to}" required maxlength="8000" autocomplete="off" autocapitalize="none" spellcheck="false">
<button type="submit">${m.voucher.redeem}</button>
</form>`;
}

/** The LNURL-withdraw QR code, what to do with it (`scan`) and a link that opens it in a wallet. */
export async function qrBlock(lnurl: string, m: Catalogue, scan = m.voucher.scan): Promise<Raw> {
  return html`<div><div class="qr">${await qrSvg(lnurl, m.voucher.qrLabel)}</div>
<p class="qrnote">${scan}</p>
<a class="wallet" href="lightning:${lnurl}">${m.voucher.openInWallet}</a></div>`;
}

export const messages = (f: FormState): Raw =>
  html`${f.error === null ? null : html`<p class="error" role="alert">${f.error}</p>`}${
    f.notice === null ? null : html`<p class="state wait" role="status">${f.notice}</p>`
  }`;

function voucherStateBlock(v: VoucherView, m: Catalogue): Raw | null {
  const b = v.batch;
  const states: Record<Exclude<VoucherState, 'redeemable'>, () => Raw> = {
    redeemed: () =>
      html`<p class="state ok" role="status">${m.voucher.redeemed(
        m.date(v.voucher.redeemed_at_ms ?? 0n),
        maskRedeemer(v.voucher.redeemed_mode, v.voucher.redeemed_by),
      )}</p>`,
    in_progress: () => html`<p class="state wait" role="status">${m.voucher.inProgress}</p>`,
    revoked: () => html`<p class="state off" role="status">${m.voucher.revoked}</p>`,
    expired: () => html`<p class="state off" role="status">${m.voucher.expired(m.date(b.expires_at_ms))}</p>`,
  };
  return v.state === 'redeemable' ? null : states[v.state]();
}

/** What the redeemer just received, on the page the redemption leads to ("You received 5,000 sats"). */
const receivedBlock = (b: Batch, m: Catalogue): Raw =>
  html`<p class="state ok received" role="status">${m.voucher.received(
    wholeSats(b.amount_msat).toLocaleString(m.locale),
    formatMsatAsBtc(b.amount_msat),
  )}</p>`;

async function voucherPage(
  v: VoucherView,
  f: FormState,
  status: number,
  m: Catalogue,
  url: string,
  justRedeemed = false,
): Promise<Page> {
  const b = v.batch;
  const received = justRedeemed && v.state === 'redeemed' ? receivedBlock(b, m) : null;
  const body =
    v.state === 'redeemable'
      ? html`${heading(b, m)}${design(b, m)}${amountBlock(b, m)}${messages(f)}
<div class="grid">${await qrBlock(v.lnurl, m)}<div>${form(`/voucher/redeem/${v.voucher.code}?lang=${m.lang}`, f, m)}</div></div>
<p class="meta">${m.voucher.validOnce(m.date(b.expires_at_ms))}</p>`
      : html`${heading(b, m)}${design(b, m)}${amountBlock(b, m)}${messages(f)}${received}${voucherStateBlock(v, m)}`;
  return batchPage(b, m.voucher.title, body, status, m, url);
}

const batchStateText: Record<Exclude<BatchState, 'redeemable'>, (s: StaticView, m: Catalogue) => string> = {
  all_redeemed: (_s, m) => m.voucher.allRedeemed,
  revoked: (_s, m) => m.voucher.batchRevoked,
  expired: (s, m) => m.voucher.batchExpired(m.date(s.batch.expires_at_ms)),
};

async function staticPage(
  s: StaticView,
  f: FormState,
  status: number,
  m: Catalogue,
  url: string,
): Promise<Page> {
  const b = s.batch;
  const left = html`<p class="meta">${m.voucher.left(s.remaining, Number(b.voucher_count))}</p>`;
  const body =
    s.state === 'redeemable'
      ? html`${heading(b, m)}${design(b, m)}${amountBlock(b, m)}${messages(f)}
<div class="grid">${await qrBlock(s.lnurl, m)}<div>${form(`/voucher/${b.id}?lang=${m.lang}`, f, m)}</div></div>
${left}<p class="meta">${m.voucher.validUntil(m.date(b.expires_at_ms))}</p>`
      : html`${heading(b, m)}${design(b, m)}${amountBlock(b, m)}${messages(f)}<p class="state off" role="status">${batchStateText[s.state](s, m)}</p>`;
  return batchPage(b, m.voucher.batchTitle, body, status, m, url);
}

async function printPage(
  deps: AppDeps,
  batchId: string,
  token: string,
  m: Catalogue,
  url: string,
): Promise<Page | AppError> {
  const r = await viewPrintSheet(deps, batchId, token);
  if (!r.ok) return r.error;
  const { batch: b, items } = r.value;
  const tickets: Raw[] = [];
  for (const it of items) {
    const used = it.state !== 'redeemable';
    tickets.push(html`<section class="ticket${used ? ' used' : ''}">
${heading(b, m)}<p class="amount">${formatMsatAsBtc(b.amount_msat)} BTC</p>
<div class="qr">${await qrSvg(it.lnurl, m.voucher.qrLabel)}</div>
<p class="qrnote">${m.voucher.printScan}</p><code>${it.voucherUrl}</code>
${it.state === 'redeemable' ? null : html`<p class="state off">${m.voucher.printState[it.state]}</p>`}</section>`);
  }
  const body = html`<main class="printhead"><h1>${b.title ?? m.voucher.batchTitle}</h1>
<p>${m.voucher.printIntro(items.length, formatMsatAsBtc(b.amount_msat), m.date(b.expires_at_ms))}</p></main>
<div class="sheet">${tickets}</div>`;
  return { status: 200, title: m.voucher.sheetTitle, body, bare: true, lang: m.lang, url };
}

/** The form's fields as sent (urlencoded by browsers); a body that is not a record holds none. */
export function fieldsOf(request: FastifyRequest): Record<string, unknown> {
  const body: unknown = request.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/** The form's fields as text, to show them again with an error. */
function formOf(fields: Record<string, unknown>): { mode: string; to: string } {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return { mode: text(fields['redeem_mode']), to: text(fields['redeem_to']).trim() };
}

export const statusOf = (e: AppError): number => httpStatusOf(e.code);

/**
 * A failure of a public page's route (a limiter's 429, a body that cannot be read, a bug) as a page in
 * the reader's language, as the payer's browser shows it.
 */
export function errorAsPage(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const p = toProblem(error, request);
  const m = textsOf(request);
  const headline =
    p.status === 404 ? m.common.notFound : p.status >= 500 ? m.common.failed : m.common.refused;
  return sendPage(reply, {
    ...errorPage(p.status, headline, p.message),
    lang: m.lang,
    url: request.url,
  });
}

/** The public voucher pages under /voucher: one-time, static, print sheet. HTML errors. */
export async function voucherPageRoutes(scope: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const limiter = redeemLimiterFor(deps);

  scope.setErrorHandler(errorAsPage);
  scope.setNotFoundHandler((request, reply) => {
    const m = textsOf(request);
    return sendPage(reply, {
      ...errorPage(404, m.common.notFound, m.voucher.noPage),
      lang: m.lang,
      url: request.url,
    });
  });

  const unknownVoucher = (reply: FastifyReply, m: Catalogue) =>
    sendPage(reply, {
      ...errorPage(404, m.voucher.unknownTitle, m.voucher.unknownText),
      lang: m.lang,
      url: reply.request.url,
    });

  scope.get('/redeem/:code', { schema: { hide: true } }, async (request, reply) => {
    const { code } = request.params as { code: string };
    // Whether a code exists must not be learnt faster than redeeming would allow.
    await limiter.check(request, reply, null);
    const m = textsOf(request);
    const v = await viewVoucher(deps, code);
    if (!v.ok) return unknownVoucher(reply, m);
    // `done=redeemed`: where a redemption through the form leads (only a redeemed voucher says so).
    const done = (request.query as { done?: unknown } | undefined)?.done === 'redeemed';
    return sendPage(reply, await voucherPage(v.value, emptyForm, 200, m, request.url, done));
  });

  /**
   * Redeems through a page form. Success redirects to the voucher's own page (post/redirect/get), which
   * then shows it redeemed; a refusal shows the page again with the reason and what was typed.
   */
  async function redeemFromForm(request: FastifyRequest, reply: FastifyReply, target: RedeemTarget) {
    const fields = fieldsOf(request);
    const f = formOf(fields);
    const m = textsOf(request);
    const mode = f.mode === 'invoice' ? 'invoice' : 'usertag';
    const again = async (status: number, state: Partial<FormState>) => {
      const fs: FormState = { ...emptyForm, mode, to: f.to, ...state };
      if ('code' in target) {
        const v = await viewVoucher(deps, target.code);
        return v.ok
          ? sendPage(reply, await voucherPage(v.value, fs, status, m, request.url))
          : unknownVoucher(reply, m);
      }
      const s = await viewStaticBatch(deps, target.batchId);
      return s.ok
        ? sendPage(reply, await staticPage(s.value, fs, status, m, request.url))
        : unknownVoucher(reply, m);
    };
    try {
      await limiter.check(request, reply, 'code' in target ? target.code : null);
    } catch (e) {
      if (e instanceof HttpError) return again(e.status, { error: e.error.message });
      throw e;
    }
    const to = decodeRedeemTo(fields['redeem_mode'], fields['redeem_to']);
    if (!to.ok) return again(statusOf(to.error), { error: to.error.message });
    const r = await redeemVoucher(deps, { target, to: to.value });
    if (!r.ok) return again(statusOf(r.error), { error: r.error.message });
    if (!r.value.redeemed) {
      return again(202, {
        to: '',
        notice: m.voucher.underWay,
      });
    }
    return reply.redirect(`/voucher/redeem/${r.value.voucher.code}?lang=${m.lang}&done=redeemed`, 303);
  }

  scope.post('/redeem/:code', { schema: { hide: true } }, async (request, reply) => {
    const { code } = request.params as { code: string };
    return redeemFromForm(request, reply, { code });
  });

  scope.get('/:id', { schema: { hide: true } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const m = textsOf(request);
    const s = await viewStaticBatch(deps, id);
    if (!s.ok) return unknownVoucher(reply, m);
    return sendPage(reply, await staticPage(s.value, emptyForm, 200, m, request.url));
  });

  scope.post('/:id', { schema: { hide: true } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    return redeemFromForm(request, reply, { batchId: id });
  });

  scope.get('/:id/print', { schema: { hide: true } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const { token } = request.query as { token?: unknown };
    const m = textsOf(request);
    // A missing or repeated token (?token=a&token=b) is a wrong token: answered like an unknown sheet.
    const p = await printPage(deps, id, typeof token === 'string' ? token : '', m, request.url);
    if ('code' in p)
      return sendPage(reply, {
        ...errorPage(404, m.common.notFound, m.voucher.noSheet),
        lang: m.lang,
        url: request.url,
      });
    return sendPage(reply, p);
  });
}
