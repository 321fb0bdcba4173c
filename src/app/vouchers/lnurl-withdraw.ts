import { findLiveOutgoingByHash } from '../../db/repos/payments.ts';
import { findVoucherById } from '../../db/repos/vouchers.ts';
import { ok, type Result } from '../../domain/result.ts';
import { batchStateError, voucherStateError } from '../../domain/vouchers.ts';
import type { AppDeps } from '../deps.ts';
import type { RedeemTarget, WithdrawCommand } from './commands.ts';
import { redeemVoucher } from './redeem-voucher.ts';
import { withdrawK1, withdrawRequestUrl } from './urls.ts';
import { viewStaticBatch, viewVoucher } from './view-voucher.ts';

/** LUD-03 withdrawRequest of a voucher: a wallet may withdraw exactly its amount, once. */
export interface WithdrawParams {
  callback: string;
  k1: string;
  defaultDescription: string;
  /** minWithdrawable = maxWithdrawable. */
  amountMsat: bigint;
}

/**
 * What a wallet that scanned a voucher's QR code (or a static URL's) is offered: the voucher amount and
 * the callback to send an invoice to. A voucher that cannot be redeemed answers why.
 */
export async function withdrawRequest(deps: AppDeps, target: RedeemTarget): Promise<Result<WithdrawParams>> {
  let t: RedeemTarget;
  let batch: { title: string | null; from_name: string | null; amount_msat: bigint };
  if ('code' in target) {
    const v = await viewVoucher(deps, target.code);
    if (!v.ok) return v;
    const why = voucherStateError(v.value.state);
    if (why !== null) return { ok: false, error: why };
    t = { code: v.value.voucher.code };
    batch = v.value.batch;
  } else {
    const s = await viewStaticBatch(deps, target.batchId);
    if (!s.ok) return s;
    const why = batchStateError(s.value.state);
    if (why !== null) return { ok: false, error: why };
    t = { batchId: s.value.batch.id };
    batch = s.value.batch;
  }
  const from = batch.from_name === null ? '' : ` from ${batch.from_name}`;
  return ok({
    callback: `${withdrawRequestUrl(deps.config.publicUrl, t)}/callback`,
    k1: withdrawK1(t),
    defaultDescription: (batch.title ?? `Voucher${from}`).slice(0, 300),
    amountMsat: batch.amount_msat,
  });
}

/**
 * LUD-03 callback: the wallet's invoice redeems the voucher exactly as redeem_mode invoice does,
 * except that an invoice of another node is paid after the answer: LUD-03 has the service answer OK and
 * then pay, so a wallet does not wait (and time out) while the payment is routed. A wallet that sends
 * the same invoice again (it retried, or lost the answer) is answered OK again: that withdrawal is
 * already paid or under way. Answers whether the withdrawal was new. The codec checked `k1` against the
 * voucher (`withdrawK1`).
 */
export async function withdrawCallback(
  deps: AppDeps,
  cmd: WithdrawCommand,
): Promise<Result<{ repeated: boolean }>> {
  const r = await redeemVoucher(deps, { ...cmd, payment: 'background' });
  if (r.ok) return ok({ repeated: false });
  return (await alreadyWithdrawnTo(deps, cmd.target, cmd.to.payreq)) ? ok({ repeated: true }) : r;
}

/** Whether this voucher (or a voucher of this static batch) is paid or being paid to invoice `pr`. */
async function alreadyWithdrawnTo(deps: AppDeps, target: RedeemTarget, pr: string): Promise<boolean> {
  const decoded = deps.decodeInvoice(pr);
  if (!decoded.ok) return false;
  const payment = await findLiveOutgoingByHash(deps.db.read, decoded.invoice.paymentHash);
  if (payment === undefined) return false;
  if (payment.purpose !== 'voucher_claim' || payment.voucher_id === null) return false;
  const voucher = await findVoucherById(deps.db.read, payment.voucher_id);
  if (voucher === undefined) return false;
  return 'code' in target ? voucher.code === target.code : voucher.batch_id === target.batchId;
}
