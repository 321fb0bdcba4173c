import { lockAccountsInOrder } from '../../db/repos/ledger.ts';
import type { PaymentRow } from '../../db/repos/payments.ts';
import { findRefund, lockPaymentForRefund, refundedMsat } from '../../db/repos/refunds.ts';
import { findBatchByIdempotencyKey, insertBatch, type VoucherBatchRow } from '../../db/repos/vouchers.ts';
import { abort } from '../../domain/errors.ts';
import { formatMsatAsBtc, MSAT_PER_SAT, parseDecimal } from '../../domain/money.ts';
import { feeReserveRoundedUp } from '../../domain/payments/fees.ts';
import { defaultRefundMsat, excessMsat, receivedMsat } from '../../domain/refunds.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { PRINT_TOKEN_BYTES, VOUCHER_BATCH_ID_LENGTH, VOUCHER_CODE_LENGTH } from '../../domain/vouchers.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';
import { mailRefusal } from '../mail/recipient-limit.ts';
import { enqueueEmail } from '../outbox/enqueue.ts';
import { findOwnPayment } from '../payments/check-payment.ts';
import { commandIdempotency, replayOrConflict } from '../payments/engine/idempotency.ts';
import { fundBatch, issuerAndEscrow } from '../vouchers/movements.ts';
import { encodeLnurl, withdrawRequestUrl } from '../vouchers/urls.ts';
import { voucherEmail } from '../vouchers/voucher-email.ts';
import { runWrite } from '../write.ts';
import type { RefundAmount, RefundCommand } from './commands.ts';
import { refundUrl } from './urls.ts';
import { type RefundView, refundView } from './view.ts';

/** A fiat_value has at most this many decimals (the minor unit of INR, USD, EUR). */
const FIAT_DECIMALS = 2;
const PRICE_SCALE = 8;
const MSAT_PER_BTC = 100_000_000_000n;

/** Down to whole satoshis: a voucher pays whole satoshis, and a refund never pays more than asked. */
const wholeSatsDown = (msat: bigint): bigint => (msat / MSAT_PER_SAT) * MSAT_PER_SAT;

/**
 * The refund's amount in msat: the payment's amount (or what it received, when less: a partial
 * on-chain payment), what it received beyond its amount, the given BTC amount, or the given fiat
 * value at the current published BTC price in the payment's fiat_currency (503 price_unavailable when
 * there is none or it is stale: never a guess). Rounded down to whole satoshis.
 */
function amountOf(deps: AppDeps, p: PaymentRow, a: RefundAmount): Result<bigint> {
  if (a.kind === 'original') return ok(wholeSatsDown(defaultRefundMsat(p)));
  if (a.kind === 'excess') {
    const excess = wholeSatsDown(excessMsat(p));
    if (excess > 0n) return ok(excess);
    return err('amount_out_of_range', 'the payment received no more than its amount: no excess', 'excess');
  }
  if (a.kind === 'btc') return ok(a.msat);
  const currency = p.fiat_currency?.trim().toUpperCase() ?? '';
  if (!/^[A-Z]{3}$/.test(currency)) {
    return err(
      'invalid_request',
      'the payment names no fiat_currency to take fiat_value in: give amount in BTC instead',
      'fiat_value',
    );
  }
  const value = parseDecimal(a.value, FIAT_DECIMALS, PRICE_SCALE, 'fiat_value');
  if (!value.ok) return value;
  const pair = `BTC-${currency}`;
  const price = deps.prices.current(pair);
  if (price === null || price.stale || price.priceE8 <= 0n) {
    return err(
      'price_unavailable',
      `no current ${pair} price to convert fiat_value (${price === null ? 'none published' : 'stale'})`,
    );
  }
  // Both the value and the price are in 10^-8 of the currency (the price per BTC).
  const msat = (value.value * MSAT_PER_BTC) / price.priceE8;
  return ok(wholeSatsDown(msat));
}

/** The received payment of the caller's account that may be refunded, or why not. */
async function refundablePayment(deps: AppDeps, caller: Caller, tid: string): Promise<Result<PaymentRow>> {
  const found = await findOwnPayment(deps, caller, tid);
  if (!found.ok) return found;
  const p = found.value;
  if (p.direction !== 'in') return err('payment_not_refundable', 'a sent payment cannot be refunded', 'tid');
  if (p.wallet === 'usdt') {
    return err(
      'payment_not_refundable',
      'a USDT payment cannot be refunded from the Lightning balance',
      'tid',
    );
  }
  if (receivedMsat(p) === 0n) {
    const why =
      p.status === 'pending'
        ? 'the payment is pending: it is refunded once it is paid, or declined with part received'
        : `the payment is ${p.status} and received nothing: nothing to refund`;
    return err('state_conflict', why, 'tid');
  }
  return ok(p);
}

/**
 * Refunds a received payment of the caller, fully or in part: a one-voucher batch linked to the payment,
 * its amount + fee reserve escrowed from the caller's Lightning balance, which the payer claims from the
 * refund page (LNURL-withdraw, Lightning address, invoice, usertag), e-mailed with receiver_email. In one
 * write unit the payment's row is locked, what its refunds already hold is summed, and the new refund is
 * refused unless it fits in what the payment received; so concurrent refunds never add up to more.
 */
export async function refundPayment(
  deps: AppDeps,
  caller: Caller,
  cmd: RefundCommand,
): Promise<Result<RefundView>> {
  const hash = commandIdempotency('refund', cmd)?.hash ?? null;
  if (cmd.idempotencyKey !== null && hash !== null) {
    const earlier = await earlierRefund(deps, caller, cmd.idempotencyKey, hash);
    if (earlier !== null) return earlier;
  }
  const found = await refundablePayment(deps, caller, cmd.tid);
  if (!found.ok) return found;
  const p = found.value;
  const amount = amountOf(deps, p, cmd.amount);
  if (!amount.ok) return amount;
  const asked = amount.value;
  const field = { fiat: 'fiat_value', excess: 'excess', btc: 'amount', original: 'amount' }[cmd.amount.kind];
  const cfg = deps.config.vouchers;
  if (asked <= 0n) return err('amount_out_of_range', 'the refund is less than one satoshi', field);
  if (asked > cfg.maxAmountMsat) {
    return err(
      'amount_out_of_range',
      'the refund is more than a voucher may hold (VOUCHER_MAX_AMOUNT_MSAT)',
      field,
    );
  }
  if (cmd.receiverEmail !== null) {
    const refusal = await mailRefusal(deps, caller.accountId, cmd.receiverEmail, 'receiver_email');
    if (refusal !== null) return { ok: false, error: refusal };
  }

  const nowMs = deps.clock.nowMs();
  const title = `Refund of payment ${p.public_id}${cmd.description === null ? '' : `: ${cmd.description}`}`;
  const batchOf = (amountMsat: bigint): VoucherBatchRow => ({
    id: deps.ids.publicId(VOUCHER_BATCH_ID_LENGTH),
    account_id: caller.accountId,
    amount_msat: amountMsat,
    fee_reserve_msat: feeReserveRoundedUp(amountMsat, cfg.feeReservePpm, cfg.feeReserveMinMsat),
    voucher_count: 1n,
    from_name: caller.usertag,
    title: title.slice(0, 280),
    receiver_email: cmd.receiverEmail,
    email_status: cmd.receiverEmail === null ? 'undefined' : 'pending',
    unique_design: 0n,
    unique_design_url: null,
    callback_url: null,
    print_token: deps.ids.hex(PRINT_TOKEN_BYTES),
    created_at_ms: BigInt(nowMs),
    expires_at_ms: BigInt(nowMs + cfg.expiryDefaultMin * 60_000),
    revoked_at_ms: null,
    closed_at_ms: null,
    idempotency_key: cmd.idempotencyKey,
    request_hash: hash,
    refund_of_payment_id: p.id,
  });
  const code = deps.ids.publicId(VOUCHER_CODE_LENGTH);
  const publicUrl = deps.config.publicUrl;

  const written = await runWrite(deps.db, async (trx) => {
    // What the payment received is read again under the lock: a deposit reorganised away meanwhile
    // lowers it.
    const now = await lockPaymentForRefund(trx, p.id);
    const received = receivedMsat(now);
    const already = await refundedMsat(trx, p.id, nowMs);
    // The excess is what the merchant still holds beyond the amount asked: once refunded, none is left.
    const amountMsat = cmd.amount.kind === 'excess' ? wholeSatsDown(excessMsat(now) - already) : asked;
    if (amountMsat <= 0n) {
      return abort(
        'amount_out_of_range',
        `the payment received ${formatMsatAsBtc(received)} BTC and its refunds hold ` +
          `${formatMsatAsBtc(already)} BTC: no excess is left`,
        'excess',
      );
    }
    if (already + amountMsat > received) {
      return abort(
        'amount_out_of_range',
        `the payment received ${formatMsatAsBtc(received)} BTC and its refunds hold ` +
          `${formatMsatAsBtc(already)} BTC: at most ` +
          `${formatMsatAsBtc(received - already > 0n ? received - already : 0n)} BTC more can be refunded`,
        field,
      );
    }
    const batch = batchOf(amountMsat);
    await lockAccountsInOrder(trx, issuerAndEscrow(batch));
    if ((await insertBatch(trx, batch, [code])) === undefined) {
      return abort('idempotency_conflict', 'a concurrent request with this Idempotency-Key made a refund');
    }
    await fundBatch(trx, batch, nowMs);
    if (cmd.receiverEmail !== null) {
      const mail = voucherEmail({
        amountMsat,
        from: batch.from_name,
        title: batch.title,
        voucherUrl: refundUrl(publicUrl, code),
        lnurl: encodeLnurl(withdrawRequestUrl(publicUrl, { code })),
        expiresAt: new Date(Number(batch.expires_at_ms)),
      });
      await enqueueEmail(
        trx,
        {
          accountId: caller.accountId,
          to: cmd.receiverEmail,
          ...mail,
          type: 'voucher',
          eventId: `voucher.email.${batch.id}`,
          target: { kind: 'voucher_batch', id: batch.id },
        },
        nowMs,
      );
    }
    const row = await findRefund(trx, batch.id);
    if (row === undefined) throw new Error(`refund ${batch.id} vanished`);
    return refundView(row, nowMs);
  });
  if (!written.ok && written.error.code === 'idempotency_conflict' && cmd.idempotencyKey !== null) {
    // A concurrent request with the same key won the insert; this one answers as a retry of it.
    const winner = await earlierRefund(deps, caller, cmd.idempotencyKey, hash ?? '');
    if (winner !== null) return winner;
  }
  return written;
}

/**
 * The refund an earlier request with this Idempotency-Key made (as it stands now), a conflict when the
 * key was used for another request, or null when the key is new.
 */
async function earlierRefund(
  deps: AppDeps,
  caller: Caller,
  key: string,
  hash: string,
): Promise<Result<RefundView> | null> {
  const earlier = await findBatchByIdempotencyKey(deps.db.read, caller.accountId, key);
  if (earlier === undefined) return null;
  const same = replayOrConflict(earlier, hash, 'refund');
  if (!same.ok) return same;
  const row = await findRefund(deps.db.read, earlier.id);
  if (row === undefined) {
    return err('idempotency_conflict', 'this Idempotency-Key was used for a voucher batch, not a refund');
  }
  return ok(refundView(row, deps.clock.nowMs()));
}
