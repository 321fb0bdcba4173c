import { createHash } from 'node:crypto';
import type { PaymentRow } from '../../db/repos/payments.ts';
import { ownLnurlPayTag } from '../../domain/lnurl.ts';
import { formatMsatAsBtc } from '../../domain/money.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';
import type { DecodedInvoice, LnurlFailure, LnurlPayClient, LnurlPayParams } from '../ports.ts';
import type { SendDetails } from './engine/rows.ts';
import { lightningAddressInvoice, lightningAddressPayRequest } from './lightning-address.ts';
import { payInvoice } from './pay-invoice.ts';

function lnurlError(f: LnurlFailure): Result<never> {
  switch (f.kind) {
    case 'invalid_target':
      return err('lnurl_invalid', f.message, 'lightning_invoice');
    case 'unreachable':
      return err(
        'lnurl_unreachable',
        `the LNURL service could not be reached: ${f.message}`,
        'lightning_invoice',
      );
    case 'invalid':
    case 'refused':
      return err(
        'payment_failed',
        `the LNURL service did not give a usable answer: ${f.message}`,
        'lightning_invoice',
      );
  }
}

/**
 * This service's own LNURL-pay endpoints, answered in process: what GET /.well-known/lnurlp/<tag> and its
 * callback would answer over HTTP, with the same checks after it, and no round trip (which a local
 * set-up's private-address guard would refuse).
 */
function ownLnurlService(deps: AppDeps, usertag: string): LnurlPayClient {
  const refused = (message: string): LnurlFailure => ({ ok: false, kind: 'refused', message });
  return {
    async resolvePay() {
      const r = await lightningAddressPayRequest(deps, usertag);
      return r.ok ? { ok: true, params: r.value } : refused(r.error.message);
    },
    async requestInvoice(_params, amountMsat) {
      const r = await lightningAddressInvoice(deps, usertag, String(amountMsat));
      return r.ok ? { ok: true, payreq: r.value.payreq } : refused(r.error.message);
    },
  };
}

/**
 * Resolves a bech32 LNURL or a Lightning address (LUD-06/LUD-16) to an invoice for `amountMsat`: resolve,
 * check the amount against the service's bounds, request the invoice, verify its amount and description
 * hash. This service's own addresses are answered in process. Nothing is paid here.
 */
export async function resolveLnurlInvoice(
  deps: AppDeps,
  target: string,
  amountMsat: bigint,
): Promise<Result<DecodedInvoice>> {
  const ownTag = ownLnurlPayTag(target, deps.config.publicUrl);
  const service: LnurlPayClient = ownTag === null ? deps.lnurl : ownLnurlService(deps, ownTag);
  const resolved = await service.resolvePay(target);
  if (!resolved.ok) return lnurlError(resolved);
  const params = resolved.params;
  if (amountMsat < params.minSendableMsat || amountMsat > params.maxSendableMsat) {
    return err(
      'amount_out_of_range',
      `this LNURL accepts from ${formatMsatAsBtc(params.minSendableMsat)} to ${formatMsatAsBtc(params.maxSendableMsat)} BTC`,
      'amount',
    );
  }
  return invoiceOfPayRequest(deps, service, params, amountMsat);
}

/** LUD-06 step 3: the callback's invoice for `amountMsat`, checked (amount, description hash). */
async function invoiceOfPayRequest(
  deps: AppDeps,
  service: LnurlPayClient,
  params: LnurlPayParams,
  amountMsat: bigint,
): Promise<Result<DecodedInvoice>> {
  const requested = await service.requestInvoice(params, amountMsat);
  if (!requested.ok) return lnurlError(requested);
  const decoded = deps.decodeInvoice(requested.payreq);
  if (!decoded.ok) {
    return err('payment_failed', `the LNURL service returned an invalid invoice: ${decoded.message}`);
  }
  const invoice = decoded.invoice;
  if (invoice.amountMsat !== amountMsat) {
    return err(
      'payment_failed',
      'the LNURL service returned an invoice for another amount; nothing was paid',
    );
  }
  const metadataHash = createHash('sha256').update(params.metadata, 'utf8').digest('hex');
  if (invoice.descriptionHash !== metadataHash) {
    return err(
      'payment_failed',
      'the LNURL service returned an invoice whose description hash does not match its metadata; nothing was paid',
    );
  }
  return ok(invoice);
}

/** Pays a bech32 LNURL or a Lightning address: its invoice (resolveLnurlInvoice), then payInvoice. */
export async function sendToLnurl(
  deps: AppDeps,
  caller: Caller,
  p: { target: string; amountMsat: bigint; details: SendDetails },
): Promise<Result<PaymentRow>> {
  const invoice = await resolveLnurlInvoice(deps, p.target, p.amountMsat);
  if (!invoice.ok) return invoice;
  return payInvoice(deps, caller, {
    invoice: invoice.value,
    amountMsat: p.amountMsat,
    invoiceType: 'lnurl',
    details: p.details,
  });
}

/** This service's own Lightning-address callback (`<PUBLIC_URL>/lnurlp/<tag>/callback`): its usertag. */
function ownCallbackTag(callback: string, publicUrl: string): string | null {
  const prefix = `${publicUrl.replace(/\/+$/, '')}/lnurlp/`;
  if (!callback.startsWith(prefix)) return null;
  const m = /^([^/?#]+)\/callback(?:[?#].*)?$/.exec(callback.slice(prefix.length));
  return m?.[1] ?? null;
}

/**
 * Pays an LNURL-pay request the client already fetched (LNbits' `res`): the callback asked for an invoice
 * of `amountMsat` through the LNURL client and its outbound guards (this service's own callback answered
 * in process), the invoice checked as for sendToLnurl, then paid by payInvoice.
 */
export async function payLnurlPayRequest(
  deps: AppDeps,
  caller: Caller,
  p: { params: LnurlPayParams; amountMsat: bigint; details: SendDetails },
): Promise<Result<PaymentRow>> {
  if (p.amountMsat < p.params.minSendableMsat || p.amountMsat > p.params.maxSendableMsat) {
    return err(
      'amount_out_of_range',
      `this LNURL accepts from ${formatMsatAsBtc(p.params.minSendableMsat)} to ${formatMsatAsBtc(p.params.maxSendableMsat)} BTC`,
      'amount',
    );
  }
  const ownTag = ownCallbackTag(p.params.callback, deps.config.publicUrl);
  const service = ownTag === null ? deps.lnurl : ownLnurlService(deps, ownTag);
  const invoice = await invoiceOfPayRequest(deps, service, p.params, p.amountMsat);
  if (!invoice.ok) return invoice;
  return payInvoice(deps, caller, {
    invoice: invoice.value,
    amountMsat: p.amountMsat,
    invoiceType: 'lnurl',
    details: p.details,
  });
}
