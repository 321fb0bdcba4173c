import { timingSafeEqual } from 'node:crypto';
import {
  countRedeemable,
  findBatch,
  findVoucherByCode,
  listVouchers,
  type VoucherBatchRow,
  type VoucherRow,
} from '../../db/repos/vouchers.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import {
  type BatchFacts,
  type BatchState,
  batchState,
  normalizeBatchId,
  normalizeVoucherCode,
  type VoucherState,
  voucherState,
} from '../../domain/vouchers.ts';
import type { AppDeps } from '../deps.ts';
import { encodeLnurl, voucherUrl, withdrawRequestUrl } from './urls.ts';

/** What the public voucher pages show. No key: whoever has the address sees it. */

/** A batch with its vouchers, as requestVoucher and checkVoucher answer it. */
export interface VoucherBatchView {
  batch: VoucherBatchRow;
  vouchers: VoucherRow[];
  redeemedCount: number;
}

/** A stored batch with its vouchers, as they stand now. */
export async function batchView(deps: AppDeps, batch: VoucherBatchRow): Promise<VoucherBatchView> {
  const vouchers = await listVouchers(deps.db.read, batch.id);
  return { batch, vouchers, redeemedCount: vouchers.filter((v) => v.redeemed_at_ms !== null).length };
}

export const batchFacts = (b: VoucherBatchRow): BatchFacts => ({
  expiresAtMs: b.expires_at_ms,
  revokedAtMs: b.revoked_at_ms,
});

export const voucherStateOf = (v: VoucherRow, b: VoucherBatchRow, nowMs: number): VoucherState =>
  voucherState(
    { redeemedAtMs: v.redeemed_at_ms, claimPaymentId: v.claim_payment_id, refundedAtMs: v.refunded_at_ms },
    batchFacts(b),
    nowMs,
  );

export interface VoucherView {
  batch: VoucherBatchRow;
  voucher: VoucherRow;
  state: VoucherState;
  /** LUD-03 LNURL of the voucher (bech32, upper case), for its QR code. */
  lnurl: string;
}

/** A one-time voucher by its code, as typed (any case, surrounding spaces); a malformed one is not found. */
export async function viewVoucher(deps: AppDeps, code: string): Promise<Result<VoucherView>> {
  const c = normalizeVoucherCode(code);
  const voucher = c === null ? undefined : await findVoucherByCode(deps.db.read, c);
  if (voucher === undefined) return err('not_found', 'no voucher with this code');
  const batch = await findBatch(deps.db.read, voucher.batch_id);
  if (batch === undefined) throw new Error(`voucher ${voucher.id} without its batch`);
  const publicUrl = deps.config.publicUrl;
  return ok({
    batch,
    voucher,
    state: voucherStateOf(voucher, batch, deps.clock.nowMs()),
    lnurl: encodeLnurl(withdrawRequestUrl(publicUrl, { code: voucher.code })),
  });
}

export interface StaticView {
  batch: VoucherBatchRow;
  state: BatchState;
  /** Vouchers still redeemable through the static URL. */
  remaining: number;
  lnurl: string;
}

/** A batch through its static URL. */
export async function viewStaticBatch(deps: AppDeps, batchId: string): Promise<Result<StaticView>> {
  const id = normalizeBatchId(batchId);
  const batch = id === null ? undefined : await findBatch(deps.db.read, id);
  if (batch === undefined) return err('not_found', 'no voucher batch at this address');
  const remaining = await countRedeemable(deps.db.read, batch.id);
  const state = batchState(batchFacts(batch), deps.clock.nowMs(), remaining);
  const publicUrl = deps.config.publicUrl;
  return ok({
    batch,
    state,
    remaining,
    lnurl: encodeLnurl(withdrawRequestUrl(publicUrl, { batchId: batch.id })),
  });
}

export interface PrintSheet {
  batch: VoucherBatchRow;
  items: Array<{ voucher: VoucherRow; state: VoucherState; voucherUrl: string; lnurl: string }>;
}

const sameToken = (a: string, b: string): boolean => {
  // Lengths in bytes: a token of the right length in characters may still differ in bytes (UTF-8).
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The issuer's printable sheet of a batch, opened by the unguessable token of its print_url. A wrong
 * token is answered like an unknown batch.
 */
export async function viewPrintSheet(
  deps: AppDeps,
  batchId: string,
  token: string,
): Promise<Result<PrintSheet>> {
  const id = normalizeBatchId(batchId);
  const batch = id === null ? undefined : await findBatch(deps.db.read, id);
  if (batch === undefined || !sameToken(token, batch.print_token)) {
    return err('not_found', 'no voucher sheet at this address');
  }
  const nowMs = deps.clock.nowMs();
  const publicUrl = deps.config.publicUrl;
  const vouchers = await listVouchers(deps.db.read, batch.id);
  return ok({
    batch,
    items: vouchers.map((voucher) => ({
      voucher,
      state: voucherStateOf(voucher, batch, nowMs),
      voucherUrl: voucherUrl(publicUrl, voucher.code),
      lnurl: encodeLnurl(withdrawRequestUrl(publicUrl, { code: voucher.code })),
    })),
  });
}
