import { lockAccountsInOrder } from '../../db/repos/ledger.ts';
import { findBatchByIdempotencyKey, insertBatch, type VoucherBatchRow } from '../../db/repos/vouchers.ts';
import { abort } from '../../domain/errors.ts';
import { optionalHttpUrl, optionalText } from '../../domain/fields.ts';
import { formatMsatAsBtc, parseBtcToMsat } from '../../domain/money.ts';
import { feeReserveRoundedUp, TEXT_LIMITS } from '../../domain/payments.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { normalizeEmail } from '../../domain/usertag.ts';
import {
  PRINT_TOKEN_BYTES,
  VOUCHER_BATCH_ID_LENGTH,
  VOUCHER_CODE_LENGTH,
  VOUCHER_COUNT_MAX,
  VOUCHER_COUNT_MIN,
  VOUCHER_TEXT_LIMITS,
} from '../../domain/vouchers.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';
import { mailRefusal } from '../mail/recipient-limit.ts';
import { enqueueEmail } from '../outbox/enqueue.ts';
import { replayOrConflict, requestHash } from '../payments/idempotency.ts';
import { validateCallbackUrl, validateDesignUrl } from '../webhooks/validate-callback-url.ts';
import { runWrite } from '../write.ts';
import { fundBatch, issuerAndEscrow } from './movements.ts';
import { encodeLnurl, voucherUrl, withdrawRequestUrl } from './urls.ts';
import { batchView, type VoucherBatchView } from './view-voucher.ts';
import { voucherEmail } from './voucher-email.ts';

interface ValidRequest {
  amountMsat: bigint;
  count: number;
  from: string | null;
  title: string | null;
  expiryMin: number;
  receiverEmail: string | null;
  uniqueDesign: boolean;
  uniqueDesignUrl: string | null;
  callbackUrl: string | null;
}

const absent = (v: unknown): boolean => v === undefined || v === null;

/** A whole number given as a JSON number or a string of digits (form posts and query strings send text). */
function wholeNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : null;
  if (typeof v === 'string' && /^\s*\d{1,15}\s*$/.test(v)) return Number(v);
  return null;
}

function optionalBoolean(v: unknown, field: string): Result<boolean | null> {
  if (absent(v)) return ok(null);
  if (v === true || v === 'true') return ok(true);
  if (v === false || v === 'false') return ok(false);
  return err('invalid_request', `${field} must be true or false`, field);
}

// Control characters would reach e-mail headers (the subject names `from`) and printed sheets.
const hasControlCharacter = (s: string): boolean =>
  Array.from(s).some((c) => {
    const n = c.charCodeAt(0);
    return n < 0x20 || n === 0x7f;
  });

function optionalLabel(v: unknown, field: 'from' | 'title'): Result<string | null> {
  const r = optionalText(v, field, VOUCHER_TEXT_LIMITS[field]);
  if (!r.ok || r.value === null) return r;
  const text = r.value.trim();
  if (hasControlCharacter(text))
    return err('invalid_request', `${field} must not contain control characters`, field);
  return ok(text === '' ? null : text);
}

function validate(
  body: Record<string, unknown>,
  limits: AppDeps['config']['vouchers'],
): Result<ValidRequest> {
  if (absent(body['amount'])) {
    return err('invalid_request', 'amount is required: BTC per voucher, e.g. 0.0001', 'amount');
  }
  const amount = parseBtcToMsat(body['amount']);
  if (!amount.ok) return amount;
  if (amount.value === 0n) return err('invalid_request', 'amount must be greater than zero', 'amount');
  if (amount.value > limits.maxAmountMsat) {
    return err(
      'amount_out_of_range',
      `amount must be at most ${formatMsatAsBtc(limits.maxAmountMsat)} BTC per voucher`,
      'amount',
    );
  }

  if (absent(body['voucher_count'])) {
    return err(
      'invalid_request',
      `voucher_count is required: ${VOUCHER_COUNT_MIN} to ${VOUCHER_COUNT_MAX}`,
      'voucher_count',
    );
  }
  const count = wholeNumber(body['voucher_count']);
  if (count === null || count < VOUCHER_COUNT_MIN || count > VOUCHER_COUNT_MAX) {
    return err(
      'invalid_request',
      `voucher_count must be a whole number from ${VOUCHER_COUNT_MIN} to ${VOUCHER_COUNT_MAX}`,
      'voucher_count',
    );
  }

  const from = optionalLabel(body['from'], 'from');
  if (!from.ok) return from;
  const title = optionalLabel(body['title'], 'title');
  if (!title.ok) return title;

  let expiryMin = limits.expiryDefaultMin;
  if (!absent(body['expiry'])) {
    const e = wholeNumber(body['expiry']);
    if (e === null || e < 1 || e > limits.expiryMaxMin) {
      return err(
        'invalid_request',
        `expiry must be a whole number of minutes from 1 to ${limits.expiryMaxMin}`,
        'expiry',
      );
    }
    expiryMin = e;
  }

  let receiverEmail: string | null = null;
  if (!absent(body['receiver_email']) && body['receiver_email'] !== '') {
    const email = normalizeEmail(body['receiver_email'], 'receiver_email');
    if (!email.ok) return email;
    if (count !== 1) {
      return err(
        'invalid_request',
        'receiver_email is only allowed when voucher_count is 1',
        'receiver_email',
      );
    }
    receiverEmail = email.value;
  }

  const designUrl = optionalHttpUrl(
    body['unique_design_url'] === '' ? null : body['unique_design_url'],
    'unique_design_url',
  );
  if (!designUrl.ok) return designUrl;
  const design = optionalBoolean(body['unique_design'], 'unique_design');
  if (!design.ok) return design;
  const uniqueDesign = design.value ?? designUrl.value !== null;
  if (uniqueDesign && designUrl.value === null) {
    return err(
      'invalid_request',
      'unique_design_url is required when unique_design is true',
      'unique_design_url',
    );
  }
  if (!uniqueDesign && designUrl.value !== null) {
    return err(
      'invalid_request',
      'unique_design_url is only used with unique_design: true',
      'unique_design_url',
    );
  }

  const callback = optionalText(
    body['callback_url'] === '' ? null : body['callback_url'],
    'callback_url',
    TEXT_LIMITS.url,
  );
  if (!callback.ok) return callback;

  return ok({
    amountMsat: amount.value,
    count,
    from: from.value,
    title: title.value,
    expiryMin,
    receiverEmail,
    uniqueDesign,
    uniqueDesignUrl: designUrl.value,
    callbackUrl: callback.value,
  });
}

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
 * Creates a batch of vouchers funded from the caller's Lightning balance: count × (amount + fee
 * reserve) moves into the voucher escrow in the same write unit that creates the batch, or nothing
 * happens (insufficient_balance). With receiver_email the voucher is e-mailed (the outbox, same unit).
 * With an Idempotency-Key, a retry of the same request answers the batch the first one created (as it
 * stands now) and escrows nothing again; the same key with another body is a conflict.
 */
export async function requestVoucher(
  deps: AppDeps,
  caller: Caller,
  body: Record<string, unknown>,
  idempotencyKey: string | null = null,
): Promise<Result<VoucherBatchView>> {
  const hash = requestHash('requestVoucher', body);
  if (idempotencyKey !== null) {
    const earlier = await findBatchByIdempotencyKey(deps.db.read, caller.accountId, idempotencyKey);
    if (earlier !== undefined) return replay(deps, earlier, hash);
  }
  const cfg = deps.config.vouchers;
  const v = validate(body, cfg);
  if (!v.ok) return v;
  const r = v.value;
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
    request_hash: idempotencyKey === null ? null : hash,
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
    await lockAccountsInOrder(trx, deps.db.dialect, issuerAndEscrow(batch));
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
  if (!written.ok && written.error.code === 'idempotency_conflict' && idempotencyKey !== null) {
    // A concurrent request with the same key won the insert; this one answers as a retry of it.
    const winner = await findBatchByIdempotencyKey(deps.db.read, caller.accountId, idempotencyKey);
    if (winner !== undefined) return replay(deps, winner, hash);
  }
  return written;
}
