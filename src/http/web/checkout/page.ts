import type { FastifyReply } from 'fastify';
import { type CheckoutState, isZeroAmount } from '../../../app/checkout/state.ts';
import type { CheckoutView } from '../../../app/checkout/view-checkout.ts';
import { MSAT_PER_SAT } from '../../../domain/money.ts';
import { ICON, LOGO_SVG } from '../kit/brand-assets.ts';
import { fiatText } from '../kit/fiat-text.ts';
import { esc, html, qrSvg, type Raw, raw } from '../kit/html.ts';
import { CATALOGUES, type Catalogue, type Lang } from '../kit/i18n/index.ts';
import { SCRIPT, STYLESHEET } from './assets.ts';

/**
 * The hosted checkout page. Server-rendered and complete without JavaScript (QR code, invoice, amounts,
 * expiry, a refresh link); its script (assets.ts) only keeps it current. A pending page also carries the
 * panels of the final states, hidden, so the script switches to them without texts of its own.
 */

/** Scripts and styles from this origin only (the page's own files), no inline code, no other origin. */
const CHECKOUT_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

export interface PageContext {
  lang: Lang;
  /** Path of the page itself (for the language links), without query. */
  path: string;
  sandbox: boolean;
}

/** `?lang=` for links that keep the language. */
const q = (lang: Lang) => `?lang=${lang}`;

/** Whole sats grouped for the locale; a millisatoshi remainder (an overpayment) as decimals. */
function satsText(msat: bigint, locale: string): string {
  const whole = (msat / MSAT_PER_SAT).toLocaleString(locale);
  const rest = msat % MSAT_PER_SAT;
  return rest === 0n ? whole : `${whole}.${rest.toString().padStart(3, '0').replace(/0+$/, '')}`;
}

const ICONS = {
  logo: raw(LOGO_SVG.replace('<svg ', '<svg aria-hidden="true" ')),
  paid: raw(
    '<svg viewBox="0 0 64 64" aria-hidden="true"><circle cx="32" cy="32" r="32" fill="#e7f6ec"/><circle cx="32" cy="32" r="22" fill="#1f8a47"/><path d="m22.5 32.5 6.5 6.5 13-14" fill="none" stroke="#fff" stroke-width="4.5" stroke-linecap="round" stroke-linejoin="round"/></svg>',
  ),
  over: raw(
    '<svg viewBox="0 0 64 64" aria-hidden="true"><circle cx="32" cy="32" r="32" fill="#f1f2f4"/><circle cx="32" cy="32" r="22" fill="#6b7280"/><path d="M32 21v13M32 41.5v.5" stroke="#fff" stroke-width="4.5" stroke-linecap="round"/></svg>',
  ),
};

/** Unix ms as a `<time>` the script rewrites in the reader's time zone; UTC without the script. */
const timeTag = (m: Catalogue, ms: bigint | number | null, fill?: string): Raw =>
  ms === null
    ? html`<time data-local${fill === undefined ? null : raw(` data-fill="${fill}"`)}></time>`
    : html`<time data-local${fill === undefined ? null : raw(` data-fill="${fill}"`)} datetime="${new Date(
        Number(ms),
      ).toISOString()}">${m.date(ms)}</time>`;

/** HH:MM UTC, the rate lock's end without the script (which shows it in the reader's time zone). */
function utcClock(ms: bigint): string {
  const d = new Date(Number(ms));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC`;
}

function summary(v: CheckoutView, m: Catalogue): Raw {
  const c = m.checkout;
  const name = v.payee.displayName ?? v.payee.usertag;
  const facts: Raw[] = [];
  if (v.fiat !== null) {
    facts.push(
      html`<div><dt>${c.fiat(v.fiat.currency)}</dt><dd>${fiatText(v.fiat.value, v.fiat.currency, m.locale)}</dd></div>`,
    );
  }
  if (v.rate !== null) {
    const r = v.rate;
    const until = html`<time data-local="time" datetime="${new Date(Number(r.lockedUntilMs)).toISOString()}">${utcClock(r.lockedUntilMs)}</time>`;
    facts.push(
      html`<div id="fiat-rate"><dt>${c.rate}</dt><dd>${raw(
        esc(c.rateLocked(`1 ${r.base} = ${fiatText(r.rate, r.currency, m.locale)}`, '\u0000')).replace(
          '\u0000',
          until.html,
        ),
      )}</dd></div>`,
    );
  }
  if (v.description !== null && v.description !== '') {
    facts.push(html`<div><dt>${c.description}</dt><dd>${v.description}</dd></div>`);
  }
  if (v.orderId !== null && v.orderId !== '') {
    facts.push(html`<div><dt>${c.orderId}</dt><dd>${v.orderId}</dd></div>`);
  }
  return html`<section class="summary" aria-labelledby="payee">
<p class="eyebrow">${c.eyebrow}</p>
<p class="payto">${c.payTo}</p>
<h1 id="payee">${name}</h1>
${v.payee.displayName === null ? null : html`<p class="tag">${v.payee.usertag}</p>`}
<p class="amount" aria-label="${c.amount}">${v.amountText}<span class="unit"> ${unitOf(v)}</span></p>
${v.asset === 'usdt' ? null : html`<p class="sats">${c.sats(satsText(v.amountMsat, m.locale))}</p>`}
${facts.length === 0 ? null : html`<dl class="facts">${facts}</dl>`}
</section>`;
}

/** The unit amounts of this request are written in. */
const unitOf = (v: CheckoutView): string => (v.asset === 'usdt' ? 'USDT' : 'BTC');

/** The Lightning way to pay: QR code of the invoice, the invoice to copy, a wallet link. */
async function lightningPart(v: CheckoutView, m: Catalogue): Promise<Raw> {
  const c = m.checkout;
  if (v.invoice === null || v.qrUri === null || v.walletUri === null) return html``;
  return html`<div id="pay-lightning" class="rail">
${v.chain === null ? null : html`<h2 class="rail-title">${c.payLightning}</h2>`}
<a class="qr" href="${v.walletUri}">${await qrSvg(v.qrUri, c.qrLabel)}</a>
<p class="hint">${c.scan}</p>
<a class="button primary" href="${v.walletUri}">${c.openInWallet}</a>
<div class="invoice"><label for="invoice">${c.invoice}</label>
<div class="field"><input id="invoice" type="text" readonly value="${v.invoice}" spellcheck="false" autocomplete="off"><button type="button" id="copy" data-copy="invoice" data-copy-status="copy-status" data-copy-failed="${c.copyFailed}" hidden>${c.copy}</button></div>
<p id="copy-status" class="note" role="status" aria-live="polite"></p></div>
</div>`;
}

/**
 * The on-chain way to pay (pro variant): QR code of the BIP21 or EIP-681 URI, the address, the exact
 * amount, the network and the warning to use no other, and the form where the payer names the
 * transaction they sent (a claim the payee sees; it credits nothing).
 */
async function chainPart(v: CheckoutView, m: Catalogue, ctx: PageContext): Promise<Raw> {
  const c = m.checkout;
  const chain = v.chain;
  if (chain === null) return html``;
  const asset = v.asset === 'usdt' ? 'USDT' : 'BTC';
  const claim =
    chain.transactionHash === null
      ? null
      : html`<p class="note" id="tx-claimed" role="status">${c.txSubmitted} <code>${chain.transactionHash}</code></p>`;
  // Underpaid: the QR code and the line ask for the rest only (chain.remaining, chain.uri of the status).
  const remaining = v.status.chain?.remaining ?? null;
  const uri = remaining === null ? chain.uri : (v.status.chain?.uri ?? chain.uri);
  const ask =
    remaining === null
      ? c.sendExactly(`${v.amountText} ${asset}`)
      : c.sendMore(`${assetText(v, remaining)} ${asset}`);
  return html`<div id="pay-onchain" class="rail" data-network="${chain.network}" data-uri="${uri}">
<h2 class="rail-title">${c.payOnchain(asset, chain.networkName)}</h2>
<a class="qr" href="${uri}">${await qrSvg(uri, c.chainQrLabel(asset))}</a>
<p class="hint" id="chain-amount"${remaining === null ? null : raw(' data-remaining')}>${ask}</p>
<div class="invoice"><label for="chain-address">${c.chainAddress(chain.networkName)}</label>
<div class="field address"><textarea id="chain-address" rows="2" readonly spellcheck="false" autocomplete="off">${chain.address}</textarea><button type="button" id="copy-address" data-copy="chain-address" data-copy-status="copy-address-status" data-copy-failed="${c.copyAddressFailed}" hidden>${c.copy}</button></div>
<p id="copy-address-status" class="note" role="status" aria-live="polite"></p></div>
<p class="note warning" id="chain-warning" role="note">${c.networkWarning(asset, chain.network)}</p>
${claim}
<form class="txhash" method="post" action="/checkout/${v.status.tid}/transaction${q(ctx.lang)}">
<label for="transaction_hash">${c.txHashLabel}</label>
<div class="field"><input id="transaction_hash" name="transaction_hash" type="text" spellcheck="false" autocomplete="off" maxlength="80" required></div>
<button class="button" type="submit">${c.txHashSubmit}</button>
</form>
</div>`;
}

/** An amount of the request's asset as the page writes it: BTC with 8 decimals, USDT without trailing zeros. */
const assetText = (v: CheckoutView, amount: string): string =>
  v.asset === 'usdt' && amount.includes('.') ? amount.replace(/0+$/, '').replace(/\.$/, '') : amount;

/**
 * Where an on-chain request stands: the deposits seen but not yet deep enough, with their amount ("Seen
 * 10 USDT, 1 of 2 confirmations"), and what was credited so far (an underpayment). Rendered as it is now;
 * the script rewrites both lines from the live status with the templates in the data attributes
 * ({amount}, {n}, {needed}, {received}), so the texts stay in the catalogue.
 */
function chainProgressPart(v: CheckoutView, m: Catalogue): Raw {
  const c = m.checkout;
  const p = v.status.chain;
  if (v.chain === null || p === null) return html``;
  const unit = unitOf(v);
  const total = `${v.amountText} ${unit}`;
  const seenAmount = `${assetText(v, p.unconfirmed ?? '0')} ${unit}`;
  const seen =
    p.confirmations === null
      ? null
      : p.confirmations_needed === null
        ? c.chainSeenFinality(seenAmount, String(p.confirmations))
        : c.chainSeen(seenAmount, String(p.confirmations), String(p.confirmations_needed));
  const received = isZeroAmount(p.received)
    ? null
    : c.chainReceived(`${assetText(v, p.received)} ${unit}`, total);
  const hidden = (t: string | null) => (t === null ? raw(' hidden') : null);
  return html`<div id="chain-progress" class="progress" role="status" aria-live="polite" data-seen="${c.chainSeen(
    '{amount}',
    '{n}',
    '{needed}',
  )}" data-seen-final="${c.chainSeenFinality('{amount}', '{n}')}" data-received="${c.chainReceived('{received}', total)}">
<p id="chain-seen"${hidden(seen)}>${seen ?? ''}</p>
<p id="chain-received"${hidden(received)}>${received ?? ''}</p>
</div>`;
}

async function pendingPanel(v: CheckoutView, m: Catalogue, ctx: PageContext, nowMs: number): Promise<Raw> {
  const c = m.checkout;
  const minutesLeft = Math.max(1, Math.ceil((Number(v.expiresAtMs) - nowMs) / 60_000));
  const note = html`<p><span class="badge">${c.sandbox}</span> ${c.sandboxNote}</p>`;
  // The sandbox wallet pays the Lightning invoice (a usdt request has none); the sandbox chain deposits
  // what an on-chain request misses, with the confirmations chosen (fewer than needed: seen, not credited).
  const sandboxPay =
    ctx.sandbox && v.invoice !== null
      ? html`<form class="sandbox sandbox-pay" method="post" action="/checkout/${v.status.tid}/pay${q(ctx.lang)}">
${note}
<button class="button" type="submit">${c.sandboxPay}</button>
</form>`
      : null;
  const sandboxDeposit =
    ctx.sandbox && v.chain !== null
      ? html`<form class="sandbox sandbox-deposit" method="post" action="/checkout/${v.status.tid}/deposit${q(ctx.lang)}">
${sandboxPay === null ? note : null}
<label for="sandbox-confirmations">${c.sandboxConfirmations}</label>
<div class="field"><input id="sandbox-confirmations" name="confirmations" type="number" inputmode="numeric" min="0" max="1000" step="1" required value="${String(
          v.status.chain?.confirmations_needed ?? 2,
        )}"></div>
<button class="button" type="submit">${sandboxPay === null ? c.sandboxPay : c.sandboxDeposit}</button>
</form>`
      : null;
  // Part of it arrived on chain: the rest is sent on chain too (the invoice asks for the whole amount).
  const underpaid = (v.status.chain?.remaining ?? null) !== null;
  // A btc request can be paid either way: two tabs (links to each part; both shown without script).
  const tabs =
    v.chain !== null && v.invoice !== null && !underpaid
      ? html`<nav class="tabs" aria-label="${c.payWith}"><a href="#pay-lightning">${c.tabLightning}</a><a href="#pay-onchain">${c.tabOnchain}</a></nav>`
      : null;
  return html`<div data-show="pending" data-status-text="${c.waiting}">
${chainProgressPart(v, m)}${tabs}${underpaid ? null : await lightningPart(v, m)}${await chainPart(v, m, ctx)}
<p class="expiry"><span>${c.expiresIn}</span><time id="countdown" datetime="${new Date(Number(v.expiresAtMs)).toISOString()}">${c.minutesLeft(minutesLeft)}</time></p>
<p class="note">${raw(esc(c.expiresAt('\u0000')).replace('\u0000', timeTag(m, v.expiresAtMs).html))}</p>
<noscript><p class="note">${c.noScript} <a href="${ctx.path}${q(ctx.lang)}">${c.refresh}</a></p></noscript>
${sandboxPay}${sandboxDeposit}
</div>`;
}

/** What a paid on-chain request's exception tells the payer: paid after the expiry, or paid more. */
function exceptionNote(v: CheckoutView, m: Catalogue): Raw | null {
  const c = m.checkout;
  const unit = unitOf(v);
  if (v.status.exception === 'paid_late') {
    return html`<p class="note" id="exception" data-exception="paid_late">${c.paidLateText}</p>`;
  }
  if (v.status.exception === 'paid_over' && v.chain !== null && v.chain.excessText !== null) {
    return html`<p class="note" id="exception" data-exception="paid_over">${c.paidOverText(
      `${v.chain.receivedText} ${unit}`,
      `${v.amountText} ${unit}`,
      `${v.chain.excessText} ${unit}`,
    )}</p>`;
  }
  return null;
}

function paidPanel(v: CheckoutView, m: Catalogue, shown: boolean): Raw {
  const c = m.checkout;
  const redirect = shown ? v.status.redirect_url : null;
  return html`<div class="result" data-show="paid" data-status-text="${c.paidTitle}"${shown ? null : raw(' hidden')}>
${ICONS.paid}<h2 tabindex="-1">${c.paidTitle}</h2>
<dl class="facts"><div><dt>${c.paidAmount}</dt><dd data-fill="amount">${v.amountText} ${unitOf(v)}</dd></div>
<div><dt>${c.paidAt}</dt><dd>${timeTag(m, shown ? v.paidAtMs : null, 'paid-at')}</dd></div></dl>
${shown ? exceptionNote(v, m) : null}
<div data-fill="redirect"${redirect === null ? raw(' hidden') : null}><p>${c.redirecting}</p>
<a class="button primary" href="${redirect ?? '#'}">${c.continueNow}</a></div>
<p data-if="no-redirect"${redirect === null ? null : raw(' hidden')}>${c.closePage}</p>
</div>`;
}

/**
 * An on-chain request past its expiry whose payment was seen before it (state `confirming`): on time,
 * waiting for confirmations. Its progress box is rendered here when the page opens in this state; on a
 * pending page the script moves the pending panel's box here.
 */
function confirmingPanel(v: CheckoutView, m: Catalogue, shown: boolean): Raw {
  const c = m.checkout;
  return html`<div class="result" data-show="confirming" data-status-text="${c.confirmingTitle}"${shown ? null : raw(' hidden')}>
<h2 tabindex="-1">${c.confirmingTitle}</h2><p>${c.confirmingText}</p>${shown ? chainProgressPart(v, m) : null}</div>`;
}

function overPanel(v: CheckoutView, m: Catalogue, state: 'expired' | 'declined', shown: boolean): Raw {
  const c = m.checkout;
  // Expired with part of the amount received (exception paid_partial): what arrived, and what to do.
  const partial = shown && v.status.exception === 'paid_partial' && v.chain !== null;
  const unit = unitOf(v);
  const title = partial ? c.partialTitle : state === 'expired' ? c.expiredTitle : c.declinedTitle;
  const text = partial
    ? c.partialText(`${v.chain!.receivedText} ${unit}`, `${v.amountText} ${unit}`)
    : state === 'expired'
      ? c.expiredText
      : c.declinedText;
  const back =
    v.merchantOrigin === null
      ? null
      : html`<a class="button" href="${v.merchantOrigin}">${c.backTo(new URL(v.merchantOrigin).host)}</a>`;
  return html`<div class="result" data-show="${state}" data-status-text="${title}"${shown ? null : raw(' hidden')}>
${ICONS.over}<h2 tabindex="-1">${title}</h2><p${partial ? raw(' id="exception" data-exception="paid_partial"') : null}>${text}</p>${back}</div>`;
}

const STATUS_TEXT = (m: Catalogue, s: CheckoutState): string =>
  ({
    pending: m.checkout.waiting,
    confirming: m.checkout.confirmingTitle,
    paid: m.checkout.paidTitle,
    expired: m.checkout.expiredTitle,
    declined: m.checkout.declinedTitle,
  })[s];

function languageLinks(ctx: PageContext, m: Catalogue): Raw {
  const links = Object.values(CATALOGUES).map(
    (l) =>
      html`<a href="${ctx.path}?lang=${l.lang}" lang="${l.lang}" hreflang="${l.lang}"${
        l.lang === ctx.lang ? raw(' aria-current="true"') : null
      }>${l.languageName}</a>`,
  );
  return html`<nav class="langs" aria-label="${m.common.language}">${links}</nav>`;
}

/** The whole document around a page body, with the headers every checkout page carries. */
function sendDocument(
  reply: FastifyReply,
  p: {
    status: number;
    title: string;
    body: Raw;
    ctx: PageContext;
    m: Catalogue;
    head?: Raw;
    /** The ways to pay the page offers, for the footer ("Lightning Network", "USDT on BEP20"). */
    ways?: string[];
  },
): FastifyReply {
  reply
    .status(p.status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', CHECKOUT_CSP)
    .header('x-content-type-options', 'nosniff')
    // The tid in this URL is the page's only credential: never passed on to the merchant's site.
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .header('vary', 'accept-language');
  const sandboxBadge = p.ctx.sandbox ? html`<span class="badge">${p.m.checkout.sandbox}</span>` : null;
  const footer = [p.m.common.footer, ...(p.ways ?? [])].join(' · ');
  return reply.send(
    `<!doctype html><html lang="${esc(p.ctx.lang)}"><head><meta charset="utf-8">` +
      '<meta name="viewport" content="width=device-width,initial-scale=1">' +
      '<meta name="robots" content="noindex"><meta name="color-scheme" content="light">' +
      `<title>${esc(p.title)}</title>` +
      `<link rel="icon" type="image/svg+xml" href="/checkout${ICON.path}">` +
      `<link rel="stylesheet" href="/checkout${STYLESHEET.path}" integrity="${STYLESHEET.integrity}">` +
      `<script type="module" src="/checkout${SCRIPT.path}" integrity="${SCRIPT.integrity}"></script>` +
      (p.head?.html ?? '') +
      '</head><body><div class="wrap">' +
      html`<header class="bar"><span class="brand">${ICONS.logo}paytag</span>${sandboxBadge}${languageLinks(p.ctx, p.m)}</header>`
        .html +
      p.body.html +
      html`<footer>${footer}</footer>`.html +
      '</div></body></html>',
  );
}

/** The checkout page of a payment request, in the state it is in now. */
export async function sendCheckoutPage(
  reply: FastifyReply,
  v: CheckoutView,
  ctx: PageContext,
  nowMs: number,
  opts: { notice?: string; status?: number } = {},
): Promise<FastifyReply> {
  const notice = opts.notice ?? null;
  const m = CATALOGUES[ctx.lang];
  const state = v.status.state;
  const pending = state === 'pending';
  // Pending and confirming pages carry the panels of the states they may still reach, hidden.
  const open = pending || state === 'confirming';
  const panels = html`${pending ? await pendingPanel(v, m, ctx, nowMs) : null}${
    open && v.chain !== null ? confirmingPanel(v, m, state === 'confirming') : null
  }${open || state === 'paid' ? paidPanel(v, m, state === 'paid') : null}${
    open || state === 'expired' ? overPanel(v, m, 'expired', state === 'expired') : null
  }${pending || state === 'declined' ? overPanel(v, m, 'declined', state === 'declined') : null}`;
  const body = html`<main class="card" id="checkout" data-tid="${v.status.tid}" data-unit="${unitOf(v)}" data-state="${state}" data-exception="${v.status.exception ?? ''}" data-now="${nowMs}" data-expires-at="${String(
    v.expiresAtMs,
  )}" data-status-url="/checkout/${v.status.tid}/status" data-events-url="/checkout/${v.status.tid}/events" data-copied="${m.checkout.copied}">
${summary(v, m)}
<section class="pay" aria-label="${m.checkout.eyebrow}">
<p class="status" role="status" aria-live="polite"><span class="dot" aria-hidden="true"></span><span id="status-text">${
    state === 'expired' && v.status.exception === 'paid_partial'
      ? m.checkout.partialTitle
      : STATUS_TEXT(m, state)
  }</span></p>
${notice === null ? null : html`<p class="note" role="alert">${notice}</p>`}
${panels}
</section>
</main>`;
  // Paid with a success_url: back to the merchant after about three seconds, with or without the script.
  const onward = state === 'paid' ? v.status.redirect_url : null;
  const head = onward === null ? undefined : html`<meta http-equiv="refresh" content="3;url=${onward}">`;
  const ways = [
    ...(v.invoice === null ? [] : [m.checkout.lightning]),
    ...(v.chain === null ? [] : [m.checkout.onchainFooter(unitOf(v), v.chain.networkName)]),
  ];
  return sendDocument(reply, {
    status: opts.status ?? 200,
    title: m.checkout.title(v.payee.displayName ?? v.payee.usertag),
    body,
    ctx,
    m,
    ways,
    ...(head === undefined ? {} : { head }),
  });
}

/** The page's 404 (and other refusals), in the same look and language. */
export function sendCheckoutError(
  reply: FastifyReply,
  status: number,
  ctx: PageContext,
  message?: string,
): FastifyReply {
  const m = CATALOGUES[ctx.lang];
  const title =
    status === 404 ? m.checkout.notFoundTitle : status >= 500 ? m.common.failed : m.common.refused;
  const text = status === 404 ? m.checkout.notFoundText : (message ?? '');
  const body = html`<main class="card"><section class="pay"><div class="result">${ICONS.over}<h1>${title}</h1><p>${text}</p></div></section></main>`;
  return sendDocument(reply, { status, title, body, ctx, m });
}
