import { timingSafeEqual } from 'node:crypto';
import {
  countRedeemable,
  findBatch,
  findVoucherByCode,
  listVouchers,
  type VoucherBatchRow,
  type VoucherRow,
} from '../../db/repos/vouchers.ts';
import type { AppError } from '../../domain/errors.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import {
  normalizeBatchId,
  normalizeVoucherCode,
  type VoucherState,
  voucherState,
} from '../../domain/vouchers.ts';
import type { AppDeps } from '../deps.ts';
import { encodeLnurl, staticVoucherUrl, voucherUrl, withdrawRequestUrl } from './urls.ts';

/** What the public voucher pages show. No key: whoever has the address sees it. */

export const voucherStateOf = (v: VoucherRow, b: VoucherBatchRow, nowMs: number): VoucherState =>
  voucherState(
    { redeemedAtMs: v.redeemed_at_ms, claimPaymentId: v.claim_payment_id, refundedAtMs: v.refunded_at_ms },
    { expiresAtMs: b.expires_at_ms, revokedAtMs: b.revoked_at_ms },
    nowMs,
  );

export interface VoucherView {
  batch: VoucherBatchRow;
  voucher: VoucherRow;
  state: VoucherState;
  voucherUrl: string;
  /** LUD-03 LNURL of the voucher (bech32, upper case), for its QR code. */
  lnurl: string;
}

/** A one-time voucher by its code. */
export async function viewVoucher(deps: AppDeps, code: unknown): Promise<Result<VoucherView>> {
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
    voucherUrl: voucherUrl(publicUrl, voucher.code),
    lnurl: encodeLnurl(withdrawRequestUrl(publicUrl, { code: voucher.code })),
  });
}

export type BatchState = 'redeemable' | 'all_redeemed' | 'revoked' | 'expired';

export interface StaticView {
  batch: VoucherBatchRow;
  state: BatchState;
  /** Vouchers still redeemable through the static URL. */
  remaining: number;
  staticUrl: string;
  lnurl: string;
}

/** A batch through its static URL. */
export async function viewStaticBatch(deps: AppDeps, batchId: unknown): Promise<Result<StaticView>> {
  const id = normalizeBatchId(batchId);
  const batch = id === null ? undefined : await findBatch(deps.db.read, id);
  if (batch === undefined) return err('not_found', 'no voucher batch at this address');
  const remaining = await countRedeemable(deps.db.read, batch.id);
  const state: BatchState =
    batch.revoked_at_ms !== null
      ? 'revoked'
      : batch.expires_at_ms <= BigInt(deps.clock.nowMs())
        ? 'expired'
        : remaining === 0
          ? 'all_redeemed'
          : 'redeemable';
  const publicUrl = deps.config.publicUrl;
  return ok({
    batch,
    state,
    remaining,
    staticUrl: staticVoucherUrl(publicUrl, batch.id),
    lnurl: encodeLnurl(withdrawRequestUrl(publicUrl, { batchId: batch.id })),
  });
}

/** Why a static URL cannot be redeemed now (or null when it can). */
export function batchStateError(state: BatchState): AppError | null {
  switch (state) {
    case 'redeemable':
      return null;
    case 'all_redeemed':
      return { code: 'voucher_already_redeemed', message: 'every voucher of this batch has been redeemed' };
    case 'revoked':
      return { code: 'voucher_revoked', message: 'these vouchers were revoked by their issuer' };
    case 'expired':
      return { code: 'voucher_expired', message: 'these vouchers have expired' };
  }
}

export interface PrintSheet {
  batch: VoucherBatchRow;
  items: Array<{ voucher: VoucherRow; state: VoucherState; voucherUrl: string; lnurl: string }>;
}

const sameToken = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The issuer's printable sheet of a batch, opened by the unguessable token of its print_url. A wrong
 * token is answered like an unknown batch.
 */
export async function viewPrintSheet(
  deps: AppDeps,
  batchId: unknown,
  token: unknown,
): Promise<Result<PrintSheet>> {
  const id = normalizeBatchId(batchId);
  const batch = id === null ? undefined : await findBatch(deps.db.read, id);
  if (batch === undefined || typeof token !== 'string' || !sameToken(token, batch.print_token)) {
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
