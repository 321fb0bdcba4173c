import { createHash } from 'node:crypto';
import { findRefund } from '../../db/repos/refunds.ts';
import { findVoucherByCode } from '../../db/repos/vouchers.ts';
import { ownLnurlPayTag } from '../../domain/lnurl.ts';
import { err, type Result } from '../../domain/result.ts';
import { normalizeUsertag } from '../../domain/usertag.ts';
import { normalizeVoucherCode } from '../../domain/vouchers.ts';
import type { AppDeps } from '../deps.ts';
import type { LnurlFailure } from '../ports.ts';
import type { RedeemTo } from '../vouchers/commands.ts';
import { type RedeemOutcome, redeemVoucher } from '../vouchers/redeem-voucher.ts';

/** Where a payer sends a refund: a usertag, a Lightning address (name@host), or a BOLT11 invoice. */
export type ClaimTo =
  | { kind: 'usertag'; usertag: string }
  | { kind: 'address'; address: string }
  | { kind: 'invoice'; payreq: string };

/** A refund page's one field as a target: an invoice by its prefix, an address by its @, else a usertag. */
export function claimTargetOf(text: string): ClaimTo {
  const t = text.trim().replace(/^lightning:/i, '');
  if (/^ln(bc|tb|bcrt|sb)[0-9]/i.test(t)) return { kind: 'invoice', payreq: t };
  if (t.includes('@')) return { kind: 'address', address: t };
  return { kind: 'usertag', usertag: t };
}

const lnurlRefusal = (f: LnurlFailure): Result<never> =>
  f.kind === 'unreachable'
    ? err('lnurl_unreachable', `the Lightning address could not be reached: ${f.message}`, 'redeem_to')
    : err('lnurl_invalid', `the Lightning address gave no usable answer: ${f.message}`, 'redeem_to');

/**
 * A Lightning address as a redemption target: one of this service is its usertag; another is asked
 * (LUD-16) for an invoice of exactly the refund's amount, whose amount and description hash are checked
 * before the voucher pays it.
 */
async function addressTarget(deps: AppDeps, address: string, amountMsat: bigint): Promise<Result<RedeemTo>> {
  const own = ownLnurlPayTag(address, deps.config.publicUrl);
  if (own !== null) return { ok: true, value: { mode: 'usertag', usertag: own } };
  if (!/^[^@\s/]+@[^@\s/]+$/.test(address)) {
    return err('lnurl_invalid', 'a Lightning address looks like name@host', 'redeem_to');
  }
  const resolved = await deps.lnurl.resolvePay(address);
  if (!resolved.ok) return lnurlRefusal(resolved);
  const params = resolved.params;
  if (amountMsat < params.minSendableMsat || amountMsat > params.maxSendableMsat) {
    return err(
      'amount_out_of_range',
      'this Lightning address does not accept the refund’s amount',
      'redeem_to',
    );
  }
  const requested = await deps.lnurl.requestInvoice(params, amountMsat);
  if (!requested.ok) return lnurlRefusal(requested);
  const decoded = deps.decodeInvoice(requested.payreq);
  if (!decoded.ok || decoded.invoice.amountMsat !== amountMsat) {
    return err(
      'payment_failed',
      'the Lightning address returned an unusable invoice; nothing was paid',
      'redeem_to',
    );
  }
  const metadataHash = createHash('sha256').update(params.metadata, 'utf8').digest('hex');
  if (decoded.invoice.descriptionHash !== metadataHash) {
    return err(
      'payment_failed',
      'the Lightning address returned an invoice for other metadata; nothing was paid',
      'redeem_to',
    );
  }
  return { ok: true, value: { mode: 'invoice', payreq: requested.payreq } };
}

/**
 * The payer claims a refund from its page: to a usertag, a Lightning address or an invoice. The refund's
 * voucher is redeemed as any voucher is (exactly once, rate-limited by the caller), so every rule of
 * vouchers holds; the page also offers LNURL-withdraw, which needs no call here.
 */
export async function claimRefund(deps: AppDeps, code: string, to: ClaimTo): Promise<Result<RedeemOutcome>> {
  const c = normalizeVoucherCode(code);
  const voucher = c === null ? undefined : await findVoucherByCode(deps.db.read, c);
  const refund = voucher === undefined ? undefined : await findRefund(deps.db.read, voucher.batch_id);
  if (voucher === undefined || refund === undefined) return err('not_found', 'no refund has this code');
  let target: Result<RedeemTo>;
  if (to.kind === 'usertag') {
    const tag = normalizeUsertag(to.usertag);
    if (!tag.ok) return err('usertag_invalid', tag.error.message, 'redeem_to');
    target = { ok: true, value: { mode: 'usertag', usertag: tag.value } };
  } else if (to.kind === 'invoice') target = { ok: true, value: { mode: 'invoice', payreq: to.payreq } };
  else target = await addressTarget(deps, to.address, refund.amountMsat);
  if (!target.ok) return target;
  return redeemVoucher(deps, { target: { code: voucher.code }, to: target.value });
}
