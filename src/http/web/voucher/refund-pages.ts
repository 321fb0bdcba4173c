import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app/deps.ts';
import { claimRefund, claimTargetOf } from '../../../app/refunds/claim-refund.ts';
import { type VoucherView, viewVoucher } from '../../../app/vouchers/view-voucher.ts';
import { formatMsatAsBtc } from '../../../domain/money.ts';
import { wholeSats } from '../../../domain/vouchers.ts';
import { HttpError } from '../../errors.ts';
import { redeemLimiterFor } from '../../redeem-limits.ts';
import { errorPage, html, type Page, type Raw, sendPage } from '../kit/html.ts';
import type { Catalogue } from '../kit/i18n/index.ts';
import {
  amountBlock,
  errorAsPage,
  type FormState,
  fieldsOf,
  messages,
  qrBlock,
  statusOf,
  textsOf,
} from './voucher-pages.ts';

/**
 * The refund page, /refund/<code>: the payer of a refunded payment claims the refund's voucher there, by
 * scanning its LNURL-withdraw QR code with any wallet, or by giving a Lightning address, a usertag or an
 * invoice. The voucher pages' kit (amount, QR, form messages, rate limits) with the refund's words.
 */

/** Refusals of a claim for the refund's state, which the page then shows. */
const STATE_REFUSALS: ReadonlySet<string> = new Set([
  'voucher_already_redeemed',
  'voucher_revoked',
  'voucher_expired',
]);

const emptyForm: FormState = { mode: 'usertag', to: '', error: null, notice: null };

/** A voucher of a refund; an ordinary voucher's code has no refund page. */
const isRefund = (v: VoucherView): boolean => v.batch.refund_of_payment_id !== null;

function stateBlock(v: VoucherView, m: Catalogue, justClaimed: boolean): Raw | null {
  const b = v.batch;
  switch (v.state) {
    case 'redeemable':
      return null;
    case 'redeemed':
      return html`${
        justClaimed
          ? html`<p class="state ok received" role="status">${m.refund.received(
              wholeSats(b.amount_msat).toLocaleString(m.locale),
              formatMsatAsBtc(b.amount_msat),
            )}</p>`
          : null
      }<p class="state ok" role="status">${m.refund.claimed(m.date(v.voucher.redeemed_at_ms ?? 0n))}</p>`;
    case 'in_progress':
      return html`<p class="state wait" role="status">${m.refund.inProgress}</p>`;
    case 'revoked':
      return html`<p class="state off" role="status">${m.refund.cancelled}</p>`;
    case 'expired':
      return html`<p class="state off" role="status">${m.refund.expired(m.date(b.expires_at_ms))}</p>`;
  }
}

async function refundPage(
  v: VoucherView,
  f: FormState,
  status: number,
  m: Catalogue,
  url: string,
  justClaimed = false,
): Promise<Page> {
  const b = v.batch;
  const head = html`<h1>${m.refund.title}</h1>${b.from_name === null ? null : html`<p class="from">${m.refund.from(b.from_name)}</p>`}${b.title === null ? null : html`<p class="meta refund-title">${b.title}</p>`}`;
  const claim =
    v.state === 'redeemable'
      ? html`<div class="grid">${await qrBlock(v.lnurl, m, m.refund.scan)}<div><form method="post" action="/refund/${v.voucher.code}?lang=${m.lang}">
<label class="field" for="redeem_to">${m.refund.target}</label>
<input type="text" id="redeem_to" name="redeem_to" value="${f.to}" required maxlength="8000" autocomplete="off" autocapitalize="none" spellcheck="false">
<button type="submit">${m.refund.claim}</button>
</form></div></div>
<p class="meta">${m.refund.validUntil(m.date(b.expires_at_ms))}</p>`
      : stateBlock(v, m, justClaimed);
  return {
    status,
    title: m.refund.title,
    body: html`${head}${amountBlock(b, m)}${messages(f)}${claim}`,
    lang: m.lang,
    url,
  };
}

export async function refundPageRoutes(scope: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const limiter = redeemLimiterFor(deps);

  const unknown = (reply: FastifyReply, m: Catalogue) =>
    sendPage(reply, {
      ...errorPage(404, m.refund.unknownTitle, m.refund.unknownText),
      lang: m.lang,
      url: reply.request.url,
    });

  // Refusals (the limiter's 429 on looking a code up) and paths that are no page are pages too.
  scope.setErrorHandler(errorAsPage);
  scope.setNotFoundHandler((request, reply) => unknown(reply, textsOf(request)));

  scope.get('/:code', { schema: { hide: true } }, async (request, reply) => {
    const { code } = request.params as { code: string };
    await limiter.check(request, reply, null);
    const m = textsOf(request);
    const v = await viewVoucher(deps, code);
    if (!v.ok || !isRefund(v.value)) return unknown(reply, m);
    const done = (request.query as { done?: unknown } | undefined)?.done === 'claimed';
    return sendPage(reply, await refundPage(v.value, emptyForm, 200, m, request.url, done));
  });

  /** Claims through the form: success redirects to the page (post/redirect/get); a refusal shows it again. */
  scope.post('/:code', { schema: { hide: true } }, async (request: FastifyRequest, reply) => {
    const { code } = request.params as { code: string };
    const m = textsOf(request);
    const fields = fieldsOf(request);
    const to = typeof fields['redeem_to'] === 'string' ? fields['redeem_to'].trim() : '';
    const again = async (status: number, state: Partial<FormState>) => {
      const v = await viewVoucher(deps, code);
      if (!v.ok || !isRefund(v.value)) return unknown(reply, m);
      return sendPage(
        reply,
        await refundPage(v.value, { ...emptyForm, to, ...state }, status, m, request.url),
      );
    };
    try {
      await limiter.check(request, reply, code);
    } catch (e) {
      if (e instanceof HttpError) return again(e.status, { error: e.error.message });
      throw e;
    }
    if (to === '') return again(400, { error: m.refund.target });
    const target = claimTargetOf(to);
    const r = await claimRefund(deps, code, target);
    // Text that is no invoice and has no @ is read as a usertag; one that cannot be a usertag either is
    // none of the three things the field asks for, and is told so (not "usertag must be ...").
    const notATarget = !r.ok && target.kind === 'usertag' && r.error.code === 'usertag_invalid';
    if (!r.ok) {
      // A refund claimed, cancelled or expired meanwhile: said in the refund's words, in the page's
      // language; the page's state below says which (the voucher's own message speaks of vouchers).
      const gone = STATE_REFUSALS.has(r.error.code);
      const error = notATarget ? m.refund.notATarget : gone ? m.refund.notClaimable : r.error.message;
      return again(statusOf(r.error), { error });
    }
    if (!r.value.redeemed) return again(202, { to: '', notice: m.voucher.underWay });
    return reply.redirect(`/refund/${r.value.voucher.code}?lang=${m.lang}&done=claimed`, 303);
  });
}
