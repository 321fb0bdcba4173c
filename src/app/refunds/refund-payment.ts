import { lockAccountsInOrder } from '../../db/repos/ledger.ts';
import type { PaymentRow } from '../../db/repos/payments.ts';
import { findRefund, lockPaymentForRefund, refundedMsat } from '../../db/repos/refunds.ts';
import { insertBatch, type VoucherBatchRow } from '../../db/repos/vouchers.ts';
import { abort } from '../../domain/errors.ts';
import { formatMsatAsBtc, MSAT_PER_SAT, parseDecimal } from '../../domain/money.ts';
import { feeReserveRoundedUp } from '../../domain/payments/fees.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { PRINT_TOKEN_BYTES, VOUCHER_BATCH_ID_LENGTH, VOUCHER_CODE_LENGTH } from '../../domain/vouchers.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';
import { mailRefusal } from '../mail/recipient-limit.ts';
import { enqueueEmail } from '../outbox/enqueue.ts';
import { findOwnPayment } from '../payments/check-payment.ts';
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
 * The refund's amount in msat: the payment's original amount, the given BTC amount, or the given fiat
 * value at the current published BTC price in the payment's fiat_currency (503 price_unavailable when
 * there is none or it is stale: never a guess). Rounded down to whole satoshis.
 */
function amountOf(deps: AppDeps, p: PaymentRow, a: RefundAmount): Result<bigint> {
  if (a.kind === 'original') return ok(wholeSatsDown(p.amount_msat));
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
  if (p.status !== 'paid') {
    return err('state_conflict', `the payment is ${p.status}, not received: nothing to refund yet`, 'tid');
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
  const found = await refundablePayment(deps, caller, cmd.tid);
  if (!found.ok) return found;
  const p = found.value;
  const amount = amountOf(deps, p, cmd.amount);
  if (!amount.ok) return amount;
  const amountMsat = amount.value;
  const field = cmd.amount.kind === 'fiat' ? 'fiat_value' : 'amount';
  const cfg = deps.config.vouchers;
  if (amountMsat <= 0n) return err('amount_out_of_range', 'the refund is less than one satoshi', field);
  if (amountMsat > cfg.maxAmountMsat) {
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
  const batch: VoucherBatchRow = {
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
    idempotency_key: null,
    request_hash: null,
    refund_of_payment_id: p.id,
  };
  const code = deps.ids.publicId(VOUCHER_CODE_LENGTH);
  const publicUrl = deps.config.publicUrl;

  const written = await runWrite(deps.db, async (trx) => {
    await lockPaymentForRefund(trx, p.id);
    const already = await refundedMsat(trx, p.id);
    if (already + amountMsat > p.amount_msat) {
      return abort(
        'amount_out_of_range',
        `the payment received ${formatMsatAsBtc(p.amount_msat)} BTC and its refunds hold ` +
          `${formatMsatAsBtc(already)} BTC: at most ` +
          `${formatMsatAsBtc(p.amount_msat - already > 0n ? p.amount_msat - already : 0n)} BTC more can be refunded`,
        field,
      );
    }
    await lockAccountsInOrder(trx, issuerAndEscrow(batch));
    await insertBatch(trx, batch, [code]);
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
  return written;
}
