import { lockAccountsInOrder } from '../../db/repos/ledger.ts';
import { findBatchByIdempotencyKey, insertBatch, type VoucherBatchRow } from '../../db/repos/vouchers.ts';
import { abort } from '../../domain/errors.ts';
import { feeReserveRoundedUp } from '../../domain/payments/fees.ts';
import { ok, type Result } from '../../domain/result.ts';
import { PRINT_TOKEN_BYTES, VOUCHER_BATCH_ID_LENGTH, VOUCHER_CODE_LENGTH } from '../../domain/vouchers.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';
import { mailRefusal } from '../mail/recipient-limit.ts';
import { enqueueEmail } from '../outbox/enqueue.ts';
import { commandIdempotency, replayOrConflict } from '../payments/engine/idempotency.ts';
import { validateCallbackUrl, validateDesignUrl } from '../webhooks/validate-callback-url.ts';
import { runWrite } from '../write.ts';
import type { RequestVouchersCommand } from './commands.ts';
import { fundBatch, issuerAndEscrow } from './movements.ts';
import { encodeLnurl, voucherUrl, withdrawRequestUrl } from './urls.ts';
import { batchView, type VoucherBatchView } from './view-voucher.ts';
import { voucherEmail } from './voucher-email.ts';

/** The batch an earlier request with this key created, if the request is the same; else a conflict. */
async function replay(
  deps: AppDeps,
  earlier: VoucherBatchRow,
  hash: string,
): Promise<Result<VoucherBatchView>> {
  const same = replayOrConflict(earlier, hash, 'voucher batch');
  if (!same.ok) return same;
  return ok(await batchView(deps, same.value));
}

/**
 * The answer to a request its codec refused: with an Idempotency-Key the caller already used, the
 * key's conflict (the key is looked at before the body, as for a valid request); else the refusal.
 */
export async function refusedRequest(
  deps: AppDeps,
  caller: Caller,
  idempotencyKey: string | null,
  refusal: Result<never>,
): Promise<Result<never>> {
  if (idempotencyKey === null) return refusal;
  const earlier = await findBatchByIdempotencyKey(deps.db.read, caller.accountId, idempotencyKey);
  if (earlier === undefined) return refusal;
  const same = replayOrConflict(earlier, '', 'voucher batch');
  return same.ok ? refusal : same;
}

/**
 * Creates a batch of vouchers funded from the caller's Lightning balance: count × (amount + fee
 * reserve) moves into the voucher escrow in the same write unit that creates the batch, or nothing
 * happens (insufficient_balance). With receiver_email the voucher is e-mailed (the outbox, same unit).
 * With an Idempotency-Key, a retry of the same request answers the batch the first one created (as it
 * stands now) and escrows nothing again; the same key with another request is a conflict.
 * The command's fields were checked by its codec; what needs the outside (the callback and design URLs'
 * addresses, the recipient's mail caps) is checked here.
 */
export async function requestVoucher(
  deps: AppDeps,
  caller: Caller,
  r: RequestVouchersCommand,
): Promise<Result<VoucherBatchView>> {
  const { idempotencyKey } = r;
  const hash = commandIdempotency('requestVoucher', r)?.hash ?? null;
  if (idempotencyKey !== null && hash !== null) {
    const earlier = await findBatchByIdempotencyKey(deps.db.read, caller.accountId, idempotencyKey);
    if (earlier !== undefined) return replay(deps, earlier, hash);
  }
  const cfg = deps.config.vouchers;
  if (r.callbackUrl !== null) {
    const url = await validateCallbackUrl(deps, r.callbackUrl);
    if (!url.ok) return url;
  }
  const design = r.uniqueDesignUrl === null ? null : await validateDesignUrl(deps, r.uniqueDesignUrl);
  if (design !== null && !design.ok) return design;
  if (r.receiverEmail !== null) {
    const refusal = await mailRefusal(deps, caller.accountId, r.receiverEmail, 'receiver_email');
    if (refusal !== null) return { ok: false, error: refusal };
  }

  const nowMs = deps.clock.nowMs();
  const batch: VoucherBatchRow = {
    id: deps.ids.publicId(VOUCHER_BATCH_ID_LENGTH),
    account_id: caller.accountId,
    amount_msat: r.amountMsat,
    fee_reserve_msat: feeReserveRoundedUp(r.amountMsat, cfg.feeReservePpm, cfg.feeReserveMinMsat),
    voucher_count: BigInt(r.count),
    from_name: r.from,
    title: r.title,
    receiver_email: r.receiverEmail,
    email_status: r.receiverEmail === null ? 'undefined' : 'pending',
    unique_design: r.uniqueDesign ? 1n : 0n,
    unique_design_url: r.uniqueDesignUrl,
    callback_url: r.callbackUrl,
    print_token: deps.ids.hex(PRINT_TOKEN_BYTES),
    created_at_ms: BigInt(nowMs),
    expires_at_ms: BigInt(nowMs + r.expiryMin * 60_000),
    revoked_at_ms: null,
    closed_at_ms: null,
    idempotency_key: idempotencyKey,
    request_hash: hash,
    refund_of_payment_id: null,
  };
  const codes = Array.from({ length: r.count }, () => deps.ids.publicId(VOUCHER_CODE_LENGTH));
  const publicUrl = deps.config.publicUrl;
  const mail =
    r.receiverEmail === null || codes[0] === undefined
      ? null
      : voucherEmail({
          amountMsat: r.amountMsat,
          from: r.from,
          title: r.title,
          voucherUrl: voucherUrl(publicUrl, codes[0]),
          lnurl: encodeLnurl(withdrawRequestUrl(publicUrl, { code: codes[0] })),
          expiresAt: new Date(Number(batch.expires_at_ms)),
        });

  const written = await runWrite(deps.db, async (trx) => {
    await lockAccountsInOrder(trx, issuerAndEscrow(batch));
    const vouchers = await insertBatch(trx, batch, codes);
    if (vouchers === undefined) {
      return abort('idempotency_conflict', 'a concurrent request with this Idempotency-Key created a batch');
    }
    await fundBatch(trx, batch, nowMs);
    if (mail !== null && r.receiverEmail !== null) {
      await enqueueEmail(
        trx,
        {
          accountId: caller.accountId,
          to: r.receiverEmail,
          ...mail,
          type: 'voucher',
          eventId: `voucher.email.${batch.id}`,
          target: { kind: 'voucher_batch', id: batch.id },
        },
        nowMs,
      );
    }
    return { batch, vouchers, redeemedCount: 0 };
  });
  if (
    !written.ok &&
    written.error.code === 'idempotency_conflict' &&
    idempotencyKey !== null &&
    hash !== null
  ) {
    // A concurrent request with the same key won the insert; this one answers as a retry of it.
    const winner = await findBatchByIdempotencyKey(deps.db.read, caller.accountId, idempotencyKey);
    if (winner !== undefined) return replay(deps, winner, hash);
  }
  return written;
}
